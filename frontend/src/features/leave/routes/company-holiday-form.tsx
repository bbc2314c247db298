import { HolidayFormScreen } from '../components/holiday-form.js';

/** /companyHolidays/{id} (id or new): add or edit a company holiday. */
export default function CompanyHolidayFormScreen() {
  return <HolidayFormScreen kind="company" />;
}
