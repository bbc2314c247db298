import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopDay } from '../../../../../shared/bill.js';
import { formatDate } from '../../../../../shared/format.js';
import type { Expense } from '../../../../../shared/schemas/expense.js';
import { OWNER_ID, renderScreen, serve, signInWith } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import ExpenseFormScreen from './expense-form.js';
import ExpenseListScreen from './expense-list.js';

const today = shopDay(new Date());
const [year, month] = today.split('-').map(Number) as [number, number];
const earlier = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };

const rent: Expense = { expenseId: 7, expenseName: 'Shop rent', paymentMode: 'Online', expenseDate: today, expenseAmount: 15000, version: 1 };
const tea: Expense = { expenseId: 8, expenseName: 'Tea', paymentMode: 'Cash', expenseDate: today, expenseAmount: 180, version: 1 };

beforeEach(() => {
  clearSession();
  signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
});
afterEach(() => vi.unstubAllGlobals());

const serveMonth = (m: { month: number; year: number }, rows: Expense[]) =>
  serve([
    [`GET /expense/count/${m.month}/${m.year}`, [200, rows.length]],
    [`GET /expense/${m.month}/${m.year}?page=0&size=5`, [200, rows]],
    [`GET /expense/sum/${m.month}/${m.year}`, [200, { month: m.month, year: m.year, expenseAmount: 15180, cash: 180, online: 15000, count: rows.length }]],
  ]);

describe('expense list', () => {
  it('shows the month with its total, and Delete only while the month is the current one', async () => {
    serveMonth({ month, year }, [rent, tea]);
    renderScreen(<ExpenseListScreen />, { path: '/expense', elsewhere: ['/home', '/expense/:id'] });
    // Until the total arrives no figure is shown, so a zero is never mistaken for the month's total.
    expect(await screen.findByLabelText('Expense total')).not.toHaveTextContent('₹');
    expect(await screen.findByText('Shop rent')).toBeInTheDocument();
    expect(await screen.findByLabelText('Expense total')).toHaveTextContent('₹15,180.00');
    expect(screen.getByRole('button', { name: 'Delete Shop rent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Tea' })).toHaveAttribute('href', '/expense/8');
  });

  it('offers Edit but not Delete in an earlier month, and says why', async () => {
    const old = { ...rent, expenseDate: `${earlier.year}-${String(earlier.month).padStart(2, '0')}-05` };
    serveMonth(earlier, [old]);
    renderScreen(<ExpenseListScreen />, { path: '/expense', url: `/expense?month=${earlier.month}&year=${earlier.year}`, elsewhere: ['/home'] });
    expect(await screen.findByText('Shop rent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Shop rent' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Shop rent' })).toBeInTheDocument();
    expect(screen.getByText('Expenses can be deleted only in the current month.')).toBeInTheDocument();
  });

  it('offers the year as financial years, April to March, and keeps a calendar month in the address', async () => {
    // February of last calendar year belongs to the financial year that started the April before it.
    const feb = { month: 2, year: year - 1 };
    const fy = `FY ${year - 2}-${String((year - 1) % 100).padStart(2, '0')}`;
    const old = [{ ...rent, expenseDate: `${feb.year}-02-05` }];
    serve([
      [`GET /expense/count/2/${feb.year}`, [200, 1]],
      [`GET /expense/2/${feb.year}?page=0&size=5`, [200, old]],
      [`GET /expense/sum/2/${feb.year}`, [200, { month: 2, year: feb.year, expenseAmount: 15000, cash: 0, online: 15000, count: 1 }]],
      [`GET /expense/count/4/${year - 2}`, [200, 0]],
      [`GET /expense/4/${year - 2}?page=0&size=5`, [200, []]],
      [`GET /expense/sum/4/${year - 2}`, [200, { month: 4, year: year - 2, expenseAmount: 0, cash: 0, online: 0, count: 0 }]],
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderScreen(<ExpenseListScreen />, { path: '/expense', url: `/expense?month=2&year=${feb.year}`, elsewhere: ['/home'] });
    expect(await screen.findByText('Shop rent')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Year')[0]).toHaveValue(fy);
    await user.click(screen.getAllByLabelText('Month')[0]!);
    const months = await screen.findAllByRole('option');
    expect(months.map((o) => o.textContent)).toEqual(['April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'January', 'February', 'March']);
    await user.click(screen.getByRole('option', { name: 'April' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?month=4&year=${year - 2}`));
  });

  it('says when a search matches 1,000 or more expenses, and the note goes once the text narrows them', async () => {
    serve([
      [`GET /expense/count/${month}/${year}`, [200, 2]],
      [`GET /expense/${month}/${year}?page=0&size=5`, [200, [rent, tea]]],
      [`GET /expense/sum/${month}/${year}`, [200, { month, year, expenseAmount: 15180, cash: 180, online: 15000, count: 2 }]],
      // A one-letter search of a busy month: the server counts matches up to 1,000.
      [`GET /expense/count/${month}/${year}/t`, [200, 1000]],
      [/^GET \/expense\/\d+\/\d+\/t\?/, [200, [tea]]],
      [`GET /expense/all/${month}/${year}/t`, [200, [tea]]],
      [`GET /expense/count/${month}/${year}/tea`, [200, 1]],
      [/^GET \/expense\/\d+\/\d+\/tea\?/, [200, [tea]]],
      [`GET /expense/all/${month}/${year}/tea`, [200, [tea]]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<ExpenseListScreen />, { path: '/expense', elsewhere: ['/home', '/expense/:id'] });
    const box = await screen.findByRole('textbox', { name: 'Search by expense name' });
    await user.type(box, 't{Enter}');
    expect(await screen.findByText(/1,000 or more expenses match “t”: the first 1,000 are listed. Type more of the name/)).toBeInTheDocument();
    await user.type(box, 'ea{Enter}');
    await waitFor(() => expect(screen.queryByText(/or more expenses/)).not.toBeInTheDocument());
  });

  it('asks before deleting and puts the row back with the server’s reason when refused', async () => {
    const calls = serve([
      [`GET /expense/count/${month}/${year}`, [200, 2]],
      [`GET /expense/${month}/${year}?page=0&size=5`, [200, [rent, tea]]],
      [`GET /expense/sum/${month}/${year}`, [200, { month, year, expenseAmount: 15180, cash: 180, online: 15000, count: 2 }]],
      ['DELETE /expense/8', [400, { message: 'Expenses can be deleted only in the current month.' }]],
    ]);
    const deletes = () => calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key);
    const user = userEvent.setup({ delay: null });
    renderScreen(<ExpenseListScreen />, { path: '/expense', elsewhere: ['/home'] });
    await user.click(await screen.findByRole('button', { name: 'Delete Tea' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete expense' });
    expect(within(asked).getByText(`Delete Tea of ${formatDate(today)} (₹180.00)?`)).toBeInTheDocument();
    await user.click(within(asked).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Tea' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete expense' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Message' })).toHaveTextContent(
      'Tea could not be deleted: Expenses can be deleted only in the current month.',
    );
    expect(deletes()).toEqual(['DELETE /expense/8']);
    expect(await screen.findByText('Tea')).toBeInTheDocument();
  });
});

describe('expense form', () => {
  it('checks the fields as the server does, then saves whole rupees and returns to the month with a notice', async () => {
    const calls = serve([['POST /expense/save', (call) => [200, { ...tea, ...(call.body as object), expenseId: 9, expenseAmount: 450 }]]]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderScreen(<ExpenseFormScreen />, { path: '/expense/:id', url: '/expense/new', elsewhere: ['/expense'] });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expense Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Expense Amount is required.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Expense Name/ }), 'Water cans');
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the Amount in whole rupees!!!')).toBeInTheDocument();

    // A negative whole number breaks the amount rule, not the whole-rupees one.
    await user.clear(screen.getByRole('textbox', { name: /^Amount/ }));
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expense Amount should be more than 0.')).toBeInTheDocument();
    expect(screen.queryByText('Enter the Amount in whole rupees!!!')).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /^Amount/ }));
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '450');
    await user.click(screen.getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('page /expense');
    expect(calls.find((c) => c.key === 'POST /expense/save')?.body).toEqual({ expenseName: 'Water cans', paymentMode: 'Online', expenseDate: today, expenseAmount: 450 });
    expect(router.state.location.search).toBe(`?month=${month}&year=${year}`);
    expect(router.state.location.state).toEqual({ notice: 'Added Water cans (₹450.00).' });
  });

  it('keeps a refusal of the server on the form', async () => {
    serve([
      ['GET /expense/8', [200, tea]],
      ['PUT /expense/8', [409, { message: 'This record was changed by someone else. Please reload it and try again.' }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<ExpenseFormScreen />, { path: '/expense/:id', url: '/expense/8', elsewhere: ['/expense'] });
    expect(await screen.findByRole('textbox', { name: /^Amount/ })).toHaveValue('180');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This record was changed by someone else. Please reload it and try again.');
  });
});
