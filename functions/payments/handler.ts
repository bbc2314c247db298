import { paymentRoutes } from '../../shared/routes/payments.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { createProviderOrder, handleRazorpayWebhook, paymentOf, recordCheckoutResult } from './service.js';
import { markRefundedOutside, refundUncounted, uncountedCount, uncountedPage } from './uncounted-upi.js';
import { closeTillQr, createTillQr, takesRazorpayQr, tillQrStatus } from './till-qr.js';

export const handler = domainHandler('payments', paymentRoutes, {
  createOrder: ({ body, ctx }) => createProviderOrder(writeScope(ctx), ctx.me, body),
  checkoutResult: ({ body, ctx }) => recordCheckoutResult(writeScope(ctx), ctx.me, body),
  byOrder: ({ params, ctx }) => paymentOf(ctx.me.tenantId, ctx.me, params.orderId),
  razorpayWebhook: ({ body, ctx }) => handleRazorpayWebhook(body, ctx.headers['x-razorpay-signature'], ctx.log),
  tillUpi: async ({ ctx }) => ({ razorpay: await takesRazorpayQr(ctx.me.tenantId) }),
  createTillQr: ({ body, ctx }) => createTillQr(writeScope(ctx), body.purchaseId),
  tillQr: ({ params, query, ctx }) => tillQrStatus(ctx.me.tenantId, params.qrId, query.check === 'true', ctx.actor.now),
  closeTillQr: ({ params, ctx }) => closeTillQr(ctx.me.tenantId, params.qrId, ctx.actor.now),
  uncountedUpi: async ({ query, ctx }) => listPage(await uncountedPage(ctx.me.tenantId, query)),
  uncountedUpiCount: ({ ctx }) => uncountedCount(ctx.me.tenantId),
  refundUncountedUpi: ({ params, ctx }) => refundUncounted(writeScope(ctx), params.paymentId),
  uncountedUpiRefundedOutside: ({ params, body, ctx }) => markRefundedOutside(writeScope(ctx), params.paymentId, body.note),
});
