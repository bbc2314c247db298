import { shopDay } from '../../shared/bill.js';
import { fileDate, formatDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { toRupees } from '../../shared/money.js';
import {
  returnPercentage,
  type ReturnRow,
  type ReturnsSummary,
  type YearlyReturns,
  type YearlyRow,
} from '../../shared/schemas/expense.js';
import { PAYMENT_MODES } from '../../shared/schemas/purchase.js';
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
async function monthRows(tenantId: string, month: number, year: number): Promise<RowPaise[]> {
  const days = await purchaseData.salesMonth(tenantId, monthOf(year, month));
  const rows = days.flatMap((day) =>
    PAYMENT_MODES.flatMap((mode) => {
      const cash = mode === 'Cash';
      const transaction = (cash ? day.cashBills : day.onlineBills) ?? 0;
      const returns = (cash ? day.cashReturns : day.onlineReturns) ?? 0;
      if (!transaction && !returns) return [];
      return [
        {
          transactionDate: day.date,
          transaction,
          paymentMode: mode,
          credit: (cash ? day.cashSold : day.onlineSold) ?? 0,
          debit: (cash ? day.cashCost : day.onlineCost) ?? 0,
          returns,
        },
      ];
    }),
  );
  return rows.map((row, i) => ({ returnId: i + 1, ...row }));
}

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

function summaryOf(month: number, year: number, rows: RowPaise[]) {
  const sum = (pick: (r: RowPaise) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const debit = sum((r) => r.debit);
  const returns = sum((r) => r.returns);
  return { month, year, rows: rows.length, transaction: sum((r) => r.transaction), credit: sum((r) => r.credit), debit, returns, returnPercentage: returnPercentage(returns, debit) };
}

export async function returnsSummary(tenantId: string, month: number, year: number): Promise<ReturnsSummary> {
  const s = summaryOf(month, year, await monthRows(tenantId, month, year));
  return { ...s, credit: toRupees(s.credit), debit: toRupees(s.debit), returns: toRupees(s.returns) };
}

/** Report files are dated the day they are taken (spec 3 section 9): `22_11_2026`. */
const takenOn = (now: Date) => fileDate(shopDay(now));
const percent = (value: number) => `${value.toFixed(2)}%`;

async function shopLine(tenantId: string) {
  const tenant = await tenantData.get(tenantId);
  return [tenant?.displayName, tenant?.address].filter(Boolean).join(', ');
}

export async function returnsPdf(tenantId: string, month: number, year: number, now: Date): Promise<FileResponse> {
  const [rows, shop] = await Promise.all([monthRows(tenantId, month, year), shopLine(tenantId)]);
  const s = summaryOf(month, year, rows);
  const body = await tablePdf({
    title: `Return List · ${MONTHS[month - 1]} ${year}`,
    subtitle: [
      shop,
      `Sold ${formatPaise(s.credit)} · Cost ${formatPaise(s.debit)} · Returns ${formatPaise(s.returns)} · Return % ${percent(s.returnPercentage)} (returns × 100 / cost)`,
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

/** A month's figures in paise from its sales days and expense total. */
function monthFigures(days: SalesDay[], expense: number): Figures {
  const sum = (pick: (d: SalesDay) => number | undefined) => days.reduce((total, d) => total + (pick(d) ?? 0), 0);
  const cost = sum((d) => d.cashCost) + sum((d) => d.onlineCost);
  const boughtAmount = cost - sum((d) => d.returnedCost);
  const onlineCredit = sum((d) => d.onlineSold);
  const cashCredit = sum((d) => d.cashSold);
  const returns = sum((d) => d.cashReturns) + sum((d) => d.onlineReturns);
  const soldAmount = onlineCredit + cashCredit - returns;
  return { boughtAmount, onlineCredit, cashCredit, returns, soldAmount, expense, profit: soldAmount - boughtAmount - expense, cost };
}

const FIGURE_KEYS = ['boughtAmount', 'onlineCredit', 'cashCredit', 'returns', 'soldAmount', 'expense', 'profit', 'cost'] as const;
const inRupees = <T extends Figures>(f: T): T => ({ ...f, ...Object.fromEntries(FIGURE_KEYS.map((k) => [k, toRupees(f[k])])) });

/** The months a year's report covers: all twelve of a past year, up to the current one in the current year. */
function monthsOf(year: number, now: Date): number[] {
  const [thisYear, thisMonth] = shopDay(now).split('-').map(Number) as [number, number];
  const last = year < thisYear ? 12 : year === thisYear ? thisMonth : 0;
  return Array.from({ length: last }, (_, i) => i + 1);
}

async function yearlyPaise(tenantId: string, year: number, now: Date) {
  const months = monthsOf(year, now);
  const [salesByMonth, expenses] = await Promise.all([
    Promise.all(months.map((m) => purchaseData.salesMonth(tenantId, monthOf(year, m)))),
    expenseTotals(tenantId, year),
  ]);
  const expenseOf = new Map(expenses.months.map((m) => [m.month, m.amount]));
  const rows = months.map((m, i) => ({ transactionMonth: monthOf(year, m), ...monthFigures(salesByMonth[i]!, expenseOf.get(monthOf(year, m)) ?? 0) }));
  const totals = Object.fromEntries(FIGURE_KEYS.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)])) as Figures;
  return { rows, totals, returnPercentage: returnPercentage(totals.returns, totals.cost) };
}

export async function yearlyReturns(tenantId: string, year: number, now: Date): Promise<YearlyReturns> {
  const y = await yearlyPaise(tenantId, year, now);
  return { year, rows: y.rows.map(inRupees), totals: inRupees(y.totals), returnPercentage: y.returnPercentage, profit: toRupees(y.totals.profit) };
}

const monthLabel = (transactionMonth: string) => `${MONTHS[Number(transactionMonth.slice(5, 7)) - 1]} ${transactionMonth.slice(0, 4)}`;

export async function yearlyReturnsPdf(tenantId: string, year: number, now: Date): Promise<FileResponse> {
  const [y, shop] = await Promise.all([yearlyPaise(tenantId, year, now), shopLine(tenantId)]);
  const t = y.totals;
  const money = (r: Figures) => [r.boughtAmount, r.onlineCredit, r.cashCredit, r.returns, r.soldAmount, r.expense, r.profit].map(formatPaise);
  const body = await tablePdf({
    title: `Yearly Returns · ${year}`,
    subtitle: [
      shop,
      `Sold ${formatPaise(t.soldAmount)} · Bought ${formatPaise(t.boughtAmount)} · Expense ${formatPaise(t.expense)} · Profit ${formatPaise(t.profit)}`,
      `Returns ${formatPaise(t.returns)} · Cost ${formatPaise(t.cost)} · Return % ${percent(y.returnPercentage)} (returns × 100 / cost)`,
      `Printed ${formatDateTime(now)}`,
    ].filter(Boolean),
    columns: [
      { header: 'Month', width: 11 },
      { header: 'Bought', width: 11, align: 'right' },
      { header: 'Online Credit', width: 11, align: 'right' },
      { header: 'Cash Credit', width: 11, align: 'right' },
      { header: 'Returns', width: 11, align: 'right' },
      { header: 'Sold', width: 11, align: 'right' },
      { header: 'Expense', width: 11, align: 'right' },
      { header: 'Profit', width: 11, align: 'right' },
    ],
    rows: y.rows.map((r) => [monthLabel(r.transactionMonth), ...money(r)]),
    totals: ['Total', ...money(t)],
    landscape: true,
  });
  return new FileResponse(body, 'application/pdf', `Yearly_Return_${takenOn(now)}.pdf`);
}
