// The calendar's styles come with the one component that shows it, not with every page's first load (they follow
// Mantine's core styles, which the entry loads first, as Mantine requires).
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

dayjs.extend(customParseFormat);

/** How every date is shown and typed, as everything the shop prints shows it. */
export const DATE_FORMAT = 'DD/MM/YYYY';

const EARLIEST_YEAR = 1900;

/**
 * A typed date as the API's YYYY-MM-DD, or null while it is not a whole real date: strict, so 31/02/2026 is no
 * date, and single-digit days and months (5/1/2026) are read as people write them.
 */
export function parseTypedDate(text: string): string | null {
  const parsed = dayjs(text.trim(), [DATE_FORMAT, 'D/M/YYYY'], true);
  // A year like 0002 is a year half typed over, not a date anyone means.
  return parsed.isValid() && parsed.year() >= EARLIEST_YEAR ? parsed.format('YYYY-MM-DD') : null;
}

/** Whether an API date lies outside [min, max] (both YYYY-MM-DD, either optional): ISO dates compare as text. */
const outside = (date: string, min: string | undefined, max: string | undefined) =>
  (min !== undefined && date < min) || (max !== undefined && date > max);

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'min' | 'max'
> & {
  /** The date as the API takes it (YYYY-MM-DD); empty or undefined for none. */
  value: string | undefined;
  onChange: (value: string) => void;
  /** The earliest and latest date the rule allows (YYYY-MM-DD). */
  min?: string;
  max?: string;
};

/**
 * The one date input of the app: shows and reads dd/mm/yyyy, with a calendar to pick from, and hands the form the
 * API's YYYY-MM-DD. Days outside min/max cannot be picked; a date typed outside them still reaches the form, so
 * the rule's own message says what is wrong instead of the typed date vanishing.
 */
export function DateField({ value, onChange, min, max, ...props }: DateFieldProps) {
  return (
    <DateInput
      placeholder="dd/mm/yyyy"
      leftSection={<IconCalendar size={16} aria-hidden />}
      // The calendar opens where the allowed days are (a date of birth 18 years back) when nothing is chosen yet.
      defaultDate={value || (max !== undefined && max < dayjs().format('YYYY-MM-DD') ? max : min)}
      allowDeselect
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDate}
      excludeDate={(date) => outside(date, min, max)}
    />
  );
}

type BoundProps<T extends FieldValues> = { control: Control<T, unknown, FieldValues>; name: FieldPath<T> };

/** A date field of a react-hook-form, showing its schema error under it. */
export function DateFormField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<DateFieldProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      {...props}
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
