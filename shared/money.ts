/**
 * Money arithmetic for bills, carts and reports. Amounts are integers in paise; tax rates are integers in basis
 * points (2.5% = 250) so a GST rate never passes through floating point. Every division rounds half up (half a
 * paisa becomes a paisa), the rule used for GST invoices. The screens and the server both compute with this module,
 * and the server recomputes every figure a client sends.
 */

export type Paise = number;
/** A tax rate in basis points: 9% = 900, 2.5% = 250. */
export type BasisPoints = number;

/** Integer division of non-negative numbers rounding half up; negative numerators round symmetrically. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divideRounded needs integers and a positive denominator (${numerator}/${denominator})`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  return sign * Math.floor((2 * n + denominator) / (2 * denominator));
}

/**
 * Rupees to paise. Text (as typed) must have at most two decimals; a number (as stored by older records or typed
 * into a number field) is rounded half up to the paisa, without floating-point drift (1.005 → 101).
 */
export function toPaise(rupees: number | string): Paise {
  if (typeof rupees === 'number') {
    if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
    const scaled = Number((Math.abs(rupees) * 100).toFixed(4));
    return Math.sign(rupees) * Math.round(scaled);
  }
  const text = rupees.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${rupees}`);
  const [, minus, whole, fraction = ''] = match;
  const extra = fraction.slice(2).replace(/0+$/, '');
  if (extra) throw new RangeError(`An amount has at most two decimals: ${rupees}`);
  const paise = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return minus ? -paise : paise;
}

/** Paise to rupees as a number with two decimals (for display code that formats numbers). */
export const toRupees = (paise: Paise): number => paise / 100;

/** A percentage as typed ("2.5", 9) to basis points. */
export function toBasisPoints(percent: number | string): BasisPoints {
  return toPaise(percent);
}

/** `amount × rate` rounded to the paisa. */
export const percentOf = (amount: Paise, rate: BasisPoints): Paise => divideRounded(amount * rate, 10_000);

export interface GstSplit {
  /** The value before tax. */
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  /** cgst + sgst */
  tax: Paise;
}

/**
 * Splits a GST-inclusive amount (shelf prices in India include GST) into the taxable value and the CGST and SGST
 * shares. Each share is worked on its own from the amount (`amount × rate / (100 % + total rate)`, rounded half up to
 * the paisa), so at equal rates CGST and SGST are always equal; the taxable value is what is left, so the parts
 * always add up to the amount. Any rounding paisa stays in the taxable value, never between the two taxes: ₹99.99 at
 * 18 % is ₹84.73 + CGST ₹7.63 + SGST ₹7.63.
 */
export function splitInclusiveGst(amount: Paise, cgstRate: BasisPoints, sgstRate: BasisPoints): GstSplit {
  const base = 10_000 + cgstRate + sgstRate;
  const cgst = divideRounded(amount * cgstRate, base);
  const sgst = divideRounded(amount * sgstRate, base);
  return { taxable: amount - cgst - sgst, cgst, sgst, tax: cgst + sgst };
}

/** GST on a tax-exclusive amount, CGST and SGST each rounded to the paisa. */
export function exclusiveGst(amount: Paise, cgstRate: BasisPoints, sgstRate: BasisPoints): GstSplit {
  const cgst = percentOf(amount, cgstRate);
  const sgst = percentOf(amount, sgstRate);
  return { taxable: amount, cgst, sgst, tax: cgst + sgst };
}

/**
 * The discount percent shown when the cashier edits the rate: (MRP − rate) / MRP as a percentage, rounded up to a
 * whole percent (spec 2 section 4).
 */
export function discountPercent(mrp: Paise, rate: Paise): number {
  if (mrp <= 0 || rate >= mrp) return 0;
  return Math.ceil(((mrp - rate) * 100) / mrp);
}

export interface BillLineInput {
  mrp: Paise;
  /** Selling price of one unit, GST included. */
  rate: Paise;
  quantity: number;
  cgstRate: BasisPoints;
  sgstRate: BasisPoints;
}

export interface BillLineAmounts extends GstSplit {
  /** MRP × quantity */
  gross: Paise;
  /** rate × quantity: what the customer pays for the line */
  net: Paise;
  /** gross − net */
  discount: Paise;
}

export function billLine(line: BillLineInput): BillLineAmounts {
  if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError('Quantity must be a whole number');
  const gross = line.mrp * line.quantity;
  const net = line.rate * line.quantity;
  return { gross, net, discount: gross - net, ...splitInclusiveGst(net, line.cgstRate, line.sgstRate) };
}

export interface BillTotals {
  gross: Paise;
  discount: Paise;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  tax: Paise;
  net: Paise;
}

/** Totals are sums of the per-line figures, so the bill's lines always add up to its totals. */
export function billTotals(lines: BillLineAmounts[]): BillTotals {
  const sum = (pick: (l: BillLineAmounts) => Paise) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    gross: sum((l) => l.gross),
    discount: sum((l) => l.discount),
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    tax: sum((l) => l.tax),
    net: sum((l) => l.net),
  };
}

export interface Redemption {
  /** Net amount after redeeming. */
  net: Paise;
  /** Amount taken off by points. */
  redeemed: Paise;
  /** Points the customer keeps. */
  pointsLeft: number;
}

/**
 * Credit-point redemption (spec 2 section 4), one point worth one rupee: points below the net amount are all used
 * and lower it; otherwise the bill becomes zero and the points not needed are kept, rounded up to whole points.
 */
export function redeemPoints(net: Paise, points: number): Redemption {
  const pointValue = points * 100;
  if (pointValue < net) return { net: net - pointValue, redeemed: pointValue, pointsLeft: 0 };
  return { net: 0, redeemed: net, pointsLeft: Math.ceil((pointValue - net) / 100) };
}

/** The storefront's delivery charge on every order: ₹100 (spec 1 section 9). */
export const DELIVERY_CHARGE: Paise = 10_000;

export interface CartSummaryLine {
  /** Selling price of one unit, GST included. */
  price: Paise;
  mrp: Paise;
  quantity: number;
  /** cgst + sgst */
  taxRate: BasisPoints;
}

export interface CartSummary {
  lines: number;
  /** Units over all lines. */
  items: number;
  /** Σ price × quantity */
  subtotal: Paise;
  /** Σ MRP × quantity */
  mrpTotal: Paise;
  /** What the customer saves against the MRP: mrpTotal − subtotal. */
  saved: Paise;
  /**
   * The GST included in what the customer pays, as the order's tax invoice charges it: each line's tax split out of its
   * GST-inclusive total, and the delivery charge's at the rate of the principal supply.
   */
  tax: Paise;
  deliveryCharge: Paise;
  /** subtotal + delivery charge: the amount the payment provider is asked for. */
  payable: Paise;
}

/**
 * The storefront's order summary (spec 1 section 9). The net amount is Σ price × quantity plus the delivery charge.
 * Shelf prices already include GST, so the tax is shown and never added to the payable amount, and it is the tax the
 * order's invoice charges (`computeBill` in shared/bill.ts): each line's total split as `splitInclusiveGst` splits it
 * (the rate in equal CGST and SGST halves), plus the delivery charge's tax at the rate of the principal supply, the
 * line of highest taxable value (the first of equal ones). To the paisa, as charged. An empty cart owes nothing, not
 * even delivery.
 */
export function cartSummary(lines: CartSummaryLine[]): CartSummary {
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError('Quantity must be a whole number');
  }
  const sum = (pick: (l: CartSummaryLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const subtotal = sum((l) => l.price * l.quantity);
  const mrpTotal = sum((l) => l.mrp * l.quantity);
  const halves = (rate: BasisPoints) => [Math.floor(rate / 2), rate - Math.floor(rate / 2)] as const;
  const splits = lines.map((l) => splitInclusiveGst(l.price * l.quantity, ...halves(l.taxRate)));
  const items = sum((l) => l.quantity);
  const deliveryCharge = items > 0 ? DELIVERY_CHARGE : 0;
  let principal = -1;
  splits.forEach((split, i) => {
    if (principal < 0 || split.taxable > splits[principal]!.taxable) principal = i;
  });
  const deliveryTax = deliveryCharge > 0 && principal >= 0 ? splitInclusiveGst(deliveryCharge, ...halves(lines[principal]!.taxRate)).tax : 0;
  const tax = splits.reduce((total, split) => total + split.tax, 0) + deliveryTax;
  return { lines: lines.length, items, subtotal, mrpTotal, saved: mrpTotal - subtotal, tax, deliveryCharge, payable: subtotal + deliveryCharge };
}
