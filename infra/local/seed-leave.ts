import { createHoliday } from '../../functions/holidays/service.js';
import type { Actor } from '../../functions/lib/db.js';
import { applyLeave, cancelLeave, createLeaveType, decideLeave, type LeaveCaller } from '../../functions/leave/service.js';
import { addDays, countLeaveDays, indiaToday, isWeekend } from '../../shared/leave-days.js';
import type { HolidayForm } from '../../shared/schemas/holiday.js';
import type { LeaveStatus, LeaveType } from '../../shared/schemas/leave.js';

export interface LeaveRequestSeed {
  /** The employee (user name); their manager decides. */
  user: string;
  leaveType: string;
  /** The leave starts this many working days after the seed day, so seeded leaves are always ahead. */
  startAfterWorkingDays: number;
  days: number;
  reason: string;
  status: Exclude<LeaveStatus, 'Modified'>;
  decisionReason?: string;
}

export interface LeaveSeed {
  types: Pick<LeaveType, 'leaveType' | 'allowance'>[];
  publicHolidays: HolidayForm[];
  companyHolidays: HolidayForm[];
  requests?: LeaveRequestSeed[];
}

/** The users of the seed the requests need: id, role and manager by user name. */
export type SeededUsers = Map<string, { appUserId: number; role: string; manager?: string }>;

/** Leave types, holidays and leave requests of a shop, made through the same services the API uses. */
export async function seedLeave(tenantId: string, seed: LeaveSeed, users: SeededUsers, now: Date): Promise<void> {
  const system: Actor = { userName: 'system', now };
  const typeIds = new Map<string, number>();
  for (const form of seed.types) typeIds.set(form.leaveType, (await createLeaveType(tenantId, form, system)).leaveMasterId);
  for (const form of seed.publicHolidays) await createHoliday(tenantId, 'public', form, system);
  for (const form of seed.companyHolidays) await createHoliday(tenantId, 'company', form, system);

  const holidays = [...seed.publicHolidays, ...seed.companyHolidays].map((h) => h.date);
  const isWorkingDay = (date: string) => !isWeekend(date) && !holidays.includes(date);
  const workingDayAfter = (date: string, count: number) => {
    let day = date;
    for (let left = count; left > 0; ) {
      day = addDays(day, 1);
      if (isWorkingDay(day)) left -= 1;
    }
    return day;
  };
  const callerOf = (userName: string): LeaveCaller => {
    const user = users.get(userName)!;
    return { tenantId, appUserId: user.appUserId, roleNames: [user.role], actor: { userName, now } };
  };

  const today = indiaToday(now);
  for (const request of seed.requests ?? []) {
    const startDate = workingDayAfter(today, request.startAfterWorkingDays);
    const endDate = workingDayAfter(startDate, request.days - 1);
    const employee = callerOf(request.user);
    const leave = await applyLeave(employee, {
      leaveMasterId: typeIds.get(request.leaveType)!,
      startDate,
      endDate,
      days: countLeaveDays(startDate, endDate, holidays).days,
      reason: request.reason,
    });
    const manager = callerOf(users.get(request.user)!.manager!);
    if (request.status === 'Approved' || request.status === 'Rejected') {
      await decideLeave(manager, leave.leaveSystemId, request.status, request.decisionReason ?? request.status);
    } else if (request.status === 'Cancelled') {
      await cancelLeave(employee, leave.leaveSystemId);
    }
  }
}

/** India's gazetted national holidays the demo shop observes. */
const indianPublicHolidays: HolidayForm[] = [
  { date: '2026-01-26', holiday: 'Republic Day' },
  { date: '2026-03-04', holiday: 'Holi' },
  { date: '2026-04-03', holiday: 'Good Friday' },
  { date: '2026-08-15', holiday: 'Independence Day' },
  { date: '2026-10-02', holiday: 'Gandhi Jayanti' },
  { date: '2026-10-20', holiday: 'Dussehra' },
  { date: '2026-11-08', holiday: 'Diwali' },
  { date: '2026-12-25', holiday: 'Christmas' },
  { date: '2027-01-26', holiday: 'Republic Day' },
  { date: '2027-03-22', holiday: 'Holi' },
  { date: '2027-03-26', holiday: 'Good Friday' },
  { date: '2027-08-15', holiday: 'Independence Day' },
  { date: '2027-10-02', holiday: 'Gandhi Jayanti' },
  { date: '2027-10-09', holiday: 'Dussehra' },
  { date: '2027-10-29', holiday: 'Diwali' },
  { date: '2027-12-25', holiday: 'Christmas' },
];

export const demoLeave: LeaveSeed = {
  types: [
    { leaveType: 'Casual Leave', allowance: 12 },
    { leaveType: 'Sick Leave', allowance: 8 },
    { leaveType: 'Earned Leave', allowance: 15 },
  ],
  publicHolidays: indianPublicHolidays,
  companyHolidays: [
    { date: '2026-03-19', holiday: 'Ugadi' },
    { date: '2026-11-01', holiday: 'Kannada Rajyotsava' },
    { date: '2026-12-31', holiday: 'Year-end stock taking' },
    { date: '2027-11-01', holiday: 'Kannada Rajyotsava' },
  ],
  requests: [
    { user: 'cashier@demo.shop', leaveType: 'Sick Leave', startAfterWorkingDays: 2, days: 1, reason: 'Dental appointment', status: 'Approved', decisionReason: 'Take care' },
    { user: 'cashier@demo.shop', leaveType: 'Casual Leave', startAfterWorkingDays: 5, days: 2, reason: "Sister's wedding in Mysuru", status: 'Submitted' },
    { user: 'cashier@demo.shop', leaveType: 'Casual Leave', startAfterWorkingDays: 10, days: 1, reason: 'Bank work', status: 'Cancelled' },
    {
      user: 'cashier@demo.shop',
      leaveType: 'Earned Leave',
      startAfterWorkingDays: 15,
      days: 3,
      reason: 'Family trip',
      status: 'Rejected',
      decisionReason: 'Year-end stock taking; please pick dates in January',
    },
  ],
};
