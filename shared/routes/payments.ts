import * as z from 'zod';
import { externalOrderBody, internalOrderBody, payment, paymentOutcome, providerOrder } from '../schemas/payment.js';
import { pageQuery } from '../schemas/common.js';
import { refundedOutsideBody, tillQr, tillQrBody, tillQrParams, tillQrQuery, tillUpi, uncountedUpi, uncountedUpiCount, uncountedUpiParams } from '../schemas/till-upi.js';
import { answer, route } from './define.js';

/** The owner sees the till's money: the feature of the till closes (shared/routes/tills.ts). */
const OWNER = 'TillCloses' as const;

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
      'Razorpay webhook (beyond the spec): payment.captured, X-Razorpay-Signature checked with the webhook secret, runs the same flow so a closed browser tab loses no order; qr_code.credited and qr_code.closed move a till QR code on',
    body: z.string(),
    bodyKind: 'text',
    response: answer<z.ZodObject<{ received: z.ZodBoolean; orderStatus: z.ZodOptional<z.ZodString>; qrStatus: z.ZodOptional<z.ZodString> }>>(),
  }),
  tillUpi: route({
    method: 'GET',
    path: '/payment/till-upi',
    access: 'PurchaseEdit',
    summary: "Whether the till takes UPI by Razorpay's QR codes (the shop's setting and the platform's Razorpay keys) or by the cashier's confirmation",
    response: answer<typeof tillUpi>(),
  }),
  createTillQr: route({
    method: 'POST',
    path: '/payment/till-qr',
    access: 'PurchaseEdit',
    summary: "A single-use Razorpay UPI QR code of a fixed amount for what a saved bill's UPI part still waits for; its payment confirms the part through the webhook",
    body: tillQrBody,
    response: answer<typeof tillQr>(),
  }),
  tillQr: route({
    method: 'GET',
    path: '/payment/till-qr/{qrId}',
    access: 'PurchaseEdit',
    summary: "A till QR code's status (open, paid, closed, attention) as the webhook left it; asks Razorpay once its close time has passed, or with check=true",
    params: tillQrParams,
    query: tillQrQuery,
    response: answer<typeof tillQr>(),
  }),
  closeTillQr: route({
    method: 'POST',
    path: '/payment/till-qr/{qrId}/close',
    access: 'PurchaseEdit',
    summary: 'Closes an unpaid till QR code at Razorpay, so the cashier can take the UPI part another way',
    params: tillQrParams,
    response: answer<typeof tillQr>(),
  }),
  uncountedUpi: route({
    method: 'GET',
    path: '/payment/upi-uncounted',
    access: OWNER,
    summary: "A page of the shop's UPI payments a till QR code received and did not count (wrong amount, paid twice), newest first, with whether each is refunded (`X-Next-Page` cursor)",
    query: pageQuery,
    response: answer<z.ZodArray<typeof uncountedUpi>>(),
  }),
  uncountedUpiCount: route({
    method: 'GET',
    path: '/payment/upi-uncounted/count',
    access: OWNER,
    summary: 'How many UPI payments not counted still wait for a refund (one counter item)',
    response: answer<typeof uncountedUpiCount>(),
  }),
  refundUncountedUpi: route({
    method: 'POST',
    path: '/payment/upi-uncounted/{paymentId}/refund',
    access: OWNER,
    summary: "Refunds a UPI payment not counted in full through Razorpay's refund API, once (a conditional claim; a second click never refunds twice); audited",
    params: uncountedUpiParams,
    response: answer<typeof uncountedUpi>(),
  }),
  uncountedUpiRefundedOutside: route({
    method: 'POST',
    path: '/payment/upi-uncounted/{paymentId}/refunded-outside',
    access: OWNER,
    summary: 'Marks a UPI payment not counted as refunded another way (cash, Razorpay\'s dashboard), with a note; audited',
    params: uncountedUpiParams,
    body: refundedOutsideBody,
    response: answer<typeof uncountedUpi>(),
  }),
} as const;
