/**
 * The queue on this device: bills kept in IndexedDB, sent by one tab at a time (a Web Lock) when the network is
 * back, at start and every half minute; plus what the banner shows (offline or not, how many bills wait).
 */
import { useSyncExternalStore } from 'react';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { callApi, isApiError, NO_ANSWER } from '../../../lib/api-client.js';
import { readSetting, tillDb, writeSetting } from './device-db.js';
import { drainQueue, isUnsent, resendAs, type DrainResult, type QueuedBill, type QueueStore } from './queue.js';
import { sendPendingOpening } from './till-opening.js';

export const QUEUE_LOCK = 'shopdesk-bill-queue';

export const deviceQueueStore: QueueStore = {
  all: async () => (await tillDb()).getAllFromIndex('bills', 'byMadeOn'),
  put: async (bill) => {
    await (await tillDb()).put('bills', bill);
  },
};

export const queuedBill = async (key: string) => (await tillDb()).get('bills', key);

// ---------------------------------------------------------------- what the banner shows

interface TillStatus {
  /** The browser says it is offline, or the last call got no answer. */
  offline: boolean;
  /** The shop's bills and payments on this device not yet answered by the server. */
  waiting: number;
  /** Of those, the payments against balances. */
  payments: number;
}

let status: TillStatus = { offline: typeof navigator !== 'undefined' && !navigator.onLine, waiting: 0, payments: 0 };
const listeners = new Set<() => void>();

function setStatus(change: Partial<TillStatus>) {
  const next = { ...status, ...change };
  if (next.offline === status.offline && next.waiting === status.waiting && next.payments === status.payments) return;
  status = next;
  listeners.forEach((l) => l());
}

export const markOffline = (offline: boolean) => setStatus({ offline });

/** A call that got no answer says the till is offline, whatever `navigator.onLine` believes. */
export function noteCallFailure(error: unknown): boolean {
  const noAnswer = isApiError(error, NO_ANSWER);
  if (noAnswer) markOffline(true);
  return noAnswer;
}

export const isOffline = () => status.offline;

export function useTillStatus(): TillStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}

export async function countWaiting(tenantId: string): Promise<void> {
  const unsent = (await deviceQueueStore.all()).filter((b) => b.tenantId === tenantId && isUnsent(b));
  setStatus({ waiting: unsent.length, payments: unsent.filter((b) => b.payment).length });
}

// ---------------------------------------------------------------- keeping and sending

/** Keeps a bill on the device (before the cashier is told it is done) and counts it. */
export async function keepBill(bill: QueuedBill): Promise<void> {
  await deviceQueueStore.put(bill);
  await countWaiting(bill.tenantId);
}

/**
 * POST /purchase with the bill's own key: a bill the server saved already is answered again, not saved twice. A
 * payment goes to POST /account/{id}/payment under its own key likewise (the `offline` block stays on the device).
 */
async function sendBill(bill: QueuedBill) {
  try {
    if (bill.payment) {
      const { offline: _offline, ...body } = bill.body;
      const entry = await callApi(accountRoutes.payment, { params: { customerId: bill.payment.customerId }, body: body as unknown as BodyIn<typeof accountRoutes.payment> });
      return { purchaseId: 0, receiptNo: entry.entryNo };
    }
    const saved = await callApi(purchaseRoutes.create, { body: bill.body as unknown as BodyIn<typeof purchaseRoutes.create> });
    return { purchaseId: saved.purchaseId, invoiceNumber: saved.invoiceNumber };
  } catch (error) {
    // A bill that got no answer says the till is offline, also when the browser still believes it is online
    // (a page reopened without a network from the service worker may not be told).
    noteCallFailure(error);
    throw error;
  }
}

const listenersOfQueue = new Set<() => void>();
/** Screens that list the queue refresh when a round changed it. */
export function onQueueChange(listener: () => void): () => void {
  listenersOfQueue.add(listener);
  return () => listenersOfQueue.delete(listener);
}

/**
 * One round of sending, by at most one tab of this browser at a time: another tab already sending makes this
 * round a no-op (the server's idempotency would make a double send harmless anyway, but not free).
 */
export async function sendWaitingBills(tenantId: string, force = false, waitForOtherTab = false): Promise<DrainResult | undefined> {
  const round = async () => {
    // A till opened offline goes first: the bills made after it then find their session open.
    await sendPendingOpening(tenantId).catch(() => undefined);
    const result = await drainQueue(deviceQueueStore, sendBill, { tenantId, now: Date.now, force });
    if (result.sent + result.refused > 0) markOffline(false);
    await countWaiting(tenantId);
    listenersOfQueue.forEach((l) => l());
    return result;
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    // A cashier waiting for their own bill waits for the other tab's round rather than leave it to the next one.
    return navigator.locks.request(QUEUE_LOCK, { ifAvailable: !waitForOtherTab }, async (lock) => (lock ? round() : undefined));
  }
  return round();
}

/** Asks the server where one refused bill stands with the manager and keeps the answer with it. */
export async function checkHeldBill(bill: QueuedBill): Promise<QueuedBill> {
  if (bill.state.kind !== 'refused') return bill;
  const { state, purchaseId, invoiceNumber, reason, by } = await callApi(purchaseRoutes.heldByKey, { params: { key: bill.idempotencyKey } });
  const checked: QueuedBill = { ...bill, state: { ...bill.state, held: { state, purchaseId, invoiceNumber, reason, by } } };
  await deviceQueueStore.put(checked);
  return checked;
}

/**
 * Asks the server where each refused bill of the shop stands with the manager (held, resolved, sold against
 * negative stock, discarded) and keeps the answer with the bill; decided bills are not asked again.
 */
export async function checkHeldBills(tenantId: string): Promise<void> {
  const open = (await deviceQueueStore.all()).filter((b) => b.tenantId === tenantId && b.state.kind === 'refused' && b.state.held?.state === 'held');
  for (const bill of open) await checkHeldBill(bill);
  listenersOfQueue.forEach((l) => l());
}

/**
 * A refused bill the cashier fixed: kept under its own key with the fixed body and receipt, and sent at once (after
 * any older bill still waiting) unless there is no network. A refusal that does not say whether the server holds
 * the bill (a manager decided it meanwhile, so the key now names a saved bill) is followed by asking it.
 */
export async function resendFixed(bill: QueuedBill, body: QueuedBill['body'], printed: QueuedBill['printed']): Promise<QueuedBill> {
  await keepBill(resendAs(bill, body, printed));
  await sendWaitingBills(bill.tenantId, true, true).catch(() => undefined);
  const after = (await queuedBill(bill.idempotencyKey)) ?? bill;
  if (after.state.kind !== 'refused' || after.state.held !== undefined) return after;
  const checked = await checkHeldBill(after).catch(() => after);
  listenersOfQueue.forEach((l) => l());
  return checked;
}

// ---------------------------------------------------------------- provisional numbers

/** This device's id: random, made once, kept with the queue (16–64 letters and digits, as the server checks). */
export async function deviceId(): Promise<string> {
  const known = await readSetting<string>('deviceId');
  if (known) return known;
  const made = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  await writeSetting('deviceId', made);
  return made;
}

/**
 * The next provisional number of this device: `P-` + six characters of the device id + a counter kept in the
 * same database (one transaction, so two tabs never take the same number): `P-3FA9C2-000017`.
 */
export async function nextProvisionalNumber(): Promise<string> {
  const device = await deviceId();
  const db = await tillDb();
  const tx = db.transaction('settings', 'readwrite');
  const counter = ((await tx.store.get('provisionalCounter')) as number | undefined) ?? 0;
  await tx.store.put(counter + 1, 'provisionalCounter');
  await tx.done;
  return `P-${device.slice(0, 6).toUpperCase()}-${String(counter + 1).padStart(6, '0')}`;
}
