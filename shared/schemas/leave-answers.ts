import * as z from 'zod';
import { auditFields } from './common.js';

/**
 * What the server answers about leave.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. leave.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/** What the form shows while dates are picked: the day count and the 'Excluded n Public Holidays!!!' line. */
export const leaveDaysPreview = z.object({
  days: z.number().int(),
  weekendDays: z.number().int(),
  excludedHolidays: z.array(z.object({ date: z.string(), holiday: z.string() })),
  message: z.string().optional(),
});

/** A leave type (LeaveMaster) with the days each employee may take per calendar year. */
export const leaveType = z.object({
  leaveMasterId: z.number().int(),
  leaveType: z.string(),
  allowance: z.number().int(),
  ...auditFields,
});

export type LeaveType = z.output<typeof leaveType>;

export const leaveBalance = z.object({
  leaveMasterId: z.number().int(),
  leaveName: z.string(),
  year: z.number().int(),
  allowance: z.number().int(),
  used: z.number().int(),
  remainingLeave: z.number().int(),
});

export type LeaveBalance = z.output<typeof leaveBalance>;
