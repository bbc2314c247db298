import * as z from 'zod';
import { PAYMENT_STATUSES } from './payment.js';

/**
 * What the server answers about payments.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. payment.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const providerOrder = z.object({
  id: z.string(),
  entity: z.string(),
  /** Paise. */
  amount: z.number().int(),
  amount_due: z.number().int().optional(),
  currency: z.string(),
  receipt: z.string().optional(),
  status: z.string(),
  /** The publishable key the checkout script is opened with. */
  key: z.string(),
  /** Where the browser loads the provider's checkout script from. */
  checkoutUrl: z.string(),
  /** The shop's name for the checkout window. */
  name: z.string(),
  prefill: z.object({ name: z.string(), email: z.string().optional(), contact: z.string() }),
  /** Rupees: what the checkout shows. */
  payable: z.number(),
});

export type ProviderOrder = z.output<typeof providerOrder>;

export const paymentOutcome = z.object({
  orderId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  message: z.string(),
  paymentId: z.string().optional(),
  /** The provider's reason on failure. */
  description: z.string().optional(),
  orderStatus: z.enum(['OrderSuccess', 'OrderFail']).optional(),
  /** The bill the order made. */
  purchaseId: z.number().int().optional(),
});

export type PaymentOutcome = z.output<typeof paymentOutcome>;

/** A recorded payment (spec 1 section 3 "Payment"), as its customer reads it. */
export const payment = z.object({
  orderId: z.string(),
  customerId: z.number().int(),
  name: z.string(),
  emailId: z.string().optional(),
  mobileNumber: z.string(),
  /** The customer's own (profile) address. */
  address: z.string().optional(),
  /** Where the order is delivered: the shipping address chosen at checkout, on one line. */
  deliveryAddress: z.string().optional(),
  /** Rupees: the payable amount (goods + delivery). */
  amount: z.number(),
  /** Rupees saved against the MRP. */
  discount: z.number(),
  tax: z.number(),
  deliveryCharge: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  razorpayPaymentId: z.string().optional(),
  razorpayOrderId: z.string(),
  razorpaySignature: z.string().optional(),
  paymentDateTime: z.string().optional(),
  failureReason: z.string().optional(),
  orderStatus: z.enum(['OrderSuccess', 'OrderFail']).optional(),
  purchaseId: z.number().int().optional(),
  createdOn: z.string().optional(),
});

export type Payment = z.output<typeof payment>;
