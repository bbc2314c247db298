import { HolidayFormScreen } from '../components/holiday-form.js';

/** /publicHolidays/{id} (id or new): add or edit a public holiday. */
export default function PublicHolidayFormScreen() {
  return <HolidayFormScreen kind="public" />;
}
