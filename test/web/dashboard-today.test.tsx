import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allFeatures } from '../../shared/features.js';
import { defaultRoles } from '../../shared/roles.js';
import { shopDay } from '../../shared/format.js';
import HomeScreen from '../../frontend/src/features/dashboard/routes/home.js';
import { clearSession } from '../../frontend/src/lib/session.js';
import { renderScreen, serve, signInAs } from './leave-fixtures.js';

const today = shopDay(new Date());
const cashier = defaultRoles.find((r) => r.name === 'CASHIER')!.features;

/** The day's figures as GET /purchase/todayTotals answers them (shared/figures.ts, rupees). */
const dayTotals = (byMethod?: object) => ({
  date: today,
  bills: 4,
  rows: 5,
  orderQuantity: 7,
  returnQuantity: 1,
  price: 2450,
  billed: 2450,
  returned: 150,
  figures: {
    bills: { cash: 2, online: 2, total: 4 },
    units: { sold: 7, returned: 1, net: 6 },
    goodsBilled: 2450,
    pointsRedeemed: 0,
    sold: { cash: 1000, online: 1450, total: 2450 },
    returns: { cash: 150, online: 0, total: 150 },
    returnCount: 1,
    returnedGoods: 150,
    netSold: { cash: 850, online: 1450, total: 2300 },
    cost: { billed: 1800, returned: 100, net: 1700 },
    ...(byMethod ? { byMethod } : {}),
  },
});

const methods = (cash: number, upi: number, card: number, otherOnline: number) => ({ cash, upi, card, otherOnline, total: cash + upi + card + otherOnline });

function rowOf(table: HTMLElement, method: string) {
  const row = within(table).getByRole('row', { name: new RegExp(`^${method} `) });
  return within(row).getAllByRole('cell').map((c) => c.textContent);
}

describe('dashboard: today by method', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the owner today’s sold, returns, net sold and takings by method from the day’s figures', async () => {
    const answer = dayTotals({ sold: methods(1000, 900, 400, 150), returns: methods(150, 0, 0, 0), netSold: methods(850, 900, 400, 150) });
    const api = serve([[`GET /purchase/todayTotals/${today}`, [200, answer]]]);
    signInAs('ADMIN', [...allFeatures]);
    renderScreen(<HomeScreen />, { path: '/home' });
    const card = await screen.findByRole('region', { name: "Today's figures" });
    expect(within(card).getByLabelText('Sold')).toHaveTextContent('2,450');
    expect(within(card).getByLabelText('Returns')).toHaveTextContent('150');
    expect(within(card).getByLabelText('Net sold')).toHaveTextContent('2,300');
    const table = within(card).getByRole('table', { name: "Today's takings by method" });
    expect(rowOf(table, 'Cash')).toEqual(['Cash', '₹1,000.00', '₹150.00', '₹850.00']);
    expect(rowOf(table, 'UPI')).toEqual(['UPI', '₹900.00', '₹0.00', '₹900.00']);
    expect(rowOf(table, 'Card')).toEqual(['Card', '₹400.00', '₹0.00', '₹400.00']);
    expect(rowOf(table, 'Other online')).toEqual(['Other online', '₹150.00', '₹0.00', '₹150.00']);
    expect(api.filter((c) => c.key.startsWith('GET /purchase/todayTotals/'))).toHaveLength(1);
  });

  it('counts all online money as other online when the day had no UPI or card', async () => {
    serve([[`GET /purchase/todayTotals/${today}`, [200, dayTotals()]]]);
    signInAs('MANAGER', ['MonthlyPurchaseList', 'PurchaseList']);
    renderScreen(<HomeScreen />, { path: '/home' });
    const table = await screen.findByRole('table', { name: "Today's takings by method" });
    expect(rowOf(table, 'Cash')).toEqual(['Cash', '₹1,000.00', '₹150.00', '₹850.00']);
    expect(rowOf(table, 'UPI')).toEqual(['UPI', '₹0.00', '₹0.00', '₹0.00']);
    expect(rowOf(table, 'Other online')).toEqual(['Other online', '₹1,450.00', '₹0.00', '₹1,450.00']);
  });

  it('shows the new credit given and the dues collected, the dues in the takings by method beside the net sold', async () => {
    const answer = dayTotals();
    const onAccount = { sold: 800, returns: 0, net: 800, duesCollected: 250, duesCash: 150, dues: methods(150, 100, 0, 0), writtenOff: 0 };
    serve([[`GET /purchase/todayTotals/${today}`, [200, { ...answer, figures: { ...answer.figures, onAccount } }]]]);
    signInAs('MANAGER', ['MonthlyPurchaseList', 'PurchaseList']);
    renderScreen(<HomeScreen />, { path: '/home' });
    const card = await screen.findByRole('region', { name: "Today's figures" });
    expect(within(card).getByLabelText('New credit given')).toHaveTextContent('₹800.00');
    expect(within(card).getByLabelText('Dues collected')).toHaveTextContent('₹250.00');
    // Sold stays the money of the bills: what went on account is in no method.
    expect(within(card).getByLabelText('Sold')).toHaveTextContent('2,450');
    const table = within(card).getByRole('table', { name: "Today's takings by method" });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Method', 'Sold', 'Returns', 'Net sold', 'Dues collected', 'Takings']);
    expect(rowOf(table, 'Cash')).toEqual(['Cash', '₹1,000.00', '₹150.00', '₹850.00', '₹150.00', '₹1,000.00']);
    expect(rowOf(table, 'UPI')).toEqual(['UPI', '₹0.00', '₹0.00', '₹0.00', '₹100.00', '₹100.00']);
    expect(rowOf(table, 'Other online')).toEqual(['Other online', '₹1,450.00', '₹0.00', '₹1,450.00', '₹0.00', '₹1,450.00']);
  });

  it('shows a cashier without the monthly sales features no money and asks the server for none', async () => {
    const api = serve([[`GET /purchase/todayTotals/${today}`, [200, dayTotals()]]]);
    signInAs('CASHIER', [...cashier]);
    renderScreen(<HomeScreen />, { path: '/home' });
    await screen.findByRole('link', { name: 'Place Order' });
    expect(screen.queryByRole('region', { name: "Today's figures" })).not.toBeInTheDocument();
    expect(api.some((c) => c.key.startsWith('GET /purchase/todayTotals/'))).toBe(false);
  });
});
