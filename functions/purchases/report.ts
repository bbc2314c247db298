import { shopDay } from '../../shared/bill.js';
import { fileDate, formatDate, formatDateTime, formatPaise, formatRupees } from '../../shared/format.js';
import { toRupees } from '../../shared/money.js';
import { PAYMENT_MODES, type LineTotals, type MonthlySales, type OrderRow, type PaymentMode, type SalesRow } from '../../shared/schemas/purchase.js';
import { XLSX_TYPE } from '../../shared/spreadsheets.js';
import { expenseTotals } from '../expenses/data.js';
import { tableWorkbook, type SheetColumn } from '../lib/excel-report.js';
import { FileResponse } from '../lib/handler.js';
import { tablePdf, type PdfColumn } from '../lib/pdf.js';
import { tenantData } from '../tenants/data.js';
import { purchaseData, type LineFigures, type SalesDay, type StoredLine } from './data.js';
import { orderRowView, shownName } from './view.js';

// ---------------------------------------------------------------- order lists

export const dayPage = async (tenantId: string, date: string, page: number, size: number) =>
  (await purchaseData.dayPage(tenantId, date, page, size)).map(orderRowView);

/**
 * A page of the search over all days: the lines matching by name come first, then those matching only by artcode;
 * each part is read only as deep as the page needs.
 */
export async function searchPage(tenantId: string, text: string, date: string | undefined, page: number, size: number): Promise<OrderRow[]> {
  if (date) return (await purchaseData.page(purchaseData.daySearchQuery(tenantId, date, text), page, size)).map(orderRowView);
  const byName = purchaseData.byNameQuery(tenantId, text);
  const byArtcode = purchaseData.byArtcodeOnlyQuery(tenantId, text);
  const named = await purchaseData.count(byName);
  const start = page * size;
  const first = start < named ? (await purchaseData.page(byName, 0, Math.min(named, start + size))).slice(start) : [];
  const rest = size - first.length;
  const skip = Math.max(start - named, 0);
  const second = rest > 0 ? (await purchaseData.page(byArtcode, 0, skip + rest)).slice(skip) : [];
  return [...first, ...second].map(orderRowView);
}

export async function searchCount(tenantId: string, text: string, date: string | undefined): Promise<number> {
  if (date) return purchaseData.count(purchaseData.daySearchQuery(tenantId, date, text));
  const [named, artcodeOnly] = await Promise.all([
    purchaseData.count(purchaseData.byNameQuery(tenantId, text)),
    purchaseData.count(purchaseData.byArtcodeOnlyQuery(tenantId, text)),
  ]);
  return named + artcodeOnly;
}

export const customerPage = async (tenantId: string, mobile: string, page: number, size: number) =>
  (await purchaseData.page(purchaseData.customerQuery(tenantId, mobile), page, size)).map(orderRowView);
export const customerCount = (tenantId: string, mobile: string) => purchaseData.count(purchaseData.customerQuery(tenantId, mobile));
export const customerSearchPage = async (tenantId: string, mobile: string, text: string, page: number, size: number) =>
  (await purchaseData.page(purchaseData.customerSearchQuery(tenantId, mobile, text), page, size)).map(orderRowView);
export const customerSearchCount = (tenantId: string, mobile: string, text: string) =>
  purchaseData.count(purchaseData.customerSearchQuery(tenantId, mobile, text));

/**
 * The total row of the lines a list shows: the sums of their Order Qty, Return Qty and Price (rate × units kept)
 * columns.
 */
export function rowTotals(lines: LineFigures[]): LineTotals {
  return {
    rows: lines.length,
    orderQuantity: lines.reduce((sum, l) => sum + l.originalQuantity, 0),
    returnQuantity: lines.reduce((sum, l) => sum + l.returnQuantity, 0),
    price: toRupees(lines.reduce((sum, l) => sum + l.rate * l.quantity, 0)),
  };
}

/** The total row while searching a day: that day's matching lines (one day's lines at most, four figures each). */
export const searchTotals = async (tenantId: string, text: string, date: string) =>
  rowTotals(await purchaseData.figures(purchaseData.daySearchQuery(tenantId, date, text)));

/** The total row of a customer's list, or of the part matching a search: one customer's lines, four figures each. */
export const customerTotals = async (tenantId: string, mobile: string, text: string | undefined) =>
  rowTotals(await purchaseData.figures(text ? purchaseData.customerSearchQuery(tenantId, mobile, text) : purchaseData.customerQuery(tenantId, mobile)));

/** The total row of a day's list, from the day's sales item: no line is read. */
export async function dayTotals(tenantId: string, date: string) {
  const day = await purchaseData.salesDay(tenantId, date);
  return {
    date,
    bills: day?.bills ?? 0,
    rows: day?.lines ?? 0,
    orderQuantity: day?.soldQuantity ?? 0,
    returnQuantity: day?.soldReturnedQuantity ?? 0,
    price: toRupees((day?.net ?? 0) - (day?.soldReturnedValue ?? 0)),
  };
}

// ---------------------------------------------------------------- list exports


const pdfColumns: PdfColumn[] = [
  { header: 'Id', width: 5, align: 'right' },
  { header: 'Date', width: 8 },
  { header: 'Customer Name', width: 13 },
  { header: 'Artcode', width: 9 },
  { header: 'Product Name', width: 17 },
  { header: 'Payment Mode', width: 8 },
  { header: 'Order Status', width: 10 },
  { header: 'Order Qty', width: 6, align: 'right' },
  { header: 'Return Qty', width: 6, align: 'right' },
  { header: 'Rate', width: 9, align: 'right' },
  { header: 'Price', width: 10, align: 'right' },
];
const sheetColumns: SheetColumn[] = [
  { header: 'Id', width: 8, kind: 'integer' },
  { header: 'Date', width: 12, kind: 'date' },
  { header: 'Customer Name', width: 22, kind: 'text' },
  { header: 'Artcode', width: 14, kind: 'text' },
  { header: 'Product Name', width: 28, kind: 'text' },
  { header: 'Payment Mode', width: 14, kind: 'text' },
  { header: 'Order Status', width: 16, kind: 'text' },
  { header: 'Order Qty', width: 10, kind: 'integer' },
  { header: 'Return Qty', width: 10, kind: 'integer' },
  { header: 'Rate', width: 12, kind: 'rupees' },
  { header: 'Price', width: 14, kind: 'rupees' },
];

async function orderListFile(tenantId: string, lines: StoredLine[], title: string, view: string, fileName: string, format: 'pdf' | 'xlsx', now: Date) {
  const rows = lines.map(orderRowView);
  const tenant = await tenantData.get(tenantId);
  const subtitle = [
    [tenant?.displayName, tenant?.address].filter(Boolean).join(', '),
    `${view} · ${rows.length} row(s) · printed ${formatDateTime(now)}`,
  ];
  const totals = rowTotals(lines);
  if (format === 'pdf') {
    const body = await tablePdf({
      title,
      subtitle,
      columns: pdfColumns,
      rows: rows.map((r) => [
        String(r.purchaseId),
        formatDate(r.saleDate),
        shownName(r.customerName),
        r.artcode,
        r.productName,
        r.paymentMode,
        r.status,
        String(r.originalQuantity),
        String(r.returnQuantity),
        formatPaise(Math.round(r.sellingPrice * 100)),
        formatPaise(Math.round(r.purchasedPrice * 100)),
      ]),
      totals: ['Total', '', '', '', '', '', '', String(totals.orderQuantity), String(totals.returnQuantity), '', formatRupees(totals.price)],
      landscape: true,
    });
    return new FileResponse(body, 'application/pdf', `${fileName}.pdf`);
  }
  const body = await tableWorkbook({
    sheetName: title,
    title,
    subtitle,
    columns: sheetColumns,
    rows: rows.map((r) => [
      r.purchaseId,
      r.saleDate,
      shownName(r.customerName),
      r.artcode,
      r.productName,
      r.paymentMode,
      r.status,
      r.originalQuantity,
      r.returnQuantity,
      r.sellingPrice,
      r.purchasedPrice,
    ]),
    totals: ['Total', undefined, undefined, undefined, undefined, undefined, undefined, totals.orderQuantity, totals.returnQuantity, undefined, totals.price],
  });
  return new FileResponse(body, XLSX_TYPE, `${fileName}.xlsx`);
}

/** The day's order list as Purchase_List_<d>_<m>_<y>.pdf or .xlsx. */
export async function exportDay(tenantId: string, date: string, format: 'pdf' | 'xlsx', now: Date): Promise<FileResponse> {
  const lines = await purchaseData.dayAll(tenantId, date);
  return orderListFile(tenantId, lines, 'Purchase List', `Orders of ${formatDate(date)}`, `Purchase_List_${fileDate(date)}`, format, now);
}

/** A customer's order list as Order_<d>_<m>_<y>.pdf or .xlsx, dated the day it is taken. */
export async function exportCustomer(tenantId: string, mobile: string, format: 'pdf' | 'xlsx', now: Date): Promise<FileResponse> {
  const lines = await purchaseData.all(purchaseData.customerQuery(tenantId, mobile));
  const name = lines[0] && shownName(lines[0].customerName);
  return orderListFile(tenantId, lines, 'Order List', `Orders of ${name ? `${name} · ` : ''}${mobile}`, `Order_${fileDate(shopDay(now))}`, format, now);
}

// ---------------------------------------------------------------- monthly sales

const monthKey = (month: number, year: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A day's rows, one per payment mode that had bills or refunds. */
function rowsOfDay(day: SalesDay): SalesRow[] {
  return PAYMENT_MODES.flatMap((mode): SalesRow[] => {
    const cash = mode === 'Cash';
    const transaction = (cash ? day.cashBills : day.onlineBills) ?? 0;
    const returns = (cash ? day.cashReturns : day.onlineReturns) ?? 0;
    if (!transaction && !returns) return [];
    return [
      {
        transactionDate: day.date,
        transaction,
        paymentMode: mode,
        credit: toRupees((cash ? day.cashSold : day.onlineSold) ?? 0),
        debit: toRupees((cash ? day.cashCost : day.onlineCost) ?? 0),
        returns: toRupees(returns),
      },
    ];
  });
}

export async function salesRows(tenantId: string, month: number, year: number, mode?: PaymentMode): Promise<SalesRow[]> {
  const days = await purchaseData.salesMonth(tenantId, monthKey(month, year));
  return days.flatMap(rowsOfDay).filter((row) => !mode || row.paymentMode === mode);
}

/** The monthly sales report: Online, Cash and Total sold, and the cash summary (cash in less cash refunds less the month's expenses). */
export async function monthlySales(tenantId: string, month: number, year: number): Promise<MonthlySales> {
  const [days, expenses] = await Promise.all([purchaseData.salesMonth(tenantId, monthKey(month, year)), expenseTotals(tenantId, year, month)]);
  const sum = (pick: (d: SalesDay) => number | undefined) => days.reduce((total, d) => total + (pick(d) ?? 0), 0);
  const online = sum((d) => d.onlineSold);
  const cash = sum((d) => d.cashSold);
  const income = cash - sum((d) => d.cashReturns);
  // The month's expenses, from the totals the expenses domain keeps with every expense.
  const expense = expenses.total.amount;
  return {
    month,
    year,
    rows: days.flatMap(rowsOfDay),
    online: toRupees(online),
    cash: toRupees(cash),
    total: toRupees(online + cash),
    income: toRupees(income),
    expense: toRupees(expense),
    balance: toRupees(income - expense),
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export async function monthlySalesPdf(tenantId: string, month: number, year: number, now: Date): Promise<FileResponse> {
  const [report, tenant] = await Promise.all([monthlySales(tenantId, month, year), tenantData.get(tenantId)]);
  const rupees = (r: number) => formatPaise(Math.round(r * 100));
  const body = await tablePdf({
    title: `Monthly Sales Report · ${MONTHS[month - 1]} ${year}`,
    subtitle: [
      [tenant?.displayName, tenant?.address].filter(Boolean).join(', '),
      `Online ${rupees(report.online)} · Cash ${rupees(report.cash)} · Total ${rupees(report.total)}`,
      `Income ${rupees(report.income)} · Expense ${rupees(report.expense)} · Balance ${rupees(report.balance)}`,
      ...(report.expenseNote ? [report.expenseNote] : []),
      `Printed ${formatDateTime(now)}`,
    ].filter(Boolean),
    columns: [
      { header: 'Date', width: 10 },
      { header: 'Transaction', width: 8, align: 'right' },
      { header: 'PaymentMode', width: 10 },
      { header: 'Sold', width: 12, align: 'right' },
      { header: 'Returns', width: 12, align: 'right' },
    ],
    rows: report.rows.map((r) => [formatDate(r.transactionDate), String(r.transaction), r.paymentMode, rupees(r.credit), rupees(r.returns)]),
    totals: [
      'Total',
      String(report.rows.reduce((n, r) => n + r.transaction, 0)),
      '',
      rupees(report.total),
      rupees(report.rows.reduce((n, r) => n + r.returns, 0)),
    ],
  });
  return new FileResponse(body, 'application/pdf', `Sales_Report_${month}_${year}.pdf`);
}
