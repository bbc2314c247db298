import { checkLeaveDates, excludedHolidaysNote, indiaToday, MAX_LEAVE_SPAN_DAYS, rangesOverlap, spanDays } from '../../shared/leave-days.js';
import { ROLE } from '../../shared/roles.js';
import type { AppUser } from '../../shared/schemas/auth.js';
import {
  isOpenLeave,
  LEAVE_MESSAGES,
  LEAVE_TYPE_MESSAGES,
  type Leave,
  type LeaveBalance,
  type LeaveForm,
  type LeaveType,
} from '../../shared/schemas/leave.js';
import { holidayData } from '../holidays/data.js';
import { created, nextId, transact, updated, type Actor, type PageRequest, type TransactItem } from '../lib/db.js';
import { Conflict, Forbidden, NotFound, Validation } from '../lib/errors.js';
import { userData } from '../users/data.js';
import { balanceData, calendarData, leaveData, leaveTypeData, type LeaveCalendar, type LeaveFilter } from './data.js';

/** Who is acting: from the verified token (or the seed), never from the request. */
export interface LeaveCaller {
  tenantId: string;
  appUserId: number | undefined;
  roleNames: readonly string[];
  actor: Actor;
}

const CHANGED_MEANWHILE = 'This leave was changed meanwhile. Please reload it and try again.';
const TYPE_CHANGED_MEANWHILE = 'The leave type was changed meanwhile. Please try again.';
const CALENDAR_CHANGED_MEANWHILE = 'Your leaves were changed meanwhile. Please try again.';
const locked = (status: string) => `This leave is ${status} and can no longer be changed.`;

/**
 * Runs a leave write; if its transaction lost a race (a condition failed), works it out once more from fresh
 * reads, so the answer names what actually happened ('This leave is Approved...', 'You can apply only 0 days
 * leave.') instead of a bare conflict.
 */
async function onceMoreIfRaced<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Conflict) return write();
    throw error;
  }
}

function myId(c: LeaveCaller): number {
  if (c.appUserId === undefined) throw new Forbidden('Your account has no employee record in this shop.');
  return c.appUserId;
}

/** A user's own data, or that of someone they manage or are HR for. */
async function userInScope(c: LeaveCaller, userId: number): Promise<AppUser> {
  const me = myId(c);
  const user = await userData.byId(c.tenantId, userId);
  if (!user) throw new NotFound('User not found.');
  if (user.appUserId !== me && user.managerId !== me && user.hrId !== me) {
    throw new Forbidden('You can see only your own leaves and those of your reportees.');
  }
  return user;
}

/** ADMIN and CUSTOMER accounts have no manager lookup (spec 3 section 6), so nobody could decide their leave. */
async function applicant(c: LeaveCaller): Promise<AppUser & { managerId: number }> {
  if (c.roleNames.includes(ROLE.ADMIN) || c.roleNames.includes(ROLE.CUSTOMER)) {
    throw new Forbidden(LEAVE_MESSAGES.noApproverAccount);
  }
  const user = await userData.byId(c.tenantId, myId(c));
  if (!user) throw new NotFound('User not found.');
  if (!user.managerId) throw new Validation(LEAVE_MESSAGES.noManager);
  return user as AppUser & { managerId: number };
}

/** Public and company holidays between two dates, by date. */
async function holidaysBetween(tenantId: string, start: string, end: string): Promise<Map<string, string>> {
  if (end < start || spanDays(start, end) > MAX_LEAVE_SPAN_DAYS) return new Map();
  const [publicOnes, companyOnes] = await Promise.all([
    holidayData.between(tenantId, 'public', start, end),
    holidayData.between(tenantId, 'company', start, end),
  ]);
  return new Map([...companyOnes, ...publicOnes].map((h) => [h.date, h.holiday]));
}

/** Checks the dates with the form's rules and answers the count, or throws the form's message. */
async function countDays(c: LeaveCaller, start: string, end: string) {
  const holidays = await holidaysBetween(c.tenantId, start, end);
  const checked = checkLeaveDates(start, end, indiaToday(c.actor.now), holidays.keys());
  if ('problem' in checked) throw new Validation(checked.problem);
  return { count: checked.count, holidays };
}

export async function previewDays(c: LeaveCaller, start: string, end: string) {
  const { count, holidays } = await countDays(c, start, end);
  return {
    days: count.days,
    weekendDays: count.weekendDays,
    excludedHolidays: count.excludedHolidays.map((date) => ({ date, holiday: holidays.get(date) ?? '' })),
    message: excludedHolidaysNote(count),
  };
}

/** Ranges that ended before today cannot overlap a new leave (it cannot start in the past); the calendar drops them. */
function pastRanges(calendar: LeaveCalendar | undefined, today: string, keep: number): string[] {
  return Object.entries(calendar?.ranges ?? {})
    .filter(([id, range]) => range.endDate < today && id !== String(keep))
    .map(([id]) => id);
}

function overlapsBooked(calendar: LeaveCalendar | undefined, range: { startDate: string; endDate: string }, except?: number): boolean {
  return Object.entries(calendar?.ranges ?? {}).some(([id, booked]) => id !== String(except) && rangesOverlap(booked, range));
}

async function typeForForm(tenantId: string, leaveMasterId: number): Promise<LeaveType> {
  const type = await leaveTypeData.byId(tenantId, leaveMasterId);
  if (!type) throw new Validation(LEAVE_MESSAGES.typeRequired);
  return type;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * Applies for leave. The leave, the days taken from the balance (never past the allowance), the allowance it was
 * checked against and the booked days are one transaction, so racing applications, edits of the leave type or a
 * cancellation landing meanwhile can never leave the balance or the calendar wrong.
 */
export function applyLeave(c: LeaveCaller, form: LeaveForm): Promise<Leave> {
  return onceMoreIfRaced(() => apply(c, form));
}

async function apply(c: LeaveCaller, form: LeaveForm): Promise<Leave> {
  const user = await applicant(c);
  const type = await typeForForm(c.tenantId, form.leaveMasterId);
  const { count } = await countDays(c, form.startDate, form.endDate);
  if (form.days !== count.days) throw new Validation(LEAVE_MESSAGES.daysMismatch(count.days));
  const calendar = await calendarData.get(c.tenantId, user.appUserId);
  if (overlapsBooked(calendar, form)) throw new Validation(LEAVE_MESSAGES.overlap);
  const year = yearOf(form.startDate);
  const used = (await balanceData.get(c.tenantId, user.appUserId, year, type.leaveMasterId))?.used ?? 0;
  const remaining = type.allowance - used;
  if (count.days > remaining) throw new Validation(LEAVE_MESSAGES.exceedsBalance(Math.max(0, remaining)));

  const leaveSystemId = await nextId(c.tenantId, 'leave');
  const stamps = created(c.actor);
  const leave: Leave = {
    leaveSystemId,
    userId: user.appUserId,
    userName: user.userName,
    managerId: user.managerId,
    managerName: user.managerName,
    leaveMasterId: type.leaveMasterId,
    leaveType: type.leaveType,
    days: count.days,
    startDate: form.startDate,
    endDate: form.endDate,
    status: 'Submitted',
    reason: form.reason || undefined,
    remainingDays: remaining - count.days,
    version: 1,
    lastUpdated: stamps.createdOn,
    ...stamps,
  };
  const today = indiaToday(c.actor.now);
  await transact(
    [
      leaveData.put(c.tenantId, leave),
      balanceData.change(c.tenantId, user.appUserId, year, type.leaveMasterId, count.days, type.allowance),
      leaveTypeData.allowanceUnchanged(c.tenantId, type),
      calendarData.claim(c.tenantId, user.appUserId, calendar, leaveSystemId, form, pastRanges(calendar, today, leaveSystemId)),
      ...leaveData.counts(c.tenantId, leave),
    ],
    [undefined, LEAVE_MESSAGES.exceedsBalance(Math.max(0, remaining)), TYPE_CHANGED_MEANWHILE, CALENDAR_CHANGED_MEANWHILE],
  );
  return leave;
}

async function openLeave(c: LeaveCaller, id: number): Promise<Leave> {
  const leave = await leaveData.byId(c.tenantId, id);
  if (!leave) throw new NotFound('Leave not found.');
  return leave;
}

function ownOpenLeave(c: LeaveCaller, leave: Leave): void {
  if (leave.userId !== myId(c)) throw new Forbidden('You can change only your own leaves.');
  if (!isOpenLeave(leave.status)) throw new Conflict(locked(leave.status));
}

/**
 * The employee changes a Submitted or Modified leave. It becomes Modified when its days change. The balance moves
 * by the difference (or from the old type and year to the new ones) in the same transaction as the leave.
 */
export function updateLeave(c: LeaveCaller, id: number, form: LeaveForm): Promise<Leave> {
  return onceMoreIfRaced(() => update(c, id, form));
}

async function update(c: LeaveCaller, id: number, form: LeaveForm): Promise<Leave> {
  const before = await openLeave(c, id);
  ownOpenLeave(c, before);
  const user = await applicant(c);
  const type = await typeForForm(c.tenantId, form.leaveMasterId);
  const { count } = await countDays(c, form.startDate, form.endDate);
  if (form.days !== count.days) throw new Validation(LEAVE_MESSAGES.daysMismatch(count.days));
  const calendar = await calendarData.get(c.tenantId, user.appUserId);
  if (overlapsBooked(calendar, form, id)) throw new Validation(LEAVE_MESSAGES.overlap);

  const year = yearOf(form.startDate);
  const oldYear = yearOf(before.startDate);
  const sameBalance = year === oldYear && type.leaveMasterId === before.leaveMasterId;
  const used = (await balanceData.get(c.tenantId, user.appUserId, year, type.leaveMasterId))?.used ?? 0;
  const remaining = type.allowance - used + (sameBalance ? before.days : 0);
  if (count.days > remaining) throw new Validation(LEAVE_MESSAGES.exceedsBalance(Math.max(0, remaining)));

  const balanceItems: TransactItem[] = [];
  if (sameBalance && count.days !== before.days) {
    balanceItems.push(balanceData.change(c.tenantId, user.appUserId, year, type.leaveMasterId, count.days - before.days, type.allowance));
  } else if (!sameBalance) {
    balanceItems.push(
      balanceData.change(c.tenantId, user.appUserId, oldYear, before.leaveMasterId, -before.days, 0),
      balanceData.change(c.tenantId, user.appUserId, year, type.leaveMasterId, count.days, type.allowance),
    );
  }
  const stamps = updated(c.actor);
  const leave: Leave = {
    ...before,
    managerId: user.managerId,
    managerName: user.managerName,
    leaveMasterId: type.leaveMasterId,
    leaveType: type.leaveType,
    days: count.days,
    startDate: form.startDate,
    endDate: form.endDate,
    status: count.days !== before.days ? 'Modified' : before.status,
    reason: form.reason || undefined,
    remainingDays: remaining - count.days,
    version: before.version + 1,
    lastUpdated: stamps.updatedOn,
    ...stamps,
  };
  const today = indiaToday(c.actor.now);
  const items = [
    leaveData.put(c.tenantId, leave, before.version),
    ...balanceItems,
    ...(balanceItems.length ? [leaveTypeData.allowanceUnchanged(c.tenantId, type)] : []),
    calendarData.claim(c.tenantId, user.appUserId, calendar, id, form, pastRanges(calendar, today, id)),
    // A change of type, or of the manager the employee reports to now, moves the leave between counted lists.
    ...leaveData.counts(c.tenantId, leave, before),
  ];
  const balanceMessages = balanceItems.map((_, i) =>
    i === balanceItems.length - 1 ? LEAVE_MESSAGES.exceedsBalance(Math.max(0, remaining)) : CHANGED_MEANWHILE,
  );
  await transact(items, [
    CHANGED_MEANWHILE,
    ...balanceMessages,
    ...(balanceItems.length ? [TYPE_CHANGED_MEANWHILE] : []),
    CALENDAR_CHANGED_MEANWHILE,
  ]);
  return leave;
}

/** The balance left of the leave's type and year once its days are given back, for the leave's snapshot. */
async function remainingAfterReturn(tenantId: string, leave: Leave): Promise<number> {
  const [type, balance] = await Promise.all([
    leaveTypeData.byId(tenantId, leave.leaveMasterId),
    balanceData.get(tenantId, leave.userId, yearOf(leave.startDate), leave.leaveMasterId),
  ]);
  return Math.max(0, (type?.allowance ?? 0) - ((balance?.used ?? leave.days) - leave.days));
}

/** Closes a leave and gives its days back (rejection, cancellation): leave, balance and calendar in one write. */
async function closeAndReturn(c: LeaveCaller, before: Leave, change: Pick<Leave, 'status' | 'decisionReason'>): Promise<Leave> {
  const stamps = updated(c.actor);
  const leave: Leave = {
    ...before,
    ...change,
    remainingDays: await remainingAfterReturn(c.tenantId, before),
    version: before.version + 1,
    lastUpdated: stamps.updatedOn,
    ...stamps,
  };
  await transact(
    [
      leaveData.put(c.tenantId, leave, before.version),
      balanceData.change(c.tenantId, before.userId, yearOf(before.startDate), before.leaveMasterId, -before.days, 0),
      calendarData.release(c.tenantId, before.userId, before.leaveSystemId),
    ],
    [CHANGED_MEANWHILE, CHANGED_MEANWHILE],
  );
  return leave;
}

/** The employee's manager approves or rejects an open leave; rejection gives the days back. */
export function decideLeave(c: LeaveCaller, id: number, decision: 'Approved' | 'Rejected', reason: string): Promise<Leave> {
  return onceMoreIfRaced(() => decide(c, id, decision, reason));
}

async function decide(c: LeaveCaller, id: number, decision: 'Approved' | 'Rejected', reason: string): Promise<Leave> {
  const before = await openLeave(c, id);
  const me = myId(c);
  if (before.userId === me) throw new Forbidden('You cannot approve or reject your own leave.');
  const employee = await userData.byId(c.tenantId, before.userId);
  if (employee?.managerId !== me) throw new Forbidden('You can approve or reject only the leaves of your reportees.');
  if (!isOpenLeave(before.status)) throw new Conflict(locked(before.status));
  if (decision === 'Rejected') return closeAndReturn(c, before, { status: 'Rejected', decisionReason: reason });

  const stamps = updated(c.actor);
  const leave: Leave = {
    ...before,
    status: 'Approved',
    decisionReason: reason,
    version: before.version + 1,
    lastUpdated: stamps.updatedOn,
    ...stamps,
  };
  await transact([leaveData.put(c.tenantId, leave, before.version)], [CHANGED_MEANWHILE]);
  return leave;
}

/** The employee cancels an open leave; the days go back. */
export function cancelLeave(c: LeaveCaller, id: number): Promise<Leave> {
  return onceMoreIfRaced(async () => {
    const before = await openLeave(c, id);
    ownOpenLeave(c, before);
    return closeAndReturn(c, before, { status: 'Cancelled' });
  });
}

export async function getLeave(c: LeaveCaller, id: number): Promise<Leave> {
  const leave = await openLeave(c, id);
  if (leave.managerId !== myId(c)) await userInScope(c, leave.userId);
  return leave;
}

export async function employeeLeaves(c: LeaveCaller, userId: number, filter: LeaveFilter, request: PageRequest) {
  await userInScope(c, userId);
  return leaveData.ofUser(c.tenantId, userId, filter, request);
}

export async function employeeLeaveCount(c: LeaveCaller, userId: number, filter: LeaveFilter) {
  await userInScope(c, userId);
  return leaveData.countOfUser(c.tenantId, userId, filter);
}

function ownManagerView(c: LeaveCaller, managerId: number): void {
  if (managerId !== myId(c)) throw new Forbidden('You can see only the leaves of your own reportees.');
}

export async function managerLeaves(c: LeaveCaller, managerId: number, filter: LeaveFilter, request: PageRequest) {
  ownManagerView(c, managerId);
  return leaveData.ofManager(c.tenantId, managerId, filter, request);
}

export async function managerLeaveCount(c: LeaveCaller, managerId: number, filter: LeaveFilter) {
  ownManagerView(c, managerId);
  return leaveData.countOfManager(c.tenantId, managerId, filter);
}

/** Whether the user already has a leave (Submitted, Modified or Approved) on any day from start to end. */
export async function hasLeaveBetween(c: LeaveCaller, start: string, end: string, userId: number): Promise<boolean> {
  await userInScope(c, userId);
  const calendar = await calendarData.get(c.tenantId, userId);
  return overlapsBooked(calendar, { startDate: start, endDate: end });
}

/** Every leave type with the user's remaining days in the year. */
export async function balances(c: LeaveCaller, userId: number, year: number | undefined): Promise<LeaveBalance[]> {
  await userInScope(c, userId);
  const forYear = year ?? yearOf(indiaToday(c.actor.now));
  const [types, rows] = await Promise.all([leaveTypeData.all(c.tenantId), balanceData.ofYear(c.tenantId, userId, forYear)]);
  const usedByType = new Map(rows.map((r) => [r.leaveMasterId, r.used]));
  return sortByName(types).map((type) => {
    const used = usedByType.get(type.leaveMasterId) ?? 0;
    return {
      leaveMasterId: type.leaveMasterId,
      leaveName: type.leaveType,
      year: forYear,
      allowance: type.allowance,
      used,
      remainingLeave: Math.max(0, type.allowance - used),
    };
  });
}

const sortByName = (types: LeaveType[]) => [...types].sort((a, b) => a.leaveType.localeCompare(b.leaveType));

export async function leaveTypes(tenantId: string): Promise<LeaveType[]> {
  return sortByName(await leaveTypeData.all(tenantId));
}

export async function leaveType(tenantId: string, id: number): Promise<LeaveType> {
  const type = await leaveTypeData.byId(tenantId, id);
  if (!type) throw new NotFound(LEAVE_TYPE_MESSAGES.notFound);
  return type;
}

export async function createLeaveType(tenantId: string, form: Pick<LeaveType, 'leaveType' | 'allowance'>, actor: Actor): Promise<LeaveType> {
  const type: LeaveType = { leaveMasterId: await nextId(tenantId, 'leaveType'), ...form, ...created(actor) };
  await transact(leaveTypeData.create(tenantId, type), [undefined, LEAVE_TYPE_MESSAGES.exists]);
  return type;
}

export async function updateLeaveType(
  tenantId: string,
  id: number,
  form: Pick<LeaveType, 'leaveType' | 'allowance'>,
  actor: Actor,
): Promise<LeaveType> {
  const before = await leaveType(tenantId, id);
  const after: LeaveType = { ...before, ...form, ...updated(actor) };
  await transact(leaveTypeData.update(tenantId, before, after), [LEAVE_TYPE_MESSAGES.notFound, undefined, LEAVE_TYPE_MESSAGES.exists]);
  return after;
}

export async function deleteLeaveType(tenantId: string, id: number): Promise<LeaveType> {
  const type = await leaveType(tenantId, id);
  await transact(leaveTypeData.remove(tenantId, type), [LEAVE_TYPE_MESSAGES.notFound]);
  return type;
}
