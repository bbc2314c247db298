import { beforeAll, describe, expect, it } from 'vitest';
import { leaveData } from '../../functions/leave/data.js';
import { handler as leaveHandler } from '../../functions/leave/handler.js';
import { userData } from '../../functions/users/data.js';
import { DEMO_PASSWORD, seedTenant } from '../../infra/local/seed.js';
import { addDays, indiaToday } from '../../shared/leave-days.js';
import { ROLE } from '../../shared/roles.js';
import type { Leave, LeaveBalance, LeaveType } from '../../shared/schemas/leave.js';
import { LEAVE_MESSAGES } from '../../shared/schemas/leave.js';
import { call, tokenOf } from './client.js';
import { injectDynamoFaults, invoke } from './faults.js';

/**
 * A shop of its own, so the balances and calendars these tests build up never meet other tests' data:
 * boss manages emp and emp2, other is a manager of nobody here, loner has no manager.
 */
const TENANT = 'leavetest';
let seeded = 0;
const user = (name: string, role: string, manager?: string) => ({
  userName: `${name}@${TENANT}.shop`,
  password: DEMO_PASSWORD,
  role,
  // Each employee's own number: a shop's employees never share one.
  mobileNumber: `91111111${String(seeded++).padStart(2, '0')}`,
  manager: manager && `${manager}@${TENANT}.shop`,
});
const EMP = `emp@${TENANT}.shop`;
const EMP2 = `emp2@${TENANT}.shop`;
const BOSS = `boss@${TENANT}.shop`;
const OTHER = `other@${TENANT}.shop`;
const HR = `hr@${TENANT}.shop`;
const ADMIN = `admin@${TENANT}.shop`;
const LONER = `loner@${TENANT}.shop`;

const ids: Record<string, number> = {};
const types: Record<string, number> = {};

beforeAll(async () => {
  await seedTenant({
    tenant: { tenantId: TENANT, tenantName: TENANT, displayName: 'Leave Test Traders', address: 'Pune', gstNumber: '27AAPFU0939F1ZV', emailId: `accounts@${TENANT}.shop` },
    users: [
      user('admin', ROLE.ADMIN),
      user('owner', ROLE.TENANT_MANAGER),
      user('boss', ROLE.MANAGER, 'owner'),
      user('other', ROLE.MANAGER, 'owner'),
      user('hr', ROLE.HR, 'owner'),
      user('emp', ROLE.CASHIER, 'boss'),
      user('emp2', ROLE.CASHIER, 'boss'),
      user('loner', ROLE.CASHIER),
    ],
    policies: [],
    leave: {
      types: [
        { leaveType: 'Casual Leave', allowance: 12 },
        { leaveType: 'Sick Leave', allowance: 8 },
        { leaveType: 'Tiny Leave', allowance: 2 },
      ],
      publicHolidays: [],
      companyHolidays: [],
    },
  });
  for (const name of [EMP, EMP2, BOSS, OTHER, HR, LONER]) ids[name] = (await userData.byUserName(TENANT, name))!.appUserId;
  const list = await as<LeaveType[]>(HR, 'GET', '/leaveMaster');
  for (const t of list.body) types[t.leaveType] = t.leaveMasterId;
});

async function as<T = Leave & { message?: string }>(userName: string, method: string, path: string, body?: unknown) {
  return call<T>(method, path, { token: await tokenOf(userName), body });
}

const today = indiaToday(new Date());
/** Monday `weeks` weeks ahead, in a week whose Monday and Friday fall in the same year (one balance year). */
function monday(weeks: number): string {
  let day = addDays(today, 7 * weeks);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1 || addDays(day, 4).slice(0, 4) !== day.slice(0, 4)) day = addDays(day, 1);
  return day;
}
/** A day of the week `weeks` ahead: 0 = Monday ... 4 = Friday, 5 = Saturday, 6 = Sunday. */
const day = (weeks: number, offset: number) => addDays(monday(weeks), offset);

const form = (leaveMasterId: number, startDate: string, endDate: string, days: number, reason = 'Personal work') => ({
  leaveMasterId,
  startDate,
  endDate,
  days,
  reason,
});

const apply = (userName: string, body: unknown) => as(userName, 'POST', '/leaveSystem', body);
const approve = (leaveId: number, reason = 'Approved, enjoy') => as(BOSS, 'PUT', `/leaveSystem/approve/${leaveId}`, { reason });
const reject = (leaveId: number, reason = 'Busy week') => as(BOSS, 'PUT', `/leaveSystem/reject/${leaveId}`, { reason });
const cancel = (userName: string, leaveId: number) => as(userName, 'PUT', `/leaveSystem/cancel/${leaveId}`);

/** Remaining days of a leave type for the year a date falls in. */
async function remaining(userName: string, type: string, date: string): Promise<number> {
  const answer = await as<LeaveBalance[]>(userName, 'GET', `/leaveSystem/balance/${ids[userName]}?year=${date.slice(0, 4)}`);
  expect(answer.status).toBe(200);
  return answer.body.find((b) => b.leaveMasterId === types[type])!.remainingLeave;
}

async function applied(userName: string, body: ReturnType<typeof form>): Promise<Leave> {
  const answer = await apply(userName, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('leave types', () => {
  it('are created, listed by name, renamed and deleted by leave administrators', async () => {
    const created = await as<LeaveType>(HR, 'POST', '/leaveMaster', { leaveType: '  Maternity Leave ', allowance: 26 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ leaveType: 'Maternity Leave', allowance: 26, createdBy: HR });
    const id = created.body.leaveMasterId;

    const list = await as<LeaveType[]>(EMP, 'GET', '/leaveMaster');
    expect(list.body.map((t) => t.leaveType)).toEqual(['Casual Leave', 'Maternity Leave', 'Sick Leave', 'Tiny Leave']);

    const duplicate = await as(HR, 'POST', '/leaveMaster', { leaveType: 'casual  leave', allowance: 3 });
    expect(duplicate).toEqual({ status: 409, body: { message: 'Leave type already exists!!!' } });

    const renamed = await as<LeaveType>(HR, 'PUT', `/leaveMaster/${id}`, { leaveType: 'Parental Leave', allowance: 20 });
    expect(renamed.body).toMatchObject({ leaveMasterId: id, leaveType: 'Parental Leave', allowance: 20, updatedBy: HR });
    // The old name is free again; the new one is taken.
    expect((await as(HR, 'PUT', `/leaveMaster/${types['Tiny Leave']}`, { leaveType: 'parental leave', allowance: 2 })).status).toBe(409);

    expect((await as(HR, 'DELETE', `/leaveMaster/${id}`)).status).toBe(200);
    expect(await as(HR, 'GET', `/leaveMaster/${id}`)).toEqual({ status: 404, body: { message: 'Leave type not found.' } });
    expect((await as(HR, 'POST', '/leaveMaster', { leaveType: 'Parental Leave', allowance: 20 })).status).toBe(200);
  });

  it.each([
    [{ allowance: 3 }, 'Please enter leave type.'],
    [{ leaveType: '   ', allowance: 3 }, 'Please enter leave type.'],
    [{ leaveType: 'Study Leave' }, 'Enter the days allowed per year (0 to 366).'],
    [{ leaveType: 'Study Leave', allowance: 400 }, 'Enter the days allowed per year (0 to 366).'],
  ])('refuses %j with "%s"', async (body, message) => {
    expect(await as(HR, 'POST', '/leaveMaster', body)).toEqual({ status: 400, body: expect.objectContaining({ message }) });
  });

  it('can be read but not defined by employees, who apply for leave', async () => {
    expect((await as(EMP, 'GET', `/leaveMaster/${types['Casual Leave']}`)).status).toBe(200);
    expect((await as(EMP, 'POST', '/leaveMaster', { leaveType: 'Free Leave', allowance: 300 })).status).toBe(403);
    expect((await as(BOSS, 'PUT', `/leaveMaster/${types['Casual Leave']}`, { leaveType: 'Casual Leave', allowance: 300 })).status).toBe(403);
  });
});

describe('the leave form messages', () => {
  const mon = day(7, 0);

  it.each([
    ['no leave type', {}, LEAVE_MESSAGES.typeRequired],
    ['no start date', { leaveMasterId: 1 }, LEAVE_MESSAGES.startRequired],
    ['an empty start date', { leaveMasterId: 1, startDate: '', endDate: '', days: 0 }, LEAVE_MESSAGES.startRequired],
    ['no end date', { leaveMasterId: 1, startDate: '2030-01-07' }, LEAVE_MESSAGES.datesRequired],
    ['no day count', { leaveMasterId: 1, startDate: '2030-01-07', endDate: '2030-01-07' }, LEAVE_MESSAGES.datesRequired],
  ])('asks for what is missing: %s', async (_, body, message) => {
    expect(await apply(EMP, body)).toEqual({ status: 400, body: expect.objectContaining({ message }) });
  });

  it('refuses a start before today (in India)', async () => {
    const yesterday = addDays(today, -1);
    const answer = await apply(EMP, form(types['Casual Leave']!, yesterday, day(1, 0), 5));
    expect(answer).toEqual({ status: 400, body: { message: 'Start Date should not be Previous Date' } });
  });

  it('refuses an end before the start', async () => {
    const answer = await apply(EMP, form(types['Casual Leave']!, day(7, 2), day(7, 1), 1));
    expect(answer).toEqual({ status: 400, body: { message: 'End date should be future date from Start date' } });
  });

  it('refuses dates that are only a weekend', async () => {
    const answer = await apply(EMP, form(types['Casual Leave']!, day(7, 5), day(7, 6), 0));
    expect(answer).toEqual({ status: 400, body: { message: 'Selected dates are week end/holiday, no need to apply leave' } });
  });

  it('refuses more days than the balance holds, naming what is left', async () => {
    const answer = await apply(EMP, form(types['Tiny Leave']!, mon, day(7, 2), 3));
    expect(answer).toEqual({ status: 400, body: { message: 'You can apply only 2 days leave.' } });
  });

  it('refuses a day count that does not match the dates (the server counts again)', async () => {
    const answer = await apply(EMP, form(types['Casual Leave']!, day(7, 4), addDays(day(7, 4), 3), 4));
    expect(answer).toEqual({ status: 400, body: { message: LEAVE_MESSAGES.daysMismatch(2) } });
  });

  it('refuses an unknown leave type', async () => {
    expect(await apply(EMP, form(9999, mon, mon, 1))).toEqual({ status: 400, body: { message: 'Please select leave type.' } });
  });

  it('refuses leave overlapping one already applied, and isExist says so', async () => {
    const first = await applied(EMP, form(types['Casual Leave']!, day(7, 1), day(7, 2), 2));
    expect(first.status).toBe('Submitted');
    for (const [start, end, days] of [[mon, day(7, 1), 2], [day(7, 2), day(7, 3), 2], [mon, day(7, 4), 5]] as const) {
      expect(await apply(EMP, form(types['Sick Leave']!, start, end, days))).toEqual({
        status: 400,
        body: { message: 'You have already applied leaves during the same/between days.' },
      });
    }
    const exists = (start: string, end: string) => as<boolean>(EMP, 'GET', `/leaveSystem/isExist/${start}/${end}/${ids[EMP]}`);
    expect((await exists(mon, day(7, 1))).body).toBe(true);
    expect((await exists(day(7, 3), day(7, 4))).body).toBe(false);
    // Another employee's same days are free.
    expect((await apply(EMP2, form(types['Casual Leave']!, day(7, 1), day(7, 1), 1))).status).toBe(200);
    // Once cancelled, the days are free again.
    await cancel(EMP, first.leaveSystemId);
    expect((await exists(mon, day(7, 4))).body).toBe(false);
    expect((await apply(EMP, form(types['Sick Leave']!, day(7, 2), day(7, 3), 2))).status).toBe(200);
  });

  it('asks the manager for a reason to approve or reject', async () => {
    const leave = await applied(EMP, form(types['Casual Leave']!, day(9, 0), day(9, 0), 1));
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      for (const action of ['approve', 'reject']) {
        expect(await as(BOSS, 'PUT', `/leaveSystem/${action}/${leave.leaveSystemId}`, body)).toEqual({
          status: 400,
          body: expect.objectContaining({ message: 'Please,Comment on Reason Field!!!' }),
        });
      }
    }
    expect((await as<Leave>(BOSS, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).body.status).toBe('Submitted');
  });
});

describe('holidays in the leave count', () => {
  const week = 20;
  let publicId: number;

  beforeAll(async () => {
    const pub = await as<{ publicHolidayId: number }>(HR, 'POST', '/publicHolidays', { date: day(week, 2), holiday: 'Founders Day' });
    expect(pub.status).toBe(200);
    publicId = pub.body.publicHolidayId;
    expect((await as(HR, 'POST', '/companyHolidays', { date: day(week, 3), holiday: 'Stock taking' })).status).toBe(200);
  });

  it('leaves out public and company holidays and says how many', async () => {
    const preview = await as(EMP, 'GET', `/leaveSystem/days/${day(week, 0)}/${day(week + 1, 0)}`);
    expect(preview).toEqual({
      status: 200,
      body: {
        days: 4,
        weekendDays: 2,
        excludedHolidays: [
          { date: day(week, 2), holiday: 'Founders Day' },
          { date: day(week, 3), holiday: 'Stock taking' },
        ],
        message: 'Excluded 2 Public Holidays!!!',
      },
    });
    const leave = await applied(EMP, form(types['Casual Leave']!, day(week, 0), day(week + 1, 0), 4));
    expect(leave.days).toBe(4);
    await cancel(EMP, leave.leaveSystemId);
  });

  it('refuses a start or end on a holiday', async () => {
    for (const [start, end] of [[day(week, 2), day(week, 4)], [day(week, 0), day(week, 3)]] as const) {
      expect(await as(EMP, 'GET', `/leaveSystem/days/${start}/${end}`)).toEqual({ status: 400, body: { message: 'It is a Holiday...' } });
      expect(await apply(EMP, form(types['Casual Leave']!, start, end, 1))).toEqual({ status: 400, body: { message: 'It is a Holiday...' } });
    }
  });

  it('are listed by year, moved and removed; one per date', async () => {
    const year = day(week, 2).slice(0, 4);
    const list = await as<{ date: string; holiday: string }[]>(EMP, 'GET', `/publicHolidays?year=${year}`);
    expect(list.body).toContainEqual(expect.objectContaining({ publicHolidayId: publicId, date: day(week, 2), holiday: 'Founders Day' }));
    const sameDate = await as(HR, 'POST', '/publicHolidays', { date: day(week, 2), holiday: 'Again' });
    expect(sameDate).toEqual({ status: 409, body: { message: 'A holiday already exists on this date.' } });
    const moved = await as(HR, 'PUT', `/publicHolidays/${publicId}`, { date: day(week, 4), holiday: 'Founders Day (observed)' });
    expect(moved.body).toMatchObject({ publicHolidayId: publicId, date: day(week, 4), updatedBy: HR });
    expect((await as(EMP, 'GET', `/publicHolidays/${publicId}`)).body).toMatchObject({ date: day(week, 4) });
    expect((await as(EMP, 'GET', `/leaveSystem/days/${day(week, 0)}/${day(week, 1)}`)).body).toMatchObject({ days: 2 });
    expect((await as(HR, 'DELETE', `/publicHolidays/${publicId}`)).status).toBe(200);
    expect(await as(EMP, 'GET', `/publicHolidays/${publicId}`)).toEqual({ status: 404, body: { message: 'Public holiday not found.' } });
    expect((await as(EMP, 'DELETE', `/companyHolidays/1`)).status).toBe(403);
  });
});

describe('the leave status machine', () => {
  it('Submitted, then Modified when the days change, then Approved, which locks it', async () => {
    const casual = types['Casual Leave']!;
    const start = day(3, 0);
    const before = await remaining(EMP, 'Casual Leave', start);
    const leave = await applied(EMP, form(casual, start, day(3, 2), 3, 'Wedding'));
    expect(leave).toMatchObject({ status: 'Submitted', days: 3, userId: ids[EMP], userName: EMP, managerId: ids[BOSS], managerName: BOSS, leaveType: 'Casual Leave', remainingDays: before - 3 });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before - 3);

    const sameDays = await as(EMP, 'PUT', `/leaveSystem/update/${leave.leaveSystemId}`, form(casual, day(3, 1), day(3, 3), 3, 'Wedding in Pune'));
    expect(sameDays.body).toMatchObject({ status: 'Submitted', reason: 'Wedding in Pune', startDate: day(3, 1) });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before - 3);

    const longer = await as(EMP, 'PUT', `/leaveSystem/update/${leave.leaveSystemId}`, form(casual, day(3, 0), day(3, 3), 4, 'Wedding in Pune'));
    expect(longer.body).toMatchObject({ status: 'Modified', days: 4, remainingDays: before - 4 });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before - 4);

    const approved = await approve(leave.leaveSystemId, 'Have a good time');
    expect(approved.body).toMatchObject({ status: 'Approved', decisionReason: 'Have a good time', reason: 'Wedding in Pune', updatedBy: BOSS });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before - 4);

    const lockedMessage = { message: 'This leave is Approved and can no longer be changed.' };
    expect(await as(EMP, 'PUT', `/leaveSystem/update/${leave.leaveSystemId}`, form(casual, day(3, 0), day(3, 0), 1))).toEqual({ status: 409, body: lockedMessage });
    expect(await cancel(EMP, leave.leaveSystemId)).toEqual({ status: 409, body: lockedMessage });
    expect(await reject(leave.leaveSystemId)).toEqual({ status: 409, body: lockedMessage });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before - 4);
  });

  it('Rejected gives the days back and locks the leave', async () => {
    const start = day(4, 0);
    const before = await remaining(EMP, 'Casual Leave', start);
    const leave = await applied(EMP, form(types['Casual Leave']!, start, day(4, 1), 2));
    const rejected = await reject(leave.leaveSystemId, 'Audit that week');
    expect(rejected.body).toMatchObject({ status: 'Rejected', decisionReason: 'Audit that week', remainingDays: before });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before);
    expect((await as(EMP, 'PUT', `/leaveSystem/update/${leave.leaveSystemId}`, form(types['Casual Leave']!, start, start, 1))).status).toBe(409);
    expect((await cancel(EMP, leave.leaveSystemId)).status).toBe(409);
    expect((await approve(leave.leaveSystemId)).status).toBe(409);
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before);
  });

  it('Cancelled gives the days back and allows nothing more', async () => {
    const start = day(5, 0);
    const before = await remaining(EMP, 'Casual Leave', start);
    const leave = await applied(EMP, form(types['Casual Leave']!, start, day(5, 4), 5));
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before - 5);
    const cancelled = await cancel(EMP, leave.leaveSystemId);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', remainingDays: before });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before);
    for (const answer of [await cancel(EMP, leave.leaveSystemId), await approve(leave.leaveSystemId), await reject(leave.leaveSystemId)]) {
      expect(answer).toEqual({ status: 409, body: { message: 'This leave is Cancelled and can no longer be changed.' } });
    }
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(before);
  });

  it('moves the days between balances when the leave type changes', async () => {
    const start = day(6, 0);
    const casual = await remaining(EMP, 'Casual Leave', start);
    const sick = await remaining(EMP, 'Sick Leave', start);
    const leave = await applied(EMP, form(types['Casual Leave']!, start, day(6, 1), 2));
    const changed = await as(EMP, 'PUT', `/leaveSystem/update/${leave.leaveSystemId}`, form(types['Sick Leave']!, start, day(6, 1), 2));
    expect(changed.body).toMatchObject({ status: 'Submitted', leaveType: 'Sick Leave', remainingDays: sick - 2 });
    expect(await remaining(EMP, 'Casual Leave', start)).toBe(casual);
    expect(await remaining(EMP, 'Sick Leave', start)).toBe(sick - 2);
    await cancel(EMP, leave.leaveSystemId);
    expect(await remaining(EMP, 'Sick Leave', start)).toBe(sick);
  });

  it('follows an allowance change at once', async () => {
    const start = day(6, 3);
    const sick = await remaining(EMP, 'Sick Leave', start);
    await as(HR, 'PUT', `/leaveMaster/${types['Sick Leave']}`, { leaveType: 'Sick Leave', allowance: 10 });
    expect(await remaining(EMP, 'Sick Leave', start)).toBe(sick + 2);
    await as(HR, 'PUT', `/leaveMaster/${types['Sick Leave']}`, { leaveType: 'Sick Leave', allowance: 8 });
  });
});

describe('who may act on a leave', () => {
  let leave: Leave;
  beforeAll(async () => {
    leave = await applied(EMP, form(types['Casual Leave']!, day(8, 0), day(8, 0), 1));
  });

  it('only the employee’s own manager approves or rejects', async () => {
    expect(await as(OTHER, 'PUT', `/leaveSystem/approve/${leave.leaveSystemId}`, { reason: 'ok' })).toEqual({
      status: 403,
      body: { message: 'You can approve or reject only the leaves of your reportees.' },
    });
    expect((await as(OTHER, 'PUT', `/leaveSystem/reject/${leave.leaveSystemId}`, { reason: 'no' })).status).toBe(403);
    expect((await as(EMP2, 'PUT', `/leaveSystem/approve/${leave.leaveSystemId}`, { reason: 'ok' })).status).toBe(403);
    expect((await as(EMP, 'PUT', `/leaveSystem/approve/${leave.leaveSystemId}`, { reason: 'ok' })).status).toBe(403);
    expect((await as<Leave>(EMP, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).body.status).toBe('Submitted');
  });

  it('only the employee updates or cancels', async () => {
    expect((await cancel(BOSS, leave.leaveSystemId)).status).toBe(403);
    expect((await cancel(EMP2, leave.leaveSystemId)).status).toBe(403);
    expect((await as(BOSS, 'PUT', `/leaveSystem/update/${leave.leaveSystemId}`, form(types['Casual Leave']!, day(8, 1), day(8, 1), 1))).status).toBe(403);
  });

  it('the employee, their manager and their HR see the leave; other employees and managers do not', async () => {
    expect((await as(EMP, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).status).toBe(200);
    expect((await as(BOSS, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).status).toBe(200);
    expect((await as(EMP2, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).status).toBe(403);
    expect((await as(OTHER, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).status).toBe(403);
    expect((await as(OTHER, 'GET', `/leaveSystem/employee/${ids[EMP]}`)).status).toBe(403);
    expect((await as(EMP2, 'GET', `/leaveSystem/balance/${ids[EMP]}`)).status).toBe(403);
    expect((await as(EMP2, 'GET', `/leaveSystem/isExist/${day(8, 0)}/${day(8, 0)}/${ids[EMP]}`)).status).toBe(403);
  });

  it('lists Your Leaves and Reportees Leaves, latest first, filtered by type and counted', async () => {
    const mine = await as<Leave[]>(EMP, 'GET', `/leaveSystem/employee/${ids[EMP]}?page=0&size=100`);
    expect(mine.status).toBe(200);
    expect(mine.body.every((l) => l.userId === ids[EMP])).toBe(true);
    const starts = mine.body.map((l) => l.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    const count = await as<number>(EMP, 'GET', `/leaveSystem/employee/count/${ids[EMP]}`);
    expect(count.body).toBe(mine.body.length);
    const firstPage = await as<Leave[]>(EMP, 'GET', `/leaveSystem/employee/${ids[EMP]}`);
    expect(firstPage.body).toEqual(mine.body.slice(0, 5));

    const sick = await as<Leave[]>(EMP, 'GET', `/leaveSystem/employee/${ids[EMP]}?size=100&leaveMasterId=${types['Sick Leave']}`);
    expect(sick.body.length).toBeGreaterThan(0);
    expect(sick.body.every((l) => l.leaveType === 'Sick Leave')).toBe(true);
    expect((await as<number>(EMP, 'GET', `/leaveSystem/employee/count/${ids[EMP]}?leaveMasterId=${types['Sick Leave']}`)).body).toBe(sick.body.length);

    const reportees = await as<Leave[]>(BOSS, 'GET', `/leaveSystem/manager/${ids[BOSS]}?size=100`);
    expect(reportees.body.map((l) => l.userName)).toEqual(expect.arrayContaining([EMP, EMP2]));
    expect(reportees.body.every((l) => l.managerId === ids[BOSS])).toBe(true);
    expect((await as<number>(BOSS, 'GET', `/leaveSystem/manager/count/${ids[BOSS]}`)).body).toBe(reportees.body.length);
    expect((await as(EMP, 'GET', `/leaveSystem/manager/${ids[BOSS]}`)).status).toBe(403);
    expect((await as<Leave[]>(OTHER, 'GET', `/leaveSystem/manager/${ids[OTHER]}`)).body).toEqual([]);
  });

  it('ADMIN has no manager lookup and cannot apply; nor can an employee without a manager', async () => {
    expect(await apply(ADMIN, form(types['Casual Leave']!, day(8, 2), day(8, 2), 1))).toEqual({
      status: 403,
      body: { message: 'ADMIN and CUSTOMER accounts have no manager to approve leave.' },
    });
    expect(await apply(LONER, form(types['Casual Leave']!, day(8, 2), day(8, 2), 1))).toEqual({
      status: 400,
      body: { message: 'No manager is assigned to you. Ask HR to set your manager before applying for leave.' },
    });
  });

  it('shows every leave type in the balance, untouched ones at their full allowance', async () => {
    const balance = await as<LeaveBalance[]>(LONER, 'GET', `/leaveSystem/balance/${ids[LONER]}`);
    expect(balance.body.map((b) => [b.leaveName, b.remainingLeave])).toEqual([
      ['Casual Leave', 12],
      ['Parental Leave', 20],
      ['Sick Leave', 8],
      ['Tiny Leave', 2],
    ]);
    expect(balance.body[0]!.year).toBe(Number(today.slice(0, 4)));
  });
});

describe('the demo shop', () => {
  it('starts with leave types, holidays and the cashier’s leaves in every state, awaiting their manager', async () => {
    const types = await as<LeaveType[]>('manager@demo.shop', 'GET', '/leaveMaster');
    expect(types.body.map((t) => [t.leaveType, t.allowance])).toEqual([
      ['Casual Leave', 12],
      ['Earned Leave', 15],
      ['Sick Leave', 8],
    ]);
    const holidays = await as<{ holiday: string }[]>('cashier@demo.shop', 'GET', '/publicHolidays?year=2027');
    expect(holidays.body.map((h) => h.holiday)).toEqual(expect.arrayContaining(['Republic Day', 'Independence Day', 'Gandhi Jayanti', 'Diwali']));
    const manager = (await userData.byUserName('demo', 'manager@demo.shop'))!.appUserId;
    const reportees = await as<Leave[]>('manager@demo.shop', 'GET', `/leaveSystem/manager/${manager}?size=20`);
    expect(reportees.body.map((l) => l.status).sort()).toEqual(['Approved', 'Cancelled', 'Rejected', 'Submitted']);
    expect(reportees.body.every((l) => l.userName === 'cashier@demo.shop' && l.startDate > today)).toBe(true);
  });
});

describe('the counts of the leave lists', () => {
  const countOf = async (userName: string, path: string) => {
    const answer = await as<number>(userName, 'GET', path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const listed = async (userName: string, path: string) => (await as<Leave[]>(userName, 'GET', `${path}${path.includes('?') ? '&' : '?'}page=0&size=100`)).body.length;
  /** Each list's count beside its length: Your Leaves (all, sick, casual) and Reportees Leaves (all, sick). */
  async function counts() {
    const lists: [string, string, string][] = [
      [EMP, `/leaveSystem/employee/count/${ids[EMP]}`, `/leaveSystem/employee/${ids[EMP]}`],
      [EMP, `/leaveSystem/employee/count/${ids[EMP]}?leaveMasterId=${types['Sick Leave']}`, `/leaveSystem/employee/${ids[EMP]}?leaveMasterId=${types['Sick Leave']}`],
      [EMP, `/leaveSystem/employee/count/${ids[EMP]}?leaveMasterId=${types['Casual Leave']}`, `/leaveSystem/employee/${ids[EMP]}?leaveMasterId=${types['Casual Leave']}`],
      [BOSS, `/leaveSystem/manager/count/${ids[BOSS]}`, `/leaveSystem/manager/${ids[BOSS]}`],
      [BOSS, `/leaveSystem/manager/count/${ids[BOSS]}?leaveMasterId=${types['Sick Leave']}`, `/leaveSystem/manager/${ids[BOSS]}?leaveMasterId=${types['Sick Leave']}`],
    ];
    const figures = [];
    for (const [who, count, list] of lists) {
      const n = await countOf(who, count);
      expect(n, count).toBe(await listed(who, list));
      figures.push(n);
    }
    return figures;
  }

  it('are counters kept by applying, changing the type, rejecting and cancelling, and read without a query', async () => {
    const before = await counts();
    const casual = await applied(EMP, form(types['Casual Leave']!, day(16, 0), day(16, 0), 1));
    expect(await counts()).toEqual([before[0]! + 1, before[1], before[2]! + 1, before[3]! + 1, before[4]]);
    // More days than the balance holds: refused, nothing counted.
    expect((await apply(EMP, form(types['Tiny Leave']!, day(17, 0), day(17, 2), 3))).status).toBe(400);
    expect(await counts()).toEqual([before[0]! + 1, before[1], before[2]! + 1, before[3]! + 1, before[4]]);
    // Casual becomes sick: the leave moves between the lists of one type.
    const changed = await as(EMP, 'PUT', `/leaveSystem/update/${casual.leaveSystemId}`, form(types['Sick Leave']!, day(16, 0), day(16, 0), 1));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const moved = [before[0]! + 1, before[1]! + 1, before[2], before[3]! + 1, before[4]! + 1];
    expect(await counts()).toEqual(moved);
    // Rejected and cancelled leaves stay on the lists, with their state.
    expect((await reject(casual.leaveSystemId)).status).toBe(200);
    const second = await applied(EMP, form(types['Casual Leave']!, day(16, 2), day(16, 2), 1));
    expect((await cancel(EMP, second.leaveSystemId)).status).toBe(200);
    expect(await counts()).toEqual([moved[0]! + 1, moved[1], moved[2]! + 1, moved[3]! + 1, moved[4]]);

    // An update after the employee moved to another manager files the leave under the new one: only the manager
    // counters move, off the old manager and onto the new one.
    const moves = leaveData.counts(TENANT, { ...second, managerId: ids[OTHER] }, second).map((item) => [item.Update!.Key!.sk, item.Update!.ExpressionAttributeValues![':delta']]);
    expect(moves.sort()).toEqual(
      [
        [`leave#manager#${ids[BOSS]}`, -1],
        [`leave#manager#${ids[BOSS]}#type#${types['Casual Leave']}`, -1],
        [`leave#manager#${ids[OTHER]}`, 1],
        [`leave#manager#${ids[OTHER]}#type#${types['Casual Leave']}`, 1],
      ].sort(),
    );
    expect(leaveData.counts(TENANT, { ...second, status: 'Approved' }, second)).toEqual([]);

    const recorder = injectDynamoFaults();
    try {
      for (const [who, routeKey, id] of [
        [EMP, 'GET /leaveSystem/employee/count/{id}', ids[EMP]],
        [BOSS, 'GET /leaveSystem/manager/count/{id}', ids[BOSS]],
      ] as const) {
        await invoke(leaveHandler as never, who, routeKey, { path: { id: String(id) } });
        recorder.arm();
        const answer = await invoke<number>(leaveHandler as never, who, routeKey, { path: { id: String(id) } });
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(routeKey.includes('employee') ? moved[0]! + 1 : moved[3]! + 1);
        expect(recorder.commands()).toContain('GetCommand');
        expect(recorder.commands()).not.toContain('QueryCommand');
      }
    } finally {
      recorder.restore();
    }
  });
});

describe('concurrent changes keep the balance right', () => {
  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

  it('an approval and a cancellation at once: one wins, the balance matches it', async () => {
    const start = day(10, 0);
    const before = await remaining(EMP2, 'Casual Leave', start);
    const leave = await applied(EMP2, form(types['Casual Leave']!, start, day(10, 2), 3));
    const answers = await Promise.all([approve(leave.leaveSystemId), cancel(EMP2, leave.leaveSystemId)]);
    expect(statuses(answers)).toEqual([200, 409]);
    const final = (await as<Leave>(EMP2, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).body;
    expect(['Approved', 'Cancelled']).toContain(final.status);
    expect(await remaining(EMP2, 'Casual Leave', start)).toBe(final.status === 'Approved' ? before - 3 : before);
  });

  it('two approvals at once: one wins', async () => {
    const start = day(11, 0);
    const leave = await applied(EMP2, form(types['Casual Leave']!, start, start, 1));
    const answers = await Promise.all([approve(leave.leaveSystemId, 'first'), approve(leave.leaveSystemId, 'second')]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ message: 'This leave is Approved and can no longer be changed.' });
    expect((await as<Leave>(EMP2, 'GET', `/leaveSystem/${leave.leaveSystemId}`)).body.version).toBe(2);
  });

  it('a rejection and a cancellation at once give the days back exactly once', async () => {
    const start = day(12, 0);
    const before = await remaining(EMP2, 'Casual Leave', start);
    const leave = await applied(EMP2, form(types['Casual Leave']!, start, day(12, 1), 2));
    const answers = await Promise.all([reject(leave.leaveSystemId), cancel(EMP2, leave.leaveSystemId)]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(await remaining(EMP2, 'Casual Leave', start)).toBe(before);
  });

  it('applying while a cancellation lands: both count', async () => {
    const start = day(13, 0);
    const before = await remaining(EMP2, 'Casual Leave', start);
    const first = await applied(EMP2, form(types['Casual Leave']!, start, day(13, 1), 2));
    const answers = await Promise.all([
      cancel(EMP2, first.leaveSystemId),
      apply(EMP2, form(types['Casual Leave']!, day(13, 2), day(13, 4), 3)),
    ]);
    expect(statuses(answers)).toEqual([200, 200]);
    expect(await remaining(EMP2, 'Casual Leave', start)).toBe(before - 3);
  });

  it('two applications that together pass the allowance: only one is taken', async () => {
    const start = day(14, 0);
    expect(await remaining(EMP2, 'Tiny Leave', start)).toBe(2);
    const answers = await Promise.all([
      apply(EMP2, form(types['Tiny Leave']!, start, day(14, 1), 2)),
      apply(EMP2, form(types['Tiny Leave']!, day(14, 3), day(14, 4), 2)),
    ]);
    expect(statuses(answers)).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toEqual({ message: 'You can apply only 0 days leave.' });
    expect(await remaining(EMP2, 'Tiny Leave', start)).toBe(0);
  });

  it('two applications for the same days: only one is booked', async () => {
    const start = day(15, 0);
    const before = await remaining(EMP2, 'Sick Leave', start);
    const answers = await Promise.all([
      apply(EMP2, form(types['Sick Leave']!, start, day(15, 1), 2)),
      apply(EMP2, form(types['Sick Leave']!, day(15, 1), day(15, 2), 2)),
    ]);
    expect(statuses(answers)).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toEqual({ message: 'You have already applied leaves during the same/between days.' });
    expect(await remaining(EMP2, 'Sick Leave', start)).toBe(before - 2);
  });
});
