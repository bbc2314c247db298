import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopDay } from '../../../../../shared/bill.js';
import { formatDate } from '../../../../../shared/format.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import OrderList from './order-list.js';

vi.setConfig({ testTimeout: 30_000 });

const today = shopDay(new Date());
const line = {
  purchaseId: 41,
  purchasedProductId: 1,
  saleDate: today,
  customerName: 'MeenaIyer@demo.shop',
  mobileNumber: '9740000001',
  paymentMode: 'Cash',
  productName: 'Toor Dal 1kg',
  artcode: 'TD1',
  status: 'Sold',
  originalQuantity: 2,
  returnQuantity: 0,
  quantity: 2,
  sellingPrice: 180,
  purchasedPrice: 360,
};

describe('Order List', () => {
  beforeEach(() => signInAs('CASHIER', []));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the day with its total row, searches by product, and tells an empty day', async () => {
    const calls = serve([
      [`GET /purchase/today/${today}?page=0&size=5`, [200, [line]]],
      [`GET /purchase/todayCount/${today}`, [200, 1]],
      [`GET /purchase/todayTotals/${today}`, [200, { date: today, bills: 1, rows: 1, orderQuantity: 2, returnQuantity: 0, price: 360 }]],
      [/^GET \/purchase\/search\/soap/, [200, []]],
      [/^GET \/purchase\/searchCount\/soap/, [200, 0]],
    ]);
    const user = userEvent.setup();
    renderScreen(<OrderList />, { path: '/purchase' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByText('Toor Dal 1kg')).toBeInTheDocument();
    expect(within(table).getByText('MeenaIyer')).toBeInTheDocument();
    const totalRow = within(table).getByText('Total').closest('tr')!;
    expect(totalRow).toHaveTextContent('₹360.00');

    await user.type(screen.getByRole('textbox', { name: 'Search by product or artcode' }), 'soap{Enter}');
    expect(await within(table).findByText('No Transaction Found.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === `GET /purchase/search/soap?date=${today}&page=0&size=5`)).toBe(true));
  });

  it("shows 'No Purchase Found On {date}' for a day without bills", async () => {
    serve([
      [/^GET \/purchase\/today\//, [200, []]],
      [/^GET \/purchase\/todayCount\//, [200, 0]],
      [/^GET \/purchase\/todayTotals\//, [200, { date: today, bills: 0, rows: 0, orderQuantity: 0, returnQuantity: 0, price: 0 }]],
    ]);
    renderScreen(<OrderList />, { path: '/purchase' });
    expect(await screen.findByText(`No Purchase Found On ${formatDate(today)}`)).toBeInTheDocument();
  });
});
