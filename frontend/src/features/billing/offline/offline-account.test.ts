import { describe, expect, it } from 'vitest';
import { limitExceeded, notOnAccount, paymentRefusal } from '../../../../../shared/credit.js';
import { ApiError, NO_ANSWER } from '../../../lib/api-client.js';
import { OFFLINE_APPROVAL, refusalOnDevice } from './keep-offline-bill.js';
import { balanceMoves } from './local-copy.js';
import { drainQueue, type QueuedBill, type QueueStore, type QueuedState, type SendBill } from './queue.js';
import { toConfirm } from './upi-to-confirm-check.js';

const ramesh = { customerId: 7, customerName: 'Ramesh@demo.shop' };
const offline = (n: number) => ({ madeOn: `2026-11-25T09:0${n}:00.000Z`, provisionalNumber: `P-ABC123-00000${n}`, deviceId: 'device-0123456789abcdef' });

/** A bill kept offline with `onAccount` rupees on the customer's account beside `cash`. */
const billOnAccount = (n: number, onAccount: number, state: QueuedState = { kind: 'waiting', attempts: 0 }, tenantId = 'demo'): QueuedBill => ({
  idempotencyKey: `bill-${n}-key-0123456789`,
  provisionalNumber: offline(n).provisionalNumber,
  madeOn: offline(n).madeOn,
  tenantId,
  body: { customerId: ramesh.customerId, mobileNumber: '9876543210', tenders: [{ method: 'cash', amount: 50 }, { method: 'account', amount: onAccount }], idempotencyKey: `bill-${n}-key-0123456789`, offline: offline(n) },
  printed: {},
  state,
});

/** A payment against the balance received offline: cash and UPI, split. */
const payment = (n: number, cash: number, upi: number, state: QueuedState = { kind: 'waiting', attempts: 0 }): QueuedBill => ({
  idempotencyKey: `payment-${n}-key-0123456789`,
  provisionalNumber: offline(n).provisionalNumber,
  madeOn: offline(n).madeOn,
  tenantId: 'demo',
  body: { tenders: [{ method: 'cash', amount: cash }, { method: 'upi', amount: upi }], advance: true, idempotencyKey: `payment-${n}-key-0123456789`, offline: offline(n) },
  printed: {},
  payment: { customerId: ramesh.customerId },
  state,
});

describe("the device's copy of a customer's account", () => {
  it('adds what this device still has to send to the server’s balance: bills on account up, payments down; sent ones and other shops not', () => {
    const queued = [
      billOnAccount(1, 120.5),
      payment(2, 30, 20),
      billOnAccount(3, 999, { kind: 'sent', purchaseId: 12, sentAt: '2026-11-25T09:10:00.000Z' }),
      billOnAccount(4, 999, { kind: 'waiting', attempts: 0 }, 'other'),
      payment(5, 1, 0, { kind: 'sent', purchaseId: 0, receiptNo: 4, sentAt: '2026-11-25T09:10:00.000Z' }),
    ];
    expect(balanceMoves(queued, 'demo')).toEqual(new Map([[7, 12_050 - 5_000]]));
  });

  it('takes a bill up to the limit exactly and refuses a paisa more with the server’s limit message, saying no code can be checked offline', () => {
    const copy = { onAccount: true, creditLimit: 500_000, balance: 450_000 };
    expect(refusalOnDevice(copy, ramesh, 50_000)).toBeUndefined();
    expect(refusalOnDevice(copy, ramesh, 50_001)).toBe(`${limitExceeded('Ramesh', 450_000, 500_000, 50_001)} ${OFFLINE_APPROVAL}`);
    expect(refusalOnDevice(copy, ramesh, 50_001)).toContain('Credit limit exceeded: Ramesh owes ₹4,500.00 of a ₹5,000.00 limit; this bill puts ₹500.01 on account.');
    expect(refusalOnDevice({ ...copy, onAccount: false }, { ...ramesh, legalName: 'Ramesh Traders' }, 100)).toBe(`${notOnAccount('Ramesh Traders')} ${OFFLINE_APPROVAL}`);
    expect(refusalOnDevice({ ...copy, onAccount: false }, ramesh, 0)).toBeUndefined();
  });

  it('takes a payment up to what the copy says is owed, more only as an advance', () => {
    expect(paymentRefusal({ balance: 10_000 }, 'Ramesh', 10_000, false)).toBeUndefined();
    expect(paymentRefusal({ balance: 10_000 }, 'Ramesh', 10_001, false)).toBe('Ramesh owes ₹100.00; this payment is ₹100.01. Take at most ₹100.00, or record the rest as an advance.');
    expect(paymentRefusal({ balance: 10_000 }, 'Ramesh', 10_001, true)).toBeUndefined();
  });
});

function memoryStore(items: QueuedBill[]): QueueStore & { items: QueuedBill[] } {
  const store = {
    items: [...items],
    all: async () => [...store.items].sort((a, b) => a.madeOn.localeCompare(b.madeOn)),
    put: async (item: QueuedBill) => {
      store.items = [...store.items.filter((b) => b.idempotencyKey !== item.idempotencyKey), item];
    },
  };
  return store;
}

describe('a payment received offline in the queue', () => {
  it('goes in turn with the bills under its own key, waits without an answer, is resent with the same key and shows its receipt number', async () => {
    const store = memoryStore([billOnAccount(1, 100), payment(2, 60, 0)]);
    const sent: string[] = [];
    let network = false;
    const send: SendBill = async (item) => {
      if (!network) throw new ApiError(NO_ANSWER, 'No network.');
      sent.push(item.idempotencyKey);
      return item.payment ? { purchaseId: 0, receiptNo: 2 } : { purchaseId: 41, invoiceNumber: 'INV-41' };
    };
    await drainQueue(store, send, { tenantId: 'demo', now: () => 0 });
    expect(store.items.map((i) => i.state.kind)).toEqual(['waiting', 'waiting']);
    network = true;
    const result = await drainQueue(store, send, { tenantId: 'demo', now: () => 0, force: true });
    expect(result).toEqual({ sent: 2, refused: 0, left: 0 });
    expect(sent).toEqual(['bill-1-key-0123456789', 'payment-2-key-0123456789']);
    const paid = store.items.find((i) => i.payment)!;
    expect(paid.state).toMatchObject({ kind: 'sent', receiptNo: 2 });
    // Sent once: a later round sends nothing again.
    await drainQueue(store, send, { tenantId: 'demo', now: () => 0, force: true });
    expect(sent).toHaveLength(2);
  });

  it('never asks the cashier to confirm the UPI part of a payment as if it were a bill', () => {
    const sentPayment = payment(2, 0, 60, { kind: 'sent', purchaseId: 0, receiptNo: 3, sentAt: '2026-11-25T09:10:00.000Z' });
    const sentBill = { ...billOnAccount(1, 0), body: { ...billOnAccount(1, 0).body, tenders: [{ method: 'upi', amount: 60 }] }, state: { kind: 'sent', purchaseId: 9, sentAt: '2026-11-25T09:10:00.000Z' } as QueuedState };
    expect(toConfirm([sentPayment, sentBill]).map((b) => b.idempotencyKey)).toEqual([sentBill.idempotencyKey]);
  });
});
