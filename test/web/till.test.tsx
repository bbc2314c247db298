import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TillScreen from '../../frontend/src/features/tills/routes/till.js';
import { clearSession, updateSession } from '../../frontend/src/lib/session.js';
import type { TillSession } from '../../shared/schemas/till.js';
import { renderScreen, serve, signInAs } from './leave-fixtures.js';

/** The device's queue, as the close reads it: the test says which bills wait. */
const device = vi.hoisted(() => ({ waiting: [] as unknown[] }));
vi.mock('../../frontend/src/features/billing/offline/till-queue.js', () => ({
  deviceQueueStore: { all: async () => device.waiting, put: async () => undefined },
  onQueueChange: () => () => undefined,
  sendWaitingBills: async () => undefined,
}));
vi.mock('../../frontend/src/features/billing/offline/till-opening.js', () => ({
  pendingOpening: async () => null,
  keepOpening: async () => undefined,
  sendPendingOpening: async () => undefined,
}));

const open: TillSession = {
  sessionId: 'mx1-abc123',
  tillName: 'Counter 1',
  cashier: 'cashier@demo.shop',
  status: 'open',
  day: '2026-11-28',
  openedAt: '2026-11-28T03:30:00.000Z',
  openingFloat: 1000,
  cashSales: 90,
  cashRefunds: 0,
  payIns: 0,
  payOuts: 50,
  upiSales: 340,
  cardSales: 0,
  otherSales: 0,
  otherRefunds: 0,
  bills: 2,
  expected: 1040,
  reopens: [],
  moves: [{ moveId: 1, kind: 'out', amount: 50, reason: 'Tea for the staff', expenseId: 9, by: 'cashier@demo.shop', at: '2026-11-28T06:00:00.000Z' }],
  version: 4,
};
const waitingBill = { idempotencyKey: 'k1', provisionalNumber: 'P-3FA9C2-000017', madeOn: '2026-11-28T07:00:00.000Z', tenantId: 'demo', body: {}, printed: {}, state: { kind: 'waiting', attempts: 1 } };

const count = async (label: string, value: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
};

describe('the till’s close', () => {
  beforeEach(() => {
    signInAs('CASHIER', ['PurchaseEdit']);
    updateSession({ tenant: { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Shop', address: 'MG Road', gstNumber: '29ABCDE1234F1Z5' } });
    device.waiting = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows counted against expected as the drawer is counted, and a short needs a reason before Close', async () => {
    const calls = serve([
      ['GET /till/session/current', [200, open]],
      ['POST /till/session/mx1-abc123/close', (call) => [200, { ...open, status: 'closed', count: (call.body as { count: object }).count, counted: 1030, difference: -10, reason: 'Gave change twice', closedAt: '2026-11-28T14:00:00.000Z', mailed: true }]],
    ]);
    renderScreen(<TillScreen />, { path: '/till', elsewhere: ['/home', '/purchase/queue'] });
    expect(await screen.findByLabelText('Expected in the drawer')).toHaveTextContent('₹1,040.00');
    expect(screen.getByRole('table', { name: 'Pay-ins and pay-outs' })).toHaveTextContent('Tea for the staff');

    await count('₹500 notes', '2');
    await count('₹20 notes', '1');
    await count('₹10 coins', '1');
    expect(await screen.findByLabelText('Counted')).toHaveTextContent('₹1,030.00');
    const close = screen.getByRole('button', { name: 'Close till (Short ₹10.00)' });
    expect(close).toBeDisabled();

    await userEvent.type(screen.getAllByRole('textbox', { name: 'Reason' }).at(-1)!, 'Gave change twice');
    await waitFor(() => expect(close).toBeEnabled());
    await userEvent.click(close);
    expect(await screen.findByRole('heading', { name: 'Till Counter 1 closed' })).toBeInTheDocument();
    expect(screen.getByText('The close was mailed to the owner.')).toBeInTheDocument();
    const sent = calls.find((c) => c.key === 'POST /till/session/mx1-abc123/close')!;
    expect(sent.body).toEqual({ count: { n500: 2, n20: 1, c10: 1 }, reason: 'Gave change twice', version: 4 });
  });

  it('does not close while bills wait on this device, and lists them', async () => {
    device.waiting = [waitingBill];
    const calls = serve([['GET /till/session/current', [200, open]]]);
    renderScreen(<TillScreen />, { path: '/till', elsewhere: ['/home', '/purchase/queue'] });
    expect(await screen.findByText('1 bill is still waiting on this device to be sent. Send them before closing the till.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bills waiting on this device' })).toHaveTextContent('P-3FA9C2-000017');
    await count('₹500 notes', '2');
    await count('₹20 notes', '2');
    expect(screen.getByRole('button', { name: 'Close till (As expected)' })).toBeDisabled();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });
});
