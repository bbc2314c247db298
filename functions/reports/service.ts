import { salesFigures } from '../../shared/figures.js';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { formatDate } from '../../shared/format.js';
import { addDays, indiaToday, spanDays } from '../../shared/leave-days.js';
import { splitInclusiveGst, toRupees } from '../../shared/money.js';
import { salesSummaryView } from '../../shared/schemas/figures.js';
import { LOW_STOCK_LIMIT } from '../../shared/schemas/inventory-messages.js';
import {
  END_AFTER_TODAY,
  MAX_REPORT_DAYS,
  RANGE_TOO_LONG,
  START_AFTER_END,
  type InventoryReport,
  type PurchaseReport,
  type ReportCharts,
  type SalesReport,
  type SalesReportRow,
  type StockReport,
  type StockReportRow,
} from '../../shared/schemas/report.js';
import { inventoryData, type StoredInventory } from '../inventory/data.js';
import type { CursorPage } from '../lib/db.js';
import { Validation } from '../lib/errors.js';
import { addLineSales, purchaseData, type LineSales, type SalesDay } from '../purchases/data.js';
import { orderRowView } from '../purchases/view.js';
import { stockData, type StoredStock } from '../stock/data.js';

/**
 * Report figures. Everything over a date range reads maintained items, never every bill:
 * - the point of sale's daily sales items (bills, money by mode, refunds) and its per-product sales items, by day
 *   for part months and by month for whole ones;
 * - the receiving days (receipts, units and cost per day) and each line's units received per day.
 * Lists page across days: the day items say how many rows each day holds, so a page reads only its own days.
 */

/**
 * A page of a report by number (`page` from 0, `size`), or for the current stock and the by-name reports of
 * receipts, bill lines and stock lines also by the `cursor` their last page answered; `whole` asks every row for
 * the report's file.
 */
export interface PageRequest {
  page: number;
  size: number;
  cursor?: string;
  whole?: boolean;
}

/** A report page with the cursor of the next page, or for a by-name report's file whether the name matches more rows than it holds. */
export interface PagedReport<R> {
  report: R;
  next?: string;
  more?: boolean;
}

/** A PDF holds the whole report up to this many rows. */
export const MAX_FILE_ROWS = 5_000;
/** Product-name reports cover at most this many matching stock lines. */
const MAX_NAMED_LINES = 500;

export const rangeSubject = (start: string, end: string) => `${formatDate(start)} - ${formatDate(end)}`;

/** The date rules of the screen, checked again here: end not after today, start not after end, at most a year. */
export function checkRange(start: string, end: string, now: Date): void {
  if (end > indiaToday(now)) throw new Validation(END_AFTER_TODAY);
  if (start > end) throw new Validation(START_AFTER_END);
  if (spanDays(start, end) > MAX_REPORT_DAYS) throw new Validation(RANGE_TOO_LONG);
}

/** The months (`yyyy-mm`) a range touches, oldest first. */
function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  let [year, month] = start.slice(0, 7).split('-').map(Number) as [number, number];
  const last = end.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

const lastDayOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Rows `offset`..`offset + size` of a list made of days (newest first), each with a known number of rows:
 * whole days before the page are skipped without reading them.
 */
async function pageAcrossDays<T>(
  days: { date: string; count: number }[],
  offset: number,
  size: number,
  read: (date: string, skip: number, take: number) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  let skip = offset;
  for (const day of days) {
    if (rows.length >= size) break;
    if (skip >= day.count) {
      skip -= day.count;
      continue;
    }
    const take = Math.min(size - rows.length, day.count - skip);
    rows.push(...(await read(day.date, skip, take)));
    skip = 0;
  }
  return rows;
}

/**
 * The rows and count of a report by product name. A page is read by cursor (one Query whatever its depth) or by
 * number, and the name prefix counted up to `countCap` (SEARCH_COUNT_CAP), so a one-letter name of a large shop
 * reads at most that many index keys; the screen says when the count reached it. The file reads every row up to
 * MAX_FILE_ROWS (one more to know whether the name matches more) and counts the rows it holds.
 */
async function namedRows<T>(
  request: PageRequest,
  countCap: number,
  readPage: (request: PageRequest) => Promise<CursorPage<T>>,
  countUpTo: (cap: number) => Promise<number>,
): Promise<{ rows: T[]; count: number; next?: string; more?: boolean }> {
  if (request.whole) {
    const { items } = await readPage({ page: 0, size: MAX_FILE_ROWS + 1 });
    const rows = items.slice(0, MAX_FILE_ROWS);
    return { rows, count: rows.length, more: items.length > MAX_FILE_ROWS };
  }
  const [page, count] = await Promise.all([readPage({ page: request.page, size: request.size, cursor: request.cursor }), countUpTo(countCap)]);
  return { rows: page.items, count, next: page.next };
}

/** Reads `take` rows after `skip` from a day list that pages from 0. */
const sliceOf = async <T>(readPage: (page: number, size: number) => Promise<T[]>, skip: number, take: number) =>
  (await readPage(0, skip + take)).slice(skip);

// ---------------------------------------------------------------- the point of sale's daily figures

async function salesDays(tenantId: string, start: string, end: string): Promise<SalesDay[]> {
  const months = await Promise.all(monthsOf(start, end).map((m) => purchaseData.salesMonth(tenantId, m)));
  return months.flat().filter((d) => d.date >= start && d.date <= end);
}

const sumOf = (days: SalesDay[], pick: (d: SalesDay) => number | undefined) => days.reduce((sum, d) => sum + (pick(d) ?? 0), 0);

/** Money received per day by mode, and the cash/online split: what a shop owner would rather see than read. */
function salesCharts(days: SalesDay[]): Pick<ReportCharts, 'byDay' | 'paymentModes'> {
  const sold = salesFigures(days).sold;
  return {
    byDay: days.map((d) => {
      const day = salesFigures([d]).sold;
      return { date: d.date, cash: toRupees(day.cash), online: toRupees(day.online) };
    }),
    paymentModes: [
      { label: 'Cash', value: toRupees(sold.cash) },
      { label: 'Online', value: toRupees(sold.online) },
    ],
  };
}

// ---------------------------------------------------------------- inventory

const inventoryRow = (r: StoredInventory) => ({
  inventoryId: r.inventoryId,
  inventoryDate: r.inventoryDate,
  productName: r.productName,
  artcode: r.artcode,
  vendor: r.vendor,
  quantity: r.quantity,
  mrp: toRupees(r.mrp),
  buyingPrice: toRupees(r.buyingPrice),
  sellingPrice: toRupees(r.sellingPrice),
  amount: toRupees(r.buyingPrice * r.quantity),
});

export async function inventoryByName(tenantId: string, name: string, request: PageRequest, countCap = SEARCH_COUNT_CAP): Promise<PagedReport<InventoryReport>> {
  const { rows, count, next, more } = await namedRows(
    request,
    countCap,
    (r) => inventoryData.byNamePage(tenantId, name, r),
    (cap) => inventoryData.byNameCount(tenantId, name, cap),
  );
  const { page, size } = request;
  return { report: { subject: name, page, size, count, rows: rows.map(inventoryRow), totals: { receipts: count }, charts: {} }, next, more };
}

export async function inventoryByDate(tenantId: string, start: string, end: string, { page, size }: PageRequest, now: Date): Promise<InventoryReport> {
  checkRange(start, end, now);
  const days = await inventoryData.daysBetween(tenantId, start, end);
  const newestFirst = [...days].reverse();
  const rows = await pageAcrossDays(newestFirst, page * size, size, (date, skip, take) =>
    sliceOf((p, s) => inventoryData.dayPage(tenantId, date, p, s), skip, take),
  );
  const count = days.reduce((sum, d) => sum + d.count, 0);
  return {
    subject: rangeSubject(start, end),
    page,
    size,
    count,
    rows: rows.map(inventoryRow),
    totals: { receipts: count, units: days.reduce((sum, d) => sum + d.units, 0), cost: toRupees(days.reduce((sum, d) => sum + d.cost, 0)) },
    charts: { receivedByDay: days.map((d) => ({ label: d.date, value: toRupees(d.cost) })) },
  };
}

// ---------------------------------------------------------------- purchases (bill lines)

export async function purchaseByName(tenantId: string, name: string, request: PageRequest, countCap = SEARCH_COUNT_CAP): Promise<PagedReport<PurchaseReport>> {
  const query = purchaseData.byNameQuery(tenantId, name);
  const { rows, count, next, more } = await namedRows(
    request,
    countCap,
    (r) => purchaseData.cursorPage(query, r),
    (cap) => purchaseData.countUpTo(query, cap),
  );
  const { page, size } = request;
  return { report: { subject: name, page, size, count, rows: rows.map(orderRowView), totals: { lines: count }, charts: {} }, next, more };
}

export async function purchaseByDate(tenantId: string, start: string, end: string, { page, size }: PageRequest, now: Date): Promise<PurchaseReport> {
  checkRange(start, end, now);
  const days = await salesDays(tenantId, start, end);
  const withLines = days.filter((d) => (d.lines ?? 0) > 0).map((d) => ({ date: d.date, count: d.lines }));
  const rows = await pageAcrossDays(withLines.reverse(), page * size, size, (date, skip, take) =>
    sliceOf((p, s) => purchaseData.dayPage(tenantId, date, p, s), skip, take),
  );
  const f = salesFigures(days);
  const money = (pick: (d: SalesDay) => number | undefined) => toRupees(sumOf(days, pick));
  return {
    subject: rangeSubject(start, end),
    page,
    size,
    count: sumOf(days, (d) => d.lines),
    rows: rows.map(orderRowView),
    totals: {
      lines: sumOf(days, (d) => d.lines),
      bills: f.bills.total,
      units: f.units.sold,
      gross: money((d) => d.gross),
      discount: money((d) => d.discount),
      tax: money((d) => d.tax),
      net: toRupees(f.goodsBilled),
      redeemed: toRupees(f.pointsRedeemed),
      cash: toRupees(f.sold.cash),
      online: toRupees(f.sold.online),
      refunds: toRupees(f.returns.total),
    },
    figures: salesSummaryView(f),
    charts: salesCharts(days),
  };
}

// ---------------------------------------------------------------- stock

function stockRow(line: StoredStock, received?: { date: string; units: number }): StockReportRow {
  return {
    stockId: line.stockId,
    productName: line.productName,
    artcode: line.artcode,
    quantity: line.quantity,
    price: toRupees(line.sellingPrice),
    mrp: toRupees(line.mrp),
    createdOn: line.createdOn,
    low: line.quantity <= LOW_STOCK_LIMIT,
    ...(received ? { receivedOn: received.date, received: received.units } : {}),
  };
}

/** The stock in stock id order, a page by cursor or number; the count is the lines' counter. */
export async function stockCurrent(tenantId: string, request: PageRequest): Promise<PagedReport<StockReport>> {
  const { page, size } = request;
  const [lines, count, low] = await Promise.all([stockData.page(tenantId, request), stockData.count(tenantId), stockData.lowCount(tenantId)]);
  return { report: { subject: 'Current Stock', page, size, count, rows: lines.items.map((l) => stockRow(l)), totals: { lines: count, low }, charts: {} }, next: lines.next };
}

export async function stockByName(tenantId: string, name: string, request: PageRequest, countCap = SEARCH_COUNT_CAP): Promise<PagedReport<StockReport>> {
  const { rows, count, next, more } = await namedRows(
    request,
    countCap,
    (r) => stockData.byNamePage(tenantId, name, r),
    (cap) => stockData.byNameCount(tenantId, name, cap),
  );
  const { page, size } = request;
  return { report: { subject: name, page, size, count, rows: rows.map((l) => stockRow(l)), totals: { lines: count }, charts: {} }, next, more };
}

/** What each line received on each receiving day of a range (newest day first): one bounded query per day. */
async function receivedInRange(tenantId: string, start: string, end: string) {
  const days = await inventoryData.daysBetween(tenantId, start, end);
  const perDay = await Promise.all(
    days.map(async (d) => (await stockData.dayAll(tenantId, d.date, MAX_FILE_ROWS)).map((e) => ({ date: d.date, stockId: Number(e.stockId), units: Number(e.received) }))),
  );
  return { days, entries: perDay.reverse().flat() };
}

export async function stockByDate(tenantId: string, start: string, end: string, { page, size }: PageRequest, now: Date): Promise<StockReport> {
  checkRange(start, end, now);
  const { days, entries } = await receivedInRange(tenantId, start, end);
  const shown = entries.slice(page * size, page * size + size);
  const lines = new Map((await stockData.byIds(tenantId, shown.map((e) => e.stockId))).map((l) => [l.stockId, l]));
  return {
    subject: rangeSubject(start, end),
    page,
    size,
    count: entries.length,
    rows: shown.flatMap((e) => {
      const line = lines.get(e.stockId);
      return line ? [stockRow(line, { date: e.date, units: e.units })] : [];
    }),
    totals: { lines: entries.length, received: entries.reduce((sum, e) => sum + e.units, 0) },
    charts: { receivedByDay: days.map((d) => ({ label: d.date, value: d.units })) },
  };
}

// ---------------------------------------------------------------- sales per product

/** Per-line sales of a range: the day items of each month of it (one query of at most 31 items per month). */
async function lineSalesInRange(tenantId: string, start: string, end: string): Promise<Map<number, LineSales>> {
  const months = monthsOf(start, end);
  const days = await Promise.all(months.map((m) => purchaseData.lineSalesDays(tenantId, start > `${m}-01` ? start : `${m}-01`, end < lastDayOf(m) ? end : lastDayOf(m))));
  const sums = new Map<number, LineSales>();
  for (const d of days.flat()) addLineSales(sums, d.lines);
  return sums;
}

interface LineFigures {
  stockId: number;
  received: number;
  sold: LineSales;
}

function salesRow(f: LineFigures, line: StoredStock | undefined): SalesReportRow {
  return {
    stockId: f.stockId,
    productName: line?.productName ?? `Stock line ${f.stockId}`,
    artCode: line?.artcode ?? '',
    inventoryQuantity: f.received,
    stockQuantity: line?.quantity ?? 0,
    purchaseQuantity: f.sold.units,
    mrp: toRupees(line?.mrp ?? 0),
    boughtPrice: toRupees(line?.buyingPrice ?? 0),
    nrp: line ? toRupees(splitInclusiveGst(line.sellingPrice, line.cgst, line.sgst).taxable) : 0,
    soldPrice: toRupees(f.sold.value),
  };
}

const TOP_PRODUCTS = 8;
const noSales: LineSales = { units: 0, value: 0, cost: 0 };
const bestSellersFirst = (a: LineFigures, b: LineFigures) => b.sold.value - a.sold.value || b.sold.units - a.sold.units || a.stockId - b.stockId;

function salesTotals(figures: LineFigures[]) {
  return {
    products: figures.length,
    received: figures.reduce((sum, f) => sum + f.received, 0),
    sold: figures.reduce((sum, f) => sum + f.sold.units, 0),
    soldPrice: toRupees(figures.reduce((sum, f) => sum + f.sold.value, 0)),
    cost: toRupees(figures.reduce((sum, f) => sum + f.sold.cost, 0)),
  };
}

const topProducts = (figures: LineFigures[], lines: Map<number, StoredStock>) =>
  [...figures]
    .sort(bestSellersFirst)
    .filter((f) => f.sold.value > 0)
    .slice(0, TOP_PRODUCTS)
    .map((f) => ({ label: lines.get(f.stockId)?.productName ?? `Stock line ${f.stockId}`, value: toRupees(f.sold.value) }));

export async function salesByDate(tenantId: string, start: string, end: string, { page, size }: PageRequest, now: Date): Promise<SalesReport> {
  checkRange(start, end, now);
  const [sold, { entries }, days] = await Promise.all([lineSalesInRange(tenantId, start, end), receivedInRange(tenantId, start, end), salesDays(tenantId, start, end)]);
  const received = new Map<number, number>();
  for (const e of entries) received.set(e.stockId, (received.get(e.stockId) ?? 0) + e.units);
  const ids = new Set([...[...sold].filter(([, f]) => f.units !== 0 || f.value !== 0).map(([id]) => id), ...received.keys()]);
  const figures = [...ids].map((stockId) => ({ stockId, received: received.get(stockId) ?? 0, sold: sold.get(stockId) ?? noSales })).sort(bestSellersFirst);
  const shown = figures.slice(page * size, page * size + size);
  const top = figures.filter((f) => f.sold.value > 0).slice(0, TOP_PRODUCTS);
  const lines = new Map((await stockData.byIds(tenantId, [...new Set([...shown, ...top].map((f) => f.stockId))])).map((l) => [l.stockId, l]));
  return {
    subject: rangeSubject(start, end),
    page,
    size,
    count: figures.length,
    rows: shown.map((f) => salesRow(f, lines.get(f.stockId))),
    totals: salesTotals(figures),
    figures: salesSummaryView(salesFigures(days)),
    charts: { ...salesCharts(days), topProducts: topProducts(top, lines) },
  };
}

/** Sales of the lines whose product name starts with the text, over every month the shop has sold in. */
export async function salesByName(tenantId: string, name: string, { page, size }: PageRequest): Promise<SalesReport> {
  const [matched, months, receipts] = await Promise.all([
    stockData.byName(tenantId, name, MAX_NAMED_LINES),
    purchaseData.lineSalesMonths(tenantId),
    inventoryData.byName(tenantId, name, MAX_FILE_ROWS),
  ]);
  const sold = new Map<number, LineSales>();
  for (const m of months) addLineSales(sold, new Map([...m.lines].filter(([id]) => matched.some((l) => l.stockId === id))));
  const received = new Map<number, number>();
  for (const r of receipts) received.set(r.stockId, (received.get(r.stockId) ?? 0) + r.quantity);
  const figures = matched.map((l) => ({ stockId: l.stockId, received: received.get(l.stockId) ?? 0, sold: sold.get(l.stockId) ?? noSales }));
  const lines = new Map(matched.map((l) => [l.stockId, l]));
  return {
    subject: name,
    page,
    size,
    count: figures.length,
    rows: figures.slice(page * size, page * size + size).map((f) => salesRow(f, lines.get(f.stockId))),
    totals: salesTotals(figures),
    charts: { topProducts: topProducts(figures, lines) },
  };
}
