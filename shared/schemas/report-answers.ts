import * as z from 'zod';
import { orderRow } from './purchase-rows-answers.js';
import { salesSummary } from './figures-answers.js';
import { reportPage } from './report.js';

/**
 * What the server answers about the reports.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. report.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

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
