import { toRupees } from '../../shared/money.js';
import {
  UNCOUNTED_UPI_DONE,
  UNCOUNTED_UPI_NOT_FOUND,
  UNCOUNTED_UPI_REFUNDING,
  type UncountedUpi,
} from '../../shared/schemas/till-upi.js';
import { auditWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { isTransactionConflict, mapPage, transact, type PageRequest } from '../lib/db.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { refundOnce } from './provider.js';
import { tillQrData, type StoredUncountedUpi } from './till-qr-data.js';

/**
 * The owner's list of UPI payments a till QR code received and did not count (docs/point-of-sale.md, "UPI payments
 * to refund"): newest first, each refunded once through Razorpay's refund API, or marked refunded another way.
 */

/** A refund claimed this long ago and not finished (a try that failed midway) may be taken over by a retry. */
const CLAIM_STALE_MS = 60_000;

const view = (u: StoredUncountedUpi): UncountedUpi => ({
  paymentId: u.paymentId,
  qrId: u.qrId,
  purchaseId: u.purchaseId,
  ...(u.invoiceNumber ? { invoiceNumber: u.invoiceNumber } : {}),
  amount: toRupees(u.amount),
  reason: u.reason,
  at: u.at,
  status: u.status,
  ...(u.refundId ? { refundId: u.refundId } : {}),
  ...(u.note ? { note: u.note } : {}),
  ...(u.settledBy ? { settledBy: u.settledBy } : {}),
  ...(u.settledOn ? { settledOn: u.settledOn } : {}),
});

export async function uncountedPage(tenantId: string, request: PageRequest) {
  return mapPage(await tillQrData.uncountedPage(tenantId, request), view);
}

export async function uncountedCount(tenantId: string) {
  return { open: Math.max(0, await tillQrData.openUncounted(tenantId)) };
}

async function own(tenantId: string, paymentId: string): Promise<StoredUncountedUpi> {
  const found = await tillQrData.uncounted(tenantId, paymentId);
  if (!found) throw new NotFound(UNCOUNTED_UPI_NOT_FOUND);
  return found;
}

const audited = (scope: WriteScope, u: StoredUncountedUpi, after: Record<string, unknown>) =>
  auditWrite(scope, {
    entity: 'bill',
    entityId: u.purchaseId,
    action: 'update',
    before: { upiUncounted: { paymentId: u.paymentId, status: u.status } },
    after: { upiUncounted: { paymentId: u.paymentId, ...after } },
  });

/**
 * POST /payment/upi-uncounted/{paymentId}/refund: the payment back to the customer in full through Razorpay. The
 * refund is claimed by a conditional write first, so a second click or a retry running at the same time is answered
 * 'already being made' and never asks Razorpay; a retry after a failed try finds the refund Razorpay already holds.
 */
export async function refundUncounted(scope: WriteScope, paymentId: string): Promise<UncountedUpi> {
  const { tenantId, actor } = scope;
  const found = await own(tenantId, paymentId);
  if (found.status === 'refunded' || found.status === 'refundedOutside') return view(found);
  const claimedOn = actor.now.toISOString();
  try {
    await transact([tillQrData.claimRefundWrite(tenantId, paymentId, actor.userName, claimedOn, new Date(actor.now.getTime() - CLAIM_STALE_MS).toISOString())]);
  } catch (error) {
    // Another click's claim won, or was being written at that moment.
    if (!(error instanceof Conflict) && !isTransactionConflict(error)) throw error;
    const now = await own(tenantId, paymentId);
    if (now.status === 'refunded' || now.status === 'refundedOutside') return view(now);
    throw new Conflict(UNCOUNTED_UPI_REFUNDING);
  }
  const refundId = await refundOnce(paymentId, found.amount, 'UPI payment not counted at the till');
  await transact([
    ...tillQrData.settleWrites(tenantId, paymentId, { status: 'refunded', refundId, settledBy: actor.userName, settledOn: claimedOn }, { status: 'refunding', claimedOn }),
    audited(scope, found, { status: 'refunded', refundId }),
  ]);
  return view(await own(tenantId, paymentId));
}

/** POST /payment/upi-uncounted/{paymentId}/refunded-outside: the money went back another way, with how. */
export async function markRefundedOutside(scope: WriteScope, paymentId: string, note: string): Promise<UncountedUpi> {
  const { tenantId, actor } = scope;
  const found = await own(tenantId, paymentId);
  if (found.status !== 'open') throw new Conflict(found.status === 'refunding' ? UNCOUNTED_UPI_REFUNDING : UNCOUNTED_UPI_DONE);
  const settledOn = actor.now.toISOString();
  try {
    await transact([
      ...tillQrData.settleWrites(tenantId, paymentId, { status: 'refundedOutside', note, settledBy: actor.userName, settledOn }, { status: 'open' }),
      audited(scope, found, { status: 'refundedOutside', note }),
    ]);
  } catch (error) {
    if (error instanceof Conflict) throw new Conflict((await own(tenantId, paymentId)).status === 'refunding' ? UNCOUNTED_UPI_REFUNDING : UNCOUNTED_UPI_DONE);
    throw error;
  }
  return view(await own(tenantId, paymentId));
}
