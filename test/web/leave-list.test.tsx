import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LeaveListScreen from '../../frontend/src/features/leave/routes/leave-list.js';
import { clearSession } from '../../frontend/src/lib/session.js';
import { defaultRoles } from '../../shared/roles.js';
import { balances, CASHIER_ID, leave, MANAGER_ID, renderScreen, serve, signInAs, types } from './leave-fixtures.js';

const featuresOf = (role: string) => defaultRoles.find((r) => r.name === role)!.features;

const ownLeaves = [
  leave({ leaveSystemId: 1, status: 'Submitted', leaveType: 'Casual Leave', startDate: '2026-12-01', endDate: '2026-12-02' }),
  leave({ leaveSystemId: 2, status: 'Approved', leaveType: 'Sick Leave', startDate: '2026-11-25', endDate: '2026-11-25', days: 1, decisionReason: 'Take care' }),
  leave({ leaveSystemId: 3, status: 'Rejected', startDate: '2026-12-10', endDate: '2026-12-11' }),
  leave({ leaveSystemId: 4, status: 'Cancelled', startDate: '2026-12-14', endDate: '2026-12-14', days: 1 }),
];

const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;
const buttonsIn = (row: HTMLElement) => [...row.querySelectorAll('a, button')].map((b) => b.textContent);

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

// The first render of a file pays for loading Mantine and the screen; under a full parallel run that can pass 5 s.
describe('leave list', () => {
  it('shows an employee Your Leaves with the balance, and per row only the actions the status allows', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([
      ['GET /leaveMaster', [200, types]],
      [`GET /leaveSystem/employee/${CASHIER_ID}?page=0&size=5`, [200, ownLeaves]],
      [`GET /leaveSystem/employee/count/${CASHIER_ID}`, [200, 4]],
      [/^GET \/leaveSystem\/balance\/12\?year=\d+$/, [200, balances(8)]],
    ]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });

    expect(screen.getByRole('heading', { level: 1, name: 'Your Leaves' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Casual Leave balance' })).toHaveTextContent('8 of 12 days left');
    await screen.findByText('01/12/2026');
    // Not a manager: no view switch.
    expect(screen.queryByText('MANAGER')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply Leave' })).toHaveAttribute('href', '/leaveSystem/new');

    expect(buttonsIn(rowOf('01/12/2026'))).toEqual(['Update', 'Cancel']);
    expect(within(rowOf('01/12/2026')).getByRole('link', { name: 'Update Casual Leave from 01/12/2026' })).toHaveAttribute('href', '/leaveSystem/1');
    expect(buttonsIn(rowOf('25/11/2026'))).toEqual(['View']);
    expect(within(rowOf('25/11/2026')).getByText('Manager: Take care')).toBeInTheDocument();
    expect(buttonsIn(rowOf('10/12/2026'))).toEqual(['View']);
    expect(buttonsIn(rowOf('14/12/2026'))).toEqual([]);
    expect(screen.getByText('Showing 1–4 of 4')).toBeInTheDocument();
  });

  it('filters by leave type from the first page and pages by 5 from 1', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    const calls = serve([
      ['GET /leaveMaster', [200, types]],
      [/^GET \/leaveSystem\/employee\/12\?/, [200, ownLeaves.slice(0, 1)]],
      [/^GET \/leaveSystem\/employee\/count\/12/, (call) => [200, call.key.includes('leaveMasterId') ? 1 : 7]],
      [/^GET \/leaveSystem\/balance/, [200, balances()]],
    ]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });
    await screen.findByText('Showing 1–5 of 7');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(`GET /leaveSystem/employee/${CASHIER_ID}?page=1&size=5`));

    await screen.findByRole('option', { name: 'Sick Leave' });
    fireEvent.change(screen.getByLabelText('Leave Type'), { target: { value: '2' } });
    await waitFor(() =>
      expect(calls.map((c) => c.key)).toContain(`GET /leaveSystem/employee/${CASHIER_ID}?page=0&size=5&leaveMasterId=2`),
    );
    expect(calls.map((c) => c.key)).toContain(`GET /leaveSystem/employee/count/${CASHIER_ID}?leaveMasterId=2`);
    await screen.findByText('Showing 1–1 of 1');
  });

  it('remembers the manager’s MANAGER view: Reportees Leaves, Approve per open leave, no new application', async () => {
    signInAs('MANAGER', featuresOf('MANAGER'));
    localStorage.setItem('shopdesk.leaveView', 'MANAGER');
    const calls = serve([
      ['GET /leaveMaster', [200, types]],
      [`GET /leaveSystem/manager/${MANAGER_ID}?page=0&size=5`, [200, ownLeaves]],
      [`GET /leaveSystem/manager/count/${MANAGER_ID}`, [200, 4]],
      [`GET /leaveSystem/employee/${MANAGER_ID}?page=0&size=5`, [200, []]],
      [`GET /leaveSystem/employee/count/${MANAGER_ID}`, [200, 0]],
      [/^GET \/leaveSystem\/balance/, [200, balances()]],
    ]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });

    expect(screen.getByRole('heading', { level: 1, name: 'Reportees Leaves' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply Leave' })).toBeDisabled();
    await screen.findByText('01/12/2026');
    expect(within(rowOf('01/12/2026')).getByText('cashier@demo.shop')).toBeInTheDocument();
    expect(buttonsIn(rowOf('01/12/2026'))).toEqual(['Approve']);
    expect(buttonsIn(rowOf('25/11/2026'))).toEqual(['View']);
    expect(buttonsIn(rowOf('14/12/2026'))).toEqual([]);
    // The manager view shows no balance of the manager's own.
    expect(screen.queryByRole('group', { name: 'Casual Leave balance' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('EMPLOYEE'));
    expect(screen.getByRole('heading', { level: 1, name: 'Your Leaves' })).toBeInTheDocument();
    expect(localStorage.getItem('shopdesk.leaveView')).toBe('EMPLOYEE');
    expect(screen.getByRole('link', { name: 'Apply Leave' })).toBeInTheDocument();
    await screen.findByText('You have not applied for leave yet.');
    expect(calls.map((c) => c.key)).toContain(`GET /leaveSystem/employee/${MANAGER_ID}?page=0&size=5`);
  });

  it('gives a non-manager the EMPLOYEE view whatever the browser remembers', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    localStorage.setItem('shopdesk.leaveView', 'MANAGER');
    const calls = serve([[/^GET /, [200, []]]]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Leaves' })).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(2));
    expect(calls.some((c) => c.key.includes('/manager/'))).toBe(false);
  });

  it('hides Apply Leave, Update and Cancel without LeaveEdit', async () => {
    signInAs('CASHIER', ['LeaveList']);
    serve([
      ['GET /leaveMaster', [200, types]],
      [/^GET \/leaveSystem\/employee\/12\?/, [200, ownLeaves]],
      [/^GET \/leaveSystem\/employee\/count\/12/, [200, 4]],
      [/^GET \/leaveSystem\/balance/, [200, balances()]],
    ]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });
    await screen.findByText('01/12/2026');
    expect(screen.queryByRole('link', { name: 'Apply Leave' })).not.toBeInTheDocument();
    expect(buttonsIn(rowOf('01/12/2026'))).toEqual(['View']);
  });

  it('tells a user without LeaveList that the list is not theirs, without calling the server', async () => {
    signInAs('CASHIER', ['PurchaseList']);
    const calls = serve([]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });
    expect(await screen.findByText(/Your role does not include the leave list/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('cancels after asking, and says why when the server refuses', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    let cancelled = false;
    const calls = serve([
      ['GET /leaveMaster', [200, types]],
      [/^GET \/leaveSystem\/employee\/12\?/, () => [200, cancelled ? [{ ...ownLeaves[0]!, status: 'Cancelled' }] : ownLeaves.slice(0, 1)]],
      [/^GET \/leaveSystem\/employee\/count\/12/, [200, 1]],
      [/^GET \/leaveSystem\/balance/, [200, balances()]],
      ['PUT /leaveSystem/cancel/1', () => ((cancelled = true), [200, { ...ownLeaves[0]!, status: 'Cancelled' }])],
    ]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Casual Leave from 01/12/2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel your Casual Leave from 01/12/2026 to 02/12/2026? Its 2 days go back to your balance.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel leave' }));
    await waitFor(() => expect(buttonsIn(rowOf('01/12/2026'))).toEqual([]));
    expect(within(rowOf('01/12/2026')).getByText('Cancelled')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PUT /leaveSystem/cancel/1')).toHaveLength(1);
  });

  it('shows the server’s refusal of a cancellation in a message', async () => {
    signInAs('CASHIER', featuresOf('CASHIER'));
    serve([
      ['GET /leaveMaster', [200, types]],
      [/^GET \/leaveSystem\/employee\/12\?/, [200, ownLeaves.slice(0, 1)]],
      [/^GET \/leaveSystem\/employee\/count\/12/, [200, 1]],
      [/^GET \/leaveSystem\/balance/, [200, balances()]],
      ['PUT /leaveSystem/cancel/1', [409, { message: 'This leave is Approved and can no longer be changed.' }]],
    ]);
    renderScreen(<LeaveListScreen />, { path: '/leaveSystem' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Casual Leave from 01/12/2026' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel leave' }));
    expect(await screen.findByText('This leave is Approved and can no longer be changed.')).toBeInTheDocument();
  });
});
