import * as z from 'zod';
import { auditFields } from './common.js';
import { isoDate } from './dates.js';

export const HOLIDAY_MESSAGES = {
  dateRequired: 'Select the Date',
  nameRequired: 'Please enter holiday name.',
  exists: 'A holiday already exists on this date.',
  publicNotFound: 'Public holiday not found.',
  companyNotFound: 'Company holiday not found.',
} as const;

/** The public holiday and company holiday forms. */
export const holidayForm = z.object({
  date: isoDate(HOLIDAY_MESSAGES.dateRequired),
  holiday: z
    .string({ error: HOLIDAY_MESSAGES.nameRequired })
    .trim()
    .min(1, HOLIDAY_MESSAGES.nameRequired)
    .max(80, 'Holiday name can have at most 80 characters.'),
});
export type HolidayForm = z.output<typeof holidayForm>;

/** A national or state holiday the shop observes (spec 3: Public holiday: date, holiday). */
export const publicHoliday = z.object({
  publicHolidayId: z.number().int(),
  date: z.string(),
  holiday: z.string(),
  ...auditFields,
});
export type PublicHoliday = z.output<typeof publicHoliday>;

/** A day the shop itself closes (its anniversary, a local festival). */
export const companyHoliday = z.object({
  companyHolidayId: z.number().int(),
  date: z.string(),
  holiday: z.string(),
  ...auditFields,
});
export type CompanyHoliday = z.output<typeof companyHoliday>;
