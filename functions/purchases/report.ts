import { shopDay } from '../../shared/bill.js';
import { cashSummary, cashSummaryLines, dayModeRows, expenseFigures, salesFigures, salesLines, type OnAccountFigures, type SalesFigures } from '../../shared/figures.js';
import { fileDate, formatDate, formatDateTime, formatPaise, formatRupees } from '../../shared/format.js';
import { toRupees } from '../../shared/money.js';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import type { LineTotals, MonthlySales, OrderRow, SalesRow } from '../../shared/schemas/purchase.js';
import { PRICE_HEADER, type PaymentMode } from '../../shared/schemas/purchase-messages.js';
import { cashSummaryView, salesSummaryView } from '../../shared/schemas/figures.js';
import { XLSX_TYPE } from '../../shared/spreadsheets.js';
import { expenseTotals } from '../expenses/data.js';
import { tableWorkbook, type FigureCell, type SheetColumn } from '../lib/excel-report.js';
import { mapPage, type CursorPage, type PageRequest } from '../lib/db.js';
import { FileResponse } from '../lib/handler.js';
import { tablePdf, type PdfColumn } from '../lib/pdf.js';
import { tenantData } from '../tenants/data.js';
import { purchaseData, type LineFigures, type SalesDay, type StoredLine } from './data.js';
import { orderRowView, shownName } from './view.js';

// ---------------------------------------------------------------- order lists

export const dayPage = async (tenantId: string, date: string, request: PageRequest) =>
  mapPage(await purchaseData.cursorPage(purchaseData.dayQuery(tenantId, date), request), orderRowView);

/**
 * A page of the search over all days: the lines matching by name come first, then those matching only by artcode,
 * as one list whose cursor carries where each part stands; a page by cursor reads at most a page of each part.
 */
export async function searchPage(tenantId: string, text: string, date: string | undefined, request: PageRequest): Promise<CursorPage<OrderRow>> {
  if (date) return mapPage(await purchaseData.cursorPage(purchaseData.daySearchQuery(tenantId, date, text), request), orderRowView);
  return mapPage(await purchaseData.searchAllDays(tenantId, text, request), orderRowView);
}

/**
 * How many lines the search matches, counting at most `cap` (SEARCH_COUNT_CAP) as every list's search does: over
 * all days the name part, then the artcode-only part, each counted only up to what the cap leaves, so a one-letter
 * search of a shop with years of bills reads at most the cap's worth of keys; on one day, the day's matches.
 */
export async function searchCount(tenantId: string, text: string, date: string | undefined, cap = SEARCH_COUNT_CAP): Promise<number> {
  if (date) return purchaseData.countUpTo(purchaseData.daySearchQuery(tenantId, date, text), cap);
  return purchaseData.countsUpTo([purchaseData.byNameQuery(tenantId, text), purchaseData.byArtcodeOnlyQuery(tenantId, text)], cap);
}

export const customerPage = async (tenantId: string, mobile: string, request: PageRequest) =>
  mapPage(await purchaseData.cursorPage(purchaseData.customerQuery(tenantId, mobile), request), orderRowView);
/** How many lines a customer's list holds: their counter, kept by the bill writes (a walk-in number may hold thousands). */
export const customerCount = (tenantId: string, mobile: string) => purchaseData.customerLineCount(tenantId, mobile);
/** A page of a customer's search: their lines matching by name, then those matching only by artcode, as one list. */
export const customerSearchPage = async (tenantId: string, mobile: string, text: string, request: PageRequest) =>
  mapPage(await purchaseData.customerSearchPage(tenantId, mobile, text, request), orderRowView);
/** How many of a customer's lines the search matches, counting at most `cap` (SEARCH_COUNT_CAP), the name part first. */
export const customerSearchCount = (tenantId: string, mobile: string, text: string, cap = SEARCH_COUNT_CAP) =>
  purchaseData.countsUpTo(purchaseData.customerSearch(tenantId, mobile, text).sources, cap);

/**
 * How a list values its lines. The day's list shows the day as it was billed (rate × units billed), because a
 * return is booked on the day of the refund, not taken off the day of the bill (shared/figures.ts); a customer's
 * list shows what each line holds now (rate × units kept).
 */
type PriceBasis = 'billed' | 'kept';
const linePrice = (l: LineFigures, basis: PriceBasis) => l.rate * (basis === 'billed' ? l.originalQuantity : l.quantity);

/** The total row of the lines a list shows: the sums of their Order Qty, Return Qty and Price columns. */
export function rowTotals(lines: LineFigures[], basis: PriceBasis): LineTotals {
  const sum = (pick: (l: LineFigures) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    rows: lines.length,
    orderQuantity: sum((l) => l.originalQuantity),
    returnQuantity: sum((l) => l.returnQuantity),
    price: toRupees(sum((l) => linePrice(l, basis))),
    billed: toRupees(sum((l) => l.rate * l.originalQuantity)),
    returned: toRupees(sum((l) => l.rate * l.returnQuantity)),
  };
}

/** The total row while searching a day: that day's matching lines (one day's lines at most, four figures each). */
export const searchTotals = async (tenantId: string, text: string, date: string) =>
  rowTotals(await purchaseData.figures(purchaseData.daySearchQuery(tenantId, date, text)), 'billed');

/**
 * The total row of a customer's list: the whole list from the sums their counter item keeps (one read, however many
 * bills a walk-in number holds); while searching, the lines the search lists, four figures each: at most the first
 * `cap` (SEARCH_COUNT_CAP), as the list pages through the first 1,000 of a search that reaches the cap.
 */
export async function customerTotals(tenantId: string, mobile: string, text: string | undefined, cap = SEARCH_COUNT_CAP): Promise<LineTotals> {
  if (text) return rowTotals(await purchaseData.figuresUpTo(purchaseData.customerSearch(tenantId, mobile, text).sources, cap), 'kept');
  const sums = await purchaseData.customerLineSums(tenantId, mobile);
  return {
    rows: sums.value,
    orderQuantity: sums.orderQuantity,
    returnQuantity: sums.returnQuantity,
    price: toRupees(sums.keptValue),
    billed: toRupees(sums.billedValue),
    returned: toRupees(sums.returnedValue),
  };
}

/**
 * The total row of a day's list and the day's money, from the day's sales item: no line is read. The lines are
 * valued as billed, so the Price total is the day's goods billed; the refunds of the day sit in its figures.
 */
export async function dayTotals(tenantId: string, date: string) {
  const day = await purchaseData.salesDay(tenantId, date);
  const figures = salesFigures(day ? [day] : []);
  return {
    date,
    bills: day?.bills ?? 0,
    rows: day?.lines ?? 0,
    orderQuantity: day?.soldQuantity ?? 0,
    returnQuantity: day?.soldReturnedQuantity ?? 0,
    price: toRupees(figures.goodsBilled),
    billed: toRupees(figures.goodsBilled),
    returned: toRupees(day?.soldReturnedValue ?? 0),
    figures: salesSummaryView(figures),
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

interface ListFileOptions {
  title: string;
  view: string;
  fileName: string;
  format: 'pdf' | 'xlsx';
  /**
   * The day's sales figures: the lines are valued as billed and the figures are added under the table. Without
   * them (a customer's list) the lines are valued as kept, with what was billed and returned beside the net.
   */
  day?: SalesFigures;
}

async function orderListFile(tenantId: string, lines: StoredLine[], options: ListFileOptions, now: Date) {
  const { title, view, fileName, format, day } = options;
  const basis: PriceBasis = day ? 'billed' : 'kept';
  const rows = lines.map(orderRowView);
  const tenant = await tenantData.get(tenantId);
  const totals = rowTotals(lines, basis);
  const figureLines = day ? salesLines(day) : [keptPriceLine(totals)];
  const subtitle = [
    [tenant?.displayName, tenant?.address].filter(Boolean).join(', '),
    `${view} · ${rows.length} row(s) · printed ${formatDateTime(now)}`,
    ...figureLines,
  ];
  const priceHeader = PRICE_HEADER[basis];
  if (format === 'pdf') {
    const body = await tablePdf({
      title,
      subtitle,
      columns: pdfColumns.map((c) => (c.header === 'Price' ? { ...c, header: priceHeader } : c)),
      rows: rows.map((r, i) => [
        String(r.purchaseId),
        formatDate(r.saleDate),
        shownName(r.customerName),
        r.artcode,
        r.productName,
        r.paymentMode,
        r.status,
        String(r.originalQuantity),
        String(r.returnQuantity),
        formatPaise(lines[i]!.rate),
        formatPaise(linePrice(lines[i]!, basis)),
      ]),
      totals: ['Total', '', '', '', '', '', '', String(totals.orderQuantity), String(totals.returnQuantity), '', formatRupees(totals.price)],
      landscape: true,
    });
    return new FileResponse(body, 'application/pdf', `${fileName}.pdf`);
  }
  const body = await tableWorkbook({
    sheetName: title,
    title,
    subtitle: subtitle.slice(0, 2),
    columns: sheetColumns.map((c) => (c.header === 'Price' ? { ...c, header: priceHeader } : c)),
    rows: rows.map((r, i) => [
      r.purchaseId,
      r.saleDate,
      shownName(r.customerName),
      r.artcode,
      r.productName,
      r.paymentMode,
      r.status,
      r.originalQuantity,
      r.returnQuantity,
      toRupees(lines[i]!.rate),
      toRupees(linePrice(lines[i]!, basis)),
    ]),
    totals: ['Total', undefined, undefined, undefined, undefined, undefined, undefined, totals.orderQuantity, totals.returnQuantity, undefined, totals.price],
    figures: day ? dayFigureCells(day) : keptPriceCells(totals),
  });
  return new FileResponse(body, XLSX_TYPE, `${fileName}.xlsx`);
}

/** A customer's list in words: what was billed, what came back, and the net the Price column shows. */
const keptPriceLine = (t: LineTotals) =>
  `Billed ${formatRupees(t.billed)} − returned ${formatRupees(t.returned)} = ${PRICE_HEADER.kept} ${formatRupees(t.price)}`;

const keptPriceCells = (t: LineTotals): FigureCell[] => [
  { label: 'Billed (rate × units billed)', value: t.billed, kind: 'rupees' },
  { label: 'Returned (rate × units returned)', value: t.returned, kind: 'rupees' },
  { label: PRICE_HEADER.kept, value: t.price, kind: 'rupees' },
];

/** The day's figures as label and number cells under the table of the .xlsx, so they can be summed and checked. */
const dayFigureCells = (f: SalesFigures): FigureCell[] => [
  { label: 'Goods billed', value: toRupees(f.goodsBilled), kind: 'rupees' },
  ...(f.deliveryCharges ? [{ label: 'Delivery charges', value: toRupees(f.deliveryCharges), kind: 'rupees' } as const] : []),
  { label: 'Points redeemed', value: toRupees(f.pointsRedeemed), kind: 'rupees' },
  { label: 'Sold (money received)', value: toRupees(f.sold.total), kind: 'rupees' },
  { label: 'Sold in cash', value: toRupees(f.sold.cash), kind: 'rupees' },
  { label: 'Sold online', value: toRupees(f.sold.online), kind: 'rupees' },
  { label: 'Returns (refunds booked this day)', value: toRupees(f.returns.total), kind: 'rupees' },
  { label: 'Net sold', value: toRupees(f.netSold.total), kind: 'rupees' },
  { label: 'Units sold', value: f.units.sold, kind: 'integer' },
  { label: 'Units returned this day', value: f.units.returned, kind: 'integer' },
  ...(f.onAccount ? accountFigureCells(f.onAccount) : []),
];

/** Customer credit of the day (shared/figures.ts): sold on account is in no takings, dues collected are no sale. */
const accountFigureCells = (a: OnAccountFigures): FigureCell[] => [
  { label: 'New credit given (sold on account, no money received)', value: toRupees(a.sold), kind: 'rupees' },
  { label: 'Credited back to accounts by returns', value: toRupees(a.returns), kind: 'rupees' },
  { label: 'Net sold on account', value: toRupees(a.net), kind: 'rupees' },
  { label: 'Dues collected (takings, not sold)', value: toRupees(a.duesCollected), kind: 'rupees' },
  { label: 'Dues collected in cash', value: toRupees(a.dues.cash), kind: 'rupees' },
  { label: 'Dues collected online', value: toRupees(a.duesCollected - a.dues.cash), kind: 'rupees' },
  ...(a.writtenOff ? [{ label: 'Dues written off', value: toRupees(a.writtenOff), kind: 'rupees' } as const] : []),
];

/** The day's order list as Purchase_List_<d>_<m>_<y>.pdf or .xlsx, with the day's figures. */
export async function exportDay(tenantId: string, date: string, format: 'pdf' | 'xlsx', now: Date): Promise<FileResponse> {
  const [lines, day] = await Promise.all([purchaseData.dayAll(tenantId, date), purchaseData.salesDay(tenantId, date)]);
  const options = { title: 'Purchase List', view: `Orders of ${formatDate(date)}`, fileName: `Purchase_List_${fileDate(date)}`, format, day: salesFigures(day ? [day] : []) };
  return orderListFile(tenantId, lines, options, now);
}

/** A customer's order list as Order_<d>_<m>_<y>.pdf or .xlsx, dated the day it is taken. */
export async function exportCustomer(tenantId: string, mobile: string, format: 'pdf' | 'xlsx', now: Date): Promise<FileResponse> {
  const lines = await purchaseData.all(purchaseData.customerQuery(tenantId, mobile));
  const name = lines[0] && shownName(lines[0].customerName);
  const options = { title: 'Order List', view: `Orders of ${name ? `${name} · ` : ''}${mobile}`, fileName: `Order_${fileDate(shopDay(now))}`, format };
  return orderListFile(tenantId, lines, options, now);
}

// ---------------------------------------------------------------- monthly sales

const monthKey = (month: number, year: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A day's rows, one per payment mode that had bills or refunds (shared/figures.ts). */
const rowsOfDay = (day: SalesDay): SalesRow[] =>
  dayModeRows(day).map((r) => ({
    transactionDate: r.date,
    transaction: r.bills,
    paymentMode: r.paymentMode,
    credit: toRupees(r.sold),
    debit: toRupees(r.cost),
    returns: toRupees(r.returns),
  }));

export async function salesRows(tenantId: string, month: number, year: number, mode?: PaymentMode): Promise<SalesRow[]> {
  const days = await purchaseData.salesMonth(tenantId, monthKey(month, year));
  return days.flatMap(rowsOfDay).filter((row) => !mode || row.paymentMode === mode);
}

/** A month's sales figures and cash summary in paise, from its sales days and the expense totals of the finance domain. */
async function monthFigures(tenantId: string, month: number, year: number) {
  const [days, expenses] = await Promise.all([purchaseData.salesMonth(tenantId, monthKey(month, year)), expenseTotals(tenantId, year, month)]);
  const figures = salesFigures(days);
  return { days, figures, cash: cashSummary(figures, expenseFigures(expenses.total.cash, expenses.total.online)) };
}

/** The monthly sales report: per day and mode, Online, Cash and Total sold, every figure of the month and the cash summary. */
export async function monthlySales(tenantId: string, month: number, year: number): Promise<MonthlySales> {
  const { days, figures, cash } = await monthFigures(tenantId, month, year);
  return {
    month,
    year,
    rows: days.flatMap(rowsOfDay),
    online: toRupees(figures.sold.online),
    cash: toRupees(figures.sold.cash),
    total: toRupees(figures.sold.total),
    figures: salesSummaryView(figures),
    cashSummary: cashSummaryView(cash),
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export async function monthlySalesPdf(tenantId: string, month: number, year: number, now: Date): Promise<FileResponse> {
  const [{ days, figures, cash }, tenant] = await Promise.all([monthFigures(tenantId, month, year), tenantData.get(tenantId)]);
  const rows = days.flatMap(dayModeRows);
  const body = await tablePdf({
    title: `Monthly Sales Report · ${MONTHS[month - 1]} ${year}`,
    subtitle: [
      [tenant?.displayName, tenant?.address].filter(Boolean).join(', '),
      ...salesLines(figures),
      'Cash summary:',
      ...cashSummaryLines(cash),
      `Printed ${formatDateTime(now)}`,
    ].filter(Boolean),
    columns: [
      { header: 'Date', width: 10 },
      { header: 'Transaction', width: 8, align: 'right' },
      { header: 'PaymentMode', width: 10 },
      { header: 'Sold', width: 12, align: 'right' },
      { header: 'Returns', width: 12, align: 'right' },
    ],
    rows: rows.map((r) => [formatDate(r.date), String(r.bills), r.paymentMode, formatPaise(r.sold), formatPaise(r.returns)]),
    totals: ['Total', String(figures.bills.total), '', formatPaise(figures.sold.total), formatPaise(figures.returns.total)],
  });
  return new FileResponse(body, 'application/pdf', `Sales_Report_${month}_${year}.pdf`);
}
