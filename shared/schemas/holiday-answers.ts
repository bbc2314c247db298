import * as z from 'zod';
import { auditFields } from './common.js';

/**
 * What the server answers about holidays.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. holiday.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

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
