import * as z from 'zod';
import { ENTER_NUMBER } from './catalogue-fields.js';
import { isoDate } from './common.js';
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
} from './inventory-messages.js';

/**
 * Inventory (goods received) and stock (what is on the shelf), spec 2 sections 2 to 9. Amounts travel in rupees and
 * rates in percent, as the screens type and show them; the server stores paise and basis points (shared/money.ts).
 */

export * from './inventory-messages.js';

/** A number as typed: a number, or text holding one; anything else is 'Enter the number!!!'. */
const typedNumber = lazySchema(() => z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)], { error: ENTER_NUMBER })
  .pipe(z.number({ error: ENTER_NUMBER }).refine(Number.isFinite, ENTER_NUMBER)));

const twoDecimals = (value: number) => Number(value.toFixed(2)) === value;

/** Rupees, at most two decimals, not negative. */
export const rupeesInput = lazySchema(() => typedNumber.pipe(
  z.number().min(0, 'Enter an amount of 0 or more.').refine(twoDecimals, TWO_DECIMALS),
));
/** A GST rate in percent, 0 to 100, at most two decimals. */
export const rateInput = lazySchema(() => typedNumber.pipe(z.number().min(0, RATE_RANGE).max(100, RATE_RANGE).refine(twoDecimals, TWO_DECIMALS)));
export const receivedQuantity = lazySchema(() => typedNumber.pipe(z.number().int(QUANTITY_AT_LEAST_ONE).min(1, QUANTITY_AT_LEAST_ONE).max(1_000_000, 'Enter a quantity up to 10,00,000.')));
export const shelfQuantity = lazySchema(() => typedNumber.pipe(z.number().int(QUANTITY_NOT_NEGATIVE).min(0, QUANTITY_NOT_NEGATIVE).max(1_000_000, 'Enter a quantity up to 10,00,000.')));

const code = (message: string) => z.string({ error: message }).trim().min(1, message).max(50, 'At most 50 characters, please.');
const productIdInput = lazySchema(() => z.coerce.number({ error: VALID_PRODUCT }).int(VALID_PRODUCT).positive(VALID_PRODUCT));
const version = lazySchema(() => z.number().int().positive().optional());

/** Inventory add (spec 2 sections 2 and 5). */
export const inventorySave = lazySchema(() => z
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
  }));
export type InventorySave = z.output<typeof inventorySave>;

export const suggestionParams = lazySchema(() => z.object({
  all: z.enum(['true', 'false'], { error: "Use 'true' or 'false'." }).transform((v) => v === 'true'),
  text: z.string().trim().min(SUGGESTION_MIN, SUGGESTION_LENGTH).max(SUGGESTION_MAX, SUGGESTION_LENGTH),
}));

export const uploadQuery = lazySchema(() => z.object({
  /** 'true' after the user answered 'Upload it again?' with yes. */
  confirm: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
}));

export const duplicateUpload = (date: string, user: string) => `This file was already uploaded on ${date} by ${user}. Upload it again?`;

/** The stock form (spec 2 sections 2 and 5): Product Name, Product Id, Quantity and Price, all required. */
const stockFields = {
  productName: lazySchema(() => z.string().optional()),
  quantity: lazySchema(() => shelfQuantity),
  productPrice: lazySchema(() => rupeesInput),
};
export const stockCreate = lazySchema(() => z.object({ productId: productIdInput, artcode: code(ARTCODE_REQUIRED), ...stockFields }));
export type StockCreate = z.output<typeof stockCreate>;
export const stockUpdate = lazySchema(() => z.object({ productId: productIdInput.optional(), ...stockFields, version }));
export type StockUpdate = z.output<typeof stockUpdate>;

/**
 * `GET /stock/{id}/{artcode}`: `id` is the product id. API Gateway wants one name per variable segment under a
 * path, and `/stock/{id}` already names the second segment.
 */
export const stockByProductParams = lazySchema(() => z.object({ id: productIdInput, artcode: code(ARTCODE_REQUIRED) }));

export const stockViews = ['full', 'low', 'date'] as const;
export const stockReportQuery = lazySchema(() => z
  .object({
    view: z.enum(stockViews, { error: "Choose the view: 'full', 'low' or 'date'." }).default('full'),
    date: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.view === 'date' && !q.date) ctx.addIssue({ code: 'custom', message: 'Choose the inventory date.', path: ['date'] });
  }));
export type StockReportQuery = z.output<typeof stockReportQuery>;
export const reportFormat = lazySchema(() => z.enum(['pdf', 'excel'], { error: "Choose 'pdf' or 'excel'." }));


/** What the server answers, as types: the schemas are in inventory-answers.ts, which requests never load. */
export type {
  inventorySaved,
  inventory,
  Inventory,
  inventorySuggestion,
  InventorySuggestion,
  shelfProduct,
  ShelfProduct,
  uploadProblem,
  UploadProblem,
  uploadStaged,
  UploadStaged,
  uploadProgress,
  UploadProgress,
  stock,
  Stock,
  stockMovement,
  StockMovement,
} from './inventory-answers.js';
import { lazySchema } from '../lazy.js';
