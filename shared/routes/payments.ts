import * as z from 'zod';
import { externalOrderBody, internalOrderBody, payment, paymentOutcome, providerOrder } from '../schemas/payment.js';
import { answer, route } from './define.js';

/**
 * Online payment (spec 1 section 7) and the provider's webhook. The payment-to-order flow behind the checkout
 * result and the webhook is a Step Functions state machine (functions/payments/payment-to-order.asl.json).
 */
export const paymentRoutes = {
  createOrder: route({
    method: 'POST',
    path: '/payment/order/external',
    access: 'CartEdit',
    summary: "A Razorpay order for the caller's cart, for the amount the server figures (goods + ₹100 delivery); records a Pending payment",
    body: externalOrderBody,
    response: answer<typeof providerOrder>(),
  }),
  checkoutResult: route({
    method: 'POST',
    path: '/payment/order/internal',
    access: 'CartEdit',
    summary:
      "The checkout's result: a failure is recorded (Failed); a success runs the payment-to-order flow (signature verified, payment recorded once, stock reserved, bill, cart lines to OrderSuccess, e-mail)",
    body: internalOrderBody,
    response: answer<typeof paymentOutcome>(),
  }),
  byOrder: route({
    method: 'GET',
    path: '/payment/order/{orderId}',
    access: ['CartList', 'CartEdit'],
    summary: "The caller's payment of a provider order, with its status and the order it made",
    params: z.object({ orderId: z.string().trim().regex(/^order_[A-Za-z0-9]{1,30}$/, 'Not a provider order id.') }),
    response: answer<typeof payment>(),
  }),
  razorpayWebhook: route({
    method: 'POST',
    path: '/payment/webhook/razorpay',
    access: 'public',
    summary:
      'Razorpay webhook (beyond the spec): payment.captured, X-Razorpay-Signature checked with the webhook secret, runs the same flow so a closed browser tab loses no order',
    body: z.string(),
    bodyKind: 'text',
    response: answer<z.ZodObject<{ received: z.ZodBoolean; orderStatus: z.ZodOptional<z.ZodString> }>>(),
  }),
} as const;
