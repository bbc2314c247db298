import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomeScreen from '../../frontend/src/features/dashboard/routes/home.js';
import HeldBillScreen from '../../frontend/src/features/held-bills/routes/held-bill.js';
import HeldBillsScreen from '../../frontend/src/features/held-bills/routes/held-bills.js';
import { clearSession } from '../../frontend/src/lib/session.js';
import { REASON_REQUIRED, type HeldBill } from '../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs } from './leave-fixtures.js';

const KEY = 'b6f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';
const held: HeldBill = {
  key: KEY,
  state: 'held',
  provisionalNumber: 'DEM-T3-000017',
  deviceId: 'till-0123456789abcdef',
  madeOn: '2026-11-24T10:42:00.000Z',
  sentBy: 'cashier@demo.shop',
  sentOn: '2026-11-24T12:00:00.000Z',
  mobileNumber: '9845012345',
  paymentMode: 'Cash',
  lines: [
    { productId: 7, productName: 'Rice 5kg', artcode: 'RC5', quantity: 3, sellingPrice: 400, price: 420, cgst: 2.5, sgst: 2.5 },
    { productId: 9, productName: 'Ghee 500ml', artcode: 'GH5', quantity: 1, sellingPrice: 300, price: 300, cgst: 9, sgst: 9 },
  ],
  grossAmount: 1560,
  netAmount: 1500,
  redeemAmount: 0,
  problems: [
    { kind: 'stockShort', artcode: 'RC5', productName: 'Rice 5kg', asked: 3, now: 1, message: 'Only 1 in Stock for Rice 5kg (RC5).' },
    { kind: 'priceChanged', artcode: 'GH5', productName: 'Ghee 500ml', asked: 30000, now: 32000, message: 'The MRP of Ghee 500ml is now ₹320.00. Please Calculate again.' },
  ],
};

describe('held bills (the manager’s screen)', () => {
  beforeEach(() => signInAs('MANAGER', ['HeldBills']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists held bills with their till, cashier, total and what differs', async () => {
    serve([[/^GET \/purchase\/held\?/, [200, [held, { ...held, key: `${KEY}x`, provisionalNumber: 'DEM-T3-000009', state: 'discarded', reason: 'Not sold', by: 'manager@demo.shop' }]]]]);
    renderScreen(<HeldBillsScreen />, { path: '/heldBills' });
    const table = await screen.findByRole('table', { name: 'Held bills' });
    const row = await within(table).findByRole('row', { name: /DEM-T3-000017/ });
    expect(row).toHaveTextContent('…abcdef');
    expect(row).toHaveTextContent('cashier@demo.shop');
    expect(row).toHaveTextContent('₹1,500.00');
    expect(row).toHaveTextContent('Rice 5kg (RC5): 3 asked, 1 in stock');
    expect(row).toHaveTextContent('Ghee 500ml (GH5): MRP ₹300.00 when sold, ₹320.00 now');
    expect(row).toHaveTextContent('Waiting');
    expect(within(table).getByRole('row', { name: /DEM-T3-000009/ })).toHaveTextContent('Discarded');
    expect(within(row).getByRole('link', { name: 'DEM-T3-000017' })).toHaveAttribute('href', `/heldBills/${KEY}`);
  });

  it('on a phone or a small tablet lists each held bill as a card, its total and problems in sight, no table to scroll', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width: 63.99em'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }));
    serve([[/^GET \/purchase\/held\?/, [200, [held]]]]);
    renderScreen(<HeldBillsScreen />, { path: '/heldBills' });
    const card = await screen.findByRole('listitem', { name: 'DEM-T3-000017' });
    expect(screen.queryByRole('table', { name: 'Held bills' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('₹1,500.00');
    expect(card).toHaveTextContent('Rice 5kg (RC5): 3 asked, 1 in stock');
    expect(card).toHaveTextContent('…abcdef · cashier@demo.shop');
    expect(within(card).getByRole('link', { name: 'DEM-T3-000017' })).toHaveAttribute('href', `/heldBills/${KEY}`);
  });

  it('states each problem and sells the bill against negative stock with the reason', async () => {
    // The server's copy: held until the decision, then as sold.
    let current: HeldBill = held;
    const calls = serve([
      [`GET /purchase/held/${KEY}`, () => [200, current]],
      [
        `POST /purchase/held/${KEY}/sellAgainstNegativeStock`,
        (call) => {
          const { reason } = call.body as { reason: string };
          current = { ...held, state: 'soldAgainstNegativeStock', purchaseId: 88, invoiceNumber: 'DEM/26-27/000088', by: 'manager@demo.shop', reason };
          return [200, current];
        },
      ],
    ]);
    renderScreen(<HeldBillScreen />, { path: '/heldBills/:key', url: `/heldBills/${KEY}` });
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Rice 5kg (RC5): 3 asked, 1 in stock',
      'Ghee 500ml (GH5): MRP ₹300.00 when sold, ₹320.00 now',
    ]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Sell against negative stock' }));
    expect(await screen.findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(screen.getByLabelText('Reason'), ' — the shelf count was wrong');
    await user.click(screen.getByRole('button', { name: 'Sell against negative stock' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sold against negative stock by manager@demo.shop: Bill 88, invoice DEM/26-27/000088.');
    expect(calls.find((c) => c.key.startsWith('POST'))!.body).toEqual({ reason: 'ok — the shelf count was wrong' });
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a decision', async () => {
    serve([
      [`GET /purchase/held/${KEY}`, [200, held]],
      [`POST /purchase/held/${KEY}/discard`, [409, { message: 'This held bill has already been dealt with. Please reload the list.' }]],
    ]);
    renderScreen(<HeldBillScreen />, { path: '/heldBills/:key', url: `/heldBills/${KEY}` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reason'), 'Customer left without the goods');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This held bill has already been dealt with.');
  });

  it('tells a manager on the dashboard how many bills wait', async () => {
    serve([['GET /purchase/held/count', [200, { held: 2 }]]]);
    renderScreen(<HomeScreen />, { path: '/home' });
    expect(await screen.findByRole('status')).toHaveTextContent('2 offline bills wait for your decision');
    expect(screen.getByRole('link', { name: 'Open held bills' })).toHaveAttribute('href', '/heldBills');
  });
});
