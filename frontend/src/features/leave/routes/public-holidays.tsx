import { HolidayList } from '../components/holiday-list.js';

/** /publicHolidays: the public holidays of a year. */
export default function PublicHolidaysScreen() {
  return <HolidayList kind="public" />;
}
