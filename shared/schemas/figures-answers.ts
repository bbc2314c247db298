import * as z from 'zod';

/**
 * What the server answers about the day and month figures.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. figures.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/**
 * The shared sales figures (shared/figures.ts) as the API carries them: rupees. Every report that shows sold,
 * returns, points redeemed or cost answers this one shape, so a screen can put gross, deductions and net side by side.
 */
export const byMode = z.object({ cash: z.number(), online: z.number(), total: z.number() });
/** An amount by method: cash, UPI, card and other online (bank transfer, Razorpay, online by a method not recorded). */
export const byMethod = z.object({ cash: z.number(), upi: z.number(), card: z.number(), otherOnline: z.number(), total: z.number() });

export const salesSummary = z.object({
  bills: z.object({ cash: z.number().int(), online: z.number().int(), total: z.number().int() }),
  units: z.object({ sold: z.number().int(), returned: z.number().int(), net: z.number().int() }),
  /** Goods at the rates billed (after discount, GST included). */
  goodsBilled: z.number(),
  /** Storefront orders' delivery charges (GST included): in sold, not in goods billed; absent when none. */
  deliveryCharges: z.number().optional(),
  /** Paid with credit points: goods billed + delivery charges − points redeemed = sold. */
  pointsRedeemed: z.number(),
  /** Money received for the bills. */
  sold: byMode,
  /** Money refunded, booked on the refund's day. */
  returns: byMode,
  returnCount: z.number().int(),
  /** Value of the goods returned: refunds and points given back. */
  returnedGoods: z.number(),
  /** Sold − Returns. */
  netSold: byMode,
  cost: z.object({ billed: z.number(), returned: z.number(), net: z.number() }),
  /** Sold, Returns and Net sold by method (cash, UPI, card, other online); absent when nothing was paid or refunded by UPI or card. */
  byMethod: z.object({ sold: byMethod, returns: byMethod, netSold: byMethod }).optional(),
  /**
   * Customer credit, when the period has any (docs/customer-credit.md): new credit given (goods sold on account, in
   * no takings), returns credited back, the net; dues collected (takings, never sales) with their cash part and by
   * method; dues written off (a loss taken off the profit).
   */
  onAccount: z
    .object({ sold: z.number(), returns: z.number(), net: z.number(), duesCollected: z.number(), duesCash: z.number(), dues: byMethod, writtenOff: z.number() })
    .optional(),
});

export type SalesSummary = z.output<typeof salesSummary>;

/** `dues`: the part of the takings customers paid against their accounts, when any was. */
export const cashSummary = z.object({
  cash: z.object({ takings: z.number(), refunds: z.number(), expenses: z.number(), inHand: z.number(), dues: z.number().optional() }),
  online: z.object({ takings: z.number(), refunds: z.number(), expenses: z.number(), balance: z.number(), dues: z.number().optional() }),
});

export type CashSummaryView = z.output<typeof cashSummary>;
