import { describe, expect, it } from 'vitest';
import { ApiError, NO_ANSWER, NO_VALID_TOKEN } from '../../../lib/api-client.js';
import { drainQueue, heldDecided, resendAs, retryDelay, stateAfterFailure, type QueuedBill, type QueueStore, type SendBill } from './queue.js';

/** The queue's store as a list in memory, oldest first as IndexedDB's index returns it. */
function memoryStore(bills: QueuedBill[]): QueueStore & { bills: QueuedBill[] } {
  const store = {
    bills: [...bills],
    all: async () => [...store.bills].sort((a, b) => a.madeOn.localeCompare(b.madeOn)),
    put: async (bill: QueuedBill) => {
      store.bills = [...store.bills.filter((b) => b.idempotencyKey !== bill.idempotencyKey), bill];
    },
  };
  return store;
}

const bill = (n: number, tenantId = 'demo'): QueuedBill => ({
  idempotencyKey: `key-of-bill-number-${n}`,
  provisionalNumber: `P-ABC123-00000${n}`,
  madeOn: `2026-11-25T09:0${n}:00.000Z`,
  tenantId,
  body: { idempotencyKey: `key-of-bill-number-${n}`, offline: { madeOn: `2026-11-25T09:0${n}:00.000Z`, provisionalNumber: `P-ABC123-00000${n}`, deviceId: 'device-0123456789abcdef' } },
  printed: {},
  state: { kind: 'waiting', attempts: 0 },
});

const NOW = Date.parse('2026-11-25T10:00:00.000Z');
const stateOf = (store: { bills: QueuedBill[] }, n: number) => store.bills.find((b) => b.idempotencyKey === `key-of-bill-number-${n}`)!.state;

describe('the offline bill queue', () => {
  it('sends the oldest bill first, one at a time, and records each tax invoice number', async () => {
    const store = memoryStore([bill(3), bill(1), bill(2)]);
    const order: string[] = [];
    let inFlight = 0;
    const send: SendBill = async (b) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      order.push(b.provisionalNumber);
      await Promise.resolve();
      inFlight -= 1;
      return { purchaseId: order.length, invoiceNumber: `DEM/26-27/00000${order.length}` };
    };
    const result = await drainQueue(store, send, { tenantId: 'demo', now: () => NOW });
    expect(order).toEqual(['P-ABC123-000001', 'P-ABC123-000002', 'P-ABC123-000003']);
    expect(result).toEqual({ sent: 3, refused: 0, left: 0 });
    expect(stateOf(store, 3)).toEqual({ kind: 'sent', purchaseId: 3, invoiceNumber: 'DEM/26-27/000003', sentAt: new Date(NOW).toISOString() });
  });

  it('keeps a bill that got no answer waiting, stops the round there so the order holds, and backs off', async () => {
    const store = memoryStore([bill(1), bill(2)]);
    const sent: string[] = [];
    const send: SendBill = async (b) => {
      sent.push(b.provisionalNumber);
      throw new ApiError(NO_ANSWER, 'The server could not be reached.');
    };
    const result = await drainQueue(store, send, { tenantId: 'demo', now: () => NOW });
    expect(sent).toEqual(['P-ABC123-000001']);
    expect(result).toEqual({ sent: 0, refused: 0, left: 2 });
    expect(stateOf(store, 1)).toEqual({ kind: 'waiting', attempts: 1, nextTryAt: NOW + 5_000, lastProblem: 'The server could not be reached.' });
    // Before its next try nothing is sent, unless the network just came back (force).
    expect((await drainQueue(store, send, { tenantId: 'demo', now: () => NOW + 1_000 })).left).toBe(2);
    expect(sent).toHaveLength(1);
    await drainQueue(store, send, { tenantId: 'demo', now: () => NOW + 1_000, force: true });
    expect(sent).toHaveLength(2);
    expect(stateOf(store, 1)).toMatchObject({ kind: 'waiting', attempts: 2, nextTryAt: NOW + 1_000 + 10_000 });
  });

  it('treats a busy or failing server (429, 5xx) like no answer, and a 401 as a reason to sign in, never a drop', () => {
    const waiting = { kind: 'waiting', attempts: 0 } as const;
    expect(stateAfterFailure(new ApiError(429, 'Too many requests'), waiting, NOW)).toMatchObject({ kind: 'waiting', attempts: 1 });
    expect(stateAfterFailure(new ApiError(503, 'Try again shortly'), waiting, NOW)).toMatchObject({ kind: 'waiting', attempts: 1 });
    expect(stateAfterFailure(new TypeError('Failed to fetch'), waiting, NOW)).toMatchObject({ kind: 'waiting', attempts: 1 });
    expect(stateAfterFailure(new ApiError(401, 'Signed out'), waiting, NOW).kind).toBe('signInAgain');
    expect(stateAfterFailure(new ApiError(NO_VALID_TOKEN, 'Unknown Error'), waiting, NOW).kind).toBe('signInAgain');
  });

  it('marks a refused bill with every problem the server listed and goes on with the next bill', async () => {
    const store = memoryStore([bill(1), bill(2)]);
    const problem = { kind: 'stockShort' as const, artcode: 'PG-100', productName: 'Parle-G Biscuits', asked: 3, now: 1, message: 'Only 1 Parle-G Biscuits (PG-100) left; the bill asks 3.' };
    const send: SendBill = async (b) => {
      if (b.provisionalNumber.endsWith('1')) {
        throw new ApiError(409, 'The stock changed since this bill was made.', [], { message: 'The stock changed since this bill was made.', details: { problems: [problem], held: true } });
      }
      return { purchaseId: 7, invoiceNumber: 'DEM/26-27/000007' };
    };
    const result = await drainQueue(store, send, { tenantId: 'demo', now: () => NOW });
    expect(result).toEqual({ sent: 1, refused: 1, left: 0 });
    expect(stateOf(store, 1)).toEqual({ kind: 'refused', message: 'The stock changed since this bill was made.', problems: [problem], held: { state: 'held' } });
    expect(stateOf(store, 2)).toMatchObject({ kind: 'sent', invoiceNumber: 'DEM/26-27/000007' });
  });

  it('sends a refused bill fixed by the cashier again under its own key and offline block, refused again with the new problems or sent', async () => {
    const problem = { kind: 'stockShort' as const, artcode: 'PG-100', asked: 3, now: 1, message: 'Only 1 left.' };
    const refused = { ...bill(1), state: { kind: 'refused', message: 'Held', problems: [problem], held: { state: 'held' } } } as QueuedBill;
    const store = memoryStore([refused, bill(2)]);
    const fixedBody = { ...refused.body, purchasedProduct: [{ artcode: 'PG-100', quantity: 1 }] };
    await store.put(resendAs(refused, fixedBody, { fixed: true }));
    const seen: QueuedBill[] = [];
    let answer: 'refuse' | 'save' = 'refuse';
    const send: SendBill = async (b) => {
      seen.push(b);
      if (answer === 'refuse' && b.provisionalNumber.endsWith('1')) {
        throw new ApiError(409, 'Held', [], { message: 'Held', details: { problems: [{ ...problem, asked: 1, now: 0 }], held: true } });
      }
      return { purchaseId: 8, invoiceNumber: 'DEM/26-27/000008' };
    };
    await drainQueue(store, send, { tenantId: 'demo', now: () => NOW, force: true });
    // Oldest first, with the fixed lines, the same key and the offline block it was made with.
    expect(seen[0]).toMatchObject({ idempotencyKey: refused.idempotencyKey, body: { idempotencyKey: refused.idempotencyKey, offline: refused.body.offline, purchasedProduct: [{ quantity: 1 }] }, printed: { fixed: true } });
    expect(stateOf(store, 1)).toMatchObject({ kind: 'refused', problems: [{ asked: 1, now: 0 }], held: { state: 'held' } });

    answer = 'save';
    await store.put(resendAs(store.bills.find((b) => b.provisionalNumber.endsWith('1'))!, fixedBody, { fixed: true }));
    await drainQueue(store, send, { tenantId: 'demo', now: () => NOW, force: true });
    expect(stateOf(store, 1)).toMatchObject({ kind: 'sent', invoiceNumber: 'DEM/26-27/000008' });
  });

  it("counts a refused bill as decided only once a manager (or a resend) dealt with it", () => {
    const refusedWith = (held?: { state: 'held' | 'resolved' | 'soldAgainstNegativeStock' | 'discarded' }) => ({ kind: 'refused' as const, message: 'x', problems: [], held });
    expect(heldDecided(refusedWith())).toBe(false);
    expect(heldDecided(refusedWith({ state: 'held' }))).toBe(false);
    expect(heldDecided(refusedWith({ state: 'soldAgainstNegativeStock' }))).toBe(true);
    expect(heldDecided(refusedWith({ state: 'discarded' }))).toBe(true);
  });

  it("sends only the signed-in shop's bills and never again a bill already answered", async () => {
    const sentBill = { ...bill(1), state: { kind: 'sent', purchaseId: 1, sentAt: new Date(NOW).toISOString() } } as QueuedBill;
    const store = memoryStore([sentBill, bill(2, 'other-shop'), bill(3)]);
    const sent: string[] = [];
    await drainQueue(store, async (b) => (sent.push(b.provisionalNumber), { purchaseId: 9 }), { tenantId: 'demo', now: () => NOW });
    expect(sent).toEqual(['P-ABC123-000003']);
    expect(stateOf(store, 2)).toEqual({ kind: 'waiting', attempts: 0 });
  });

  it('spaces retries out from 5 seconds, doubling, to at most 5 minutes', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000, 300_000]);
  });
});
