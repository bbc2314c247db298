import * as z from 'zod';
import { ENTER_NUMBER } from './catalogue-fields.js';
import { auditFields, isoDate } from './common.js';
import {
  VALID_PRODUCT,
  ARTCODE_REQUIRED,
  BARCODE_REQUIRED,
  QUANTITY_AT_LEAST_ONE,
  QUANTITY_NOT_NEGATIVE,
  SELLING_ABOVE_MRP,
  MRP_NOT_ZERO,
  TWO_DECIMALS,
  RATE_RANGE,
  SUGGESTION_LENGTH,
  SUGGESTION_MIN,
  SUGGESTION_MAX,
  MOVEMENT_REASONS,
} from './inventory-messages.js';

/**
 * Inventory (goods received) and stock (what is on the shelf), spec 2 sections 2 to 9. Amounts travel in rupees and
 * rates in percent, as the screens type and show them; the server stores paise and basis points (shared/money.ts).
 */

export * from './inventory-messages.js';

/** A number as typed: a number, or text holding one; anything else is 'Enter the number!!!'. */
const typedNumber = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)], { error: ENTER_NUMBER })
  .pipe(z.number({ error: ENTER_NUMBER }).refine(Number.isFinite, ENTER_NUMBER));

const twoDecimals = (value: number) => Number(value.toFixed(2)) === value;

/** Rupees, at most two decimals, not negative. */
export const rupeesInput = typedNumber.pipe(
  z.number().min(0, 'Enter an amount of 0 or more.').refine(twoDecimals, TWO_DECIMALS),
);
/** A GST rate in percent, 0 to 100, at most two decimals. */
export const rateInput = typedNumber.pipe(z.number().min(0, RATE_RANGE).max(100, RATE_RANGE).refine(twoDecimals, TWO_DECIMALS));
export const receivedQuantity = typedNumber.pipe(z.number().int(QUANTITY_AT_LEAST_ONE).min(1, QUANTITY_AT_LEAST_ONE).max(1_000_000, 'Enter a quantity up to 10,00,000.'));
export const shelfQuantity = typedNumber.pipe(z.number().int(QUANTITY_NOT_NEGATIVE).min(0, QUANTITY_NOT_NEGATIVE).max(1_000_000, 'Enter a quantity up to 10,00,000.'));

const code = (message: string) => z.string({ error: message }).trim().min(1, message).max(50, 'At most 50 characters, please.');
const productIdInput = z.coerce.number({ error: VALID_PRODUCT }).int(VALID_PRODUCT).positive(VALID_PRODUCT);
const version = z.number().int().positive().optional();

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

/** Inventory add (spec 2 sections 2 and 5). */
export const inventorySave = z
  .object({
    productId: productIdInput,
    productName: z.string().optional(),
    vendor: z.string().trim().max(100, 'At most 100 characters, please.').optional(),
    artcode: code(ARTCODE_REQUIRED),
    barcode: code(BARCODE_REQUIRED),
    quantity: receivedQuantity,
    cgst: rateInput,
    sgst: rateInput,
    mrp: rupeesInput,
    buyingPrice: rupeesInput,
    /** Defaults to the MRP. */
    sellingPrice: rupeesInput.optional(),
  })
  .superRefine((form, ctx) => {
    if (form.mrp === 0) ctx.addIssue({ code: 'custom', message: MRP_NOT_ZERO, path: ['mrp'] });
    if (form.sellingPrice !== undefined && form.sellingPrice > form.mrp) {
      ctx.addIssue({ code: 'custom', message: SELLING_ABOVE_MRP, path: ['sellingPrice'] });
    }
  });
export type InventorySave = z.output<typeof inventorySave>;

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

export const suggestionParams = z.object({
  all: z.enum(['true', 'false'], { error: "Use 'true' or 'false'." }).transform((v) => v === 'true'),
  text: z.string().trim().min(SUGGESTION_MIN, SUGGESTION_LENGTH).max(SUGGESTION_MAX, SUGGESTION_LENGTH),
});

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

export const uploadQuery = z.object({
  /** 'true' after the user answered 'Upload it again?' with yes. */
  confirm: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

export const duplicateUpload = (date: string, user: string) => `This file was already uploaded on ${date} by ${user}. Upload it again?`;

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
  version: z.number().int(),
  ...auditFields,
});
export type Stock = z.output<typeof stock>;

/** The stock form (spec 2 sections 2 and 5): Product Name, Product Id, Quantity and Price, all required. */
const stockFields = {
  productName: z.string().optional(),
  quantity: shelfQuantity,
  productPrice: rupeesInput,
};
export const stockCreate = z.object({ productId: productIdInput, artcode: code(ARTCODE_REQUIRED), ...stockFields });
export type StockCreate = z.output<typeof stockCreate>;
export const stockUpdate = z.object({ productId: productIdInput.optional(), ...stockFields, version });
export type StockUpdate = z.output<typeof stockUpdate>;

/**
 * `GET /stock/{id}/{artcode}`: `id` is the product id. API Gateway wants one name per variable segment under a
 * path, and `/stock/{id}` already names the second segment.
 */
export const stockByProductParams = z.object({ id: productIdInput, artcode: code(ARTCODE_REQUIRED) });

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

export const stockViews = ['full', 'low', 'date'] as const;
export const stockReportQuery = z
  .object({
    view: z.enum(stockViews, { error: "Choose the view: 'full', 'low' or 'date'." }).default('full'),
    date: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.view === 'date' && !q.date) ctx.addIssue({ code: 'custom', message: 'Choose the inventory date.', path: ['date'] });
  });
export type StockReportQuery = z.output<typeof stockReportQuery>;
export const reportFormat = z.enum(['pdf', 'excel'], { error: "Choose 'pdf' or 'excel'." });

/** The answer of inventory add: the receipt and the stock line it raised. */
export const inventorySaved = z.object({ inventory, stock });
