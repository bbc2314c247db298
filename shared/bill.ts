/**
 * The point of sale's bill arithmetic, shared by the Place Order screen and the server so both show and store the
 * same figures: the server runs the same function on the lines it receives and refuses a bill whose figures differ.
 * Amounts are paise and rates basis points (shared/money.ts); the API carries rupees and percent.
 */
import { chargeTax, type SupplyKind } from './gst.js';
import {
  billLine,
  billTotals,
  discountPercent,
  redeemPoints,
  splitInclusiveGst,
  toRupees,
  type BasisPoints,
  type BillLineAmounts,
  type BillLineInput,
  type BillTotals,
  type GstSplit,
  type Paise,
} from './money.js';

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
  /**
   * Within the shop's state (CGST + SGST, the default) or to another state (IGST at the full rate): shared/gst.ts
   * decides it from the place of supply.
   */
  supply?: SupplyKind;
  /** A Bill of Supply (the shop is not registered for GST): no tax is charged, whatever the products' rates. */
  billOfSupply?: boolean;
  /** A storefront order's delivery charge, billed as its own line of the invoice. */
  delivery?: DeliveryInput;
}

/**
 * The delivery charge of a storefront order. Delivering the goods is part of a composite supply whose principal
 * supply is the goods (CGST Act section 8(a)): it is taxed at the rate of the principal supply, the goods line of
 * highest taxable value (the first of equal ones). The charge includes GST, as shelf prices do, and is split like a
 * line: taxable value rounded to the paisa, then CGST + SGST or IGST by the bill's place of supply.
 */
export interface DeliveryInput {
  /** What the customer pays for delivery, GST included. */
  charge: Paise;
  /** The rates it was charged at, when working a billed charge again (a receipt after returns); else the principal supply's. */
  rates?: { cgstRate: BasisPoints; sgstRate: BasisPoints };
}

/** How the invoice, its receipts and mails name the delivery line. */
export const DELIVERY_LABEL = 'Delivery charge';

export interface DeliveryFigures extends GstSplit {
  /** The charge, GST included: taxable + tax. */
  charge: Paise;
  igst: Paise;
  cgstRate: BasisPoints;
  sgstRate: BasisPoints;
  /** Index in the bill's lines of the principal supply whose rate it took; absent when the rates were given. */
  principal?: number;
}

/** A line's amounts as charged: `cgst` and `sgst` within the state, `igst` across states (the others 0). */
export interface BillLineFigures extends BillLineAmounts {
  igst: Paise;
  discountPercent: number;
}

export interface BillFiguresTotals extends BillTotals {
  igst: Paise;
}

export interface BillFigures {
  lines: BillLineFigures[];
  /** Present when the bill has a delivery charge; the totals include it. */
  delivery?: DeliveryFigures;
  /** The goods lines and the delivery charge. */
  totals: BillFiguresTotals;
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
 * A receipt's totals in rupees, as the saved bill's receipt and the till's provisional one print them: the lines'
 * totals, what points took off, what was refunded since, and what the customer paid in the end.
 */
export const receiptTotals = (totals: BillFiguresTotals, money: { redeemed: Paise; returned: Paise; paid: Paise }) => ({
  grossAmount: toRupees(totals.gross),
  discount: toRupees(totals.discount),
  taxable: toRupees(totals.taxable),
  cgst: toRupees(totals.cgst),
  sgst: toRupees(totals.sgst),
  igst: toRupees(totals.igst),
  tax: toRupees(totals.tax),
  totalSellingAmount: toRupees(totals.net),
  redeemAmount: toRupees(money.redeemed),
  returnAmount: toRupees(money.returned),
  netAmount: toRupees(money.paid),
});

/**
 * Every figure of a bill from its lines. Redemption follows spec 2 section 4 (`redeemPoints`): points worth less
 * than the net are all used; otherwise the bill becomes zero and the points not needed stay with the customer.
 */
export function computeBill(input: BillInput): BillFigures {
  const supply = input.supply ?? 'intra';
  const charged = input.lines.map((asked) => {
    const rates = input.billOfSupply ? { ...asked, cgstRate: 0, sgstRate: 0 } : asked;
    const amounts = billLine(rates);
    const figures: BillLineFigures = { ...amounts, ...chargeTax(amounts.tax, rates.cgstRate, rates.sgstRate, supply), discountPercent: discountPercent(rates.mrp, rates.rate) };
    return { rates, amounts: figures };
  });
  const lines = charged.map((l) => l.amounts);
  const goods = { ...billTotals(lines), igst: lines.reduce((sum, l) => sum + l.igst, 0) };
  const asked = input.delivery && input.delivery.charge > 0 ? input.delivery : undefined;
  const delivery = asked ? deliveryFigures(input.billOfSupply ? { ...asked, rates: { cgstRate: 0, sgstRate: 0 } } : asked, charged, supply) : undefined;
  const totals = delivery ? withDelivery(goods, delivery) : goods;
  let redeemed = 0;
  let pointsUsed = 0;
  if (input.redeemPoints !== undefined && input.redeemPoints > 0) {
    const redemption = redeemPoints(totals.net, input.redeemPoints);
    redeemed = redemption.redeemed;
    pointsUsed = input.redeemPoints - redemption.pointsLeft;
  }
  const paid = totals.net - redeemed;
  return { lines, ...(delivery ? { delivery } : {}), totals, redeemed, pointsUsed, paid, pointsEarned: pointsEarned(paid) };
}

/** The goods line of highest taxable value, the first of equal ones: the principal supply of the order. */
export function principalLine(lines: Pick<BillLineAmounts, 'taxable'>[]): number | undefined {
  let best: number | undefined;
  lines.forEach((line, i) => {
    if (best === undefined || line.taxable > lines[best]!.taxable) best = i;
  });
  return best;
}

/** The delivery charge split at the principal supply's rates (or those given), charged by the place of supply. */
function deliveryFigures(input: DeliveryInput, charged: { rates: BillLineInput; amounts: BillLineFigures }[], supply: SupplyKind): DeliveryFigures {
  const principal = input.rates ? undefined : principalLine(charged.map((l) => l.amounts));
  const { cgstRate, sgstRate } = input.rates ?? (principal === undefined ? { cgstRate: 0, sgstRate: 0 } : charged[principal]!.rates);
  const split = splitInclusiveGst(input.charge, cgstRate, sgstRate);
  return {
    charge: input.charge,
    taxable: split.taxable,
    tax: split.tax,
    ...chargeTax(split.tax, cgstRate, sgstRate, supply),
    cgstRate,
    sgstRate,
    ...(principal === undefined ? {} : { principal }),
  };
}

/** A bill's totals with its delivery charge: the charge has no MRP of its own and no discount. */
export function withDelivery(goods: BillFiguresTotals, delivery: Omit<DeliveryFigures, 'cgstRate' | 'sgstRate' | 'principal'>): BillFiguresTotals {
  return {
    gross: goods.gross + delivery.charge,
    discount: goods.discount,
    taxable: goods.taxable + delivery.taxable,
    cgst: goods.cgst + delivery.cgst,
    sgst: goods.sgst + delivery.sgst,
    igst: goods.igst + delivery.igst,
    tax: goods.tax + delivery.tax,
    net: goods.net + delivery.charge,
  };
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

export { shopDay } from './format.js';

/** What a credit note gives back of a line: the returned units' value split as the bill charged it. */
export interface CreditFigures {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
  /** rate × units: taxable + tax */
  value: Paise;
}

/**
 * The tax reversed by returning `units` of a line of which `returnedBefore` units came back already, at the bill's
 * rates and split. It is the difference of the figures of all units returned after and before, each worked like a
 * bill line, so a line returned in several credit notes gives back exactly its billed taxable value and tax.
 */
export function creditFigures(line: BillLineInput, supply: SupplyKind, returnedBefore: number, units: number): CreditFigures {
  const upTo = (quantity: number) => computeBill({ lines: [{ ...line, quantity }], supply }).lines[0]!;
  const after = upTo(returnedBefore + units);
  const before = upTo(returnedBefore);
  const minus = (pick: (l: BillLineFigures) => Paise) => pick(after) - pick(before);
  return {
    taxable: minus((l) => l.taxable),
    cgst: minus((l) => l.cgst),
    sgst: minus((l) => l.sgst),
    igst: minus((l) => l.igst),
    tax: minus((l) => l.tax),
    value: minus((l) => l.net),
  };
}
