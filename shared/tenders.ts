/**
 * How a bill is paid at the counter (docs/point-of-sale.md, "Payments"). The specification's two modes, Cash and
 * Online, stay the bill's Bill Type; a payment made online names its method (UPI, card, bank transfer or the
 * storefront's Razorpay checkout). A bill may be paid by several tenders (₹500 cash, the rest on UPI) which add up
 * to what the customer pays in money to the paisa. A return refunds by tenders chosen at the return: cash from the
 * drawer, or the method a tender of the bill was paid by, never more than that method paid less what it refunded.
 * Amounts are paise (shared/money.ts); the screens and the server both check with these functions.
 */
import { formatPaise } from './format.js';
import type { Paise } from './money.js';

export const TENDER_METHODS = ['cash', 'upi', 'card', 'bank', 'razorpay', 'account'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];
/** A method as stored: `online` is the one tender of a bill from before methods, paid Online by a method not recorded. */
export type StoredTenderMethod = TenderMethod | 'online';

export const TENDER_LABELS: Record<StoredTenderMethod, string> = {
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  bank: 'Bank transfer',
  razorpay: 'Razorpay',
  account: 'On account',
  online: 'Online',
};

/**
 * "On account" (docs/customer-credit.md): the part of a bill the customer owes the shop, added to their balance in the
 * bill's own transaction. It is a tender of the bill but no money received: it is never cash nor online takings.
 */
export const ON_ACCOUNT: StoredTenderMethod = 'account';
export const isMoneyTender = (method: StoredTenderMethod) => method !== 'account';
/** What of these tenders the customer put on account. */
export const onAccountOf = (tenders: readonly Pick<Tender, 'amount' | 'method'>[]): Paise => sumTenders(tenders.filter((t) => t.method === 'account'));

/** The figures' groups of methods: cash, UPI, card, and every other online method. */
export type MethodGroup = 'cash' | 'upi' | 'card' | 'otherOnline' | 'account';
export const methodGroup = (method: StoredTenderMethod): MethodGroup =>
  method === 'cash' || method === 'upi' || method === 'card' || method === 'account' ? method : 'otherOnline';

/** A bill is paid by at most this many tenders. */
export const MAX_TENDERS = 6;

export interface Tender {
  method: StoredTenderMethod;
  amount: Paise;
  /** The UPI transaction or card slip reference the cashier noted, or the provider's payment id. */
  reference?: string;
  /** A UPI payment not yet confirmed (a bill made offline, or a QR not paid yet): "UPI, to be confirmed". */
  pending?: boolean;
}

export type PaymentModeOfTender = 'Cash' | 'Online';
export const modeOfMethod = (method: StoredTenderMethod): PaymentModeOfTender => (method === 'cash' ? 'Cash' : 'Online');

export const sumTenders = (tenders: readonly Pick<Tender, 'amount'>[]): Paise => tenders.reduce((sum, t) => sum + t.amount, 0);

/** What is still to be tendered of `net`: negative when the tenders give more than the bill asks. */
export const balanceOf = (net: Paise, tenders: readonly Pick<Tender, 'amount'>[]): Paise => net - sumTenders(tenders);

/**
 * Why these tenders cannot pay a bill whose customer pays `net` in money, or undefined when they can: every tender
 * above zero, at most MAX_TENDERS, adding up to the net to the paisa. A bill paid wholly by points has no tenders.
 */
export function tendersProblem(tenders: readonly Pick<Tender, 'amount' | 'method'>[], net: Paise): string | undefined {
  if (tenders.length > MAX_TENDERS) return `A bill can be paid in at most ${MAX_TENDERS} parts.`;
  const empty = tenders.find((t) => !Number.isInteger(t.amount) || t.amount <= 0);
  if (empty) return `The ${TENDER_LABELS[empty.method]} payment should be an amount above ₹0.`;
  const total = sumTenders(tenders);
  if (total !== net) {
    return `The payments add up to ${formatPaise(total)} but the customer pays ${formatPaise(net)}. ${total < net ? `${formatPaise(net - total)} is still to be paid.` : `Take ${formatPaise(total - net)} less.`}`;
  }
  return undefined;
}

/**
 * The Bill Type of a bill paid by these tenders: the mode that took the larger part (cash on a tie), so a bill's
 * single Cash or Online still says how most of it was paid. A bill without tenders, or wholly on account (no money
 * taken), keeps `fallback`.
 */
export function modeOfTenders(tenders: readonly Pick<Tender, 'amount' | 'method'>[], fallback: PaymentModeOfTender): PaymentModeOfTender {
  const money = tenders.filter((t) => isMoneyTender(t.method));
  if (!money.length) return fallback;
  const cash = sumTenders(money.filter((t) => t.method === 'cash'));
  return cash * 2 >= sumTenders(money) ? 'Cash' : 'Online';
}

/**
 * A bill's tenders: those it was saved with, or, for a bill from before tenders, its mode as its single tender
 * (a storefront order's was the Razorpay checkout).
 */
export function tendersOfBill(bill: { tenders?: Tender[]; paymentMode: PaymentModeOfTender; paid: Paise; orderId?: string }): Tender[] {
  if (bill.tenders) return bill.tenders;
  if (bill.paid <= 0) return [];
  const method: StoredTenderMethod = bill.paymentMode === 'Cash' ? 'cash' : bill.orderId ? 'razorpay' : 'online';
  return [{ method, amount: bill.paid }];
}

/**
 * The tenders of a bill of `net` where the cashier typed some parts and the rest is paid by `restMethod` ("₹500 cash,
 * the rest on UPI"): the typed parts above zero, then the balance on the rest method when there is one.
 */
export function withRest(net: Paise, typed: readonly Tender[], restMethod: StoredTenderMethod): Tender[] {
  const parts = typed.filter((t) => t.amount > 0);
  const rest = balanceOf(net, parts);
  return rest > 0 ? [...parts, { method: restMethod, amount: rest }] : parts;
}

/** Amounts by figures' group: what these tenders took (or refunded) in cash, UPI, card and other online methods. */
export function byMethodGroup(tenders: readonly Pick<Tender, 'amount' | 'method'>[]): Record<MethodGroup, Paise> {
  const sums: Record<MethodGroup, Paise> = { cash: 0, upi: 0, card: 0, otherOnline: 0, account: 0 };
  for (const t of tenders) sums[methodGroup(t.method)] += t.amount;
  return sums;
}

/** Amounts by method, in the order the methods first appear. */
export function byMethod(tenders: readonly Pick<Tender, 'amount' | 'method'>[]): Map<StoredTenderMethod, Paise> {
  const sums = new Map<StoredTenderMethod, Paise>();
  for (const t of tenders) sums.set(t.method, (sums.get(t.method) ?? 0) + t.amount);
  return sums;
}

// ---------------------------------------------------------------- refunds

export interface RefundTender {
  method: StoredTenderMethod;
  amount: Paise;
}

/**
 * What each method of the bill may still refund: what it paid less what returns refunded by it. Cash is not in it:
 * cash comes from the drawer and may refund any part of the bill.
 */
export function refundableByMethod(paid: readonly Tender[], refunded: readonly RefundTender[]): Map<StoredTenderMethod, Paise> {
  const left = byMethod(paid.filter((t) => t.method !== 'cash'));
  for (const r of refunded) if (r.method !== 'cash' && left.has(r.method)) left.set(r.method, left.get(r.method)! - r.amount);
  return left;
}

/**
 * Why these refund tenders cannot give back `refund` of a bill paid by `paid` (after the refunds `refunded` of
 * earlier returns), or undefined when they can: each above zero, adding up to the refund, each method cash or one
 * the bill was paid by, and no method refunding more than it paid less what it refunded before.
 */
export function refundProblem(asked: readonly RefundTender[], refund: Paise, paid: readonly Tender[], refunded: readonly RefundTender[]): string | undefined {
  if (asked.length > MAX_TENDERS) return `A refund can be given in at most ${MAX_TENDERS} parts.`;
  const empty = asked.find((t) => !Number.isInteger(t.amount) || t.amount <= 0);
  if (empty) return `The ${TENDER_LABELS[empty.method]} refund should be an amount above ₹0.`;
  const total = sumTenders(asked);
  if (total !== refund) return `The refunds add up to ${formatPaise(total)} but the return refunds ${formatPaise(refund)}.`;
  const left = refundableByMethod(paid, refunded);
  for (const [method, amount] of byMethod(asked)) {
    if (method === 'cash') continue;
    const can = left.get(method);
    if (can === undefined) return `This bill was not paid by ${TENDER_LABELS[method]}: refund it in cash or by a method the bill was paid by.`;
    if (amount > can) return `${TENDER_LABELS[method]} can refund at most ${formatPaise(Math.max(can, 0))} of this bill; refund the rest in cash.`;
  }
  return undefined;
}

/**
 * The refund tenders of a return that chose only its Bill Type (as before methods): Cash from the drawer; Online
 * back to the bill's online methods in their order, up to what each may still refund, and any rest online by a
 * method not recorded (a cash bill refunded online).
 */
export function refundByMode(mode: PaymentModeOfTender, refund: Paise, paid: readonly Tender[], refunded: readonly RefundTender[]): RefundTender[] {
  if (refund <= 0) return [];
  if (mode === 'Cash') return [{ method: 'cash', amount: refund }];
  const out: RefundTender[] = [];
  let rest = refund;
  for (const [method, can] of refundableByMethod(paid, refunded)) {
    // An online refund is money: it never goes back to the account, which a return credits only when chosen.
    if (!isMoneyTender(method)) continue;
    const take = Math.min(Math.max(can, 0), rest);
    if (take > 0) out.push({ method, amount: take });
    rest -= take;
  }
  if (rest > 0) out.push({ method: 'online', amount: rest });
  return out;
}

/** The refund tenders of a bill's returns, each as recorded, or as its Bill Type made them for a return from before. */
export function refundsOfReturns(paid: readonly Tender[], returns: readonly { paymentMode: PaymentModeOfTender; refund: Paise; refundTenders?: RefundTender[] }[]): RefundTender[] {
  const all: RefundTender[] = [];
  for (const r of returns) all.push(...(r.refundTenders ?? refundByMode(r.paymentMode, r.refund, paid, all)));
  return all;
}
