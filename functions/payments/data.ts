import type { PaymentStatus } from '../../shared/schemas/payment.js';
import { getItem, op, queryAll, strip, tableName, transact, type Item, type TransactItem } from '../lib/db.js';
import { tenantPk } from '../lib/keys.js';
import type { ShippingAddress } from '../purchases/data.js';

/**
 * Payments: one record per provider order (a checkout attempt), keyed by the provider's order id, holding what
 * was ordered as the server priced it and how far the payment-to-order flow has gone (`stage`). Every flow step
 * moves the stage on under a condition on the stage it expects, so a step run twice (a retry, the checkout and
 * the webhook at once) changes nothing the second time. A claim item per provider payment id, created under
 * attribute_not_exists when the payment is recorded, makes recording a payment happen once.
 */
const paymentPk = (tenantId: string) => tenantPk(tenantId, 'PAYMENT');
const paymentIdKey = (tenantId: string, paymentId: string) => ({ pk: tenantPk(tenantId, 'PAYMENT_ID'), sk: paymentId });
/** Payments whose flow stopped short, one item per order, until the sweeper (functions/payments/sweeper.ts) completes it. */
const attentionPk = (tenantId: string) => tenantPk(tenantId, 'PAYMENT_ATTENTION');

/** A payment whose flow stopped short: what the sweeper runs the flow again with. */
export interface PaymentAttention {
  orderId: string;
  paymentId: string;
  /** The error the flow stopped on. */
  reason: string;
  since: string;
}

/**
 * Created → Paid → Reserved → Ordered → Completed; when the stock is gone after payment:
 * Paid → OutOfStock → Refunded → Cancelled.
 */
export type FlowStage = 'Created' | 'Paid' | 'Reserved' | 'Ordered' | 'Completed' | 'OutOfStock' | 'Refunded' | 'Cancelled';

/** A cart line as it was priced and paid for (paise, basis points). */
export interface PaidLine {
  customerCartId: number;
  productId: number;
  stockId: number;
  inventoryId: number;
  productName: string;
  artcode: string;
  quantity: number;
  price: number;
  mrp: number;
  cgst: number;
  sgst: number;
}

export interface StoredPayment {
  orderId: string;
  customerId: number;
  customerName: string;
  /** The customer's name as typed at registration ("Kaveri Traders"): what the invoice and the mail print. */
  legalName?: string;
  emailId?: string;
  mobileNumber: string;
  address?: string;
  /** Where the order is shipped; its state is the place of supply. */
  shippingAddress?: ShippingAddress;
  /** The customer's GSTIN and state when the order was placed. */
  customerGstin?: string;
  customerState?: string;
  /** What the provider was asked for: goods + delivery, paise. */
  amount: number;
  subtotal: number;
  mrpTotal: number;
  tax: number;
  deliveryCharge: number;
  currency: string;
  receipt: string;
  status: PaymentStatus;
  stage: FlowStage;
  lines: PaidLine[];
  /** The bill's number, chosen when the stock is reserved. */
  purchaseId?: number;
  /** Buying price of each line's stock when reserved (the bill's cost). */
  costs?: number[];
  razorpayPaymentId?: string;
  razorpaySignature?: string;
  paymentDateTime?: string;
  failureReason?: string;
  refundId?: string;
  refundedOn?: string;
  mailedOn?: string;
  createdBy: string;
  createdOn: string;
  updatedBy?: string;
  updatedOn?: string;
}

const toPayment = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredPayment;
const key = (tenantId: string, orderId: string) => ({ pk: paymentPk(tenantId), sk: orderId });

/** SET of the given attributes (REMOVE of those undefined) under a condition. */
function updateWrite(k: { pk: string; sk: string }, set: Record<string, unknown>, condition: string, values: Record<string, unknown> = {}): TransactItem {
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = { ...values };
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(set).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    if (value === undefined) removes.push(`#f${i}`);
    else {
      vals[`:f${i}`] = value;
      sets.push(`#f${i} = :f${i}`);
    }
  });
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  return {
    Update: {
      TableName: tableName(),
      Key: k,
      UpdateExpression: expression,
      ConditionExpression: condition,
      ExpressionAttributeNames: { ...names, ...(condition.includes('#stage') ? { '#stage': 'stage' } : {}) },
      ExpressionAttributeValues: Object.keys(vals).length ? vals : undefined,
    },
  };
}

export const paymentData = {
  async get(tenantId: string, orderId: string): Promise<StoredPayment | undefined> {
    const item = await getItem(paymentPk(tenantId), orderId);
    return item ? toPayment(item) : undefined;
  },

  async paymentClaim(tenantId: string, paymentId: string): Promise<{ orderId: string; refundId?: string } | undefined> {
    const k = paymentIdKey(tenantId, paymentId);
    return getItem(k.pk, k.sk);
  },

  createWrite: (tenantId: string, payment: StoredPayment): TransactItem => ({
    Put: { TableName: tableName(), Item: { ...key(tenantId, payment.orderId), entity: 'payment', ...payment }, ConditionExpression: 'attribute_not_exists(pk)' },
  }),

  /** Moves the flow on from `from`, setting the attributes given; refused when the stage is already another. */
  stageWrite: (tenantId: string, orderId: string, from: FlowStage, set: Partial<StoredPayment>): TransactItem =>
    updateWrite(key(tenantId, orderId), set, '#stage = :from', { ':from': from }),

  /** The checkout reported a failure: recorded while no payment has succeeded on the order. */
  failWrite: (tenantId: string, orderId: string, set: Partial<StoredPayment>): TransactItem =>
    updateWrite(key(tenantId, orderId), { ...set, status: 'Failed' }, '#stage = :created', { ':created': 'Created' }),

  /** The provider payment id, claimed once: the first recording wins, every later one finds it. */
  paymentClaimWrite: (tenantId: string, paymentId: string, orderId: string): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: { ...paymentIdKey(tenantId, paymentId), entity: 'paymentId', orderId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),

  /** A second payment of an already paid order, refunded: noted on its claim. */
  duplicateRefundWrite: (tenantId: string, paymentId: string, orderId: string, refundId: string): TransactItem => ({
    Put: { TableName: tableName(), Item: { ...paymentIdKey(tenantId, paymentId), entity: 'paymentId', orderId, refundId } },
  }),

  /** Whoever sets `mailedOn` first sends the confirmation; the others see it set. */
  mailClaimWrite: (tenantId: string, orderId: string, at: string): TransactItem =>
    updateWrite(key(tenantId, orderId), { mailedOn: at }, 'attribute_exists(pk) AND attribute_not_exists(mailedOn)'),

  mailReleaseWrite: (tenantId: string, orderId: string): TransactItem => updateWrite(key(tenantId, orderId), { mailedOn: undefined }, 'attribute_exists(pk)'),

  /** Marks the order's payment as needing the sweeper; a later mark of the same order keeps the first `since`. */
  attentionWrite: (tenantId: string, attention: PaymentAttention): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: { pk: attentionPk(tenantId), sk: attention.orderId },
      UpdateExpression: 'SET entity = :entity, orderId = :orderId, paymentId = :paymentId, reason = :reason, since = if_not_exists(since, :since)',
      ExpressionAttributeValues: { ':entity': 'paymentAttention', ':orderId': attention.orderId, ':paymentId': attention.paymentId, ':reason': attention.reason, ':since': attention.since },
    },
  }),

  /** Marks the order's payment for the sweeper: a step failed after its retries, or a caller saw the flow end unfinished. */
  async markForSweeper(tenantId: string, flow: { orderId: string; paymentId: string }, reason: string): Promise<void> {
    await transact([this.attentionWrite(tenantId, { orderId: flow.orderId, paymentId: flow.paymentId, reason, since: new Date().toISOString() })]);
  },

  /** The shop's payments needing the sweeper (a handful at most: each is also an alarm). */
  async needingAttention(tenantId: string): Promise<PaymentAttention[]> {
    return (await queryAll<Item>({ pk: attentionPk(tenantId) })).map((item) => strip(item) as unknown as PaymentAttention);
  },

  /** The sweeper completed the order's payment (or found it was not genuine). */
  async clearAttention(tenantId: string, orderId: string): Promise<void> {
    await transact([op.remove({ pk: attentionPk(tenantId), sk: orderId })]);
  },
};
