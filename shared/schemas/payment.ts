import * as z from 'zod';
import { shippingAddress } from './address.js';

export * from './address.js';

/**
 * Online payment through Razorpay (spec 1 sections 4, 7, 8). The provider counts money in paise and so do its
 * answers here (`amount` of an order); the figures the screens show (`payable`, ...) are rupees.
 */

export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_SUCCESS = 'Payment Successfull!';
export const PAYMENT_FAILED = 'Oops Payment Failed!';
export const ORDER_CREATION_FAILED = 'Oops Order Creation Failed!';
export const SDK_LOAD_FAILED = 'Razorpay SDK failed to load. Are you online?';
export const PAYMENT_NOT_VERIFIED = 'The payment could not be verified. No order was placed.';
export const REFUNDED_OUT_OF_STOCK = 'Some products went out of stock while you paid. The full amount has been refunded.';
export const CART_EMPTY = 'Your cart is empty.';
export const PAYMENT_NOT_FOUND = 'Payment order not found.';
export const amountChanged = (payable: string) => `The amount to pay is now ${payable}. Please review your order and pay again.`;

/** The receipt text sent with every provider order (spec 1 section 9: fixed). */
export const RECEIPT = 'Online order';
export const CURRENCY = 'INR';

/** POST /payment/order/external (spec 1 section 7). The server figures the amount from the cart. */
export const externalOrderBody = lazySchema(() => z.object({
  /** Rupees, as the checkout showed them; when sent it must be the server's figure. */
  amount: z.number().min(0).optional(),
  currency: z.literal(CURRENCY, { error: 'Only INR is accepted.' }).default(CURRENCY),
  receipt: z.string().max(40).optional(),
  /** Left out: the customer's address, in the customer's state (or the shop's when the customer has none). */
  shippingAddress: shippingAddress.optional(),
}));

/** What the provider's checkout hands the page on failure (`payment.failed`). */
const providerFailure = lazySchema(() => z
  .object({
    code: z.string().max(100),
    description: z.string().max(500),
    source: z.string().max(100),
    step: z.string().max(100),
    reason: z.string().max(100),
    metadata: z.object({ order_id: z.string().max(40), payment_id: z.string().max(40) }).partial(),
  })
  .partial());

const providerId = (prefix: string) =>
  z.string().trim().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,30}$`), `Not a provider ${prefix} id.`);

/**
 * POST /payment/order/internal (spec 1 section 7): the checkout's outcome. `payment` carries the provider's
 * handler answer (razorpay_payment_id, razorpay_order_id, razorpay_signature) or its failure. The purchase, cart
 * list and amounts the screen sends are not trusted: the server works from the order it recorded.
 */
export const internalOrderBody = lazySchema(() => z
  .object({
    payment: z.object({
      razorpay_order_id: providerId('order'),
      razorpay_payment_id: providerId('pay').optional(),
      razorpay_signature: z.string().trim().max(200).optional(),
      status: z.enum(['Paid', 'Failed']).optional(),
      error: providerFailure.optional(),
    }),
    status: z.enum(['Paid', 'Failed']).optional(),
    purchase: z.unknown().optional(),
    customerCartList: z.unknown().optional(),
    paymentDate: z.string().optional(),
    deliveryCharge: z.unknown().optional(),
    amountPaid: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    const failed = body.payment.error !== undefined || body.status === 'Failed' || body.payment.status === 'Failed';
    if (!failed && (!body.payment.razorpay_payment_id || !body.payment.razorpay_signature)) {
      ctx.addIssue({ code: 'custom', message: 'The payment id and signature are required.', path: ['payment'] });
    }
  }));
export type InternalOrderBody = z.output<typeof internalOrderBody>;

/** What the server answers, as types: the schemas are in payment-answers.ts, which requests never load. */
import type {
  providerOrder,
  ProviderOrder,
  paymentOutcome,
  PaymentOutcome,
  payment,
  Payment,
} from './payment-answers.js';
export type { providerOrder, ProviderOrder, paymentOutcome, PaymentOutcome, payment, Payment };
import { lazySchema } from '../lazy.js';
