import { salesLines } from '../../shared/figures.js';
import { formatDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { indiaToday } from '../../shared/leave-days.js';
import { toPaise } from '../../shared/money.js';
import { salesSummaryPaise } from '../../shared/schemas/figures.js';
import { PRICE_HEADER } from '../../shared/schemas/purchase-messages.js';
import {
  reportFileName,
  type InventoryReport,
  type PurchaseReport,
  type ReportType,
  type SalesReport,
  type StockReport,
} from '../../shared/schemas/report.js';
import { FileResponse } from '../lib/handler.js';
import { tablePdf, type PdfTable } from '../lib/pdf.js';
import { tenantData } from '../tenants/data.js';

const rupees = (amount: number | undefined) => formatPaise(toPaise(amount ?? 0));

type Drawn = Pick<PdfTable, 'columns' | 'rows' | 'totals' | 'highlight' | 'landscape'> & { summary: string[] };

function inventoryTable(report: InventoryReport): Drawn {
  const t = report.totals;
  return {
    summary: [`${t.receipts} receipt(s)${t.units === undefined ? '' : ` · ${t.units} unit(s) · cost ${rupees(t.cost)}`}`],
    columns: [
      { header: 'Id', width: 5, align: 'right' },
      { header: 'Date', width: 8 },
      { header: 'Product Name', width: 18 },
      { header: 'Artcode', width: 9 },
      { header: 'Vendor', width: 12 },
      { header: 'Qty', width: 5, align: 'right' },
      { header: 'MRP', width: 9, align: 'right' },
      { header: 'Bought Price', width: 9, align: 'right' },
      { header: 'Selling Price', width: 9, align: 'right' },
      { header: 'Amount', width: 10, align: 'right' },
    ],
    rows: report.rows.map((r) => [
      String(r.inventoryId),
      formatDate(r.inventoryDate),
      r.productName,
      r.artcode,
      r.vendor,
      String(r.quantity),
      rupees(r.mrp),
      rupees(r.buyingPrice),
      rupees(r.sellingPrice),
      rupees(r.amount),
    ]),
    totals: t.units === undefined ? undefined : ['Total', '', '', '', '', String(t.units), '', '', '', rupees(t.cost)],
    landscape: true,
  };
}

function purchaseTable(report: PurchaseReport): Drawn {
  const t = report.totals;
  const summary = report.figures
    ? [`${t.bills} bill(s) · ${t.lines} line(s) · tax ${rupees(t.tax)}`, ...salesLines(salesSummaryPaise(report.figures))]
    : [`${t.lines} bill line(s)`];
  return {
    summary,
    columns: [
      { header: 'Bill', width: 5, align: 'right' },
      { header: 'Date', width: 8 },
      { header: 'Customer Name', width: 13 },
      { header: 'Artcode', width: 9 },
      { header: 'Product Name', width: 17 },
      { header: 'Mode', width: 7 },
      { header: 'Qty', width: 5, align: 'right' },
      { header: 'Returned', width: 6, align: 'right' },
      { header: 'Rate', width: 9, align: 'right' },
      { header: PRICE_HEADER.billed, width: 10, align: 'right' },
    ],
    rows: report.rows.map((r) => [
      String(r.purchaseId),
      formatDate(r.saleDate),
      r.customerName,
      r.artcode,
      r.productName,
      r.paymentMode,
      String(r.originalQuantity),
      String(r.returnQuantity),
      rupees(r.sellingPrice),
      rupees(r.billedPrice),
    ]),
    landscape: true,
  };
}

function stockTable(report: StockReport): Drawn {
  const byDate = report.rows.some((r) => r.receivedOn);
  const t = report.totals;
  return {
    summary: [`${t.lines} line(s)${t.low === undefined ? '' : ` · ${t.low} with 5 or fewer units`}${t.received === undefined ? '' : ` · ${t.received} unit(s) received`}`],
    columns: [
      { header: 'Stock Id', width: 6, align: 'right' },
      { header: 'Product Name', width: 20 },
      { header: 'Artcode', width: 10 },
      { header: 'Quantity', width: 7, align: 'right' },
      { header: 'Price', width: 9, align: 'right' },
      ...(byDate
        ? [
            { header: 'Received On', width: 9 },
            { header: 'Received', width: 7, align: 'right' as const },
          ]
        : [{ header: 'Created On', width: 9 }]),
    ],
    rows: report.rows.map((r) => [
      String(r.stockId),
      r.productName,
      r.artcode,
      String(r.quantity),
      rupees(r.price),
      ...(byDate ? [formatDate(r.receivedOn), String(r.received ?? 0)] : [formatDate(r.createdOn)]),
    ]),
    highlight: new Set(report.rows.flatMap((r, i) => (r.low ? [i] : []))),
  };
}

function salesTable(report: SalesReport): Drawn {
  const t = report.totals;
  return {
    summary: [
      `${t.products} product line(s) · ${t.received} unit(s) received · net ${t.sold} unit(s) sold, goods value ${rupees(t.soldPrice)} at the rates billed, net of returns (bought for ${rupees(t.cost)})`,
      ...(report.figures ? salesLines(salesSummaryPaise(report.figures)) : []),
    ],
    columns: [
      { header: 'Product Name', width: 18 },
      { header: 'Art Code', width: 9 },
      { header: 'Inventory Quantity', width: 7, align: 'right' },
      { header: 'Stock Quantity', width: 6, align: 'right' },
      { header: 'Net Sold Quantity', width: 6, align: 'right' },
      { header: 'MRP', width: 8, align: 'right' },
      { header: 'Bought Price', width: 8, align: 'right' },
      { header: 'NRP', width: 8, align: 'right' },
      { header: 'Net Goods Value', width: 10, align: 'right' },
    ],
    rows: report.rows.map((r) => [
      r.productName,
      r.artCode,
      String(r.inventoryQuantity),
      String(r.stockQuantity),
      String(r.purchaseQuantity),
      rupees(r.mrp),
      rupees(r.boughtPrice),
      rupees(r.nrp),
      rupees(r.soldPrice),
    ]),
    totals: ['Total', '', String(t.received), '', String(t.sold), '', '', '', rupees(t.soldPrice)],
    landscape: true,
  };
}

/** A report to draw; `more` when it is cut at the file's limit and its subject matches more rows than it holds. */
export type AnyReport = (
  | { type: 'Inventory'; report: InventoryReport }
  | { type: 'Purchase'; report: PurchaseReport }
  | { type: 'Stock'; report: StockReport }
  | { type: 'Sales'; report: SalesReport }
) & { more?: boolean };

const drawnOf = (r: AnyReport): Drawn =>
  r.type === 'Inventory' ? inventoryTable(r.report) : r.type === 'Purchase' ? purchaseTable(r.report) : r.type === 'Stock' ? stockTable(r.report) : salesTable(r.report);

/** A report as `{Report}_{dd}_{mm}_{yyyy}.pdf`: the shop, what it covers, its totals, every row. */
export async function reportPdf(tenantId: string, r: AnyReport, now: Date): Promise<FileResponse> {
  const tenant = await tenantData.get(tenantId);
  const drawn = drawnOf(r);
  const rows = r.report.rows.length;
  const shown = r.more ? ` (first ${rows} rows; more rows match)` : rows < r.report.count ? ` (first ${rows} of ${r.report.count} rows)` : '';
  const body = await tablePdf({
    title: `${r.type} Report · ${r.report.subject}`,
    subtitle: [
      [tenant?.displayName, tenant?.address].filter(Boolean).join(', '),
      ...drawn.summary,
      `Printed ${formatDateTime(now)}${shown}`,
    ].filter(Boolean),
    columns: drawn.columns,
    rows: drawn.rows,
    totals: drawn.totals,
    highlight: drawn.highlight,
    landscape: drawn.landscape,
  });
  return new FileResponse(body, 'application/pdf', reportFileName(r.type as ReportType, indiaToday(now)));
}
