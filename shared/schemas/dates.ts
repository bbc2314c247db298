import * as z from 'zod';
import { LEAVE_MESSAGES } from './leave-messages.js';
import { lazySchema } from '../lazy.js';

/** Calendar dates and years as the leave and holiday screens send them. */

/** `?year`: a calendar year; without it, the current year in India. */
export const yearQuery = lazySchema(() => z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }));

/** True for a real calendar date written `yyyy-mm-dd` (refuses `2026-02-30`). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!match && new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)).toISOString().startsWith(value);
}

/** A calendar date `yyyy-mm-dd`; `required` is the message when it is missing or empty. */
export const isoDate = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isIsoDate, LEAVE_MESSAGES.invalidDate);
