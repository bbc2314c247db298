import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TillClosesScreen from '../../frontend/src/features/tills/routes/till-closes.js';
import UpiRefundsScreen from '../../frontend/src/features/tills/routes/upi-refunds.js';
import { clearSession } from '../../frontend/src/lib/session.js';
import type { UncountedUpi } from '../../shared/schemas/till-upi.js';
import { renderScreen, serve, signInAs } from './leave-fixtures.js';

const wrong: UncountedUpi = {
  paymentId: 'pay_Wrong000000001',
  qrId: 'qr_One00000000001',
  purchaseId: 17,
  invoiceNumber: 'DEM/26-27/000017',
  amount: 90,
  reason: 'wrong amount',
  at: '2026-11-28T08:30:00.000Z',
  status: 'open',
};
const twice: UncountedUpi = { ...wrong, paymentId: 'pay_Twice00000001', qrId: 'qr_Two00000000001', purchaseId: 18, invoiceNumber: 'DEM/26-27/000018', amount: 100, reason: 'paid twice', at: '2026-11-28T09:00:00.000Z' };

const LIST = /^GET \/payment\/upi-uncounted\?/;

describe('UPI payments to refund', () => {
  beforeEach(() => signInAs('TENANT_MANAGER', ['TillCloses']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists what was not counted, newest first, and refunds one through Razorpay', async () => {
    let rows = [twice, wrong];
    const calls = serve([
      [LIST, () => [200, rows]],
      ['POST /payment/upi-uncounted/pay_Wrong000000001/refund', () => {
        rows = [twice, { ...wrong, status: 'refunded', refundId: 'rfnd_1', settledBy: 'owner@demo.shop', settledOn: '2026-11-28T10:00:00.000Z' }];
        return [200, rows[1]];
      }],
    ]);
    renderScreen(<UpiRefundsScreen />, { path: '/upiRefunds' });
    const table = await screen.findByRole('table', { name: 'UPI payments not counted' });
    await within(table).findByText('DEM/26-27/000018');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('DEM/26-27/000018');
    expect(first).toHaveTextContent('Paid a second time');
    expect(second).toHaveTextContent('DEM/26-27/000017');
    expect(second).toHaveTextContent('₹90.00');
    expect(second).toHaveTextContent('Paid a different amount than the bill');
    expect(second).toHaveTextContent('To refund');

    await userEvent.click(screen.getByRole('button', { name: 'Refund ₹90.00 for bill DEM/26-27/000017' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this UPI payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹90.00' }));
    expect(await screen.findByText('Refunded by Razorpay')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Refund ₹90.00 for bill DEM/26-27/000017' })).toBeNull();
  });

  it('marks one refunded another way only with a note, and shows what the server refuses', async () => {
    const calls = serve([
      [LIST, [200, [twice]]],
      ['POST /payment/upi-uncounted/pay_Twice00000001/refunded-outside', [409, { message: 'The refund of this UPI payment is already being made. Look again in a minute.' }]],
    ]);
    renderScreen(<UpiRefundsScreen />, { path: '/upiRefunds' });
    await userEvent.click(await screen.findByRole('button', { name: 'Refunded another way' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refunded another way' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /How was it given back/ }), 'Cash at the counter');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await within(dialog).findByText('The refund of this UPI payment is already being made. Look again in a minute.')).toBeInTheDocument();
    expect(calls.find((c) => c.key.endsWith('/refunded-outside'))!.body).toEqual({ note: 'Cash at the counter' });
  });

  it('tells the owner on the till closes how many wait for a refund', async () => {
    serve([
      ['GET /payment/upi-uncounted/count', [200, { open: 2 }]],
      [/^GET \/till\/closes\/.*\/cashiers$/, [200, { cashiers: [], closes: 0, short: 0, over: 0 }]],
      [/^GET \/till\/closes\//, [200, []]],
    ]);
    renderScreen(<TillClosesScreen />, { path: '/tillCloses', elsewhere: ['/upiRefunds'] });
    expect(await screen.findByText('2 UPI payments to refund')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Refund them' }));
    expect(await screen.findByText('page /upiRefunds')).toBeInTheDocument();
  });
});
