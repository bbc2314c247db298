import { shopDay } from '../../shared/bill.js';
import { fileDate, formatDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { toRupees } from '../../shared/money.js';
import { accountLines, dayModeRows, profitOf, returnPercentage, salesFigures, salesLines, type SalesFigures } from '../../shared/figures.js';
import { financialYearLabel, financialYearSpan } from '../../shared/financial-year.js';
import type { ReturnRow, ReturnsSummary, YearBasis, YearlyReturns, YearlyRow } from '../../shared/schemas/expense.js';
import { salesSummaryView } from '../../shared/schemas/figures.js';
import { FileResponse } from '../lib/handler.js';
import { tablePdf } from '../lib/pdf.js';
import { purchaseData, type SalesDay } from '../purchases/data.js';
import { tenantData } from '../tenants/data.js';
import { expenseTotals, monthOf } from './data.js';

/**
 * The returns report and the yearly returns. Every figure comes from the point of sale's daily sales items (one
 * query of at most 31 items per month, kept by every bill, edit and return in its own transaction) and the expense
 * totals (at most 12 items a year); no bill or expense is read.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A returns row in paise, before it goes on the wire. */
interface RowPaise {
  returnId: number;
  transactionDate: string;
  transaction: number;
  paymentMode: ReturnRow['paymentMode'];
  credit: number;
  debit: number;
  returns: number;
}

/** A month's rows: per shop day (in order) and payment mode (Cash, then Online) that had bills or refunds, numbered. */
const monthRows = async (tenantId: string, month: number, year: number) => (await monthReport(tenantId, month, year)).rows;

const rowView = (r: RowPaise): ReturnRow => ({ ...r, credit: toRupees(r.credit), debit: toRupees(r.debit), returns: toRupees(r.returns) });

/** Rows whose payment mode or date starts with the text; the date as shown (22/11/2026) or as stored (2026-11-22). */
function matches(row: RowPaise, text: string): boolean {
  const t = text.trim().toLowerCase();
  return row.paymentMode.toLowerCase().startsWith(t) || formatDate(row.transactionDate).startsWith(t) || row.transactionDate.startsWith(t);
}

async function filteredRows(tenantId: string, month: number, year: number, text?: string) {
  const rows = await monthRows(tenantId, month, year);
  return text === undefined ? rows : rows.filter((r) => matches(r, text));
}

export async function returnsPage(tenantId: string, month: number, year: number, text: string | undefined, page: number, size: number) {
  const rows = await filteredRows(tenantId, month, year, text);
  return rows.slice(page * size, page * size + size).map(rowView);
}

export const returnsCount = async (tenantId: string, month: number, year: number, text?: string) =>
  (await filteredRows(tenantId, month, year, text)).length;

/** The summary row: the month's shared figures (shared/figures.ts), so it agrees with every other report of the month. */
function summaryOf(month: number, year: number, rows: RowPaise[], f: SalesFigures) {
  return {
    month,
    year,
    rows: rows.length,
    transaction: f.bills.total,
    credit: f.sold.total,
    debit: f.cost.billed,
    returns: f.returns.total,
    net: f.netSold.total,
    pointsRedeemed: f.pointsRedeemed,
    returnPercentage: returnPercentage(f.returns.total, f.cost.billed),
  };
}

/** The month's rows and summary; the summary's money is the shared figures of the month's sales days. */
async function monthReport(tenantId: string, month: number, year: number) {
  const days = await purchaseData.salesMonth(tenantId, monthOf(year, month));
  const figures = salesFigures(days);
  const rows = days
    .flatMap(dayModeRows)
    .map((r, i): RowPaise => ({ returnId: i + 1, transactionDate: r.date, transaction: r.bills, paymentMode: r.paymentMode, credit: r.sold, debit: r.cost, returns: r.returns }));
  return { rows, figures, summary: summaryOf(month, year, rows, figures) };
}

export async function returnsSummary(tenantId: string, month: number, year: number): Promise<ReturnsSummary> {
  const { summary: s } = await monthReport(tenantId, month, year);
  return { ...s, credit: toRupees(s.credit), debit: toRupees(s.debit), returns: toRupees(s.returns), net: toRupees(s.net), pointsRedeemed: toRupees(s.pointsRedeemed) };
}

/** Report files are dated the day they are taken (spec 3 section 9): `22_11_2026`. */
const takenOn = (now: Date) => fileDate(shopDay(now));
const percent = (value: number) => `${value.toFixed(2)}%`;

async function shopLine(tenantId: string) {
  const tenant = await tenantData.get(tenantId);
  return [tenant?.displayName, tenant?.address].filter(Boolean).join(', ');
}

export async function returnsPdf(tenantId: string, month: number, year: number, now: Date): Promise<FileResponse> {
  const [{ rows, figures, summary: s }, shop] = await Promise.all([monthReport(tenantId, month, year), shopLine(tenantId)]);
  const body = await tablePdf({
    title: `Return List · ${MONTHS[month - 1]} ${year}`,
    subtitle: [
      shop,
      ...salesLines(figures),
      `Returns ${formatPaise(s.returns)} · Cost ${formatPaise(s.debit)} · Return % ${percent(s.returnPercentage)} (returns × 100 / cost)`,
      `Printed ${formatDateTime(now)}`,
    ].filter(Boolean),
    columns: [
      { header: 'Id', width: 5, align: 'right' },
      { header: 'Date', width: 10 },
      { header: 'Transaction', width: 8, align: 'right' },
      { header: 'Payment Mode', width: 10 },
      { header: 'Sold', width: 12, align: 'right' },
      { header: 'Cost', width: 12, align: 'right' },
      { header: 'Returns', width: 12, align: 'right' },
    ],
    rows: rows.map((r) => [
      String(r.returnId),
      formatDate(r.transactionDate),
      String(r.transaction),
      r.paymentMode,
      formatPaise(r.credit),
      formatPaise(r.debit),
      formatPaise(r.returns),
    ]),
    totals: ['Total', '', String(s.transaction), '', formatPaise(s.credit), formatPaise(s.debit), formatPaise(s.returns)],
  });
  return new FileResponse(body, 'application/pdf', `Return_List_${takenOn(now)}.pdf`);
}

// ---------------------------------------------------------------- yearly returns

type Figures = Omit<YearlyRow, 'transactionMonth'>;

/** A month's (or a year's) figures in paise: the shared definitions of sold, returns, cost and profit. */
function yearlyFigures(days: SalesDay[], expense: number): Figures {
  const f = salesFigures(days);
  const p = profitOf(f, expense);
  return {
    boughtAmount: p.bought,
    onlineCredit: f.sold.online,
    cashCredit: f.sold.cash,
    returns: f.returns.total,
    soldAmount: p.netSold,
    expense,
    profit: p.profit,
    grossSold: f.sold.total,
    pointsRedeemed: f.pointsRedeemed,
    cost: f.cost.billed,
    ...(f.onAccount ? { onAccount: p.onAccount, duesCollected: f.onAccount.duesCollected, writtenOff: p.writtenOff } : {}),
  };
}

const FIGURE_KEYS = ['boughtAmount', 'onlineCredit', 'cashCredit', 'returns', 'soldAmount', 'expense', 'profit', 'grossSold', 'pointsRedeemed', 'cost', 'onAccount', 'duesCollected', 'writtenOff'] as const;
const inRupees = <T extends Figures>(f: T): T => ({ ...f, ...Object.fromEntries(FIGURE_KEYS.flatMap((k) => (f[k] === undefined ? [] : [[k, toRupees(f[k])]]))) });

/**
 * The months a year's report covers, `yyyy-mm`: all twelve of a past year, up to the current one in the current
 * year, none of a year to come. A calendar year runs January–December; a financial year April–March (shared/financial-year.ts).
 */
function monthsOf(year: number, basis: YearBasis, now: Date): string[] {
  const thisMonth = shopDay(now).slice(0, 7);
  const all = basis === 'financial' ? financialYearSpan(year).months : Array.from({ length: 12 }, (_, i) => ({ year, month: i + 1 }));
  return all.map((m) => monthOf(m.year, m.month)).filter((m) => m <= thisMonth);
}

const yearLabel = (year: number, basis: YearBasis) => (basis === 'financial' ? financialYearLabel(year) : String(year));

async function yearlyPaise(tenantId: string, year: number, basis: YearBasis, now: Date) {
  const months = monthsOf(year, basis, now);
  const calendarYears = [...new Set(months.map((m) => Number(m.slice(0, 4))))];
  const [salesByMonth, expenses] = await Promise.all([
    Promise.all(months.map((m) => purchaseData.salesMonth(tenantId, m))),
    Promise.all(calendarYears.map((y) => expenseTotals(tenantId, y))),
  ]);
  const expenseOf = new Map(expenses.flatMap((e) => e.months).map((m) => [m.month, m.amount]));
  const rows = months.map((m, i) => ({ transactionMonth: m, ...yearlyFigures(salesByMonth[i]!, expenseOf.get(m) ?? 0) }));
  const totals = yearlyFigures(salesByMonth.flat(), rows.reduce((sum, r) => sum + r.expense, 0));
  // The year's figures by method, as the monthly report has them: the one figures module's.
  const figures = salesFigures(salesByMonth.flat());
  return { rows, totals, returnPercentage: returnPercentage(totals.returns, totals.cost), figures };
}

export async function yearlyReturns(tenantId: string, year: number, basis: YearBasis, now: Date): Promise<YearlyReturns> {
  const y = await yearlyPaise(tenantId, year, basis, now);
  return {
    year,
    basis,
    label: yearLabel(year, basis),
    rows: y.rows.map(inRupees),
    totals: inRupees(y.totals),
    returnPercentage: y.returnPercentage,
    profit: toRupees(y.totals.profit),
    ...(salesSummaryView(y.figures).byMethod ? { byMethod: salesSummaryView(y.figures).byMethod } : {}),
    ...(salesSummaryView(y.figures).onAccount ? { onAccount: salesSummaryView(y.figures).onAccount } : {}),
  };
}

const monthLabel = (transactionMonth: string) => `${MONTHS[Number(transactionMonth.slice(5, 7)) - 1]} ${transactionMonth.slice(0, 4)}`;

export async function yearlyReturnsPdf(tenantId: string, year: number, basis: YearBasis, now: Date): Promise<FileResponse> {
  const [y, shop] = await Promise.all([yearlyPaise(tenantId, year, basis, now), shopLine(tenantId)]);
  const t = y.totals;
  const credit = t.onAccount !== undefined;
  const money = (r: Figures) =>
    [r.boughtAmount, r.onlineCredit, r.cashCredit, r.returns, r.soldAmount, ...(credit ? [r.onAccount ?? 0, r.duesCollected ?? 0] : []), r.expense, r.profit].map(formatPaise);
  const body = await tablePdf({
    title: `Yearly Returns · ${yearLabel(year, basis)}`,
    subtitle: [
      shop,
      `Sold ${formatPaise(t.grossSold)} − Returns ${formatPaise(t.returns)} = Net sold ${formatPaise(t.soldAmount)} (points redeemed ${formatPaise(t.pointsRedeemed)} not counted as sold)`,
      credit
        ? `Net sold ${formatPaise(t.soldAmount)} + Sold on account ${formatPaise(t.onAccount ?? 0)} − Bought ${formatPaise(t.boughtAmount)} − Expense ${formatPaise(t.expense)} − Dues written off ${formatPaise(t.writtenOff ?? 0)} = Profit ${formatPaise(t.profit)}`
        : `Net sold ${formatPaise(t.soldAmount)} · Bought ${formatPaise(t.boughtAmount)} · Expense ${formatPaise(t.expense)} · Profit ${formatPaise(t.profit)}`,
      `Returns ${formatPaise(t.returns)} · Cost ${formatPaise(t.cost)} · Return % ${percent(y.returnPercentage)} (returns × 100 / cost)`,
      ...salesLines(y.figures).filter((line) => line.startsWith('By method:')),
      ...(y.figures.onAccount ? accountLines(y.figures.onAccount) : []),
      `Printed ${formatDateTime(now)}`,
    ].filter(Boolean),
    columns: [
      { header: 'Month', width: 11 },
      { header: 'Bought', width: 11, align: 'right' },
      { header: 'Online Credit', width: 11, align: 'right' },
      { header: 'Cash Credit', width: 11, align: 'right' },
      { header: 'Returns', width: 11, align: 'right' },
      { header: 'Net Sold', width: 11, align: 'right' },
      ...(credit
        ? [
            { header: 'On Account', width: 11, align: 'right' as const },
            { header: 'Dues Collected', width: 11, align: 'right' as const },
          ]
        : []),
      { header: 'Expense', width: 11, align: 'right' },
      { header: 'Profit', width: 11, align: 'right' },
    ],
    rows: y.rows.map((r) => [monthLabel(r.transactionMonth), ...money(r)]),
    totals: ['Total', ...money(t)],
    landscape: true,
  });
  return new FileResponse(body, 'application/pdf', `Yearly_Return_${takenOn(now)}.pdf`);
}
