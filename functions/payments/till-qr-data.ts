import type { TillQrStatus, UncountedUpiStatus } from '../../shared/schemas/till-upi.js';
import { getItem, op, query, queryCursorPage, readCounter, strip, type CursorPage, type Item, type PageRequest, type TransactItem } from '../lib/db.js';
import { counterKey, idSk, tenantPk, uncountedUpiByTime, uncountedUpiByTimePk, uncountedUpiKey } from '../lib/keys.js';

/**
 * Till QR codes: one record per Razorpay UPI QR code a till showed for a saved bill's UPI part, keyed by the QR
 * code's id, and one pointer per bill to its latest QR code. The webhook moves a record from `open` under a
 * condition on its status, so a credit or a close delivered twice changes nothing the second time; the provider
 * payment id is claimed once (functions/payments/data.ts), so a payment is counted once.
 */
const tillQrPk = (tenantId: string) => tenantPk(tenantId, 'TILL_QR');
const tillQrKey = (tenantId: string, qrId: string) => ({ pk: tillQrPk(tenantId), sk: qrId });
const billQrKey = (tenantId: string, purchaseId: number) => ({ pk: tenantPk(tenantId, 'TILL_QR_BILL'), sk: idSk(purchaseId) });

/** A payment that came to a QR code but could not be counted: to be refunded (the owner's UPI payments to refund). */
export interface UncountedPayment {
  paymentId: string;
  amount: number;
  reason: string;
  at: string;
}

/** The owner's record of a payment not counted (one per payment id), moved on once by the refund or a note. */
export interface StoredUncountedUpi extends UncountedPayment {
  qrId: string;
  purchaseId: number;
  invoiceNumber?: string;
  status: UncountedUpiStatus;
  refundId?: string;
  note?: string;
  /** Who refunded it, or said it was refunded another way, and when. */
  settledBy?: string;
  settledOn?: string;
  /** The refund under way: who claimed it and when (a claim left by a failed try is taken over after a minute). */
  claimedBy?: string;
  claimedOn?: string;
}

/** The shop's count of payments not counted and not yet refunded (the till closes screen shows it). */
const openUncountedCounter = (tenantId: string) => counterKey(tenantId, 'upiUncountedOpen');

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

  /**
   * A payment the code received that is not counted (a second credit, a wrong amount), with what the owner is told:
   * on the code, as an item of the owner's list of refunds to make (newest first), and in the shop's open count.
   */
  uncountedWrites: (
    tenantId: string,
    qr: Pick<StoredTillQr, 'qrId' | 'purchaseId' | 'invoiceNumber'>,
    payment: UncountedPayment,
    message: string,
    status?: TillQrStatus,
  ): TransactItem[] => [
    op.update(tillQrKey(tenantId, qr.qrId), {
      UpdateExpression: `SET uncounted = list_append(if_not_exists(uncounted, :none), :payment), message = :message, updatedOn = :at${status ? ', #status = :status' : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ...(status ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':none': [], ':payment': [payment], ':message': message, ':at': payment.at, ...(status ? { ':status': status } : {}) },
    }),
    ...tillQrData.listUncountedWrites(tenantId, qr, payment),
  ],

  /**
   * The payment as an open item of the owner's list, created only when the list lacks it, and one more in the shop's
   * open count: the webhook's part of `uncountedWrites`, and the shop upgrade's for a payment recorded before the list.
   */
  listUncountedWrites: (tenantId: string, qr: Pick<StoredTillQr, 'qrId' | 'purchaseId' | 'invoiceNumber'>, payment: UncountedPayment): TransactItem[] => [
    op.create({
      ...uncountedUpiKey(tenantId, payment.paymentId),
      ...uncountedUpiByTime(tenantId, payment.at, payment.paymentId),
      entity: 'uncountedUpi',
      paymentId: payment.paymentId,
      amount: payment.amount,
      reason: payment.reason,
      at: payment.at,
      qrId: qr.qrId,
      purchaseId: qr.purchaseId,
      ...(qr.invoiceNumber ? { invoiceNumber: qr.invoiceNumber } : {}),
      status: 'open',
    }),
    op.count(openUncountedCounter(tenantId), 1),
  ],

  /**
   * The shop's codes that recorded payments not counted, a page at a time: one Query of the shop's `TILL_QR`
   * partition per page (read in full, the filter only leaves out codes without such payments), never a Scan.
   */
  async *codesWithUncounted(tenantId: string, pageSize = 100): AsyncGenerator<Pick<StoredTillQr, 'qrId' | 'purchaseId' | 'invoiceNumber' | 'uncounted'>[]> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await query<Pick<StoredTillQr, 'qrId' | 'purchaseId' | 'invoiceNumber' | 'uncounted'>>({
        pk: tillQrPk(tenantId),
        limit: pageSize,
        startKey,
        filter: { FilterExpression: 'attribute_exists(uncounted)' },
        attributes: ['qrId', 'purchaseId', 'invoiceNumber', 'uncounted'],
      });
      if (page.items.length) yield page.items;
      startKey = page.next;
    } while (startKey);
  },

  async uncounted(tenantId: string, paymentId: string): Promise<StoredUncountedUpi | undefined> {
    const k = uncountedUpiKey(tenantId, paymentId);
    const item = await getItem(k.pk, k.sk, true);
    return item ? toUncounted(item) : undefined;
  },

  /** A page of the shop's payments not counted, newest first: one Query of the page's items on gsi1. */
  async uncountedPage(tenantId: string, request: PageRequest): Promise<CursorPage<StoredUncountedUpi>> {
    const page = await queryCursorPage<Record<string, unknown>>({ index: 'gsi1', pk: uncountedUpiByTimePk(tenantId), descending: true }, request);
    return { items: page.items.map(toUncounted), next: page.next };
  },

  openUncounted: (tenantId: string) => readCounter(openUncountedCounter(tenantId)),

  /** Claims the refund: open, or a claim older than `staleBefore` (a try that failed midway), to `refunding`. */
  claimRefundWrite: (tenantId: string, paymentId: string, by: string, at: string, staleBefore: string): TransactItem =>
    op.update(uncountedUpiKey(tenantId, paymentId), {
      UpdateExpression: 'SET #status = :refunding, claimedBy = :by, claimedOn = :at',
      ConditionExpression: '#status = :open OR (#status = :refunding AND claimedOn < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':open': 'open', ':refunding': 'refunding', ':by': by, ':at': at, ':stale': staleBefore },
    }),

  /** The payment went back (`from` the claim of this caller, or open for a refund made outside): counted down once. */
  settleWrites: (
    tenantId: string,
    paymentId: string,
    settled: { status: 'refunded' | 'refundedOutside'; refundId?: string; note?: string; settledBy: string; settledOn: string },
    from: { status: 'open' } | { status: 'refunding'; claimedOn: string },
  ): TransactItem[] => {
    const fields = Object.entries(settled).filter(([, v]) => v !== undefined);
    return [
      op.update(uncountedUpiKey(tenantId, paymentId), {
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')} REMOVE claimedBy, claimedOn`,
        ConditionExpression: from.status === 'open' ? '#from = :from' : '#from = :from AND claimedOn = :claimedOn',
        ExpressionAttributeNames: { '#from': 'status', ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])) },
        ExpressionAttributeValues: {
          ':from': from.status,
          ...(from.status === 'refunding' ? { ':claimedOn': from.claimedOn } : {}),
          ...Object.fromEntries(fields.map(([, v], i) => [`:f${i}`, v])),
        },
      }),
      op.count(openUncountedCounter(tenantId), -1),
    ];
  },
};

const toUncounted = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredUncountedUpi;
