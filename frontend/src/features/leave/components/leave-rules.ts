import { checkLeaveDates, type LeaveDayCount } from '../../../../../shared/leave-days.js';
import { ROLE } from '../../../../../shared/roles.js';
import { isIsoDate, isOpenLeave, LEAVE_MESSAGES, type Leave } from '../../../../../shared/schemas/leave.js';

/** Whose leaves the list shows: the user's own, or (managers) their reportees'. */
export type LeaveView = 'EMPLOYEE' | 'MANAGER';

/** Roles whose holders have reportees and so get the MANAGER view (spec 3 section 6). */
const MANAGER_ROLES: readonly string[] = [ROLE.MANAGER, ROLE.TENANT_MANAGER];
export const isLeaveManager = (roleNames: readonly string[]) => roleNames.some((name) => MANAGER_ROLES.includes(name));

export interface RowActions {
  /** The employee edits an open leave. */
  update: boolean;
  /** The manager opens an open leave of a reportee to approve or reject it. */
  approve: boolean;
  /** The employee cancels an open leave. */
  cancel: boolean;
  /** Opens a decided leave read-only, to see the manager's reason. */
  view: boolean;
}

/**
 * The buttons of a row (spec 3 section 4): Approved and Rejected leaves are locked (only View, which shows the
 * manager's reason), Cancelled shows nothing, and the manager view never offers the employee's own actions.
 */
export function rowActions(leave: Pick<Leave, 'status' | 'userId'>, view: LeaveView, myId: number | undefined, canEdit: boolean): RowActions {
  const none: RowActions = { update: false, approve: false, cancel: false, view: false };
  if (leave.status === 'Cancelled') return none;
  if (!isOpenLeave(leave.status)) return { ...none, view: true };
  const mine = leave.userId === myId;
  if (canEdit && view === 'EMPLOYEE' && mine) return { ...none, update: true, cancel: true };
  if (canEdit && view === 'MANAGER' && !mine) return { ...none, approve: true };
  return { ...none, view: true };
}

export type LeaveFormMode = 'update' | 'approve' | 'view';

/** What /leaveSystem/{id} does with an applied leave: the employee's update, the manager's decision, or view. */
export function leaveFormMode(leave: Leave, myId: number | undefined, canEdit: boolean): LeaveFormMode {
  if (!canEdit || !isOpenLeave(leave.status)) return 'view';
  if (leave.userId === myId) return 'update';
  if (leave.managerId === myId) return 'approve';
  return 'view';
}

/**
 * A date the form can work with: a real `yyyy-mm-dd` within the years the API accepts. A date typed digit by digit
 * passes through years like 0002 and 0202 on its way to 2026; those are not dates yet.
 */
export const isUsableDate = (date: string | undefined): date is string =>
  !!date && isIsoDate(date) && date >= '2000-01-01' && date <= '2100-12-31';

export interface DateCheck {
  /** The spec's message for the first problem with the dates. */
  problem?: string;
  /** The count once both dates are good. */
  count?: LeaveDayCount;
}

/**
 * The form's live check of the dates with the shared counting rule: a past start is flagged as soon as it is
 * picked, the rest once both dates are there. Incomplete dates are not a problem yet (the submit says so).
 */
export function checkFormDates(start: string, end: string, today: string, holidays: Iterable<string>): DateCheck {
  if (!isUsableDate(start)) return {};
  if (start < today) return { problem: LEAVE_MESSAGES.pastStart };
  if (!isUsableDate(end)) return {};
  const checked = checkLeaveDates(start, end, today, holidays);
  return 'problem' in checked ? { problem: checked.problem } : { count: checked.count };
}

/**
 * The days left of a type for this leave: for the employee's update in the same type and year, the leave's own
 * days come back first, as the server counts them.
 */
export function remainingFor(remainingLeave: number, before: Pick<Leave, 'leaveMasterId' | 'startDate' | 'days'> | undefined, leaveMasterId: number, year: number): number {
  const sameBalance = before && before.leaveMasterId === leaveMasterId && Number(before.startDate.slice(0, 4)) === year;
  return remainingLeave + (sameBalance ? before.days : 0);
}

export const yearOfDate = (date: string, fallback: number) => (isUsableDate(date) ? Number(date.slice(0, 4)) : fallback);
