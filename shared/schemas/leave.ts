import * as z from 'zod';
import { auditFields, pageQuery } from './common.js';
import { isoDate } from './dates.js';
import { LEAVE_MESSAGES, LEAVE_TYPE_MESSAGES } from './leave-messages.js';
import { lazySchema } from '../lazy.js';

export { isIsoDate, isoDate, yearQuery } from './dates.js';
export * from './leave-messages.js';

/** Leave status (spec 3 section 4). */
export const leaveStatuses = ['Submitted', 'Modified', 'Approved', 'Rejected', 'Cancelled'] as const;
export const leaveStatus = lazySchema(() => z.enum(leaveStatuses));
export type LeaveStatus = z.output<typeof leaveStatus>;

/** Statuses in which the employee may still update or cancel and the manager may still decide. */
export const OPEN_LEAVE_STATUSES: readonly LeaveStatus[] = ['Submitted', 'Modified'];
export const isOpenLeave = (status: LeaveStatus) => OPEN_LEAVE_STATUSES.includes(status);

const reason = lazySchema(() => z.string().trim().max(500, 'Reason can have at most 500 characters.'));

/** The Apply Leave and Update Leave form. `days` is what the form counted; the server counts again. */
export const leaveForm = lazySchema(() => z.object({
  leaveMasterId: z
    .number({ error: LEAVE_MESSAGES.typeRequired })
    .int(LEAVE_MESSAGES.typeRequired)
    .positive(LEAVE_MESSAGES.typeRequired),
  startDate: isoDate(LEAVE_MESSAGES.startRequired),
  endDate: isoDate(LEAVE_MESSAGES.datesRequired),
  days: z.number({ error: LEAVE_MESSAGES.datesRequired }).int(LEAVE_MESSAGES.datesRequired).min(0).max(366),
  reason: reason.optional(),
}));
export type LeaveForm = z.output<typeof leaveForm>;

/** The manager's approval or rejection: the reason is mandatory. */
export const leaveDecision = lazySchema(() => z.object({
  reason: z.string({ error: LEAVE_MESSAGES.reasonRequired }).trim().min(1, LEAVE_MESSAGES.reasonRequired).max(500),
}));

export const leave = lazySchema(() => z.object({
  leaveSystemId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  managerId: z.number().int().optional(),
  managerName: z.string().optional(),
  leaveMasterId: z.number().int(),
  leaveType: z.string(),
  days: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: leaveStatus,
  /** The employee's reason for the leave. */
  reason: z.string().optional(),
  /** The manager's reason for approving or rejecting. */
  decisionReason: z.string().optional(),
  /** The balance of this leave type left after this leave, as of its last change. */
  remainingDays: z.number().int(),
  version: z.number().int(),
  lastUpdated: z.string(),
  ...auditFields,
}));
export type Leave = z.output<typeof leave>;

export const leaveListQuery = lazySchema(() => pageQuery.extend({
  leaveMasterId: z.coerce.number().int().positive().optional(),
}));
export const leaveCountQuery = lazySchema(() => leaveListQuery.pick({ leaveMasterId: true }));

export const leaveTypeForm = lazySchema(() => z.object({
  leaveType: z
    .string({ error: LEAVE_TYPE_MESSAGES.nameRequired })
    .trim()
    .min(1, LEAVE_TYPE_MESSAGES.nameRequired)
    .max(60, 'Leave type can have at most 60 characters.'),
  allowance: z
    .number({ error: LEAVE_TYPE_MESSAGES.allowance })
    .int(LEAVE_TYPE_MESSAGES.allowance)
    .min(0, LEAVE_TYPE_MESSAGES.allowance)
    .max(366, LEAVE_TYPE_MESSAGES.allowance),
}));

/** What the server answers, as types: the schemas are in leave-answers.ts, which requests never load. */
export type { leaveDaysPreview, leaveType, LeaveType, leaveBalance, LeaveBalance } from './leave-answers.js';
