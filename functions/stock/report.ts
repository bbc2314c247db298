import { formatDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { indiaToday } from '../../shared/leave-days.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { Stock, StockReportQuery } from '../../shared/schemas/inventory.js';
import { tableWorkbook, type SheetColumn } from '../lib/excel-report.js';
import { FileResponse } from '../lib/handler.js';
import { tablePdf, type PdfColumn } from '../lib/pdf.js';
import { XLSX_TYPE } from '../../shared/spreadsheets.js';
import { tenantData } from '../tenants/data.js';
import { stockData } from './data.js';
import { byDateAll } from './service.js';
import { stockView } from './view.js';

/** Every line of a shop fits one report; past this the shop needs a narrower view. */
const MAX_REPORT_ROWS = 20_000;

const viewTitle = (q: StockReportQuery) =>
  q.view === 'low' ? 'Low Quantity (5 or less)' : q.view === 'date' ? `Received on ${formatDate(q.date)}` : 'Full View';

async function reportLines(tenantId: string, q: StockReportQuery): Promise<Stock[]> {
  if (q.view === 'date') return byDateAll(tenantId, q.date!);
  const lines = q.view === 'low' ? await stockData.low(tenantId, MAX_REPORT_ROWS) : await stockData.first(tenantId, MAX_REPORT_ROWS);
  return lines.map((line) => stockView(line));
}

const stamp = (on: string | undefined, by: string | undefined) => [formatDate(on), by].filter(Boolean).join(' by ');

/**
 * The stock list as a file: Stock_<dd-mm-yyyy>.pdf or .xlsx, with the value of each line at its selling price and
 * the totals; low lines highlighted as on the screen.
 */
export async function stockReport(tenantId: string, format: 'pdf' | 'excel', q: StockReportQuery, now: Date): Promise<FileResponse> {
  const [lines, tenant] = await Promise.all([reportLines(tenantId, q), tenantData.get(tenantId)]);
  const today = indiaToday(now);
  const fileDate = formatDate(today).replaceAll('/', '-');
  const value = (s: Stock) => toPaise(s.productPrice) * s.quantity;
  const totalUnits = lines.reduce((sum, s) => sum + s.quantity, 0);
  const totalValue = lines.reduce((sum, s) => sum + value(s), 0);
  const highlight = new Set(lines.flatMap((s, i) => (s.low ? [i] : [])));
  const title = 'Stock Report';
  const subtitle = [
    [tenant?.displayName, tenant?.address].filter(Boolean).join(', '),
    tenant?.gstNumber ? `GSTIN ${tenant.gstNumber}` : '',
    `${viewTitle(q)} · ${lines.length} line(s) · printed ${formatDateTime(now)}`,
  ].filter(Boolean);

  if (format === 'pdf') {
    const columns: PdfColumn[] = [
      { header: 'Vendor', width: 11 },
      { header: 'Product Name', width: 19 },
      { header: 'Artcode', width: 8 },
      { header: 'Product Id', width: 7, align: 'right' },
      { header: 'Quantity', width: 7, align: 'right' },
      { header: 'Price', width: 9, align: 'right' },
      { header: 'Value', width: 10, align: 'right' },
      { header: 'Created On', width: 16 },
      { header: 'Updated On', width: 16 },
    ];
    const rows = lines.map((s) => [
      s.vendor,
      s.productName,
      s.artcode,
      String(s.productId),
      s.quantity.toLocaleString('en-IN'),
      formatPaise(toPaise(s.productPrice)),
      formatPaise(value(s)),
      stamp(s.createdOn, s.createdBy),
      stamp(s.updatedOn, s.updatedBy),
    ]);
    const totals = ['Total', '', '', '', totalUnits.toLocaleString('en-IN'), '', formatPaise(totalValue), '', ''];
    const body = await tablePdf({ title, subtitle, columns, rows, highlight, totals, landscape: true });
    return new FileResponse(body, 'application/pdf', `Stock_${fileDate}.pdf`);
  }

  const columns: SheetColumn[] = [
    { header: 'Vendor', width: 18, kind: 'text' },
    { header: 'Product Name', width: 30, kind: 'text' },
    { header: 'Artcode', width: 14, kind: 'text' },
    { header: 'Product Id', width: 11, kind: 'integer' },
    { header: 'Quantity', width: 10, kind: 'integer' },
    { header: 'Price', width: 14, kind: 'rupees' },
    { header: 'Value', width: 16, kind: 'rupees' },
    { header: 'Created On', width: 12, kind: 'date' },
    { header: 'Created By', width: 22, kind: 'text' },
    { header: 'Updated On', width: 12, kind: 'date' },
    { header: 'Updated By', width: 22, kind: 'text' },
  ];
  const day = (iso: string | undefined) => (iso ? indiaToday(new Date(iso)) : undefined);
  const rows = lines.map((s) => [
    s.vendor,
    s.productName,
    s.artcode,
    s.productId,
    s.quantity,
    s.productPrice,
    toRupees(value(s)),
    day(s.createdOn),
    s.createdBy,
    day(s.updatedOn),
    s.updatedBy,
  ]);
  const totals = ['Total', undefined, undefined, undefined, totalUnits, undefined, toRupees(totalValue)];
  const body = await tableWorkbook({ sheetName: 'Stock', title, subtitle, columns, rows, highlight, totals });
  return new FileResponse(body, XLSX_TYPE, `Stock_${fileDate}.xlsx`);
}
