/**
 * The point of sale's bill arithmetic, shared by the Place Order screen and the server so both show and store the
 * same figures: the server runs the same function on the lines it receives and refuses a bill whose figures differ.
 * Amounts are paise and rates basis points (shared/money.ts); the API carries rupees and percent.
 */
import { billLine, billTotals, discountPercent, redeemPoints, type BillLineAmounts, type BillLineInput, type BillTotals, type Paise } from './money.js';

/** Redeem is offered only above this many points, and disabled under it (spec 2 sections 4 and 9). */
export const REDEEM_ABOVE_POINTS = 100;

/** Points are earned on what the customer pays in money: one point for every full ₹100 (10,000 paise). */
export const PAISE_PER_POINT_EARNED = 10_000;

/** One point redeems one rupee. */
export const PAISE_PER_POINT_REDEEMED = 100;

export const canRedeem = (points: number) => points > REDEEM_ABOVE_POINTS;

export const pointsEarned = (paid: Paise): number => (paid > 0 ? Math.floor(paid / PAISE_PER_POINT_EARNED) : 0);

export interface BillInput {
  lines: BillLineInput[];
  /** The customer's points when they redeem; undefined when they do not. */
  redeemPoints?: number;
}

export interface BillFigures {
  lines: (BillLineAmounts & { discountPercent: number })[];
  totals: BillTotals;
  /** Taken off the net by points. */
  redeemed: Paise;
  /** Points used by the redemption. */
  pointsUsed: number;
  /** What the customer pays in money: net − redeemed. */
  paid: Paise;
  /** Points the bill earns the customer. */
  pointsEarned: number;
}

/**
 * Every figure of a bill from its lines. Redemption follows spec 2 section 4 (`redeemPoints`): points worth less
 * than the net are all used; otherwise the bill becomes zero and the points not needed stay with the customer.
 */
export function computeBill(input: BillInput): BillFigures {
  const lines = input.lines.map((line) => ({ ...billLine(line), discountPercent: discountPercent(line.mrp, line.rate) }));
  const totals = billTotals(lines);
  let redeemed = 0;
  let pointsUsed = 0;
  if (input.redeemPoints !== undefined && input.redeemPoints > 0) {
    const redemption = redeemPoints(totals.net, input.redeemPoints);
    redeemed = redemption.redeemed;
    pointsUsed = input.redeemPoints - redemption.pointsLeft;
  }
  const paid = totals.net - redeemed;
  return { lines, totals, redeemed, pointsUsed, paid, pointsEarned: pointsEarned(paid) };
}

/**
 * How a return of goods worth `value` is given back, when the bill was paid `paid` in money and `refundedBefore`
 * of that has been refunded already: money first, up to what was paid in money; the rest (the part the customer
 * paid with points) comes back as points, whole points rounded down. Points earned on money that is refunded are
 * taken back.
 */
export function returnSettlement(input: { value: Paise; paid: Paise; refundedBefore: Paise; pointsEarnedBefore: number }) {
  const moneyLeft = Math.max(input.paid - input.refundedBefore, 0);
  const refund = Math.min(input.value, moneyLeft);
  const pointsBack = Math.floor((input.value - refund) / PAISE_PER_POINT_REDEEMED);
  const earnedNow = pointsEarned(input.paid - input.refundedBefore - refund);
  return { refund, pointsBack, pointsEarnedAfter: earnedNow, pointsTakenBack: Math.max(input.pointsEarnedBefore - earnedNow, 0) };
}

const SHOP_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop's calendar day (India) of an instant, `yyyy-mm-dd`: a bill at 00:30 IST belongs to that IST day. */
export const shopDay = (at: Date): string => SHOP_DAY.format(at);
