import { formatPaise } from '../../shared/format.js';
import { toRupees } from '../../shared/money.js';
import { NO_UPI_TO_CONFIRM, paidTwice, QR_IMAGE_REFUSED, QR_CLOSED, QR_NOT_FOUND, RAZORPAY_QR_OFF, wrongAmount, type TillQr } from '../../shared/schemas/till-upi.js';
import { auditWrite } from '../lib/audit.js';
import type { Actor } from '../lib/db.js';
import { transact } from '../lib/db.js';
import { AppError, Conflict, NotFound, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { inTenant } from '../lib/tenant-scope.js';
import { purchaseData } from '../purchases/data.js';
import { pendingUpi, settleWrites } from '../purchases/upi.js';
import { tenantData } from '../tenants/data.js';
import { paymentData } from './data.js';
import { closeUpiQr, createUpiQr, fetchUpiQr, hasRazorpay, isRazorpayImageUrl, type ProviderQrCode } from './provider.js';
import { tillQrData, type StoredTillQr } from './till-qr-data.js';

/**
 * UPI at the till by Razorpay's QR codes (docs/point-of-sale.md, "UPI QR codes that confirm themselves"). A bill
 * saved with its UPI part to be confirmed gets a single-use QR code of exactly that amount; the customer's payment
 * comes back as the signed `qr_code.credited` webhook, which confirms the part once; the till reads the code's status
 * (one GetItem) until it moves on. Razorpay sends nothing when a code expires, so the status asks Razorpay once the
 * code's close time has passed, or when the cashier asks to check again.
 */

/** Razorpay's earliest close_by is 15 minutes ahead; a minute more so a slow request still meets it. */
const QR_LIFETIME_SECONDS = 16 * 60;
const TENANT_ID = /^[a-z0-9][a-z0-9-]{1,39}$/;
/** Who the audit trail names for what Razorpay's webhook changed. */
const WEBHOOK_ACTOR = 'razorpay-webhook';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'not a URL';
  }
};

const billName = (qr: Pick<StoredTillQr, 'invoiceNumber' | 'purchaseId'>) => qr.invoiceNumber ?? String(qr.purchaseId);

const view = (qr: StoredTillQr): TillQr => ({
  qrId: qr.qrId,
  purchaseId: qr.purchaseId,
  ...(qr.invoiceNumber ? { invoiceNumber: qr.invoiceNumber } : {}),
  amount: toRupees(qr.amount),
  status: qr.status,
  ...(qr.message ? { message: qr.message } : {}),
  imageUrl: qr.imageUrl,
  ...(qr.imageContent ? { imageContent: qr.imageContent } : {}),
  closeBy: qr.closeBy,
  ...(qr.paymentId ? { paymentId: qr.paymentId } : {}),
});

/** The shop takes UPI by Razorpay's QR codes: its setting is on and the platform has Razorpay keys. */
export async function takesRazorpayQr(tenantId: string): Promise<boolean> {
  const shop = await tenantData.get(tenantId);
  return Boolean(shop?.upiRazorpayQr) && (await hasRazorpay());
}

/**
 * POST /payment/till-qr: a QR code for what the bill's UPI part still waits for. The bill's open code of the same
 * amount is answered again, so a till that asks twice shows one code.
 */
export async function createTillQr(scope: { tenantId: string; actor: Actor; log?: Logger }, purchaseId: number): Promise<TillQr> {
  const { tenantId, actor } = scope;
  if (!(await takesRazorpayQr(tenantId))) throw new Validation(RAZORPAY_QR_OFF);
  const bill = (await purchaseData.open(tenantId, purchaseId, true))?.bill;
  if (!bill) throw new NotFound('Bill not found.');
  const { amount } = pendingUpi(bill);
  if (!amount) throw new Validation(NO_UPI_TO_CONFIRM);
  const latest = await tillQrData.latestOfBill(tenantId, purchaseId);
  const open = latest ? await tillQrData.get(tenantId, latest) : undefined;
  if (open?.status === 'open' && open.amount === amount && Date.parse(open.closeBy) > actor.now.getTime()) return view(open);

  const closeBy = Math.floor(actor.now.getTime() / 1000) + QR_LIFETIME_SECONDS;
  const shop = await tenantData.get(tenantId);
  const reference = bill.invoiceNumber ?? String(purchaseId);
  const provider = await createUpiQr({
    amount,
    closeBy,
    name: (shop?.displayName ?? tenantId).slice(0, 40),
    description: `Bill ${reference}`,
    notes: { tenantId, purchaseId: String(purchaseId), bill: reference },
  });
  // The image is shown to the till: only from Razorpay's hosts. Without it the till draws the UPI link itself.
  const imageFromRazorpay = isRazorpayImageUrl(provider.image_url);
  if (!imageFromRazorpay) {
    scope.log?.warn('QR code image_url not on a Razorpay host: not shown', { qrId: provider.id, host: hostOf(provider.image_url) });
    if (!provider.image_content) {
      await closeUpiQr(provider.id).catch(() => undefined);
      throw new AppError(502, QR_IMAGE_REFUSED);
    }
  }
  const qr: StoredTillQr = {
    qrId: provider.id,
    purchaseId,
    ...(bill.invoiceNumber ? { invoiceNumber: bill.invoiceNumber } : {}),
    amount,
    status: 'open',
    imageUrl: imageFromRazorpay ? provider.image_url : '',
    ...(provider.image_content ? { imageContent: provider.image_content } : {}),
    closeBy: new Date((provider.close_by ?? closeBy) * 1000).toISOString(),
    createdBy: actor.userName,
    createdOn: actor.now.toISOString(),
  };
  await transact(tillQrData.createWrites(tenantId, qr));
  return view(qr);
}

async function ownQr(tenantId: string, qrId: string): Promise<StoredTillQr> {
  const qr = await tillQrData.get(tenantId, qrId);
  if (!qr) throw new NotFound(QR_NOT_FOUND);
  return qr;
}

/** Razorpay closed the code unpaid (it expired, or was closed): the till offers another way to pay. */
async function markClosed(tenantId: string, qr: StoredTillQr, at: Date): Promise<StoredTillQr> {
  try {
    await transact([tillQrData.fromWrite(tenantId, qr.qrId, { status: 'closed', message: QR_CLOSED, updatedOn: at.toISOString() })]);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
  }
  return ownQr(tenantId, qr.qrId);
}

/** What Razorpay says of an open code: closed with nothing received is closed; a payment's webhook is on its way. */
async function checked(tenantId: string, qr: StoredTillQr, provider: ProviderQrCode, at: Date): Promise<StoredTillQr> {
  if (provider.status === 'closed' && provider.payments_count_received === 0) return markClosed(tenantId, qr, at);
  return qr;
}

/** GET /payment/till-qr/{qrId}: the code as the webhook left it; asks Razorpay past its close time or when told to. */
export async function tillQrStatus(tenantId: string, qrId: string, check: boolean, now: Date): Promise<TillQr> {
  const qr = await ownQr(tenantId, qrId);
  if (qr.status !== 'open' || (!check && Date.parse(qr.closeBy) > now.getTime())) return view(qr);
  return view(await checked(tenantId, qr, await fetchUpiQr(qrId), now));
}

/** POST /payment/till-qr/{qrId}/close: the cashier takes the UPI part another way; a paid code stays paid. */
export async function closeTillQr(tenantId: string, qrId: string, now: Date): Promise<TillQr> {
  const qr = await ownQr(tenantId, qrId);
  if (qr.status !== 'open') return view(qr);
  const provider = await fetchUpiQr(qrId);
  if (provider.status === 'active') return view(await checked(tenantId, qr, await closeUpiQr(qrId), now));
  return view(await checked(tenantId, qr, provider, now));
}

// ---------------------------------------------------------------- the webhook

export interface QrWebhookEvent {
  event?: string;
  payload?: {
    qr_code?: { entity?: { id?: string } };
    payment?: { entity?: { id?: string; amount?: number; status?: string } };
  };
}

/**
 * `qr_code.credited` and `qr_code.closed`. The shop is the one the code was made for (its notes, read back from
 * Razorpay with our keys). A credit confirms the bill's UPI part once; the same payment delivered again changes
 * nothing; a second payment, or one of another amount, is not counted and is told to the cashier and the owner
 * (the code's message and the audit trail) to be refunded.
 */
export async function handleQrWebhook(event: QrWebhookEvent, log: Logger): Promise<{ received: boolean; qrStatus?: string }> {
  const qrId = event.payload?.qr_code?.entity?.id;
  if (!qrId) return { received: true };
  const provider = await fetchUpiQr(qrId);
  const tenantId = String(provider.notes?.tenantId ?? '');
  if (!TENANT_ID.test(tenantId)) {
    log.warn('webhook for a QR code the product did not create', { qrId });
    return { received: true };
  }
  return inTenant(tenantId, async () => {
    const qr = await tillQrData.get(tenantId, qrId);
    if (!qr) {
      log.warn('webhook for a till QR code not recorded', { tenantId, qrId });
      return { received: true };
    }
    const now = new Date();
    if (event.event === 'qr_code.closed') return { received: true, qrStatus: (await checked(tenantId, qr, provider, now)).status };
    const payment = event.payload?.payment?.entity;
    if (event.event !== 'qr_code.credited' || !payment?.id || typeof payment.amount !== 'number' || payment.status !== 'captured') return { received: true };
    return { received: true, qrStatus: await credited(tenantId, qr, { id: payment.id, amount: payment.amount }, now, log) };
  });
}

async function credited(tenantId: string, qr: StoredTillQr, payment: { id: string; amount: number }, now: Date, log: Logger): Promise<string> {
  if ((await paymentData.paymentClaim(tenantId, payment.id)) !== undefined) return qr.status;
  const scope = { tenantId, actor: { userName: WEBHOOK_ACTOR, now } };
  const claim = paymentData.paymentClaimWrite(tenantId, payment.id, qr.qrId);
  const at = now.toISOString();
  const bill = (await purchaseData.open(tenantId, qr.purchaseId, true))?.bill;
  const waiting = bill ? pendingUpi(bill).amount : 0;

  const uncounted = async (reason: string, message: string, status?: 'attention') => {
    log.warn('till QR payment not counted: needs a refund', { qrId: qr.qrId, paymentId: payment.id, amount: payment.amount, reason });
    await transact([
      claim,
      ...tillQrData.uncountedWrites(tenantId, qr, { paymentId: payment.id, amount: payment.amount, reason, at }, message, status),
      auditWrite(scope, { entity: 'bill', entityId: qr.purchaseId, action: 'update', before: { upiQr: { qrId: qr.qrId, status: qr.status } }, after: { upiQr: { qrId: qr.qrId, status: status ?? qr.status, paymentId: payment.id, message } } }),
    ]);
    return status ?? qr.status;
  };

  if (qr.status === 'paid' || qr.paymentId) return uncounted('paid twice', paidTwice(formatPaise(payment.amount), billName(qr)));
  if (payment.amount !== qr.amount) return uncounted('wrong amount', wrongAmount(formatPaise(payment.amount), formatPaise(qr.amount), billName(qr)), 'attention');
  if (!bill || waiting !== qr.amount) {
    return uncounted('bill settled otherwise', `A UPI payment of ${formatPaise(payment.amount)} came for bill ${billName(qr)} after its UPI part was settled another way. It is not counted: refund it from UPI payments to refund (Till Closes).`, 'attention');
  }
  try {
    await transact([claim, tillQrData.fromWrite(tenantId, qr.qrId, { status: 'paid', paymentId: payment.id, message: undefined, updatedOn: at }, ['open', 'closed']), ...settleWrites(scope, bill, 'upi', payment.id)]);
  } catch (error) {
    // Another delivery of this payment, or a change of the bill, won: the next delivery sees where things stand.
    if (error instanceof Conflict) throw new Conflict('The QR code or its bill changed while the payment was recorded; Razorpay will deliver it again.');
    throw error;
  }
  return 'paid';
}
