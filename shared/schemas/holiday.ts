import * as z from 'zod';
import { isoDate } from './dates.js';
import { lazySchema } from '../lazy.js';

export const HOLIDAY_MESSAGES = {
  dateRequired: 'Select the Date',
  nameRequired: 'Please enter holiday name.',
  exists: 'A holiday already exists on this date.',
  publicNotFound: 'Public holiday not found.',
  companyNotFound: 'Company holiday not found.',
} as const;

/** The public holiday and company holiday forms. */
export const holidayForm = lazySchema(() => z.object({
  date: isoDate(HOLIDAY_MESSAGES.dateRequired),
  holiday: z
    .string({ error: HOLIDAY_MESSAGES.nameRequired })
    .trim()
    .min(1, HOLIDAY_MESSAGES.nameRequired)
    .max(80, 'Holiday name can have at most 80 characters.'),
}));
export type HolidayForm = z.output<typeof holidayForm>;

/** What the server answers, as types: the schemas are in holiday-answers.ts, which requests never load. */
export type { publicHoliday, PublicHoliday, companyHoliday, CompanyHoliday } from './holiday-answers.js';
