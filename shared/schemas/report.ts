import * as z from 'zod';
import { pageQuery } from './common.js';
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

const date = lazySchema(() => z.iso.date({ error: DATES_REQUIRED }));
export const dateRangeParams = lazySchema(() => z.object({ start: date, end: date }));
/** API Gateway wants one variable name per path segment, so the product name travels as `{start}`. */
export const productNameParams = lazySchema(() => z.object({ start: z.string().trim().min(1, PRODUCT_NAME_REQUIRED).max(100) }));

export const reportQuery = lazySchema(() => pageQuery.extend({
  /** `pdf` answers the whole report as a file instead of a page. */
  format: z.enum(['pdf'], { error: "Choose the format 'pdf'." }).optional(),
}));

const chartPoint = lazySchema(() => z.object({ label: z.string(), value: z.number() }));
/** What the screen draws: money per day by payment mode, the best-selling products, the cash/online split. */
export const reportCharts = lazySchema(() => z.object({
  byDay: z.array(z.object({ date: z.string(), cash: z.number(), online: z.number() })).optional(),
  topProducts: z.array(chartPoint).optional(),
  paymentModes: z.array(chartPoint).optional(),
  receivedByDay: z.array(chartPoint).optional(),
}));
export type ReportCharts = z.output<typeof reportCharts>;

export const reportPage = {
  /** What the report covers, as the empty message names it: a product name or `dd/mm/yyyy - dd/mm/yyyy`. */
  subject: lazySchema(() => z.string()),
  page: lazySchema(() => z.number().int()),
  size: lazySchema(() => z.number().int()),
  count: lazySchema(() => z.number().int()),
  charts: lazySchema(() => reportCharts),
};

/** What the server answers, as types: the schemas are in report-answers.ts, which requests never load. */
import type {
  inventoryReportRow,
  inventoryReport,
  purchaseReport,
  stockReportRow,
  stockReport,
  salesReportRow,
  salesReport,
  InventoryReport,
  PurchaseReport,
  StockReport,
  SalesReport,
  InventoryReportRow,
  StockReportRow,
  SalesReportRow,
} from './report-answers.js';
export type {
  inventoryReportRow, inventoryReport, purchaseReport, stockReportRow, stockReport, salesReportRow, salesReport,
  InventoryReport, PurchaseReport, StockReport, SalesReport, InventoryReportRow, StockReportRow, SalesReportRow,
};
import { lazySchema } from '../lazy.js';
