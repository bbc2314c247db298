import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import {
  useController,
  useForm,
  type Control,
  type FieldPath,
  type FieldValues,
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
    resolver: zodResolver(schema),
  });
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
