import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visibleSections } from '../../frontend/src/features/dashboard/components/dashboard-tiles.js';
import CompanyHolidayFormScreen from '../../frontend/src/features/leave/routes/company-holiday-form.js';
import CompanyHolidaysScreen from '../../frontend/src/features/leave/routes/company-holidays.js';
import LeaveTypeFormScreen from '../../frontend/src/features/leave/routes/leave-type-form.js';
import LeaveTypesScreen from '../../frontend/src/features/leave/routes/leave-types.js';
import PublicHolidayFormScreen from '../../frontend/src/features/leave/routes/public-holiday-form.js';
import PublicHolidaysScreen from '../../frontend/src/features/leave/routes/public-holidays.js';
import { clearSession } from '../../frontend/src/lib/session.js';
import { defaultRoles } from '../../shared/roles.js';
import { HOLIDAY_MESSAGES } from '../../shared/schemas/holiday.js';
import { LEAVE_TYPE_MESSAGES } from '../../shared/schemas/leave.js';
import { renderScreen, serve, signInAs, types, type Answer } from './leave-fixtures.js';

const featuresOf = (role: string) => defaultRoles.find((r) => r.name === role)!.features;

const publicHolidays = [
  { publicHolidayId: 1, date: '2026-01-26', holiday: 'Republic Day' },
  { publicHolidayId: 2, date: '2026-08-15', holiday: 'Independence Day' },
  { publicHolidayId: 3, date: '2026-10-02', holiday: 'Gandhi Jayanti' },
  { publicHolidayId: 4, date: '2026-11-08', holiday: 'Diwali' },
  { publicHolidayId: 5, date: '2026-12-25', holiday: 'Christmas' },
  { publicHolidayId: 6, date: '2026-12-31', holiday: 'New Year’s Eve' },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  clearSession();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('public and company holidays', () => {
  it('lists a year’s holidays by date in pages of 5, with Add, Edit and Delete for HR', async () => {
    signInAs('HR', featuresOf('HR'));
    const calls = serve([
      ['GET /publicHolidays?year=2026', [200, publicHolidays]],
      ['GET /publicHolidays?year=2027', [200, [{ publicHolidayId: 9, date: '2027-01-26', holiday: 'Republic Day' }]]],
    ]);
    renderScreen(<PublicHolidaysScreen />, { path: '/publicHolidays' });
    expect(await screen.findByText('Diwali')).toBeInTheDocument();
    expect(within(rowOf('Diwali')).getByText('Sunday')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–5 of 6')).toBeInTheDocument();
    expect(screen.queryByText('New Year’s Eve')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Public Holiday' })).toHaveAttribute('href', '/publicHolidays/new');
    expect(screen.getByRole('link', { name: 'Edit Diwali on 08/11/2026' })).toHaveAttribute('href', '/publicHolidays/4');
    expect(screen.getByRole('button', { name: 'Delete Diwali on 08/11/2026' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('New Year’s Eve')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2027' } });
    expect(await screen.findByText('26/01/2027')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET /publicHolidays?year=2027');
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('shows a cashier the list only', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([['GET /companyHolidays?year=2026', [200, [{ companyHolidayId: 1, date: '2026-11-01', holiday: 'Kannada Rajyotsava' }]]]]);
    renderScreen(<CompanyHolidaysScreen />, { path: '/companyHolidays' });
    expect(await screen.findByText('Kannada Rajyotsava')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Company Holidays' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add|Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('takes a deleted holiday out at once and puts it back with a message when the server refuses', async () => {
    signInAs('HR', featuresOf('HR'));
    let answer: (value: Answer) => void = () => undefined;
    const calls = serve([
      ['GET /publicHolidays?year=2026', [200, publicHolidays.slice(0, 5)]],
      ['DELETE /publicHolidays/4', () => new Promise<Answer>((resolve) => (answer = resolve))],
    ]);
    renderScreen(<PublicHolidaysScreen />, { path: '/publicHolidays' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Diwali on 08/11/2026' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete public holiday' });
    expect(asked).toHaveTextContent('Delete Diwali on 08/11/2026? Leave already applied keeps its day count.');
    fireEvent.click(within(asked).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    expect(screen.getByText('Diwali')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Diwali on 08/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete public holiday' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Diwali')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual(['DELETE /publicHolidays/4']);

    answer([500, { message: 'The table is busy. Please try again.' }]);
    expect(await screen.findByText('Diwali on 08/11/2026 could not be deleted: The table is busy. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Diwali')).toBeInTheDocument();
  });

  it('keeps a deleted holiday out once the server agrees', async () => {
    signInAs('HR', featuresOf('HR'));
    let deleted = false;
    const calls = serve([
      ['GET /companyHolidays?year=2026', () => [200, deleted ? [] : [{ companyHolidayId: 3, date: '2026-12-31', holiday: 'Stock taking' }]]],
      ['DELETE /companyHolidays/3', () => ((deleted = true), [200, { companyHolidayId: 3, date: '2026-12-31', holiday: 'Stock taking' }])],
    ]);
    renderScreen(<CompanyHolidaysScreen />, { path: '/companyHolidays' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Stock taking on 31/12/2026' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No company holidays in 2026.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'DELETE /companyHolidays/3')).toHaveLength(1);
  });

  it('adds a holiday after checking the fields, and shows the server’s refusal', async () => {
    signInAs('HR', featuresOf('HR'));
    let taken = true;
    const calls = serve([
      ['POST /publicHolidays', (call) => (taken ? [409, { message: HOLIDAY_MESSAGES.exists }] : [200, { publicHolidayId: 7, ...(call.body as object) }])],
    ]);
    const { router } = renderScreen(<PublicHolidayFormScreen />, { path: '/publicHolidays/:id', url: '/publicHolidays/new', elsewhere: ['/publicHolidays'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText(HOLIDAY_MESSAGES.dateRequired)).toBeInTheDocument();
    expect(screen.getByText(HOLIDAY_MESSAGES.nameRequired)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '22/03/2027' } });
    fireEvent.change(screen.getByLabelText(/^Holiday Name/), { target: { value: ' Holi ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(HOLIDAY_MESSAGES.exists);

    taken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publicHolidays'));
    expect(router.state.location.search).toBe('?year=2027');
    expect(router.state.location.state).toEqual({ notice: 'Added Holi on 22/03/2027 (Monday).' });
    expect(calls.filter((c) => c.key === 'POST /publicHolidays').at(-1)!.body).toEqual({ date: '2027-03-22', holiday: 'Holi' });
  });

  it('edits a company holiday through its own routes', async () => {
    signInAs('HR', featuresOf('HR'));
    const calls = serve([
      ['GET /companyHolidays/3', [200, { companyHolidayId: 3, date: '2026-12-31', holiday: 'Stock taking' }]],
      ['PUT /companyHolidays/3', (call) => [200, { companyHolidayId: 3, ...(call.body as object) }]],
    ]);
    const { router } = renderScreen(<CompanyHolidayFormScreen />, { path: '/companyHolidays/:id', url: '/companyHolidays/3', elsewhere: ['/companyHolidays'] });
    expect(await screen.findByLabelText(/^Holiday Name/)).toHaveValue('Stock taking');
    fireEvent.change(screen.getByLabelText(/^Holiday Name/), { target: { value: 'Year-end stock taking' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companyHolidays'));
    expect(calls.find((c) => c.key === 'PUT /companyHolidays/3')!.body).toEqual({ date: '2026-12-31', holiday: 'Year-end stock taking' });
  });

  it('tells a user without the edit feature that the form is not theirs', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([]);
    renderScreen(<PublicHolidayFormScreen />, { path: '/publicHolidays/:id', url: '/publicHolidays/new' });
    expect(await screen.findByText(/Your role does not include changing public holidays/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});

describe('leave types', () => {
  it('lists the types with their yearly days; only LeaveDelete may change them', async () => {
    signInAs('HR', featuresOf('HR'));
    serve([['GET /leaveMaster', [200, types]]]);
    renderScreen(<LeaveTypesScreen />, { path: '/leaveMaster' });
    expect(await screen.findByText('Casual Leave')).toBeInTheDocument();
    expect(within(rowOf('Casual Leave')).getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Leave Type' })).toHaveAttribute('href', '/leaveMaster/new');
    expect(screen.getByRole('link', { name: 'Edit Sick Leave' })).toHaveAttribute('href', '/leaveMaster/2');
  });

  it('shows the cashier the list without changes', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([['GET /leaveMaster', [200, types]]]);
    renderScreen(<LeaveTypesScreen />, { path: '/leaveMaster' });
    expect(await screen.findByText('Casual Leave')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add|Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('checks the name and days, then saves', async () => {
    signInAs('HR', featuresOf('HR'));
    const calls = serve([
      ['POST /leaveMaster', (call) => [200, { leaveMasterId: 3, ...(call.body as object) }]],
    ]);
    const { router } = renderScreen(<LeaveTypeFormScreen />, { path: '/leaveMaster/:id', url: '/leaveMaster/new', elsewhere: ['/leaveMaster'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText(LEAVE_TYPE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAVE_TYPE_MESSAGES.allowance)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Leave Type/), { target: { value: 'Maternity Leave' } });
    fireEvent.change(screen.getByLabelText(/^Days per Year/), { target: { value: '26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaveMaster'));
    expect(calls.find((c) => c.key === 'POST /leaveMaster')!.body).toEqual({ leaveType: 'Maternity Leave', allowance: 26 });
    expect(router.state.location.state).toEqual({ notice: 'Added Maternity Leave: 26 days per year.' });
  });

  it('puts a type back with a message when its delete fails', async () => {
    signInAs('HR', featuresOf('HR'));
    serve([
      ['GET /leaveMaster', [200, types]],
      ['DELETE /leaveMaster/2', [404, { message: LEAVE_TYPE_MESSAGES.notFound }]],
    ]);
    renderScreen(<LeaveTypesScreen />, { path: '/leaveMaster' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sick Leave' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Sick Leave could not be deleted: ${LEAVE_TYPE_MESSAGES.notFound}`)).toBeInTheDocument();
    expect(screen.getByText('Sick Leave')).toBeInTheDocument();
  });
});

describe('dashboard links to these screens', () => {
  it('sends HR to leave types, public holidays and company holidays', () => {
    const links = visibleSections(featuresOf('HR'), 1)
      .flatMap((s) => s.tiles)
      .flatMap((t) => t.links);
    expect(links).toEqual(
      expect.arrayContaining([
        { label: 'Leave Types', to: '/leaveMaster' },
        { label: 'Public Holidays', to: '/publicHolidays' },
        { label: 'Add Public Holiday', to: '/publicHolidays/new' },
        { label: 'Company Holidays', to: '/companyHolidays' },
        { label: 'Add Company Holiday', to: '/companyHolidays/new' },
      ]),
    );
  });
});
