import type { TillQrStatus } from '../../shared/schemas/till-upi.js';
import { getItem, op, strip, type Item, type TransactItem } from '../lib/db.js';
import { idSk, tenantPk } from '../lib/keys.js';

/**
 * Till QR codes: one record per Razorpay UPI QR code a till showed for a saved bill's UPI part, keyed by the QR
 * code's id, and one pointer per bill to its latest QR code. The webhook moves a record from `open` under a
 * condition on its status, so a credit or a close delivered twice changes nothing the second time; the provider
 * payment id is claimed once (functions/payments/data.ts), so a payment is counted once.
 */
const tillQrKey = (tenantId: string, qrId: string) => ({ pk: tenantPk(tenantId, 'TILL_QR'), sk: qrId });
const billQrKey = (tenantId: string, purchaseId: number) => ({ pk: tenantPk(tenantId, 'TILL_QR_BILL'), sk: idSk(purchaseId) });

/** A payment that came to a QR code but could not be counted: to be refunded from Razorpay's dashboard. */
export interface UncountedPayment {
  paymentId: string;
  amount: number;
  reason: string;
  at: string;
}

export interface StoredTillQr {
  qrId: string;
  purchaseId: number;
  invoiceNumber?: string;
  /** Paise asked: the bill's UPI part to be confirmed when the code was made. */
  amount: number;
  status: TillQrStatus;
  message?: string;
  imageUrl: string;
  imageContent?: string;
  /** ISO time Razorpay closes the code unpaid (it sends no webhook then). */
  closeBy: string;
  paymentId?: string;
  uncounted?: UncountedPayment[];
  createdBy: string;
  createdOn: string;
  updatedOn?: string;
}

export const tillQrData = {
  async get(tenantId: string, qrId: string): Promise<StoredTillQr | undefined> {
    const k = tillQrKey(tenantId, qrId);
    const item = await getItem(k.pk, k.sk, true);
    return item ? (strip(item as Item) as unknown as StoredTillQr) : undefined;
  },

  /** The bill's latest QR code id. */
  async latestOfBill(tenantId: string, purchaseId: number): Promise<string | undefined> {
    const k = billQrKey(tenantId, purchaseId);
    return (await getItem<{ qrId?: string }>(k.pk, k.sk, true))?.qrId;
  },

  createWrites: (tenantId: string, qr: StoredTillQr): TransactItem[] => [
    op.create({ ...tillQrKey(tenantId, qr.qrId), entity: 'tillQr', ...qr }),
    op.setFields(billQrKey(tenantId, qr.purchaseId), { entity: 'tillQrOfBill', qrId: qr.qrId }),
  ],

  /**
   * Moves a code on from one of the statuses `from` (open by default; a payment may also come to a code that closed
   * as it was paid); refused when another write moved it first. A field given as undefined is removed.
   */
  fromWrite: (
    tenantId: string,
    qrId: string,
    set: Pick<StoredTillQr, 'status' | 'updatedOn'> & Partial<Pick<StoredTillQr, 'message' | 'paymentId'>>,
    from: TillQrStatus[] = ['open'],
  ): TransactItem => {
    const fields = Object.entries(set).filter(([, v]) => v !== undefined);
    const removed = Object.entries(set).filter(([, v]) => v === undefined).map(([k]) => k);
    return op.update(tillQrKey(tenantId, qrId), {
      UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
      ConditionExpression: `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])) },
      ExpressionAttributeValues: { ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])), ...Object.fromEntries(fields.map(([, v], i) => [`:f${i}`, v])) },
    });
  },

  /** A payment the code received that is not counted (a second credit, a wrong amount), with what the owner is told. */
  uncountedWrite: (tenantId: string, qrId: string, payment: UncountedPayment, message: string, status?: TillQrStatus): TransactItem =>
    op.update(tillQrKey(tenantId, qrId), {
      UpdateExpression: `SET uncounted = list_append(if_not_exists(uncounted, :none), :payment), message = :message, updatedOn = :at${status ? ', #status = :status' : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ...(status ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':none': [], ':payment': [payment], ':message': message, ':at': payment.at, ...(status ? { ':status': status } : {}) },
    }),
};
