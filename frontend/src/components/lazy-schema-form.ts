import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type TextValues = Record<string, string>;

/**
 * A form of text fields checked with one of the shared zod schemas, for the sign-in screen, the first screen of
 * every visit: plain controlled inputs instead of react-hook-form (about 14 KB on the wire), and the schema's
 * module fetched at the first check or earlier when the screen asks for it. It behaves as `useZodForm` does: the
 * errors appear on the first submit (each field's first message, the first wrong field focused), then follow each
 * change of that field; the submit handler gets the schema's output.
 */
export function useLazySchemaForm<V extends TextValues, S extends z.ZodType<unknown, V>>(loadSchema: () => Promise<S>, defaultValues: V) {
  const [values, setValues] = useState<V>(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof V, HTMLInputElement | null>());

  /** Each field's first message, as react-hook-form's zod resolver reports them. */
  const check = async (checked: V) => {
    const result = await (await loadSchema()).safeParseAsync(checked);
    const found: Partial<Record<keyof V, string>> = {};
    for (const issue of result.error?.issues ?? []) {
      const name = issue.path[0] as keyof V;
      if (name in checked && found[name] === undefined) found[name] = issue.message;
    }
    return { result, found };
  };

  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => void inputs.current.set(name, input),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (!submitted.current) return;
      void check(next).then(({ found }) => setErrors((shown) => ({ ...shown, [name]: found[name] })));
    },
  });

  const handleSubmit = (onValid: (output: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    void check(values).then(({ result, found }) => {
      setErrors(found);
      if (result.success) {
        onValid(result.data);
        return;
      }
      const first = (Object.keys(defaultValues) as (keyof V)[]).find((name) => found[name] !== undefined);
      if (first !== undefined) inputs.current.get(first)?.focus();
    });
  };

  const reset = () => {
    submitted.current = false;
    setValues(defaultValues);
    setErrors({});
  };

  return { field, handleSubmit, reset };
}
