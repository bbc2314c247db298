/**
 * The queue of bills made without a network: each waits on the device until the server has answered it, oldest
 * first, one at a time. This module is the queue's rules only (what an answer makes of a bill, which bill goes
 * next, when to try again); the store and the sending are passed in, so the rules are tested without a browser.
 */
import type { BillProblem, HeldBill } from '../../../../../shared/schemas/purchase.js';
import { ApiError, NO_ANSWER, NO_VALID_TOKEN } from '../../../lib/api-client.js';

/** Where a refused bill stands with the manager (GET /purchase/held/{key}), as last asked. */
export type HeldView = Pick<HeldBill, 'state' | 'purchaseId' | 'invoiceNumber' | 'reason' | 'by'>;

export type QueuedState =
  /** Not answered yet: no network, the server busy or down. `nextTryAt` (ms) spaces the retries out. */
  | { kind: 'waiting'; attempts: number; nextTryAt?: number; lastProblem?: string }
  /** The token expired or was refused: kept until the cashier signs in again. */
  | { kind: 'signInAgain'; message: string }
  /** A payment against a balance has no bill (`purchaseId` 0): its receipt is the ledger entry `receiptNo`. */
  | { kind: 'sent'; purchaseId: number; invoiceNumber?: string; receiptNo?: number; sentAt: string }
  /** The server refused it and holds it for the manager; `held` is the manager's decision when last asked. */
  | { kind: 'refused'; message: string; problems: BillProblem[]; held?: HeldView };

/** The offline part of POST /purchase's body (the contract with the server). */
export interface OfflineMark {
  madeOn: string;
  provisionalNumber: string;
  deviceId: string;
}

export interface QueuedBill<Body = Record<string, unknown>, Printed = unknown> {
  idempotencyKey: string;
  provisionalNumber: string;
  /** ISO instant the cashier saved it; the queue's order. */
  madeOn: string;
  /** The shop whose cashier made it: only a token of that shop sends it. */
  tenantId: string;
  /** POST /purchase's body, `offline` and `idempotencyKey` included (a payment's: POST /account/{id}/payment's). */
  body: Body & { idempotencyKey: string; offline: OfflineMark };
  /** A payment against this customer's balance received offline, queued like a bill (docs/customer-credit.md). */
  payment?: { customerId: number };
  /** What the provisional receipt prints (kept to print it again). */
  printed: Printed;
  state: QueuedState;
  /** Its UPI part, held "to be confirmed", was answered by the cashier once the bill was sent. */
  upiSettled?: boolean;
}

export interface QueueStore {
  /** Every bill of the queue, oldest first. */
  all(): Promise<QueuedBill[]>;
  put(bill: QueuedBill): Promise<void>;
}

export interface SavedAnswer {
  purchaseId: number;
  invoiceNumber?: string;
  receiptNo?: number;
}

export type SendBill = (bill: QueuedBill) => Promise<SavedAnswer>;

/** The first retry after 5 s, then doubling, at most every 5 minutes. */
export const retryDelay = (attempts: number) => Math.min(5_000 * 2 ** Math.max(attempts - 1, 0), 300_000);

export const isUnsent = (bill: QueuedBill) => bill.state.kind === 'waiting' || bill.state.kind === 'signInAgain';

function detailsOf(answer: unknown): { problems: BillProblem[]; held?: HeldView } {
  const details = (answer as { details?: unknown } | undefined)?.details as { problems?: unknown; held?: unknown; state?: unknown } | undefined;
  const problems = Array.isArray(details?.problems) ? details.problems.filter((p): p is BillProblem => typeof (p as BillProblem | null)?.message === 'string') : [];
  if (details?.held === true) return { problems, held: { state: 'held' } };
  if (details?.state === 'discarded') return { problems, held: { state: 'discarded' } };
  return { problems };
}

/** A held bill's decision is final once a manager (or a resend) dealt with it. */
export const heldDecided = (state: QueuedState) => state.kind === 'refused' && state.held !== undefined && state.held.state !== 'held';

/**
 * What the server's answer (or its absence) makes of a bill: no answer, a 5xx or a 429 leave it waiting with a
 * later retry; 401 (or a token that expired on the device) keeps it for after the next sign-in; any other refusal
 * (409 with the problems, 400, 403) is final until the cashier or the manager acts on it.
 */
export function stateAfterFailure(error: unknown, previous: QueuedState, now: number): QueuedState {
  const attempts = (previous.kind === 'waiting' ? previous.attempts : 0) + 1;
  const waiting = (lastProblem: string): QueuedState => ({ kind: 'waiting', attempts, nextTryAt: now + retryDelay(attempts), lastProblem });
  if (!(error instanceof ApiError)) return waiting(error instanceof Error ? error.message : 'The bill could not be sent.');
  // NO_VALID_TOKEN (600) is the device's own verdict on an expired token, not a server error.
  if (error.status === 401 || error.status === NO_VALID_TOKEN) {
    return { kind: 'signInAgain', message: 'Sign in again to send this bill; it stays saved on this device.' };
  }
  if (error.status === NO_ANSWER || error.status === 429 || error.status >= 500) return waiting(error.message);
  return { kind: 'refused', message: error.message, ...detailsOf(error.answer) };
}

export interface DrainOptions {
  tenantId: string;
  now: () => number;
  /** Try waiting bills now, whatever their next try (the network just came back, the cashier asked). */
  force?: boolean;
}

export interface DrainResult {
  sent: number;
  refused: number;
  /** Bills of the shop still unsent after this round. */
  left: number;
}

/**
 * Sends the shop's unsent bills oldest first, one at a time. A bill that gets no answer stops the round (the later
 * ones would not get one either, and the order is kept); a refused bill does not stop the bills after it.
 */
export async function drainQueue(store: QueueStore, send: SendBill, options: DrainOptions): Promise<DrainResult> {
  const unsent = (await store.all()).filter((b) => b.tenantId === options.tenantId && isUnsent(b));
  const result: DrainResult = { sent: 0, refused: 0, left: unsent.length };
  for (const bill of unsent) {
    const { state } = bill;
    if (!options.force && state.kind === 'waiting' && state.nextTryAt !== undefined && state.nextTryAt > options.now()) break;
    let next: QueuedState;
    try {
      const saved = await send(bill);
      next = { kind: 'sent', purchaseId: saved.purchaseId, invoiceNumber: saved.invoiceNumber, ...(saved.receiptNo ? { receiptNo: saved.receiptNo } : {}), sentAt: new Date(options.now()).toISOString() };
    } catch (error) {
      next = stateAfterFailure(error, state, options.now());
    }
    await store.put({ ...bill, state: next });
    if (next.kind === 'sent') result.sent += 1;
    else if (next.kind === 'refused') result.refused += 1;
    else break;
    result.left -= 1;
  }
  return result;
}

/** A refused bill sent again (fixed by the cashier) under its own key, first in line when its turn comes. */
export const resendAs = <B extends QueuedBill>(bill: B, body: B['body'], printed: B['printed']): B => ({ ...bill, body, printed, state: { kind: 'waiting', attempts: 0 } });
