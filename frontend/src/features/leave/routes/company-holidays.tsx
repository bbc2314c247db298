import { HolidayList } from '../components/holiday-list.js';

/** /companyHolidays: the company holidays of a year. */
export default function CompanyHolidaysScreen() {
  return <HolidayList kind="company" />;
}
