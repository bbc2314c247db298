import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import {
  get,
  set,
  useController,
  useForm,
  type Control,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form bound to one of the shared zod schemas: the browser checks exactly what the server checks,
 * with the same messages (DESIGN.md section 3 item 7).
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  // Errors appear on the first submit, not on blur: a message appearing on blur shifts the layout under the pointer
  // of a user who is clicking a link below the field, and the click is lost.
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: withUnionMessages(schema, zodResolver(schema)),
  });
}

/** zod's message for a union none of whose branches matched, unless the schema gives its own. */
const DEFAULT_UNION_MESSAGE = 'Invalid input';

/**
 * The resolver reports a failed union with its first branch's message ('Invalid input: expected number, received
 * string'); the server answers the union's own message ('Enter the number!!!'), and so does the form.
 */
function withUnionMessages<I extends FieldValues, O>(schema: z.ZodType, resolve: Resolver<I, unknown, O>): Resolver<I, unknown, O> {
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    for (const issue of parsed.error?.issues ?? []) {
      if (issue.code !== 'invalid_union' || issue.message === DEFAULT_UNION_MESSAGE) continue;
      const path = issue.path.join('.');
      const error = get(result.errors, path) as Record<string, unknown> | undefined;
      if (error) set(result.errors, path, { ...error, type: issue.code, message: issue.message });
    }
    return result;
  };
}

type BoundProps<T extends FieldValues> = { control: Control<T, unknown, FieldValues>; name: FieldPath<T> };

/** A text field showing its schema error under it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<TextInputProps, 'name' | 'value' | 'defaultValue'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      {...props}
      {...field}
      value={(field.value as string | undefined) ?? ''}
      error={fieldState.error?.message}
    />
  );
}

/** A password field with the show/hide control. */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<PasswordInputProps, 'name' | 'value' | 'defaultValue'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordInput
      {...props}
      {...field}
      value={(field.value as string | undefined) ?? ''}
      error={fieldState.error?.message}
      // Focusable, unlike Mantine's default, so keyboard users can check what they typed.
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password', tabIndex: 0 }}
    />
  );
}
