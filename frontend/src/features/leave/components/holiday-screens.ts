import type { HolidayKind } from '../api/holidays.js';

/** The words and paths of the two holiday screens, which otherwise work alike. */
export const holidayScreens: Record<
  HolidayKind,
  { title: string; one: string; path: string; description: string; notFound: string }
> = {
  public: {
    title: 'Public Holidays',
    one: 'Public Holiday',
    path: '/publicHolidays',
    description: 'National and state holidays the shop observes. Leave days do not count them.',
    notFound: 'Public holiday not found.',
  },
  company: {
    title: 'Company Holidays',
    one: 'Company Holiday',
    path: '/companyHolidays',
    description: 'Days the shop itself closes. Leave days do not count them.',
    notFound: 'Company holiday not found.',
  },
};

const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'UTC' });

/** `2026-11-08` -> `Sunday`: a calendar day, read in UTC so no time zone moves it. */
export const weekdayOf = (date: string) => weekday.format(new Date(`${date}T00:00:00Z`));
