import * as z from 'zod';
import { auditFields } from './common.js';
import { MOVEMENT_REASONS } from './inventory-messages.js';

/**
 * What the server answers about inventory receipts, stock and uploads.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. inventory.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

// ---------------------------------------------------------------- inventory

export const inventory = z.object({
  inventoryId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  vendor: z.string(),
  artcode: z.string(),
  barcode: z.string(),
  quantity: z.number().int(),
  cgst: z.number(),
  sgst: z.number(),
  mrp: z.number(),
  buyingPrice: z.number(),
  sellingPrice: z.number(),
  image: z.string().optional(),
  /** The shop's calendar day the goods were received, `yyyy-mm-dd` (the date dropdown's value). */
  inventoryDate: z.string(),
  stockId: z.number().int(),
  /** Where the receipt came from: the add form or an upload (its id). */
  source: z.string(),
  ...auditFields,
});

export type Inventory = z.output<typeof inventory>;

/** Inventory suggestion (spec 2 section 3): a received product line with its latest prices. */
export const inventorySuggestion = z.object({
  productId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
  barcode: z.string(),
  mrp: z.number(),
  sellingPrice: z.number(),
  buyingPrice: z.number(),
  /** cgst + sgst, percent */
  gst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  /** The selling price without GST (net rate). */
  nrp: z.number(),
  /** The latest receipt of the line; 0 for a catalogue product never received (`anyList/true`). */
  inventoryId: z.number().int(),
  stockId: z.number().int(),
  quantity: z.number().int(),
});

export type InventorySuggestion = z.output<typeof inventorySuggestion>;

/** A product as the storefront lists it (spec 1 section 3): price, MRP, image and stock. */
export const shelfProduct = z.object({
  productId: z.number().int(),
  inventoryId: z.number().int(),
  stockId: z.number().int(),
  productName: z.string(),
  categoryId: z.number().int(),
  artcode: z.string(),
  image: z.string().optional(),
  imageUrl: z.string().optional(),
  size: z.string(),
  colour: z.string(),
  description: z.string(),
  sellingPrice: z.number(),
  mrp: z.number(),
  /** cgst + sgst, percent */
  tax: z.number(),
  /** Units on the shelf; 0 means 'Out of Stock'. */
  quantity: z.number().int(),
});

export type ShelfProduct = z.output<typeof shelfProduct>;

// ---------------------------------------------------------------- spreadsheet upload

/** One problem of an uploaded file: the spreadsheet's row number (the header is row 1), the column, the reason. */
export const uploadProblem = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });

export type UploadProblem = z.output<typeof uploadProblem>;

export const uploadStaged = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  batches: z.number().int(),
  batchSize: z.number().int(),
});

export type UploadStaged = z.output<typeof uploadStaged>;

export const uploadProgress = z.object({
  uploadId: z.string(),
  batch: z.number().int(),
  batches: z.number().int(),
  rows: z.number().int(),
  savedRows: z.number().int(),
  done: z.boolean(),
});

export type UploadProgress = z.output<typeof uploadProgress>;

// ---------------------------------------------------------------- stock

export const stock = z.object({
  stockId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
  barcode: z.string(),
  vendor: z.string(),
  quantity: z.number().int(),
  /** The selling price (the stock form's Price). */
  productPrice: z.number(),
  mrp: z.number(),
  buyingPrice: z.number(),
  sellingPrice: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  /** The latest receipt of the line. */
  inventoryId: z.number().int(),
  /** Quantity 5 or less: highlighted in the list. */
  low: z.boolean(),
  /** On a by-date view: the units received that day. */
  receivedOnDate: z.number().int().optional(),
  /**
   * On the pages of Current Stock (`GET /stock`, what the till's copy for billing offline reads): the product's HSN
   * code, GST unit and kind of supply, each absent when the product has none (never chose: nil-rated at 0 %).
   */
  hsnCode: z.string().optional(),
  unit: z.string().optional(),
  taxability: z.enum(['taxable', 'nil-rated', 'exempt', 'non-gst']).optional(),
  version: z.number().int(),
  ...auditFields,
});

export type Stock = z.output<typeof stock>;

/** One change of a stock line: who, when, why, by how much, and the quantity before and after. */
export const stockMovement = z.object({
  stockId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
  reason: z.enum(MOVEMENT_REASONS),
  /** What caused it: 'Inventory 12', 'Upload <id>', 'Bill 34'. */
  ref: z.string(),
  delta: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  by: z.string(),
  on: z.string(),
  /** The line's version after the change; movements of a line are numbered by it. */
  version: z.number().int(),
});

export type StockMovement = z.output<typeof stockMovement>;

/** The answer of inventory add: the receipt and the stock line it raised. */
export const inventorySaved = z.object({ inventory, stock });
