import { formatPaise } from '../../shared/format.js';
import { cartSummary, toPaise, toRupees } from '../../shared/money.js';
import { STOCK_SHORT } from '../../shared/schemas/cart-messages.js';
import {
  amountChanged,
  CART_EMPTY,
  CURRENCY,
  ORDER_CREATION_FAILED,
  PAYMENT_FAILED,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOT_VERIFIED,
  PAYMENT_SUCCESS,
  RECEIPT,
  REFUNDED_OUT_OF_STOCK,
  type InternalOrderBody,
  type Payment,
  type PaymentOutcome,
  type ProviderOrder,
} from '../../shared/schemas/payment.js';
import { ownCustomer } from '../cart/owner.js';
import { customerData } from '../customers/data.js';
import { linesOf } from '../cart/service.js';
import type { Caller, WriteScope } from '../lib/context.js';
import { config } from '../lib/config.js';
import { transact } from '../lib/db.js';
import { AppError, Conflict, NotFound, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { runWorkflow } from '../lib/workflows.js';
import { addressLine, shownName } from '../purchases/view.js';
import { stockData } from '../stock/data.js';
import { tenantData } from '../tenants/data.js';
import type { ShippingAddressBody } from '../../shared/schemas/payment.js';
import { paymentData, type PaidLine, type StoredPayment } from './data.js';
import type { FlowInput, FlowState } from './flow.js';
import { createOrder, fetchOrder, isGenuineWebhook, razorpayKeys } from './provider.js';
import { inTenant } from '../lib/tenant-scope.js';
import { handleQrWebhook, type QrWebhookEvent } from './till-qr.js';

const DUPLICATE_REFUNDED = 'This order was paid already; the second payment has been refunded.';
const STILL_RUNNING = 'Your payment is received and the order is being completed. Please look at Your Orders in a minute.';
const TENANT_ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

/**
 * POST /payment/order/external: a provider order for the caller's cart as the server prices it now (the amount a
 * client sends is only compared, never used), refused while a line wants more than the shelf holds. The Pending
 * payment keeps the priced lines, so what is ordered later is exactly what was paid for.
 */
export async function createProviderOrder(scope: WriteScope, me: Caller, body: { amount?: number; shippingAddress?: ShippingAddressBody }): Promise<ProviderOrder> {
  const { tenantId, actor } = scope;
  const customer = await ownCustomer(me);
  const cart = await linesOf(tenantId, customer.customerId, ['InCart']);
  if (!cart.length) throw new Validation(CART_EMPTY);
  const stock = new Map((await stockData.byIds(tenantId, cart.map((l) => l.stockId))).map((s) => [s.stockId, s]));
  const lines: PaidLine[] = cart.map((l) => {
    const shelf = stock.get(l.stockId);
    if (!shelf || l.cartQuantity > shelf.quantity) throw new Conflict(STOCK_SHORT);
    return {
      customerCartId: l.customerCartId,
      productId: l.productId,
      stockId: l.stockId,
      inventoryId: shelf.inventoryId,
      productName: l.productName,
      artcode: shelf.artcode,
      quantity: l.cartQuantity,
      price: shelf.sellingPrice,
      mrp: shelf.mrp,
      cgst: shelf.cgst,
      sgst: shelf.sgst,
    };
  });
  const summary = cartSummary(lines.map((l) => ({ price: l.price, mrp: l.mrp, quantity: l.quantity, taxRate: l.cgst + l.sgst })));
  if (body.amount !== undefined && toPaise(body.amount) !== summary.payable) throw new Conflict(amountChanged(formatPaise(summary.payable)));

  const order = await createOrder({ amount: summary.payable, currency: CURRENCY, receipt: RECEIPT, notes: { tenantId, customerId: String(customer.customerId) } });
  if (order.status !== 'created') throw new AppError(502, ORDER_CREATION_FAILED);
  const now = actor.now.toISOString();
  const payment: StoredPayment = {
    orderId: order.id,
    customerId: customer.customerId,
    customerName: customer.customerName,
    ...(customer.legalName ? { legalName: customer.legalName } : {}),
    emailId: customer.emailId,
    mobileNumber: customer.mobileNumber,
    address: customer.address,
    ...(body.shippingAddress ? { shippingAddress: body.shippingAddress } : {}),
    ...(customer.gstin ? { customerGstin: customer.gstin } : {}),
    ...(customer.state ? { customerState: customer.state } : {}),
    amount: summary.payable,
    subtotal: summary.subtotal,
    mrpTotal: summary.mrpTotal,
    tax: summary.tax,
    deliveryCharge: summary.deliveryCharge,
    currency: CURRENCY,
    receipt: RECEIPT,
    status: 'Pending',
    stage: 'Created',
    lines,
    createdBy: actor.userName,
    createdOn: now,
  };
  await transact(
    [
      paymentData.createWrite(tenantId, payment),
      ...(body.shippingAddress ? [customerData.shippingAddressWrite(tenantId, customer.customerId, body.shippingAddress)] : []),
    ],
    [undefined, 'Your customer record was removed. Please sign in again.'],
  );
  const [{ keyId }, tenant] = await Promise.all([razorpayKeys(), tenantData.get(tenantId)]);
  return {
    id: order.id,
    entity: order.entity,
    amount: order.amount,
    amount_due: order.amount_due,
    currency: order.currency,
    receipt: order.receipt,
    status: order.status,
    key: keyId,
    checkoutUrl: config.razorpay.checkoutUrl(),
    name: tenant?.displayName ?? tenantId,
    prefill: { name: shownName(customer.customerName), email: customer.emailId, contact: customer.mobileNumber },
    payable: toRupees(summary.payable),
  };
}

/** Runs the payment-to-order state machine and answers the state it ended in. */
async function paymentToOrder(input: FlowInput, log: Logger): Promise<FlowState> {
  const outcome = await runWorkflow('paymentToOrder', { ...input });
  if (outcome.status === 'SUCCEEDED') return outcome.output as FlowState;
  if (outcome.error === 'PaymentNotVerified') throw new Validation(PAYMENT_NOT_VERIFIED);
  log.error('payment-to-order flow did not finish', { status: outcome.status, error: outcome.error, cause: outcome.cause });
  // The sweeper runs it again (a step that failed after its retries has marked it already).
  if (outcome.error !== 'PaymentNeedsAttention') {
    await paymentData.markForSweeper(input.tenantId, input, `${outcome.status} ${outcome.error ?? ''}`.trim()).catch((error: Error) => log.error('payment not marked for the sweeper', { error: error.message }));
  }
  throw new AppError(503, STILL_RUNNING);
}

function outcomeOf(orderId: string, state: FlowState): PaymentOutcome {
  if (state.duplicate) return { orderId, status: 'Refunded', message: DUPLICATE_REFUNDED, paymentId: state.paymentId };
  if (state.orderStatus === 'OrderFail') return { orderId, status: 'Refunded', message: REFUNDED_OUT_OF_STOCK, paymentId: state.paymentId, orderStatus: 'OrderFail' };
  return { orderId, status: 'Paid', message: PAYMENT_SUCCESS, paymentId: state.paymentId, orderStatus: 'OrderSuccess', purchaseId: state.purchaseId };
}

async function ownPayment(tenantId: string, me: Caller, orderId: string): Promise<StoredPayment> {
  const [customer, payment] = await Promise.all([ownCustomer(me), paymentData.get(tenantId, orderId)]);
  if (!payment || payment.customerId !== customer.customerId) throw new NotFound(PAYMENT_NOT_FOUND);
  return payment;
}

/**
 * POST /payment/order/internal: the checkout's result for one of the caller's provider orders. A failure is
 * recorded (Failed, with the provider's reason) and the cart stays as it was, so the customer can pay again; a
 * success runs the flow, which checks the signature before anything is written.
 */
export async function recordCheckoutResult(scope: WriteScope, me: Caller, body: InternalOrderBody): Promise<PaymentOutcome> {
  const { tenantId } = scope;
  const { payment: result } = body;
  const orderId = result.razorpay_order_id;
  const payment = await ownPayment(tenantId, me, orderId);
  const failed = result.error !== undefined || body.status === 'Failed' || result.status === 'Failed';
  if (failed) {
    const description = result.error?.description ?? 'The payment was not completed.';
    try {
      await transact([paymentData.failWrite(tenantId, orderId, { failureReason: description, updatedOn: scope.actor.now.toISOString() })]);
    } catch (error) {
      // A payment of this order succeeded already (another attempt, or the webhook): that stands.
      if (!(error instanceof Conflict)) throw error;
      return { orderId, status: payment.status, message: payment.status === 'Paid' ? PAYMENT_SUCCESS : PAYMENT_FAILED, paymentId: payment.razorpayPaymentId };
    }
    return { orderId, status: 'Failed', message: PAYMENT_FAILED, description, paymentId: result.error?.metadata?.payment_id };
  }
  const state = await paymentToOrder(
    { tenantId, orderId, paymentId: result.razorpay_payment_id!, signature: result.razorpay_signature, source: 'checkout' },
    scope.log,
  );
  return outcomeOf(orderId, state);
}

interface WebhookEvent extends QrWebhookEvent {
  payload?: QrWebhookEvent['payload'] & { payment?: { entity?: { id?: string; order_id?: string } } };
}

/**
 * POST /payment/webhook/razorpay: `payment.captured` runs the same flow as the checkout's result, so an order is
 * made even when the browser never reports back. The shop is the one the provider order was created for (its
 * notes, read back from the provider with our keys); the signature proves the event came from Razorpay.
 * `qr_code.credited` and `qr_code.closed` move a till's UPI QR code on (functions/payments/till-qr.ts). Other events
 * are acknowledged and ignored.
 */
export async function handleRazorpayWebhook(raw: string, signature: string | undefined, log: Logger): Promise<{ received: boolean; orderStatus?: string; qrStatus?: string }> {
  if (!signature || !(await isGenuineWebhook(raw, signature))) throw new Validation('The webhook signature does not match.');
  let event: WebhookEvent;
  try {
    event = JSON.parse(raw) as WebhookEvent;
  } catch {
    throw new Validation('The webhook body is not valid JSON.');
  }
  if (event.event === 'qr_code.credited' || event.event === 'qr_code.closed') return handleQrWebhook(event, log);
  const entity = event.payload?.payment?.entity;
  if (event.event !== 'payment.captured' || !entity?.id || !entity.order_id) return { received: true };
  const order = await fetchOrder(entity.order_id);
  const tenantId = String(order.notes?.tenantId ?? '');
  if (!TENANT_ID.test(tenantId)) {
    log.warn('webhook for an order the product did not create', { orderId: entity.order_id });
    return { received: true };
  }
  // The order's own notes name its shop; the signed webhook is the only thing that may act for it here.
  const flow = { tenantId, orderId: entity.order_id, paymentId: entity.id, source: 'webhook' as const };
  const state = await inTenant(tenantId, () => paymentToOrder(flow, log));
  return { received: true, orderStatus: state.orderStatus };
}

export async function paymentOf(tenantId: string, me: Caller, orderId: string): Promise<Payment> {
  const p = await ownPayment(tenantId, me, orderId);
  const orderStatus = p.stage === 'Completed' ? 'OrderSuccess' : p.stage === 'Cancelled' ? 'OrderFail' : undefined;
  return {
    orderId: p.orderId,
    customerId: p.customerId,
    name: p.legalName ?? shownName(p.customerName),
    emailId: p.emailId,
    mobileNumber: p.mobileNumber,
    address: p.address,
    ...(p.shippingAddress ? { deliveryAddress: addressLine(p.shippingAddress) } : {}),
    amount: toRupees(p.amount),
    discount: toRupees(p.mrpTotal - p.subtotal),
    tax: toRupees(p.tax),
    deliveryCharge: toRupees(p.deliveryCharge),
    status: p.status,
    razorpayPaymentId: p.razorpayPaymentId,
    razorpayOrderId: p.orderId,
    razorpaySignature: p.razorpaySignature,
    paymentDateTime: p.paymentDateTime,
    failureReason: p.failureReason,
    orderStatus,
    purchaseId: p.purchaseId,
    createdOn: p.createdOn,
  };
}
