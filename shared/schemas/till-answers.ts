import * as z from 'zod';

/**
 * What the server answers about till sessions (docs/point-of-sale.md, "The day's close"). Money is rupees, as on
 * every answer; the route table declares these as types only.
 */
const money = z.number();

export const tillMove = z.object({
  moveId: z.number().int(),
  kind: z.enum(['in', 'out']),
  amount: money,
  reason: z.string(),
  /** The expense the pay-out was recorded as. */
  expenseId: z.number().int().optional(),
  by: z.string(),
  at: z.string(),
});
export type TillMove = z.output<typeof tillMove>;

const reopen = z.object({ by: z.string(), at: z.string(), reason: z.string() });

export const tillSession = z.object({
  sessionId: z.string(),
  tillName: z.string(),
  cashier: z.string(),
  status: z.enum(['open', 'closed']),
  /** The shop day the session was opened on. */
  day: z.string(),
  openedAt: z.string(),
  openingFloat: money,
  cashSales: money,
  cashRefunds: money,
  payIns: money,
  payOuts: money,
  /** What the session's bills took by UPI, card and other online methods, and refunded by them. */
  upiSales: money,
  cardSales: money,
  otherSales: money,
  otherRefunds: money,
  bills: z.number().int(),
  expected: money,
  /** At close: the count, its total, counted less expected, and why. */
  count: z.record(z.string(), z.number().int()).optional(),
  counted: money.optional(),
  difference: money.optional(),
  reason: z.string().optional(),
  closedAt: z.string().optional(),
  closedBy: z.string().optional(),
  reopens: z.array(reopen),
  moves: z.array(tillMove).optional(),
  /** Whether the close's mail to the owner went (false: no owner address, or the mail failed; the close stands). */
  mailed: z.boolean().optional(),
  version: z.number().int(),
});
export type TillSession = z.output<typeof tillSession>;

/** The owner's month: each cashier's closes with the shorts and overs totalled, and the month's totals. */
export const tillMonth = z.object({
  month: z.number().int(),
  year: z.number().int(),
  cashiers: z.array(z.object({ cashier: z.string(), closes: z.number().int(), short: money, over: money })),
  closes: z.number().int(),
  short: money,
  over: money,
});
export type TillMonth = z.output<typeof tillMonth>;
