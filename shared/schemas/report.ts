import * as z from 'zod';
import { salesSummary } from './figures.js';
import { pageQuery } from './common.js';
import { orderRow } from './purchase-rows.js';
import { fileDate } from '../format.js';

/** The reports screen (spec 3 sections 2, 4, 5 and 7): a report type, a filter, and the filter's value. */
export const REPORT_TYPES = ['Inventory', 'Purchase', 'Stock', 'Sales'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FILTERS = ['ProductName', 'Date', 'CurrentStock'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** CurrentStock is offered for the Stock report only. */
export const filtersOf = (type: ReportType): ReportFilter[] => (type === 'Stock' ? [...REPORT_FILTERS] : ['ProductName', 'Date']);

export const REPORT_TYPE_REQUIRED = 'Report Type is required.';
export const FILTER_REQUIRED = 'Filter By is required.';
export const DATES_REQUIRED = 'Start & End Date are required.';
export const PRODUCT_NAME_REQUIRED = 'ProductName is required.';
export const END_AFTER_TODAY = 'End Date should not be after today.';
export const START_AFTER_END = 'Start Date should not be after End Date.';
/** Reports over dates read a bounded number of days. */
export const MAX_REPORT_DAYS = 366;
export const RANGE_TOO_LONG = 'Choose a date range of at most one year.';
/** Product suggestions are asked for from this many typed letters (spec 3 section 5). */
export const SUGGEST_FROM = 4;

/** The message an empty report shows: 'No Data Found for Toor Dal', 'No Data Found for 01/11/2026 - 22/11/2026'. */
export const noDataFound = (what: string) => `No Data Found for ${what}`;

/** A report's file: `{report}_{d}_{m}_{y}.pdf` (spec 3 section 9), dated the day it is taken. */
export const reportFileName = (type: ReportType, day: string) => `${type}_${fileDate(day)}.pdf`;

const date = z.iso.date({ error: DATES_REQUIRED });
export const dateRangeParams = z.object({ start: date, end: date });
/** API Gateway wants one variable name per path segment, so the product name travels as `{start}`. */
export const productNameParams = z.object({ start: z.string().trim().min(1, PRODUCT_NAME_REQUIRED).max(100) });

export const reportQuery = pageQuery.extend({
  /** `pdf` answers the whole report as a file instead of a page. */
  format: z.enum(['pdf'], { error: "Choose the format 'pdf'." }).optional(),
});

const chartPoint = z.object({ label: z.string(), value: z.number() });
/** What the screen draws: money per day by payment mode, the best-selling products, the cash/online split. */
export const reportCharts = z.object({
  byDay: z.array(z.object({ date: z.string(), cash: z.number(), online: z.number() })).optional(),
  topProducts: z.array(chartPoint).optional(),
  paymentModes: z.array(chartPoint).optional(),
  receivedByDay: z.array(chartPoint).optional(),
});
export type ReportCharts = z.output<typeof reportCharts>;

const reportPage = {
  /** What the report covers, as the empty message names it: a product name or `dd/mm/yyyy - dd/mm/yyyy`. */
  subject: z.string(),
  page: z.number().int(),
  size: z.number().int(),
  count: z.number().int(),
  charts: reportCharts,
};

export const inventoryReportRow = z.object({
  inventoryId: z.number().int(),
  inventoryDate: z.string(),
  productName: z.string(),
  artcode: z.string(),
  vendor: z.string(),
  quantity: z.number().int(),
  mrp: z.number(),
  buyingPrice: z.number(),
  sellingPrice: z.number(),
  /** Bought price × quantity. */
  amount: z.number(),
});
export const inventoryReport = z.object({
  ...reportPage,
  rows: z.array(inventoryReportRow),
  /** Over the whole report (not just the page); units and cost only for a date range. */
  totals: z.object({ receipts: z.number().int(), units: z.number().int().optional(), cost: z.number().optional() }),
});

export const purchaseReport = z.object({
  ...reportPage,
  rows: z.array(orderRow),
  totals: z.object({
    lines: z.number().int(),
    bills: z.number().int().optional(),
    units: z.number().int().optional(),
    gross: z.number().optional(),
    discount: z.number().optional(),
    tax: z.number().optional(),
    /** Goods sold at rate × quantity, before points. */
    net: z.number().optional(),
    redeemed: z.number().optional(),
    cash: z.number().optional(),
    online: z.number().optional(),
    /** Money refunded by returns made in the range. */
    refunds: z.number().optional(),
  }),
  /** For a date range: every sales figure of the range (shared/figures.ts), gross, deductions and net. */
  figures: salesSummary.optional(),
});

/** Stock report rows (spec 3 section 3): stockId, productName, artcode, quantity, price, createdOn. */
export const stockReportRow = z.object({
  stockId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
  quantity: z.number().int(),
  /** Selling price. */
  price: z.number(),
  mrp: z.number(),
  createdOn: z.string().optional(),
  /** 5 or fewer on the shelf. */
  low: z.boolean(),
  /** For a date range: the day received and the units received that day. */
  receivedOn: z.string().optional(),
  received: z.number().int().optional(),
});
export const stockReport = z.object({
  ...reportPage,
  rows: z.array(stockReportRow),
  totals: z.object({ lines: z.number().int(), low: z.number().int().optional(), received: z.number().int().optional() }),
});

/** Sales report rows (spec 3 section 3), one per stock line. */
export const salesReportRow = z.object({
  stockId: z.number().int(),
  productName: z.string(),
  artCode: z.string(),
  /** Units received (in the range, or ever). */
  inventoryQuantity: z.number().int(),
  /** Units on the shelf now. */
  stockQuantity: z.number().int(),
  /** Net units sold: units billed less units returned (returns count on the day they came back). */
  purchaseQuantity: z.number().int(),
  mrp: z.number(),
  boughtPrice: z.number(),
  /** Selling price without GST. */
  nrp: z.number(),
  /** Net goods value: rate × units billed less the goods returned, at the rates billed (points redeemed included). */
  soldPrice: z.number(),
});
export const salesReport = z.object({
  ...reportPage,
  rows: z.array(salesReportRow),
  totals: z.object({
    products: z.number().int(),
    received: z.number().int(),
    sold: z.number().int(),
    soldPrice: z.number(),
    /** Bought price of the units sold. */
    cost: z.number(),
  }),
  /** For a date range: every sales figure of the range (shared/figures.ts), so money received can be read beside the goods value. */
  figures: salesSummary.optional(),
});

export type InventoryReport = z.output<typeof inventoryReport>;
export type PurchaseReport = z.output<typeof purchaseReport>;
export type StockReport = z.output<typeof stockReport>;
export type SalesReport = z.output<typeof salesReport>;
export type InventoryReportRow = z.output<typeof inventoryReportRow>;
export type StockReportRow = z.output<typeof stockReportRow>;
export type SalesReportRow = z.output<typeof salesReportRow>;
