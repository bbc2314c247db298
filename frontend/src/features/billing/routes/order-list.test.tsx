import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopDay } from '../../../../../shared/bill.js';
import { formatDate } from '../../../../../shared/format.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { billLine, storedBill } from '../test-fixtures.js';
import OrderList from './order-list.js';

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
  billedPrice: 360,
};

/** The day's money as the API answers it (shared/figures.ts): gross, deductions and net. */
const dayFigures = (goods: number, redeemed: number, refunds: number) => ({
  bills: { cash: 2, online: 0, total: 2 },
  units: { sold: 5, returned: 0, net: 5 },
  goodsBilled: goods,
  pointsRedeemed: redeemed,
  sold: { cash: goods - redeemed, online: 0, total: goods - redeemed },
  returns: { cash: refunds, online: 0, total: refunds },
  returnCount: refunds ? 1 : 0,
  returnedGoods: refunds,
  netSold: { cash: goods - redeemed - refunds, online: 0, total: goods - redeemed - refunds },
  cost: { billed: 0, returned: 0, net: 0 },
});
const noTotals = { rows: 0, orderQuantity: 0, returnQuantity: 0, price: 0, billed: 0, returned: 0 };

describe('Order List', () => {
  beforeEach(() => signInAs('CASHIER', []));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the day with its total row, searches by product with the total of the matches, and tells an empty search', async () => {
    // One soap of three came back on a later day: the line still shows as billed, 3 × ₹50.00.
    const soap = { ...line, purchaseId: 40, invoiceNumber: 'DEM/26-27/000040', productName: 'Neem Soap', artcode: 'NS1', originalQuantity: 3, returnQuantity: 1, quantity: 2, sellingPrice: 50, purchasedPrice: 100, billedPrice: 150 };
    const calls = serve([
      [`GET /purchase/today/${today}?page=0&size=5`, [200, [line, soap]]],
      [`GET /purchase/todayCount/${today}`, [200, 2]],
      [
        `GET /purchase/todayTotals/${today}`,
        [200, { date: today, bills: 2, rows: 2, orderQuantity: 5, returnQuantity: 1, price: 510, billed: 510, returned: 50, figures: dayFigures(510, 10, 80) }],
      ],
      [`GET /purchase/search/toor?date=${today}&page=0&size=5`, [200, [line]]],
      [`GET /purchase/searchCount/toor?date=${today}`, [200, 1]],
      [`GET /purchase/searchTotals/toor?date=${today}`, [200, { rows: 1, orderQuantity: 2, returnQuantity: 0, price: 360, billed: 360, returned: 0 }]],
      [/^GET \/purchase\/search\/rice/, [200, []]],
      [/^GET \/purchase\/searchCount\/rice/, [200, 0]],
      [/^GET \/purchase\/searchTotals\/rice/, [200, noTotals]],
    ]);
    const user = userEvent.setup();
    renderScreen(<OrderList />, { path: '/purchase' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByText('Toor Dal 1kg')).toBeInTheDocument();
    expect(within(table).getAllByText('MeenaIyer')).toHaveLength(2);
    const totalRow = () => within(table).getByRole('row', { name: 'Total' });
    await waitFor(() => expect(totalRow()).toHaveTextContent('Total51₹510.00'));
    expect(within(table).getByRole('columnheader', { name: 'Price as billed' })).toBeInTheDocument();
    expect(within(within(table).getByText('Neem Soap').closest('tr')!).getByText('₹150.00')).toBeInTheDocument();
    // A bill's tax invoice number is shown under its bill number.
    expect(within(within(table).getByText('Neem Soap').closest('tr')!).getByLabelText('Invoice number')).toHaveTextContent('DEM/26-27/000040');
    // The day's money beside the lines: a refund made today counts today, whatever day its bill was.
    const figures = await screen.findByRole('region', { name: 'Figures of the day' });
    expect(within(figures).getByLabelText('Goods billed')).toHaveTextContent('₹510.00');
    expect(within(figures).getByLabelText('Points redeemed')).toHaveTextContent('₹10.00');
    expect(within(figures).getByLabelText('Sold (money received)')).toHaveTextContent('₹500.00');
    expect(within(figures).getByLabelText('Returns (refunded this day)')).toHaveTextContent('₹80.00');
    expect(within(figures).getByLabelText('Net sold')).toHaveTextContent('₹420.00');

    const searchBox = screen.getByRole('textbox', { name: 'Search by product or artcode' });
    await user.type(searchBox, 'toor{Enter}');
    await waitFor(() => expect(within(table).queryByText('Neem Soap')).not.toBeInTheDocument());
    await waitFor(() => expect(totalRow()).toHaveTextContent('Total20₹360.00'));

    await user.clear(searchBox);
    await user.type(searchBox, 'rice{Enter}');
    expect(await within(table).findByText('No Transaction Found.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === `GET /purchase/searchTotals/rice?date=${today}`)).toBe(true));
    expect(within(table).queryByRole('row', { name: 'Total' })).not.toBeInTheDocument();
  });

  it('says when a search matches 1,000 or more bill lines, and the note goes once the text narrows them', async () => {
    serve([
      [`GET /purchase/today/${today}?page=0&size=5`, [200, [line]]],
      [`GET /purchase/todayCount/${today}`, [200, 1]],
      [`GET /purchase/todayTotals/${today}`, [200, { date: today, bills: 1, rows: 1, orderQuantity: 2, returnQuantity: 0, price: 360, billed: 360, returned: 0, figures: dayFigures(360, 0, 0) }]],
      // A one-letter search of a busy shop: the server counts matches up to 1,000.
      [/^GET \/purchase\/search\/t\?/, [200, [line]]],
      [`GET /purchase/searchCount/t?date=${today}`, [200, 1000]],
      [/^GET \/purchase\/searchTotals\/t\?/, [200, { rows: 1200, orderQuantity: 2400, returnQuantity: 0, price: 432000, billed: 432000, returned: 0 }]],
      [/^GET \/purchase\/search\/toor\?/, [200, [line]]],
      [`GET /purchase/searchCount/toor?date=${today}`, [200, 1]],
      [/^GET \/purchase\/searchTotals\/toor\?/, [200, { rows: 1, orderQuantity: 2, returnQuantity: 0, price: 360, billed: 360, returned: 0 }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<OrderList />, { path: '/purchase' });
    const box = await screen.findByRole('textbox', { name: 'Search by product or artcode' });
    await user.type(box, 't{Enter}');
    expect(await screen.findByText(/1,000 or more bill lines match “t”: the first 1,000 are listed. Type more of the name or artcode/)).toBeInTheDocument();
    await user.type(box, 'oor{Enter}');
    await waitFor(() => expect(screen.queryByText(/or more bill lines/)).not.toBeInTheDocument());
  });

  it("shows 'No Purchase Found On {date}' for a day without bills", async () => {
    serve([
      [/^GET \/purchase\/today\//, [200, []]],
      [/^GET \/purchase\/todayCount\//, [200, 0]],
      [/^GET \/purchase\/todayTotals\//, [200, { date: today, bills: 0, ...noTotals, figures: dayFigures(0, 0, 0) }]],
    ]);
    renderScreen(<OrderList />, { path: '/purchase' });
    expect(await screen.findByText(`No Purchase Found On ${formatDate(today)}`)).toBeInTheDocument();
  });
});

describe('Order List: Edit of a bill', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  const dayOf = (rows: (typeof line)[]): Parameters<typeof serve>[0] => [
    [`GET /purchase/today/${today}?page=0&size=5`, [200, rows]],
    [`GET /purchase/todayCount/${today}`, [200, rows.length]],
    [`GET /purchase/todayTotals/${today}`, [200, { date: today, bills: rows.length, rows: rows.length, orderQuantity: 6, returnQuantity: 1, price: 1080, billed: 1080, returned: 180, figures: dayFigures(1080, 0, 0) }]],
  ];
  // Bill 41 may be edited; 42 has a return; 43 is a storefront order paid online.
  const rows = [line, { ...line, purchaseId: 42, purchasedProductId: 1 }, { ...line, purchaseId: 43, paymentMode: 'Online' }];
  const bills = {
    41: storedBill([billLine(1, 'Toor Dal 1kg', 'TD1', 180, 2)], { purchaseId: 41, saleDate: today }),
    42: storedBill([billLine(1, 'Toor Dal 1kg', 'TD1', 180, 2, 1)], { purchaseId: 42, saleDate: today, returnQuantity: 1, status: 'Partly Returned' }),
    43: storedBill([billLine(1, 'Toor Dal 1kg', 'TD1', 180, 2)], { purchaseId: 43, saleDate: today, paymentMode: 'Online', orderId: 'order_Q1w2e3r4t5' }),
  };

  it('offers Edit with PurchaseEdit only on bills the server lets the till change, and opens Place Order with the bill', async () => {
    signInAs('CASHIER', ['PurchaseEdit']);
    const calls = serve([...dayOf(rows), [/^GET \/purchase\/(4[123])$/, (call) => [200, bills[Number(call.key.split('/').pop()) as 41 | 42 | 43]]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<OrderList />, { path: '/purchase', elsewhere: ['/purchaseEdit/:id'] });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const edit = await within(table).findByRole('button', { name: 'Edit bill 41' });
    await waitFor(() => expect(['GET /purchase/42', 'GET /purchase/43'].every((key) => calls.some((c) => c.key === key))).toBe(true));
    expect(within(table).queryByRole('button', { name: 'Edit bill 42' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit bill 43' })).not.toBeInTheDocument();

    await user.click(edit);
    expect(await screen.findByText('page /purchaseEdit/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/purchaseEdit/41');
    expect(router.state.location.state).toEqual({ purchase: bills[41] });
  });

  it('offers no Edit, and reads no bills, without PurchaseEdit', async () => {
    signInAs('CASHIER', ['PurchaseList']);
    const calls = serve([...dayOf(rows)]);
    renderScreen(<OrderList />, { path: '/purchase' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findAllByText('Toor Dal 1kg')).toHaveLength(3);
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => /^GET \/purchase\/\d+$/.test(c.key))).toEqual([]);
  });
});
