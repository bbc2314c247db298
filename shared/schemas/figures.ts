import * as z from 'zod';
import { toPaise, toRupees } from '../money.js';
import type { ByMode, CashSummary, SalesFigures } from '../figures.js';

/**
 * The shared sales figures (shared/figures.ts) as the API carries them: rupees. Every report that shows sold,
 * returns, points redeemed or cost answers this one shape, so a screen can put gross, deductions and net side by side.
 */
const byMode = z.object({ cash: z.number(), online: z.number(), total: z.number() });

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
});
export type SalesSummary = z.output<typeof salesSummary>;

export const cashSummary = z.object({
  cash: z.object({ takings: z.number(), refunds: z.number(), expenses: z.number(), inHand: z.number() }),
  online: z.object({ takings: z.number(), refunds: z.number(), expenses: z.number(), balance: z.number() }),
});
export type CashSummaryView = z.output<typeof cashSummary>;

const modeInRupees = (m: ByMode) => ({ cash: toRupees(m.cash), online: toRupees(m.online), total: toRupees(m.total) });

export const salesSummaryView = (f: SalesFigures): SalesSummary => ({
  bills: f.bills,
  units: f.units,
  goodsBilled: toRupees(f.goodsBilled),
  ...(f.deliveryCharges ? { deliveryCharges: toRupees(f.deliveryCharges) } : {}),
  pointsRedeemed: toRupees(f.pointsRedeemed),
  sold: modeInRupees(f.sold),
  returns: modeInRupees(f.returns),
  returnCount: f.returnCount,
  returnedGoods: toRupees(f.returnedGoods),
  netSold: modeInRupees(f.netSold),
  cost: { billed: toRupees(f.cost.billed), returned: toRupees(f.cost.returned), net: toRupees(f.cost.net) },
});

export const cashSummaryView = (c: CashSummary): CashSummaryView => ({
  cash: { takings: toRupees(c.cash.takings), refunds: toRupees(c.cash.refunds), expenses: toRupees(c.cash.expenses), inHand: toRupees(c.cash.inHand) },
  online: {
    takings: toRupees(c.online.takings),
    refunds: toRupees(c.online.refunds),
    expenses: toRupees(c.online.expenses),
    balance: toRupees(c.online.balance),
  },
});

const modeInPaise = (m: z.output<typeof byMode>): ByMode => ({ cash: toPaise(m.cash), online: toPaise(m.online), total: toPaise(m.total) });

/** The figures back in paise, for the files drawn from a report's answer (PDF lines by shared/figures.ts). */
export const salesSummaryPaise = (v: SalesSummary): SalesFigures => ({
  bills: v.bills,
  units: v.units,
  goodsBilled: toPaise(v.goodsBilled),
  deliveryCharges: toPaise(v.deliveryCharges ?? 0),
  pointsRedeemed: toPaise(v.pointsRedeemed),
  sold: modeInPaise(v.sold),
  returns: modeInPaise(v.returns),
  returnCount: v.returnCount,
  returnedGoods: toPaise(v.returnedGoods),
  netSold: modeInPaise(v.netSold),
  cost: { billed: toPaise(v.cost.billed), returned: toPaise(v.cost.returned), net: toPaise(v.cost.net) },
});
