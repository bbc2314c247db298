import * as z from 'zod';
import { lazySchema } from '../lazy.js';

/**
 * UPI at the till through Razorpay's QR codes (docs/point-of-sale.md, "UPI QR codes that confirm themselves"), and
 * the cashier's answer for a bill's UPI part still to be confirmed. Amounts the screens show are rupees.
 */

export const TILL_QR_STATUSES = ['open', 'paid', 'closed', 'attention'] as const;
export type TillQrStatus = (typeof TILL_QR_STATUSES)[number];

export const QR_CLOSED = 'The QR code closed before it was paid. Ask the customer to pay another way, or show a new QR code.';
export const NO_UPI_TO_CONFIRM = 'This bill has no UPI payment waiting to be confirmed.';
export const RAZORPAY_QR_OFF = 'UPI QR codes by Razorpay are not set up for this shop; confirm the UPI payment by hand.';
export const QR_IMAGE_REFUSED = 'Razorpay\'s QR code did not come from Razorpay\'s address, so it is not shown. Take the UPI payment another way.';
export const QR_NOT_FOUND = 'This UPI QR code is not one of this shop\'s.';
export const wrongAmount = (received: string, asked: string, bill: string) =>
  `Razorpay received ${received} for bill ${bill}, which asks ${asked}. The UPI payment is not confirmed: refund it from UPI payments to refund (Till Closes) and take the bill's UPI payment again.`;
export const paidTwice = (received: string, bill: string) =>
  `A second UPI payment of ${received} came for bill ${bill}, which was already paid. It is not counted: refund it from UPI payments to refund (Till Closes).`;

/** POST /payment/till-qr: a Razorpay UPI QR code for what the saved bill's UPI part still waits for. */
export const tillQrBody = lazySchema(() => z.object({
  purchaseId: z.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
}));

export const tillQrParams = lazySchema(() => z.object({ qrId: z.string().trim().regex(/^qr_[A-Za-z0-9]{1,30}$/, 'Not a QR code id.') }));

/** `check=true`: ask Razorpay now (the till's Check again), not only when the QR code should have closed. */
export const tillQrQuery = lazySchema(() => z.object({ check: z.enum(['true', 'false']).optional() }));

/** POST /purchase/{purchaseId}/upi: the cashier's answer for the bill's UPI part to be confirmed. */
export const upiSettleBody = lazySchema(() => z.object({
  /** `upi`: the UPI payment arrived; another method: the customer paid that part another way. */
  method: z.enum(['upi', 'cash', 'card', 'bank'], { error: 'Choose how the customer paid: upi, cash, card or bank.' }),
  reference: z.string().trim().max(40, 'A reference has at most 40 characters.').optional(),
}));
export type UpiSettleBody = z.output<typeof upiSettleBody>;

/** What a till QR code answers; its status moves on by Razorpay's webhook. */
export const tillQr = lazySchema(() => z.object({
  qrId: z.string(),
  purchaseId: z.number(),
  invoiceNumber: z.string().optional(),
  /** Rupees asked. */
  amount: z.number(),
  status: z.enum(TILL_QR_STATUSES),
  /** What the cashier and the owner are told when the QR code needs a person (closed, wrong amount, paid twice). */
  message: z.string().optional(),
  imageUrl: z.string(),
  /** The UPI link the QR image holds, when Razorpay gives it: the till draws it itself. */
  imageContent: z.string().optional(),
  closeBy: z.string(),
  paymentId: z.string().optional(),
}));
export type TillQr = z.infer<typeof tillQr>;

export const tillUpi = lazySchema(() => z.object({ razorpay: z.boolean() }));
export type TillUpi = z.infer<typeof tillUpi>;

// ---------------------------------------------------------------- UPI payments not counted, for the refund

/** Where a payment not counted stands: waiting, refunded by Razorpay from the app, or refunded another way. */
export const UNCOUNTED_UPI_STATUSES = ['open', 'refunding', 'refunded', 'refundedOutside'] as const;
export type UncountedUpiStatus = (typeof UNCOUNTED_UPI_STATUSES)[number];

export const UNCOUNTED_UPI_NOT_FOUND = 'This UPI payment is not one waiting for a refund in this shop.';
export const UNCOUNTED_UPI_REFUNDING = 'The refund of this UPI payment is already being made. Look again in a minute.';
export const UNCOUNTED_UPI_DONE = 'This UPI payment was already refunded.';

export const uncountedUpiParams = lazySchema(() => z.object({ paymentId: z.string().trim().regex(/^pay_[A-Za-z0-9]{1,30}$/, 'Not a Razorpay payment id.') }));

/** POST /payment/upi-uncounted/{paymentId}/refunded-outside: how the money went back, for the audit trail. */
export const refundedOutsideBody = lazySchema(() => z.object({
  note: z.string().trim().min(5, 'Say how the money was given back (at least 5 characters).').max(200, 'A note has at most 200 characters.'),
}));
export type RefundedOutsideBody = z.output<typeof refundedOutsideBody>;

/** A UPI payment a till QR code received and did not count, as the owner's list shows it. Amounts in rupees. */
export const uncountedUpi = lazySchema(() => z.object({
  paymentId: z.string(),
  qrId: z.string(),
  purchaseId: z.number(),
  invoiceNumber: z.string().optional(),
  amount: z.number(),
  reason: z.string(),
  at: z.string(),
  status: z.enum(UNCOUNTED_UPI_STATUSES),
  refundId: z.string().optional(),
  note: z.string().optional(),
  settledBy: z.string().optional(),
  settledOn: z.string().optional(),
}));
export type UncountedUpi = z.infer<typeof uncountedUpi>;

export const uncountedUpiCount = lazySchema(() => z.object({ open: z.number() }));
