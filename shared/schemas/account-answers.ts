import * as z from 'zod';
import { tenderView } from './purchase-answers.js';

/** What the server answers about customer credit; amounts in rupees, `balance` above 0 what the customer owes. */

export const accountView = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  mobileNumber: z.string(),
  onAccount: z.boolean(),
  limit: z.number(),
  /** What the customer owes; below 0 an advance the shop holds for them. */
  balance: z.number(),
  /** The number of ledger entries so far. */
  entries: z.number().int(),
  version: z.number().int(),
});
export type AccountView = z.output<typeof accountView>;

/** An account's terms and balance as the till keeps them on the device (GET /accounts/terms). */
export const accountTerms = z.object({
  customerId: z.number().int(),
  onAccount: z.boolean(),
  limit: z.number(),
  balance: z.number(),
});
export type AccountTerms = z.output<typeof accountTerms>;

export const LEDGER_KINDS = ['bill', 'payment', 'return', 'writeOff'] as const;

export const ledgerEntry = z.object({
  entryNo: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** What the entry adds to the balance: a bill above 0, a payment, return or write-off below 0. */
  amount: z.number(),
  /** The balance after this entry. */
  balanceAfter: z.number(),
  day: z.string(),
  at: z.string(),
  by: z.string(),
  purchaseId: z.number().int().optional(),
  invoiceNumber: z.string().optional(),
  returnId: z.number().int().optional(),
  tenders: z.array(tenderView).optional(),
  reason: z.string().optional(),
  note: z.string().optional(),
  /** The manager whose approval let this bill pass the limit. */
  approvedBy: z.string().optional(),
  advance: z.boolean().optional(),
});
export type LedgerEntry = z.output<typeof ledgerEntry>;

export const approval = z.object({
  code: z.string(),
  amount: z.number(),
  expiresAt: z.string(),
});
export type Approval = z.output<typeof approval>;

const agedAmounts = z.object({ d0to30: z.number(), d31to60: z.number(), d61to90: z.number(), d90plus: z.number() });

/** Who owes what, aged by their unpaid bills (oldest bills paid first), the totals and those over their limit. */
export const receivables = z.object({
  rows: z.array(
    z.object({
      customerId: z.number().int(),
      customerName: z.string(),
      mobileNumber: z.string(),
      balance: z.number(),
      limit: z.number(),
      overLimit: z.boolean(),
      aged: agedAmounts,
      /** The shop day of the oldest bill not yet paid, and how many days ago it was. */
      oldestUnpaid: z.string().optional(),
      daysOverdue: z.number().int().optional(),
    }),
  ),
  totals: agedAmounts.extend({ balance: z.number(), advances: z.number() }),
  overLimit: z.array(z.number().int()),
});
export type Receivables = z.output<typeof receivables>;

export const totalDue = z.object({ totalDue: z.number() });

/** A reminder sent: the message for the cashier, the text sent, and the channels it went by (WhatsApp, and e-mail when the customer has an address). */
export const reminder = z.object({ message: z.string(), text: z.string(), channels: z.array(z.enum(['WhatsApp', 'e-mail'])) });
/** Who was reminded (`emailed`: those of them reminded by e-mail too) and who was skipped and why. */
export const reminders = z.object({
  sent: z.array(z.number().int()),
  emailed: z.array(z.number().int()),
  skipped: z.array(z.object({ customerId: z.number().int(), reason: z.string() })),
});
