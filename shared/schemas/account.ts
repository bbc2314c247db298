import * as z from 'zod';
import { isoDate } from './common.js';
import { idempotencyKey, rupees } from './purchase.js';
import { lazySchema } from '../lazy.js';
import { MAX_TENDERS } from '../tenders.js';

/**
 * Customer credit (docs/customer-credit.md): what the shop lets a customer buy on account, payments against the
 * balance, write-offs and a manager's approval of a bill over the limit. Amounts arrive in rupees.
 */

/** The shop's terms for one customer: may they buy on account, and up to what balance. */
export const accountSettingsBody = lazySchema(() => z.object({
  onAccount: z.boolean(),
  limit: rupees('The credit limit'),
  version: z.number().int().min(0).optional(),
}));
export type AccountSettingsBody = z.output<typeof accountSettingsBody>;

/** Money a customer pays against the balance: cash, UPI, card or bank transfer, split allowed. */
export const PAYMENT_METHODS = ['cash', 'upi', 'card', 'bank'] as const;

const paymentTender = lazySchema(() => z.object({
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how this part is paid: cash, upi, card or bank.' }),
  amount: rupees('The payment'),
  reference: z.string().trim().max(64, 'A payment reference can be at most 64 characters.').optional(),
}));

export const accountPaymentBody = lazySchema(() => z.object({
  tenders: z.array(paymentTender).min(1, 'Enter what the customer pays.').max(MAX_TENDERS, `A payment can be made in at most ${MAX_TENDERS} parts.`),
  /** A payment above what the customer owes is kept as an advance only when the cashier says so. */
  advance: z.boolean().default(false),
  note: z.string().trim().max(200, 'A note can be at most 200 characters.').optional(),
  /** The screen's key for this payment, sent again with every retry: one payment per key. */
  idempotencyKey: idempotencyKey.optional(),
}));
export type AccountPaymentBody = z.output<typeof accountPaymentBody>;

export const writeOffBody = lazySchema(() => z.object({
  amount: rupees('The amount written off'),
  reason: z.string().trim().min(3, 'Give the reason for the write-off.').max(200, 'A reason can be at most 200 characters.'),
}));
export type WriteOffBody = z.output<typeof writeOffBody>;

/** A manager approves one bill over the limit putting up to `amount` on account: the code is good for 15 minutes. */
export const approvalBody = lazySchema(() => z.object({
  amount: rupees('The amount approved'),
}));
export type ApprovalBody = z.output<typeof approvalBody>;

/** A statement of the shop days `from`…`to` (this month so far when left out), as an A4 PDF or an Excel workbook. */
export const statementQuery = lazySchema(() => z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    format: z.enum(['pdf', 'xlsx'], { error: "Choose the format 'pdf' or 'xlsx'." }).default('pdf'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date.', path: ['from'] }));
export type StatementQuery = z.output<typeof statementQuery>;

/** Remind every customer whose oldest unpaid bill is at least `minAge` days old. */
export const remindAllBody = lazySchema(() => z.object({ minAge: z.coerce.number().int().min(0).max(3650) }));

/** The receivables list: everyone who owes, or only those whose oldest unpaid bill is at least `minAge` days old. */
export const receivablesQuery = lazySchema(() => z.object({ minAge: z.coerce.number().int().min(0).max(3650).default(0) }));

export type { AccountView, AccountTerms, LedgerEntry, Approval, Receivables } from './account-answers.js';
export type { accountView, accountTerms, ledgerEntry, approval, receivables, totalDue, reminder, reminders } from './account-answers.js';
