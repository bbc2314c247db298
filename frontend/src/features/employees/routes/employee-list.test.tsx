import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_ID, HR_ID, MANAGER_ID, employee, renderScreen, serve, signInWith, type Call } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import EmployeeListScreen from './employee-list.js';

const staff = Array.from({ length: 7 }, (_, i) => employee({ appUserId: 20 + i, userName: `staff${i + 1}@demo.shop` }));
const team = [employee({ appUserId: CASHIER_ID, userName: 'cashier@demo.shop' })];

const page = (rows: typeof staff, call: Call) => {
  const p = Number(/page=(\d+)/.exec(call.key)?.[1] ?? 0);
  return rows.slice(p * 5, p * 5 + 5);
};

const openList = () => renderScreen(<EmployeeListScreen />, { path: '/user', elsewhere: ['/user/:id', '/userView/:id', '/home'] });

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('employee list', () => {
  it('shows HR the Org Employees in pages of 5 and their HR-scoped people under Direct', async () => {
    signInWith('hr@demo.shop', HR_ID, ['HR']);
    const calls = serve([
      [/^GET \/appUser\/all\?/, (call) => [200, page(staff, call)]],
      ['GET /appUser/allCount', [200, staff.length]],
      [new RegExp(`^GET /appUser/hr/userList/${HR_ID}\\?`), [200, team]],
      [`GET /appUser/hr/userCount/${HR_ID}`, [200, 1]],
    ]);
    const user = userEvent.setup({ delay: null });
    openList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Org Employees' })).toBeInTheDocument();
    expect(await screen.findByText('staff5@demo.shop')).toBeInTheDocument();
    expect(screen.queryByText('staff6@demo.shop')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('staff7@demo.shop')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /appUser/all?page=1&size=5')).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: /^Show/ }), 'Direct');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting Employees' })).toBeInTheDocument();
    expect(await screen.findByText('cashier@demo.shop')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET /appUser/hr/userList/${HR_ID}?page=0&size=5`)).toBe(true);
    // HR's default features: every action.
    const row = screen.getByText('cashier@demo.shop').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Edit cashier@demo.shop' })).toHaveAttribute('href', `/user/${CASHIER_ID}`);
    expect(within(row).getByRole('link', { name: 'View cashier@demo.shop' })).toHaveAttribute('href', `/userView/${CASHIER_ID}`);
    expect(within(row).getByRole('button', { name: 'Delete cashier@demo.shop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Employee' })).toHaveAttribute('href', '/user/new');
  });

  it('gives a manager Reporting Employees with All disabled, searched by user name, and only their buttons', async () => {
    signInWith('manager@demo.shop', MANAGER_ID, ['MANAGER']);
    const calls = serve([
      [new RegExp(`^GET /appUser/manager/userList/${MANAGER_ID}\\?`), [200, team]],
      [`GET /appUser/manager/userCount/${MANAGER_ID}`, [200, 1]],
      [new RegExp(`^GET /appUser/manager/searchList/${MANAGER_ID}/cash\\?`), [200, team]],
      [`GET /appUser/manager/searchCount/${MANAGER_ID}/cash`, [200, 1]],
    ]);
    const user = userEvent.setup({ delay: null });
    openList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting Employees' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All' })).toBeDisabled();
    expect(await screen.findByText('cashier@demo.shop')).toBeInTheDocument();
    // MANAGER holds EmployeeView and EmployeeList only.
    expect(screen.queryByRole('link', { name: 'Create Employee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cashier@demo.shop' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Search text should not be empty!')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search by user name' }), 'cash');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.key === `GET /appUser/manager/searchList/${MANAGER_ID}/cash?page=0&size=5`)).toBe(true));
    expect(calls.some((c) => c.key.startsWith('GET /appUser/all'))).toBe(false);
  });

  it('removes a deleted employee at once and brings them back with the server’s reason when it refuses', async () => {
    signInWith('hr@demo.shop', HR_ID, ['HR']);
    let refuse: (answer: [number, unknown]) => void = () => undefined;
    serve([
      [/^GET \/appUser\/all\?/, (call) => [200, page(staff, call)]],
      ['GET /appUser/allCount', [200, staff.length]],
      ['DELETE /appUser/21', () => new Promise((resolve) => (refuse = resolve))],
    ]);
    const user = userEvent.setup({ delay: null });
    openList();
    await user.click(await screen.findByRole('button', { name: 'Delete staff2@demo.shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete employee' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('staff2@demo.shop')).not.toBeInTheDocument());

    refuse([409, { message: '2 employee(s) report to staff2@demo.shop. Move them to another manager first.' }]);
    expect(await screen.findByRole('dialog', { name: 'Message' })).toHaveTextContent(
      'staff2@demo.shop could not be deleted: 2 employee(s) report to staff2@demo.shop. Move them to another manager first.',
    );
    expect(await screen.findByText('staff2@demo.shop')).toBeInTheDocument();
  });
});
