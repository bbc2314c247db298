/**
 * What every money figure of the reports means, defined once. The monthly sales report and its PDF, the returns
 * report, the yearly returns, the purchase and sales reports, the day's order export, the daily report e-mail and
 * the dashboard read their figures from here, so the same days give the same money on every screen.
 *
 * The inputs are the counters the point of sale keeps per shop day (the daily sales item, docs/point-of-sale.md)
 * and the expense totals the finance domain keeps; all amounts are paise (shared/money.ts).
 *
 * The definitions:
 * - **Goods billed**: the bills' goods at the rates charged (after discount, GST included).
 * - **Delivery charges**: what storefront orders charged for delivery (GST included). It is a line of the order's
 *   tax invoice and money the shop received, so it is in Sold (and in the day's taxable value and tax), but it is
 *   no goods: Goods billed, units and cost leave it out. Returns give back goods, never the delivery charge.
 * - **Points redeemed**: the part of the goods the customers paid with credit points (1 point = ₹1).
 * - **Sold**: money received for the bills, by payment mode: goods billed + delivery charges − points redeemed.
 *   Points are a discount the shop gave earlier, not takings, so they are never counted as sales.
 * - **Returns**: money refunded, by the refund's payment mode, **booked on the day of the refund** (not on the day
 *   of the bill). Goods paid with points come back as points and are no refund.
 * - **Net sold**: Sold − Returns.
 * - **Units**: units billed, units returned (on the day they came back) and net units.
 * - **Cost**: the bought price of the goods billed; returned goods go back to stock, so their bought price is taken
 *   off on the return day: net cost = cost − returned cost ("Bought" of the yearly report).
 * - **Profit**: Net sold + net sold on account − net cost − expenses − dues written off.
 * - **Cash in hand**: cash takings − cash refunds − expenses paid in cash. Online takings, refunds and expenses are
 *   a separate balance; the two are never mixed. Cash takings are the bills' cash and the dues collected in cash.
 * - **Sold on account** ("new credit given", docs/customer-credit.md): goods sold on a customer's account are sold
 *   (the goods left the shop) but no money received: not in Sold by mode nor in any takings; in the profit's sold,
 *   less what returns credited back to the accounts.
 * - **Dues collected**: money customers paid against their balances, by method: takings (in cash in hand or the
 *   online balance, and in the takings by method), never sales, so never in the profit a second time.
 * - **Dues written off**: what the owner wrote off customers' balances: goods counted sold on account that will
 *   never be paid, a loss taken off the profit; no money moves.
 * - **Return percentage**: returns × 100 / cost (spec 3 section 9).
 */
import { shopDay } from './bill.js';
import { formatPaise } from './format.js';
import type { Paise } from './money.js';

/** The counters of one shop day's sales (every field a running sum; a field never written reads as 0). */
export interface DayCounters {
  bills?: number;
  cashBills?: number;
  onlineBills?: number;
  soldQuantity?: number;
  /** Goods billed: rate × units of the day's bills, before points. */
  net?: number;
  /** Delivery charges of the day's storefront orders. */
  delivery?: number;
  redeemed?: number;
  cashSold?: number;
  onlineSold?: number;
  cashCost?: number;
  onlineCost?: number;
  returnCount?: number;
  returnedQuantity?: number;
  returnedValue?: number;
  returnedCost?: number;
  cashReturns?: number;
  onlineReturns?: number;
  /** The UPI and card parts of the online takings and refunds (shared/tenders.ts). */
  upiSold?: number;
  cardSold?: number;
  upiReturns?: number;
  cardReturns?: number;
  /** Customer credit (docs/customer-credit.md): goods sold on account, returns credited to it, dues paid (and in cash). */
  accountSold?: number;
  accountReturns?: number;
  duesCollected?: number;
  duesCash?: number;
  /** The UPI and card parts of the dues collected (the rest beside cash is other online), and dues written off. */
  duesUpi?: number;
  duesCard?: number;
  duesWrittenOff?: number;
}

/** An amount split by method: cash, UPI, card and every other online method (bank transfer, Razorpay, unrecorded). */
export interface ByMethod {
  cash: Paise;
  upi: Paise;
  card: Paise;
  otherOnline: Paise;
  total: Paise;
}

/** An amount split by payment mode. */
export interface ByMode {
  cash: Paise;
  online: Paise;
  total: Paise;
}

export interface SalesFigures {
  bills: { cash: number; online: number; total: number };
  units: { sold: number; returned: number; net: number };
  /** Goods at the rates billed (after discount, GST included), and the part of them paid with points. */
  goodsBilled: Paise;
  /** Storefront orders' delivery charges: money received, not goods. */
  deliveryCharges: Paise;
  pointsRedeemed: Paise;
  /** Money received for the bills: goods billed + delivery charges − points redeemed. */
  sold: ByMode;
  /** Money refunded, booked on the refund's day, by the refund's payment mode. */
  returns: ByMode;
  /** Number of returns and the value of the goods returned (refunds and points given back). */
  returnCount: number;
  returnedGoods: Paise;
  /** Sold − Returns. */
  netSold: ByMode;
  /** Bought price of the goods billed, of those returned, and the difference. */
  cost: { billed: Paise; returned: Paise; net: Paise };
  /**
   * Sold, Returns and Net sold by method, when any money was taken or refunded by UPI or card; the cash figures are
   * those by mode, and the online ones add up to the online figures.
   */
  byMethod?: { sold: ByMethod; returns: ByMethod; netSold: ByMethod };
  /**
   * Customer credit, when a period has any (docs/customer-credit.md): goods sold on account (new credit given: sold,
   * the goods left the shop, but no money received, so in no takings and not in `sold`), returns credited back to
   * accounts, dues the customers paid (money received for goods sold earlier: takings, never sales) with their cash
   * part and by method, and dues written off (a loss, no money).
   */
  onAccount?: OnAccountFigures;
}

export interface OnAccountFigures {
  sold: Paise;
  returns: Paise;
  net: Paise;
  duesCollected: Paise;
  duesCash: Paise;
  /** Dues collected by method; the online ones add up to duesCollected − duesCash. */
  dues: ByMethod;
  writtenOff: Paise;
}

/** The online part of a mode split by method: what is not UPI or card is other online. */
const methodSplit = (mode: ByMode, upi: Paise, card: Paise): ByMethod => ({ cash: mode.cash, upi, card, otherOnline: mode.online - upi - card, total: mode.total });

const byMode = (cash: number, online: number): ByMode => ({ cash, online, total: cash + online });

/** The sales figures of a set of shop days (a day, a month, a range, a year). */
export function salesFigures(days: Iterable<DayCounters>): SalesFigures {
  const list = [...days];
  const sum = (pick: (d: DayCounters) => number | undefined) => list.reduce((total, d) => total + (pick(d) ?? 0), 0);
  const sold = byMode(sum((d) => d.cashSold), sum((d) => d.onlineSold));
  const returns = byMode(sum((d) => d.cashReturns), sum((d) => d.onlineReturns));
  const billed = sum((d) => d.cashCost) + sum((d) => d.onlineCost);
  const returnedCost = sum((d) => d.returnedCost);
  const unitsSold = sum((d) => d.soldQuantity);
  const unitsReturned = sum((d) => d.returnedQuantity);
  return {
    bills: { cash: sum((d) => d.cashBills), online: sum((d) => d.onlineBills), total: sum((d) => d.bills) },
    units: { sold: unitsSold, returned: unitsReturned, net: unitsSold - unitsReturned },
    goodsBilled: sum((d) => d.net),
    deliveryCharges: sum((d) => d.delivery),
    pointsRedeemed: sum((d) => d.redeemed),
    sold,
    returns,
    returnCount: sum((d) => d.returnCount),
    returnedGoods: sum((d) => d.returnedValue),
    netSold: byMode(sold.cash - returns.cash, sold.online - returns.online),
    cost: { billed, returned: returnedCost, net: billed - returnedCost },
    ...methodFigures(sold, returns, { upiSold: sum((d) => d.upiSold), cardSold: sum((d) => d.cardSold), upiReturns: sum((d) => d.upiReturns), cardReturns: sum((d) => d.cardReturns) }),
    ...accountFigures({
      sold: sum((d) => d.accountSold),
      returns: sum((d) => d.accountReturns),
      duesCollected: sum((d) => d.duesCollected),
      duesCash: sum((d) => d.duesCash),
      duesUpi: sum((d) => d.duesUpi),
      duesCard: sum((d) => d.duesCard),
      writtenOff: sum((d) => d.duesWrittenOff),
    }),
  };
}

function accountFigures(a: { sold: Paise; returns: Paise; duesCollected: Paise; duesCash: Paise; duesUpi: Paise; duesCard: Paise; writtenOff: Paise }): Pick<SalesFigures, 'onAccount'> {
  if (!a.sold && !a.returns && !a.duesCollected && !a.writtenOff) return {};
  const dues = methodSplit(byMode(a.duesCash, a.duesCollected - a.duesCash), a.duesUpi, a.duesCard);
  return { onAccount: { sold: a.sold, returns: a.returns, net: a.sold - a.returns, duesCollected: a.duesCollected, duesCash: a.duesCash, dues, writtenOff: a.writtenOff } };
}

function methodFigures(sold: ByMode, returns: ByMode, m: { upiSold: Paise; cardSold: Paise; upiReturns: Paise; cardReturns: Paise }): Pick<SalesFigures, 'byMethod'> {
  if (!m.upiSold && !m.cardSold && !m.upiReturns && !m.cardReturns) return {};
  const soldBy = methodSplit(sold, m.upiSold, m.cardSold);
  const returnsBy = methodSplit(returns, m.upiReturns, m.cardReturns);
  const minus = (k: keyof ByMethod) => soldBy[k] - returnsBy[k];
  return { byMethod: { sold: soldBy, returns: returnsBy, netSold: { cash: minus('cash'), upi: minus('upi'), card: minus('card'), otherOnline: minus('otherOnline'), total: minus('total') } } };
}

export interface DayModeRow {
  date: string;
  paymentMode: 'Cash' | 'Online';
  bills: number;
  /** Money received for the day's bills in this mode. */
  sold: Paise;
  /** Bought price of those bills' goods. */
  cost: Paise;
  /** Money refunded that day in this mode. */
  returns: Paise;
}

/** A day's rows of the monthly and returns reports: one per payment mode that had bills or refunds, Cash first. */
export function dayModeRows(day: DayCounters & { date: string }): DayModeRow[] {
  return (['Cash', 'Online'] as const).flatMap((paymentMode): DayModeRow[] => {
    const cash = paymentMode === 'Cash';
    const bills = (cash ? day.cashBills : day.onlineBills) ?? 0;
    const returns = (cash ? day.cashReturns : day.onlineReturns) ?? 0;
    if (!bills && !returns) return [];
    const sold = (cash ? day.cashSold : day.onlineSold) ?? 0;
    const cost = (cash ? day.cashCost : day.onlineCost) ?? 0;
    return [{ date: day.date, paymentMode, bills, sold, cost, returns }];
  });
}

/** Expenses of a period by the mode they were paid in. */
export const expenseFigures = (cash: Paise, online: Paise): ByMode => byMode(cash, online);

export interface CashSummary {
  /**
   * Cash takings − cash refunds − expenses paid in cash: the money that should be in the drawer. `dues` is the part
   * of the takings customers paid against their accounts (present when any was).
   */
  cash: { takings: Paise; refunds: Paise; expenses: Paise; inHand: Paise; dues?: Paise };
  /** The same for money that moved online (bank, UPI, cards). */
  online: { takings: Paise; refunds: Paise; expenses: Paise; balance: Paise; dues?: Paise };
}

/**
 * Takings are money received: bills' cash and online parts, and dues customers paid against their accounts (their
 * cash to the drawer); goods sold on account are in neither until the customer pays.
 */
export function cashSummary(sales: SalesFigures, expenses: ByMode): CashSummary {
  const duesCash = sales.onAccount?.duesCash ?? 0;
  const duesOnline = (sales.onAccount?.duesCollected ?? 0) - duesCash;
  const dues = (amount: Paise) => (sales.onAccount?.duesCollected ? { dues: amount } : {});
  return {
    cash: { takings: sales.sold.cash + duesCash, refunds: sales.returns.cash, expenses: expenses.cash, inHand: sales.netSold.cash + duesCash - expenses.cash, ...dues(duesCash) },
    online: {
      takings: sales.sold.online + duesOnline,
      refunds: sales.returns.online,
      expenses: expenses.online,
      balance: sales.netSold.online + duesOnline - expenses.online,
      ...dues(duesOnline),
    },
  };
}

export interface Profit {
  /** Net sold (money received for bills, less refunds). */
  netSold: Paise;
  /** Net sold on account: new credit given less returns credited back to accounts. */
  onAccount: Paise;
  /** What the profit counts as sold: net sold + net sold on account. */
  sold: Paise;
  /** Net cost of the goods sold. */
  bought: Paise;
  expense: Paise;
  /** Dues written off: goods sold on account that will never be paid. */
  writtenOff: Paise;
  profit: Paise;
}

/**
 * Profit = net sold + net sold on account − net cost − expenses − dues written off (spec 3 section 9: Sold −
 * Bought − Expense, with Sold counting the goods sold on account though not paid yet). Dues collected are no sale:
 * their goods were counted when they went on account.
 */
export function profitOf(sales: SalesFigures, expense: Paise): Profit {
  const onAccount = sales.onAccount?.net ?? 0;
  const writtenOff = sales.onAccount?.writtenOff ?? 0;
  const sold = sales.netSold.total + onAccount;
  const bought = sales.cost.net;
  return { netSold: sales.netSold.total, onAccount, sold, bought, expense, writtenOff, profit: sold - bought - expense - writtenOff };
}

/** returns × 100 / cost, rounded to two decimals (spec 3 section 9); nothing billed is 0%. Paise in, percent out. */
export const returnPercentage = (returns: Paise, cost: Paise) => (cost > 0 ? Math.round((returns * 10_000) / cost) / 100 : 0);

/**
 * The shop day a refund is booked on: the day the goods come back and the money goes out (India's time zone), on
 * every report, whatever the day of the bill.
 */
export const refundBookedOn = (returnedAt: Date): string => shopDay(returnedAt);

/**
 * The figures in words, the same lines on every PDF, export and e-mail: gross, deductions and net side by side, each
 * labelled with what it counts.
 */
export function salesLines(f: SalesFigures): string[] {
  const m = formatPaise;
  return [
    `Goods billed ${m(f.goodsBilled)}${f.deliveryCharges ? ` + delivery charges ${m(f.deliveryCharges)}` : ''} − points redeemed ${m(f.pointsRedeemed)} = Sold ${m(f.sold.total)} (cash ${m(f.sold.cash)}, online ${m(f.sold.online)})`,
    `Sold ${m(f.sold.total)} − Returns ${m(f.returns.total)} (refunds booked on the day of the return) = Net sold ${m(f.netSold.total)}`,
    `Units sold ${f.units.sold} − returned ${f.units.returned} = net ${f.units.net} · Cost ${m(f.cost.billed)} − returned ${m(f.cost.returned)} = net cost ${m(f.cost.net)}`,
    ...(f.byMethod ? [`By method: ${methodLine(f.byMethod.sold, 'Sold')} · ${methodLine(f.byMethod.returns, 'Returns')} · ${methodLine(f.byMethod.netSold, 'Net sold')}`] : []),
    ...(f.onAccount ? accountLines(f.onAccount) : []),
  ];
}

/** Customer credit in words: the credit given is sold but no takings; the dues collected are takings, never sold. */
export function accountLines(a: OnAccountFigures): string[] {
  const m = formatPaise;
  return [
    `New credit given (sold on account, no money received) ${m(a.sold)} − credited back by returns ${m(a.returns)} = Net sold on account ${m(a.net)}: in the profit, in no takings`,
    `Dues collected ${m(a.duesCollected)} (cash ${m(a.dues.cash)}, UPI ${m(a.dues.upi)}, card ${m(a.dues.card)}, other online ${m(a.dues.otherOnline)}): takings, not in Sold`,
    ...(a.writtenOff ? [`Dues written off ${m(a.writtenOff)}: taken off the profit, no money moved`] : []),
  ];
}

/** "Sold cash ₹1.00, UPI ₹2.00, card ₹3.00, other online ₹4.00". */
const methodLine = (b: ByMethod, label: string) =>
  `${label} cash ${formatPaise(b.cash)}, UPI ${formatPaise(b.upi)}, card ${formatPaise(b.card)}, other online ${formatPaise(b.otherOnline)}`;

/** The cash summary in words: the drawer's balance, and the online balance beside it. */
export function cashSummaryLines(c: CashSummary): string[] {
  const m = formatPaise;
  const dues = (amount: Paise | undefined) => (amount === undefined ? '' : ` (dues collected ${m(amount)} of it)`);
  return [
    `Cash in hand ${m(c.cash.inHand)} = cash takings ${m(c.cash.takings)}${dues(c.cash.dues)} − cash refunds ${m(c.cash.refunds)} − expenses paid in cash ${m(c.cash.expenses)}`,
    `Online balance ${m(c.online.balance)} = online takings ${m(c.online.takings)}${dues(c.online.dues)} − online refunds ${m(c.online.refunds)} − expenses paid online ${m(c.online.expenses)}`,
  ];
}
