import { Select } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { GST_STATES } from '../../../shared/gst.js';
import { HINT_BELOW } from './form-layout.js';

/** The GST states as the select offers them: `29 – Karnataka`; the value is the GST state code. */
const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.code} – ${s.name}` }));

/** A state picked from the GST state list by click, keyboard or typing, in a react-hook-form form; empty is ''. */
export function StateSelect<T extends FieldValues>({ control, name, label = 'State', description, required }: { control: Control<T>; name: Path<T>; label?: string; description?: string; required?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          name={field.name}
          onBlur={field.onBlur}
          value={(field.value as string | undefined) || null}
          onChange={(value) => field.onChange(value ?? '')}
          data={STATE_OPTIONS}
          label={label}
          description={description}
          inputWrapperOrder={HINT_BELOW}
          withAsterisk={required}
          searchable
          // Typed part of a name or code highlights the first state it fits: Enter, Tab or leaving the field takes it, so
          // a state typed and not clicked is never lost (arrows and a click choose as ever).
          selectFirstOptionOnChange
          autoSelectOnBlur
          clearable={!required}
          size="md"
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
