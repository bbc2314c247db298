import { expect, inject } from 'vitest';
import type { PaymentOutcome, ProviderOrder } from '../../shared/schemas/payment.js';
import { call, type ApiAnswer } from './client.js';
import type { Shopper } from './storefront-fixtures.js';

/** Helpers of the payment tests: provider orders, the Razorpay simulator's checkout and state. */

export const razorpayUrl = () => inject('razorpayUrl');

export interface SimState {
  orders: { id: string; amount: number; status: string; notes: Record<string, string> }[];
  payments: { id: string; order_id: string; amount: number; status: string; amount_refunded: number }[];
  refunds: { id: string; payment_id: string; amount: number }[];
  webhooks: { paymentId: string; status: number }[];
}

export async function simState(): Promise<SimState> {
  return (await (await fetch(`${razorpayUrl()}/sim/state`)).json()) as SimState;
}

export type CheckoutResult =
  | { kind: 'success'; response: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } }
  | { kind: 'failure'; error: { code: string; description: string; metadata: { order_id: string; payment_id: string } } };

/** What the simulator's checkout page does when the tester picks an outcome; `webhook: false` sends no webhook. */
export async function completeCheckout(orderId: string, outcome: 'success' | 'failure', webhook = false): Promise<CheckoutResult> {
  const response = await fetch(`${razorpayUrl()}/sim/checkout/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, outcome, webhook }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as CheckoutResult;
}

/** Asks the simulator to deliver a payment's `payment.captured` webhook (again); answers the gateway's status. */
export async function resendWebhook(paymentId: string): Promise<number> {
  const response = await fetch(`${razorpayUrl()}/sim/payments/${paymentId}/webhook`, { method: 'POST' });
  return ((await response.json()) as { status: number }).status;
}

export const createOrder = (shopper: Shopper, body: Record<string, unknown> = { currency: 'INR' }) =>
  call<ProviderOrder & { message?: string }>('POST', '/payment/order/external', { token: shopper.token, body });

export async function mustCreateOrder(shopper: Shopper): Promise<ProviderOrder> {
  const answer = await createOrder(shopper);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export const reportCheckout = (shopper: Shopper, payment: Record<string, unknown>): Promise<ApiAnswer<PaymentOutcome & { message: string }>> =>
  call('POST', '/payment/order/internal', { token: shopper.token, body: { payment, status: 'Paid', deliveryCharge: 100 } });

/** The whole checkout: a provider order for the cart, a successful payment in the simulator, its result reported. */
export async function checkout(shopper: Shopper): Promise<{ order: ProviderOrder; outcome: PaymentOutcome; paymentId: string }> {
  const order = await mustCreateOrder(shopper);
  const result = await completeCheckout(order.id, 'success');
  if (result.kind !== 'success') throw new Error('the simulator refused the payment');
  const outcome = await reportCheckout(shopper, result.response);
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
  return { order, outcome: outcome.body, paymentId: result.response.razorpay_payment_id };
}
