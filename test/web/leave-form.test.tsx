import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LeaveFormScreen from '../../frontend/src/features/leave/routes/leave-form.js';
import { clearSession } from '../../frontend/src/lib/session.js';
import { defaultRoles } from '../../shared/roles.js';
import { LEAVE_MESSAGES } from '../../shared/schemas/leave.js';
import { balances, CASHIER_ID, leave, MANAGER_ID, renderScreen, serve, signInAs, types, type Answer, type Call } from './leave-fixtures.js';
import { formatDate } from '../../shared/format.js';

const featuresOf = (role: string) => defaultRoles.find((r) => r.name === role)!.features;
const christmas = { publicHolidayId: 1, date: '2026-12-25', holiday: 'Christmas' };

/** The cashier's side of the API: types, balance, holidays, and what the test adds. */
function cashierApi(extra: [string | RegExp, Answer | ((call: Call) => Answer)][] = [], casualLeft = 10) {
  return serve([
    ...extra,
    ['GET /leaveMaster', [200, types]],
    [`GET /leaveSystem/balance/${CASHIER_ID}?year=2026`, [200, balances(casualLeft)]],
    ['GET /publicHolidays?year=2026', [200, [christmas]]],
    ['GET /companyHolidays?year=2026', [200, []]],
    [/^GET \/leaveSystem\/isExist\//, [200, false]],
    [`GET /appUser/getManager/${CASHIER_ID}`, [200, { appUserId: MANAGER_ID, userName: 'manager@demo.shop' }]],
  ]);
}

function openForm(id = 'new') {
  return renderScreen(<LeaveFormScreen />, { path: '/leaveSystem/:id', url: `/leaveSystem/${id}`, elsewhere: ['/leaveSystem', '/error'] });
}

/** Puts into a field what a user types or chooses there (a date as dd/mm/yyyy, or part of it; an option's value). */
const typeInto = (label: RegExp, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const pick = (label: RegExp, isoDate: string) => typeInto(label, formatDate(isoDate));
const daysShown = () => screen.getByRole('status', { name: 'Days' });

/** The form shows once the approver is known and the types are loaded; a loaded machine can take seconds for both. */
const LOADED = { timeout: 10_000 };

async function chooseType(name: string) {
  await screen.findByRole('option', { name: new RegExp(`^${name}`) }, LOADED);
  typeInto(/^Leave Type/, String(types.find((t) => t.leaveType === name)!.leaveMasterId));
}

beforeEach(() => {
  clearSession();
  // Monday 23 November 2026, late morning in India.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apply leave', () => {
  beforeEach(() => signInAs('CASHIER', featuresOf('CASHIER')));

  it('names each missing field with the spec’s message and sends nothing', async () => {
    const calls = cashierApi();
    openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Leave' }, LOADED));
    expect(await screen.findByText(LEAVE_MESSAGES.typeRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAVE_MESSAGES.startRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAVE_MESSAGES.datesRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it.each([
    ['a start before today', '2026-11-20', '', LEAVE_MESSAGES.pastStart],
    ['an end before the start', '2026-11-25', '2026-11-24', LEAVE_MESSAGES.endBeforeStart],
    ['a holiday as the first day', '2026-12-25', '2026-12-28', LEAVE_MESSAGES.holiday],
    ['a weekend only', '2026-11-28', '2026-11-29', LEAVE_MESSAGES.nothingToApply],
  ])('says so at once for %s, with the shared counting rule', async (_case, start, end, message) => {
    const calls = cashierApi();
    openForm();
    await screen.findByRole('option', { name: /^Casual Leave/ }, LOADED);
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /publicHolidays?year=2026'));
    pick(/^Start Date/, start);
    if (end) pick(/^End Date/, end);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(daysShown()).toHaveTextContent('–');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Leave' }));
    await screen.findByText(LEAVE_MESSAGES.typeRequired);
    expect(calls.some((c) => c.key.startsWith('GET /leaveSystem/days') || c.key.startsWith('POST'))).toBe(false);
  });

  it('counts the days live, names the holidays left out, and applies with the count', async () => {
    const calls = cashierApi([
      [
        'GET /leaveSystem/days/2026-12-24/2026-12-29',
        [200, { days: 3, weekendDays: 2, excludedHolidays: [{ date: '2026-12-25', holiday: 'Christmas' }], message: 'Excluded 1 Public Holidays!!!' }],
      ],
      ['POST /leaveSystem', (call) => [200, leave({ leaveSystemId: 9, status: 'Submitted', ...(call.body as object) })]],
    ]);
    const { router } = openForm();
    await chooseType('Casual Leave');
    pick(/^Start Date/, '2026-12-24');
    pick(/^End Date/, '2026-12-29');
    await waitFor(() => expect(daysShown()).toHaveTextContent('3'));
    expect(screen.getByText('24/12/2026 to 29/12/2026; 2 weekend days not counted.')).toBeInTheDocument();
    expect(await screen.findByText(LEAVE_MESSAGES.excludedHolidays(1))).toBeInTheDocument();
    expect(screen.getByText(/25\/12\/2026 – Christmas/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Year-end trip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaveSystem'));
    expect(calls.find((c) => c.key === 'POST /leaveSystem')!.body).toEqual({
      leaveMasterId: 1,
      startDate: '2026-12-24',
      endDate: '2026-12-29',
      reason: 'Year-end trip',
      days: 3,
    });
    expect(router.state.location.state).toEqual({
      notice: 'Leave applied: 3 days of Casual Leave from 24/12/2026. Your manager will be told.',
    });
  });

  it('waits for a whole year while a date is typed, asking nothing about years like 0002', async () => {
    const calls = cashierApi([['GET /leaveSystem/days/2026-12-07/2026-12-08', [200, { days: 2, weekendDays: 0, excludedHolidays: [] }]]]);
    const { router } = openForm();
    await chooseType('Casual Leave');
    for (const year of ['2', '20', '202', '2026']) typeInto(/^Start Date/, `07/12/${year}`);
    for (const year of ['2', '20', '202', '2026']) typeInto(/^End Date/, `08/12/${year}`);
    // A year typed as 0002 is no date either: the field waits for a real one.
    typeInto(/^End Date/, '08/12/0002');
    typeInto(/^End Date/, '08/12/2026');
    await waitFor(() => expect(daysShown()).toHaveTextContent('2'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => /year=\d{1,3}\b|\/0\d{3}-/.test(c.key))).toEqual([]);
    expect(router.state.location.pathname).toBe('/leaveSystem/new');
  });

  it('refuses more days than the balance of the chosen type has left', async () => {
    const calls = cashierApi([['GET /leaveSystem/days/2026-12-01/2026-12-03', [200, { days: 3, weekendDays: 0, excludedHolidays: [] }]]], 2);
    openForm();
    await chooseType('Casual Leave');
    pick(/^Start Date/, '2026-12-01');
    pick(/^End Date/, '2026-12-03');
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAVE_MESSAGES.exceedsBalance(2));
    // Sick Leave still has 8 days.
    await chooseType('Sick Leave');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await chooseType('Casual Leave');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Leave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAVE_MESSAGES.exceedsBalance(2));
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('says the days are already applied for when they overlap another leave', async () => {
    cashierApi([
      ['GET /leaveSystem/days/2026-12-01/2026-12-01', [200, { days: 1, weekendDays: 0, excludedHolidays: [] }]],
      [`GET /leaveSystem/isExist/2026-12-01/2026-12-01/${CASHIER_ID}`, [200, true]],
    ]);
    openForm();
    await chooseType('Casual Leave');
    pick(/^Start Date/, '2026-12-01');
    pick(/^End Date/, '2026-12-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAVE_MESSAGES.overlap);
  });

  it('takes the server’s word on holidays the user cannot list', async () => {
    signInAs('CASHIER', ['LeaveEdit', 'LeaveList']);
    const calls = cashierApi([['GET /leaveSystem/days/2026-12-25/2026-12-28', [400, { message: LEAVE_MESSAGES.holiday }]]]);
    openForm();
    await chooseType('Casual Leave');
    pick(/^Start Date/, '2026-12-25');
    pick(/^End Date/, '2026-12-28');
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAVE_MESSAGES.holiday);
    expect(calls.some((c) => c.key.includes('Holidays'))).toBe(false);
  });

  it('shows the server’s refusal of the application on the form', async () => {
    cashierApi([
      ['GET /leaveSystem/days/2026-12-01/2026-12-01', [200, { days: 1, weekendDays: 0, excludedHolidays: [] }]],
      ['POST /leaveSystem', [400, { message: 'No manager is assigned to you. Ask HR to set your manager before applying for leave.' }]],
    ]);
    const { router } = openForm();
    await chooseType('Casual Leave');
    pick(/^Start Date/, '2026-12-01');
    pick(/^End Date/, '2026-12-01');
    await waitFor(() => expect(daysShown()).toHaveTextContent('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply Leave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No manager is assigned to you.');
    expect(router.state.location.pathname).toBe('/leaveSystem/new');
  });
});

describe('who may open the form', () => {
  it('does not offer Apply Leave to a role without LeaveEdit', async () => {
    signInAs('CASHIER', ['LeaveList']);
    const calls = serve([]);
    openForm();
    expect(await screen.findByText(/Your role does not include applying for leave/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Leave' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says before the form who decides the leave', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    cashierApi();
    openForm();
    expect(await screen.findByText('Your leave goes to manager@demo.shop for approval.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Start Date/)).toBeInTheDocument();
  });

  it.each([
    ['an ADMIN', 'ADMIN', null, LEAVE_MESSAGES.noApproverAccount],
    ['an owner with no manager', 'TENANT_MANAGER', null, LEAVE_MESSAGES.ownerWithoutManager],
    ['an employee with no manager', 'CASHIER', null, LEAVE_MESSAGES.noManager],
  ] as const)('tells %s before any form that they cannot apply, and why', async (_who, role, manager, message) => {
    // An ADMIN may be given LeaveEdit by a custom role; a manager to decide is still missing.
    signInAs(role, [...new Set([...featuresOf(role), 'LeaveEdit' as const])]);
    const calls = serve([[`GET /appUser/getManager/${CASHIER_ID}`, [200, manager]]]);
    openForm();
    expect(await screen.findByText(message, {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('You cannot apply for leave')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Start Date/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Leave' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /appUser/getManager'))).toHaveLength(role === 'ADMIN' ? 0 : 1);
  });

  it('sends an address that is not a leave to the error screen', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([]);
    const { router } = openForm('abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(router.state.location.state).toEqual({ message: 'Leave not found.' });
  });
});

describe('update, approve and view', () => {
  it('lets the employee change an open leave, counting its own days back into the balance', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    const own = leave({ leaveSystemId: 5, status: 'Submitted', startDate: '2026-12-01', endDate: '2026-12-02', days: 2 });
    const calls = cashierApi(
      [
        ['GET /leaveSystem/5', [200, own]],
        ['GET /leaveSystem/days/2026-12-02/2026-12-03', [200, { days: 2, weekendDays: 0, excludedHolidays: [] }]],
        ['PUT /leaveSystem/update/5', [200, own]],
      ],
      0,
    );
    const { router } = openForm('5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Leave' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Start Date/)).toHaveValue('01/12/2026');
    pick(/^Start Date/, '2026-12-02');
    pick(/^End Date/, '2026-12-03');
    await waitFor(() => expect(daysShown()).toHaveTextContent('2'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaveSystem'));
    expect(calls.find((c) => c.key === 'PUT /leaveSystem/update/5')!.body).toMatchObject({ startDate: '2026-12-02', endDate: '2026-12-03', days: 2 });
    // An update is not checked against its own days.
    expect(calls.some((c) => c.key.includes('isExist'))).toBe(false);
  });

  it('makes the manager give a reason before approving, then approves', async () => {
    signInAs('MANAGER', featuresOf('MANAGER'));
    const reportee = leave({ leaveSystemId: 7, status: 'Modified', reason: 'Wedding' });
    let approved = false;
    const calls = serve([
      // Once approved, the leave reads as Approved: the form must still take the manager back to the list.
      ['GET /leaveSystem/7', () => [200, approved ? { ...reportee, status: 'Approved' } : reportee]],
      [`GET /leaveSystem/balance/${CASHIER_ID}?year=2026`, [200, balances(6)]],
      ['PUT /leaveSystem/approve/7', () => ((approved = true), [200, { ...reportee, status: 'Approved' }])],
    ]);
    const { router } = openForm('7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Approve Leave' })).toBeInTheDocument();
    expect(screen.getByText('Wedding')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Casual Leave balance' })).toHaveTextContent('6 of 12 days left');

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(LEAVE_MESSAGES.reasonRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(LEAVE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Enjoy the wedding' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaveSystem'));
    expect(calls.find((c) => c.key === 'PUT /leaveSystem/approve/7')!.body).toEqual({ reason: 'Enjoy the wedding' });
  });

  it('rejects with the reason and shows a refusal from the server', async () => {
    signInAs('MANAGER', featuresOf('MANAGER'), MANAGER_ID);
    const reportee = leave({ leaveSystemId: 7, status: 'Submitted' });
    const calls = serve([
      ['GET /leaveSystem/7', [200, reportee]],
      [/^GET \/leaveSystem\/balance\//, [200, balances()]],
      ['PUT /leaveSystem/reject/7', [409, { message: 'This leave is Cancelled and can no longer be changed.' }]],
    ]);
    openForm('7');
    fireEvent.change(await screen.findByLabelText(/^Reason/), { target: { value: 'Stock taking that week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This leave is Cancelled and can no longer be changed.');
    expect(calls.find((c) => c.key === 'PUT /leaveSystem/reject/7')!.body).toEqual({ reason: 'Stock taking that week' });
  });

  it('only shows a decided leave, with the manager’s reason', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([['GET /leaveSystem/3', [200, leave({ leaveSystemId: 3, status: 'Rejected', decisionReason: 'Year-end stock taking' })]]]);
    openForm('3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave Details' })).toBeInTheDocument();
    expect(screen.getByText('Year-end stock taking')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Update|Approve|Reject/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Start Date/)).not.toBeInTheDocument();
  });
});
