import { computeBill, shopDay } from '../../shared/bill.js';
import type { OrderStatus } from '../../shared/schemas/cart.js';
import { cartData, type LineMove, type StoredCartLine } from '../cart/data.js';
import { customerData } from '../customers/data.js';
import { nextId, transact, type Actor, type TransactItem } from '../lib/db.js';
import { Conflict } from '../lib/errors.js';
import { rootLogger } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { lineSalesFigures, purchaseData, type StoredLine, type StoredPurchase } from '../purchases/data.js';
import { billRecords, invoiceFields, nextDocumentNumber, NUMBER_TAKEN } from '../purchases/bill-records.js';
import { productData, type StoredProduct } from '../products/data.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { addressLine, shownName } from '../purchases/view.js';
import { changeLine, lowCountWrites, STOCK_CHANGED, type PreparedStockChange } from '../stock/changes.js';
import { stockData } from '../stock/data.js';
import { tenantData } from '../tenants/data.js';
import { paymentData, type FlowStage, type PaidLine, type StoredPayment } from './data.js';
import { orderMail } from './order-mail.js';
import { fetchPayment, isGenuineCheckout, ProviderError, refundOnce } from './provider.js';

/**
 * The steps of the payment-to-order state machine (payment-to-order.asl.json). Each takes the flow's state and
 * answers it with what the step learnt. Every step may run more than once (a retry, or the checkout's result and
 * the webhook for the same payment at once): each moves the payment record's stage on under a condition on the
 * stage it expects, and a step that finds its work done answers as if it had just done it.
 */

export interface FlowInput {
  tenantId: string;
  /** The provider's order id. */
  orderId: string;
  /** The provider's payment id. */
  paymentId: string;
  /** The checkout's signature; the webhook's own signature was checked at the route. */
  signature?: string;
  source: 'checkout' | 'webhook';
}

export interface FlowState extends FlowInput {
  verified?: boolean;
  /** The order was paid by another payment already: this one is refunded. */
  duplicate?: boolean;
  reserved?: boolean;
  purchaseId?: number;
  orderStatus?: 'OrderSuccess' | 'OrderFail';
  refundId?: string;
  /** What the state machine caught when a step failed after its retries (its Catch's ResultPath). */
  failure?: { Error?: string; Cause?: string };
}

/** The record moved on under this step (another run of the flow): read it again and answer from it. */
const STAGE_MOVED = 'The payment moved on while this step ran.';
const CART_CHANGED = 'The cart changed while the order was written.';
const ATTEMPTS = 8;

const logOf = (flow: FlowInput) => rootLogger.child({ flow: 'paymentToOrder', tenantId: flow.tenantId, orderId: flow.orderId, paymentId: flow.paymentId });

async function record(flow: FlowInput): Promise<StoredPayment> {
  const payment = await paymentData.get(flow.tenantId, flow.orderId);
  if (!payment) throw new Error(`No payment record for order ${flow.orderId}`);
  return payment;
}

/** Writes done by the flow are the customer's: their name and the time of the step. */
const actorOf = (payment: StoredPayment): Actor => ({ userName: payment.createdBy, now: new Date() });

const isRace = (error: unknown) =>
  (error instanceof Conflict && [STAGE_MOVED, STOCK_CHANGED, CART_CHANGED, NUMBER_TAKEN].includes(error.message)) ||
  ((error as { name?: string }).name === 'TransactionCanceledException' &&
    ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));

/** Runs `attempt` again after a lost race; `attempt` reads the record afresh each time. */
async function untilSettled<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRace(error) || i >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(i, 6)));
    }
  }
}

const reachedAny = (stage: FlowStage, stages: FlowStage[]) => stages.includes(stage);

// ---------------------------------------------------------------- 1. verify

/**
 * The payment is genuine: the checkout's signature matches (HMAC of order|payment with the key secret), and the
 * provider confirms the payment belongs to this order, is captured (or authorised) and is for the amount asked.
 */
export async function verifyPayment(flow: FlowState): Promise<FlowState> {
  const log = logOf(flow);
  const payment = await paymentData.get(flow.tenantId, flow.orderId);
  if (!payment) {
    log.warn('payment not verified: no such order in the shop');
    return { ...flow, verified: false };
  }
  if (flow.source === 'checkout' && !(await isGenuineCheckout(flow.orderId, flow.paymentId, flow.signature ?? ''))) {
    log.warn('payment not verified: the checkout signature does not match');
    return { ...flow, verified: false };
  }
  const provider = await fetchPayment(flow.paymentId).catch((error: unknown) => {
    if (error instanceof ProviderError && error.providerStatus < 500) return undefined;
    throw error;
  });
  const genuine =
    provider !== undefined &&
    provider.order_id === flow.orderId &&
    Number(provider.amount) === payment.amount &&
    ['captured', 'authorized', 'refunded'].includes(provider.status);
  if (!genuine) log.warn('payment not verified by the provider', { status: provider?.status, amount: provider?.amount });
  return { ...flow, verified: genuine };
}

// ---------------------------------------------------------------- 2. record the payment once

export async function recordPayment(flow: FlowState): Promise<FlowState> {
  return untilSettled(async () => {
    const payment = await record(flow);
    if (payment.razorpayPaymentId === flow.paymentId) return flow;
    if (payment.razorpayPaymentId) return { ...flow, duplicate: true };
    const now = new Date().toISOString();
    await transact(
      [
        paymentData.paymentClaimWrite(flow.tenantId, flow.paymentId, flow.orderId),
        paymentData.stageWrite(flow.tenantId, flow.orderId, 'Created', {
          stage: 'Paid',
          status: 'Paid',
          razorpayPaymentId: flow.paymentId,
          razorpaySignature: flow.signature,
          paymentDateTime: now,
          failureReason: undefined,
          updatedOn: now,
        }),
      ],
      [STAGE_MOVED, STAGE_MOVED],
    );
    return flow;
  });
}

// ---------------------------------------------------------------- 3. reserve the stock

/**
 * Takes the ordered units off the shelf in one transaction with the record's move to Reserved: every stock line's
 * change is conditioned on the version read (so never below zero), and a movement is written per line. When a
 * line no longer holds enough, nothing is taken and the record goes to OutOfStock for the refund.
 */
export async function reserveStock(flow: FlowState): Promise<FlowState> {
  return untilSettled(async () => {
    const payment = await record(flow);
    if (reachedAny(payment.stage, ['Reserved', 'Ordered', 'Completed'])) return { ...flow, reserved: true, purchaseId: payment.purchaseId };
    if (reachedAny(payment.stage, ['OutOfStock', 'Refunded', 'Cancelled'])) return { ...flow, reserved: false };
    if (payment.stage !== 'Paid') throw new Error(`Cannot reserve stock at stage ${payment.stage}`);

    const wanted = new Map<number, number>();
    for (const line of payment.lines) wanted.set(line.stockId, (wanted.get(line.stockId) ?? 0) + line.quantity);
    const stock = new Map((await stockData.byIds(flow.tenantId, [...wanted.keys()])).map((s) => [s.stockId, s]));
    const short = [...wanted].some(([stockId, units]) => (stock.get(stockId)?.quantity ?? 0) < units);
    if (short) {
      logOf(flow).warn('stock gone after payment: refunding');
      await transact([paymentData.stageWrite(flow.tenantId, flow.orderId, 'Paid', { stage: 'OutOfStock', updatedOn: new Date().toISOString() })], [STAGE_MOVED]);
      return { ...flow, reserved: false };
    }
    const purchaseId = payment.purchaseId ?? (await nextId(flow.tenantId, 'purchase'));
    const actor = actorOf(payment);
    const items: TransactItem[] = [];
    const messages: (string | undefined)[] = [];
    const changes: PreparedStockChange[] = [];
    for (const [stockId, units] of wanted) {
      const line = stock.get(stockId)!;
      const change = changeLine(flow.tenantId, line, { productId: line.productId, artcode: line.artcode, delta: -units, reason: 'sale', ref: `Online order, bill ${purchaseId}`, actor });
      items.push(...change.items);
      messages.push(...change.messages);
      changes.push(change);
    }
    const costs = payment.lines.map((l) => stock.get(l.stockId)!.buyingPrice);
    items.push(paymentData.stageWrite(flow.tenantId, flow.orderId, 'Paid', { stage: 'Reserved', purchaseId, costs, updatedOn: actor.now.toISOString() }));
    messages.push(STAGE_MOVED);
    await transact([...items, ...lowCountWrites(flow.tenantId, changes)], messages);
    return { ...flow, reserved: true, purchaseId };
  });
}

// ---------------------------------------------------------------- 4. the bill

interface OrderInvoice {
  shop: Tenant;
  products: Map<number, StoredProduct>;
  number?: { invoiceNumber: string; invoiceSequence: number; financialYear: string };
}

/**
 * The order's bill is a tax invoice supplied where the goods are shipped: the shipping address's state, else the
 * customer's state, else the shop's (shared/gst.ts `placeOfSupply`).
 */
function billOf(payment: StoredPayment, customerPoints: number, gst: OrderInvoice): { bill: StoredPurchase; lines: StoredLine[] } {
  const paidAt = payment.paymentDateTime ?? payment.createdOn;
  const saleDate = shopDay(new Date(paidAt));
  const invoice = invoiceFields({
    shop: gst.shop,
    customer: { gstin: payment.customerGstin, state: payment.customerState },
    saleDate,
    shippingState: payment.shippingAddress?.state ?? payment.customerState,
    number: gst.number,
  });
  const billOfSupply = invoice.documentType === 'BILL_OF_SUPPLY';
  const rates = (l: PaidLine) => (billOfSupply ? { cgstRate: 0, sgstRate: 0 } : { cgstRate: l.cgst, sgstRate: l.sgst });
  const { bill, lines } = billRecords({
    purchaseId: payment.purchaseId!,
    customer: payment,
    paymentMode: 'Online',
    saleDate,
    sold: payment.lines.map((l, i) => ({
      ...l,
      rate: l.price,
      boughtPrice: payment.costs?.[i] ?? 0,
      ...rates(l),
      hsnCode: gst.products.get(l.productId)?.hsnCode,
      unit: gst.products.get(l.productId)?.unit,
      taxability: gst.products.get(l.productId)?.taxability,
    })),
    // The delivery charge the customer paid is a line of the invoice, so the invoice's total is what the provider took.
    figures: computeBill({
      lines: payment.lines.map((l) => ({ mrp: l.mrp, rate: l.price, quantity: l.quantity, ...rates(l) })),
      supply: invoice.supply,
      billOfSupply,
      delivery: { charge: payment.deliveryCharge },
    }),
    customerPointsAfter: customerPoints,
    invoice,
    shippingAddress: payment.shippingAddress,
    createdOn: paidAt,
    createdBy: payment.createdBy,
  });
  // Credit points belong to the till: an online order neither uses nor earns them.
  return { bill: { ...bill, pointsEarned: 0, orderId: payment.orderId }, lines };
}

/**
 * The purchase (paymentMode 'Online') with its lines and the sale day's figures, written with the record's move to
 * Ordered. The stock was taken when reserved, so the bill moves no stock itself; its number was chosen then, and
 * the bill is created under attribute_not_exists, so there is never a second one.
 */
export async function createPurchase(flow: FlowState): Promise<FlowState> {
  return untilSettled(async () => {
    const payment = await record(flow);
    if (reachedAny(payment.stage, ['Ordered', 'Completed'])) return { ...flow, purchaseId: payment.purchaseId };
    if (payment.stage !== 'Reserved') throw new Error(`Cannot create the purchase at stage ${payment.stage}`);
    const [customer, shop, products] = await Promise.all([
      customerData.byId(flow.tenantId, payment.customerId),
      tenantData.get(flow.tenantId),
      productData.byIds(flow.tenantId, [...new Set(payment.lines.map((l) => l.productId))]),
    ]);
    if (!shop) throw new Error(`Shop ${flow.tenantId} not found`);
    const paidDay = shopDay(new Date(payment.paymentDateTime ?? payment.createdOn));
    const issued = await nextDocumentNumber(flow.tenantId, 'INVOICE', paidDay);
    const { bill, lines } = billOf(payment, customer?.creditPoints ?? 0, {
      shop,
      products: new Map(products.map((p) => [p.productId, p])),
      number: { invoiceNumber: issued.number, invoiceSequence: issued.sequence, financialYear: issued.year },
    });
    const sales = purchaseData.salesWrite(flow.tenantId, bill.saleDate, {
      bills: 1,
      onlineBills: 1,
      lines: bill.lineCount,
      soldQuantity: bill.soldQuantity,
      // Gross, discount and net count goods (gross − discount = goods billed); the delivery charge is counted apart,
      // and its taxable value and tax are in the day's, as on the invoice.
      gross: bill.gross - (bill.delivery?.charge ?? 0),
      discount: bill.discount,
      taxable: bill.taxable,
      cgst: bill.cgst,
      sgst: bill.sgst,
      igst: bill.igst,
      tax: bill.tax,
      net: bill.net - (bill.delivery?.charge ?? 0),
      delivery: bill.delivery?.charge,
      onlineSold: bill.paid,
      onlineCost: bill.cost,
    });
    const byLine = lineSalesFigures(lines.map((l) => ({ stockId: l.stockId, units: l.originalQuantity, value: l.net, cost: l.boughtPrice * l.originalQuantity })));
    const items = [
      purchaseData.createBillWrite(flow.tenantId, bill),
      issued.write,
      ...lines.map((l) => purchaseData.putLineWrite(flow.tenantId, l)),
      ...purchaseData.customerLineWrites(flow.tenantId, lines),
      ...(sales ? [sales] : []),
      ...purchaseData.lineSalesWrites(flow.tenantId, bill.saleDate, byLine),
    ];
    items.push(paymentData.stageWrite(flow.tenantId, flow.orderId, 'Reserved', { stage: 'Ordered', updatedOn: new Date().toISOString() }));
    await transact(items, [STAGE_MOVED, NUMBER_TAKEN, ...items.slice(2).map(() => STAGE_MOVED)]);
    return { ...flow, purchaseId: bill.purchaseId };
  });
}

// ---------------------------------------------------------------- 5. the cart lines become the order

/**
 * The paid lines leave the cart as orders of `status`, with the record's move to its last stage, in one
 * transaction. A paid line still in the cart (or saved since) becomes the order line under its id; one the
 * customer deleted meanwhile is written again under its id; one that is already another order's gets a new id.
 */
export async function moveCartLines(flow: FlowState, status: Extract<OrderStatus, 'OrderSuccess' | 'OrderFail'>): Promise<FlowState> {
  const [from, to]: [FlowStage, FlowStage] = status === 'OrderSuccess' ? ['Ordered', 'Completed'] : ['Refunded', 'Cancelled'];
  return untilSettled(async () => {
    const payment = await record(flow);
    if (payment.stage === to) return { ...flow, orderStatus: status };
    if (payment.stage !== from) throw new Error(`Cannot move the cart lines to ${status} at stage ${payment.stage}`);
    const actor = actorOf(payment);
    const now = actor.now.toISOString();
    const items: TransactItem[] = [];
    const messages: (string | undefined)[] = [];
    const moves: LineMove[] = [];
    let leftCart = 0;
    for (const paid of payment.lines) {
      const current = await cartData.get(flow.tenantId, paid.customerCartId);
      const inCartPhase = current !== undefined && (current.status === 'InCart' || current.status === 'Saved');
      const order: StoredCartLine = {
        customerCartId: current && !inCartPhase ? await nextId(flow.tenantId, 'cart') : paid.customerCartId,
        customerId: payment.customerId,
        productId: paid.productId,
        inventoryId: paid.inventoryId,
        stockId: paid.stockId,
        productName: paid.productName,
        artcode: paid.artcode,
        cartQuantity: paid.quantity,
        price: paid.price,
        mrp: paid.mrp,
        cgst: paid.cgst,
        sgst: paid.sgst,
        status,
        orderId: payment.orderId,
        purchaseId: status === 'OrderSuccess' ? payment.purchaseId : undefined,
        paymentDate: payment.paymentDateTime ?? now,
        customerName: shownName(payment.customerName),
        mobileNumber: payment.mobileNumber,
        // Where this order goes: the address chosen at checkout (an order placed without one goes to the profile's).
        address: payment.shippingAddress ? addressLine(payment.shippingAddress) : payment.address,
        version: inCartPhase ? current.version + 1 : 1,
        createdBy: inCartPhase ? current.createdBy : payment.createdBy,
        createdOn: inCartPhase ? current.createdOn : now,
        updatedBy: actor.userName,
        updatedOn: now,
      };
      if (inCartPhase) {
        items.push(cartData.replaceWrite(flow.tenantId, order, current.version), cartData.slotReleaseWrite(flow.tenantId, current));
        messages.push(CART_CHANGED, undefined);
        moves.push({ from: current, to: order });
        if (current.status === 'InCart') leftCart += 1;
      } else {
        items.push(cartData.createWrite(flow.tenantId, order));
        messages.push(CART_CHANGED);
        moves.push({ to: order });
      }
    }
    if (leftCart) {
      items.push(cartData.inCartCountWrite(flow.tenantId, payment.customerId, -leftCart));
      messages.push(undefined);
    }
    items.push(paymentData.stageWrite(flow.tenantId, flow.orderId, from, { stage: to, updatedOn: now }));
    messages.push(STAGE_MOVED);
    await transact([...items, ...cartData.countWrites(flow.tenantId, moves)], messages);
    return { ...flow, orderStatus: status };
  });
}

// ---------------------------------------------------------------- compensation: refund

/** Stock gone after payment (OutOfStock → Refunded), or a second payment of a paid order. */
export async function refundPayment(flow: FlowState): Promise<FlowState> {
  if (flow.duplicate) {
    const provider = await fetchPayment(flow.paymentId);
    const refundId = await refundOnce(flow.paymentId, Number(provider.amount), 'The order was already paid');
    await transact([paymentData.duplicateRefundWrite(flow.tenantId, flow.paymentId, flow.orderId, refundId)]);
    return { ...flow, refundId };
  }
  return untilSettled(async () => {
    const payment = await record(flow);
    if (reachedAny(payment.stage, ['Refunded', 'Cancelled'])) return { ...flow, refundId: payment.refundId };
    if (payment.stage !== 'OutOfStock') throw new Error(`Cannot refund at stage ${payment.stage}`);
    const refundId = await refundOnce(flow.paymentId, payment.amount, 'Out of stock after payment');
    const now = new Date().toISOString();
    await transact(
      [paymentData.stageWrite(flow.tenantId, flow.orderId, 'OutOfStock', { stage: 'Refunded', status: 'Refunded', refundId, refundedOn: now, updatedOn: now })],
      [STAGE_MOVED],
    );
    return { ...flow, refundId };
  });
}

// ---------------------------------------------------------------- 6. the e-mail

/** The confirmation (or the refund notice) goes once: whoever marks the record mailed first sends it. */
export async function sendConfirmation(flow: FlowState): Promise<FlowState> {
  const payment = await record(flow);
  if (payment.mailedOn || !payment.emailId || !flow.orderStatus) return flow;
  const now = new Date().toISOString();
  try {
    await transact([paymentData.mailClaimWrite(flow.tenantId, flow.orderId, now)]);
  } catch (error) {
    if (error instanceof Conflict) return flow;
    throw error;
  }
  try {
    const [tenant, opened] = await Promise.all([
      tenantData.get(flow.tenantId),
      flow.orderStatus === 'OrderSuccess' && payment.purchaseId ? purchaseData.open(flow.tenantId, payment.purchaseId) : undefined,
    ]);
    await sendMail(orderMail(payment, tenant?.displayName ?? flow.tenantId, flow.orderStatus, opened?.bill));
  } catch (error) {
    await transact([paymentData.mailReleaseWrite(flow.tenantId, flow.orderId)]);
    throw error;
  }
  return flow;
}

// ---------------------------------------------------------------- a step failed after its retries

/** The log line (and metric, docs/aws.md "Monitoring") of a payment the flow could not complete. */
export const NEEDS_ATTENTION = 'payment needs attention';

/**
 * A step still failed after its retries: the payment is logged (the alarm's metric) and marked for the sweeper,
 * which runs the flow again. Nothing is undone here: every step can run again, and the record's stage says how far
 * the flow got.
 */
export async function needsAttention(flow: FlowState): Promise<FlowState> {
  const reason = [flow.failure?.Error, flow.failure?.Cause].filter(Boolean).join(': ').slice(0, 500) || 'unknown';
  logOf(flow).error(NEEDS_ATTENTION, { reason, source: flow.source });
  await paymentData.markForSweeper(flow.tenantId, flow, reason);
  return flow;
}
