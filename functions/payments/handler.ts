import { paymentRoutes } from '../../shared/routes/payments.js';
import { writeScope } from '../lib/context.js';
import { domainHandler } from '../lib/handler.js';
import { createProviderOrder, handleRazorpayWebhook, paymentOf, recordCheckoutResult } from './service.js';
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
});
