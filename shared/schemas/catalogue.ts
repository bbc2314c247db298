import * as z from 'zod';
import {
  MAX_BULK_ROWS,
  SELECT_PRODUCTS,
  entityId,
  imageChoiceFields,
  requireImage,
  requiredText,
  version,
} from './catalogue-fields.js';
import { optionalHsn, optionalTaxability, unitOrDefault } from './gst.js';
import { lazySchema } from '../lazy.js';

export * from './catalogue-fields.js';
export { optionalHsn, unitOrDefault } from './gst.js';

const productFields = {
  productName: lazySchema(() => requiredText('Product Name is required.')),
  categoryId: lazySchema(() => entityId('Category is required.')),
  description: lazySchema(() => requiredText('Description is required.', 500)),
  size: lazySchema(() => requiredText('Size is required.', 50)),
  colour: lazySchema(() => requiredText('Colour is required.', 50)),
  hsnCode: lazySchema(() => optionalHsn),
  unit: lazySchema(() => unitOrDefault),
  /** Nil-rated, exempt or non-GST for a 0 % good (GSTR-1 table 8); absent = nil-rated at 0 %, taxable above. */
  taxability: lazySchema(() => optionalTaxability),
  ...imageChoiceFields,
};

export const newProductRow = lazySchema(() => z.object(productFields).superRefine(requireImage));
export type NewProductRow = z.output<typeof newProductRow>;

export const productUpdateRow = lazySchema(() => z
  .object({ productId: entityId('Select product(s) to Modify/Delete.'), ...productFields, version })
  .superRefine(requireImage));
export type ProductUpdateRow = z.output<typeof productUpdateRow>;

const isBlankRow = (row: unknown) =>
  typeof row === 'object' && row !== null && !String((row as { productName?: unknown }).productName ?? '').trim();

/**
 * Bulk add: rows with an empty name are dropped (spec 2 section 5); they stay `null` so every other row keeps the
 * number the screen shows it under in messages.
 */
export const newProductRows = lazySchema(() => z
  .array(z.preprocess((row) => (isBlankRow(row) ? null : row), newProductRow.nullable()))
  .min(1, 'Add at least one product.')
  .max(MAX_BULK_ROWS, `You can save at most ${MAX_BULK_ROWS} products at a time.`) as unknown as z.ZodType<
  (NewProductRow | null)[],
  z.input<typeof newProductRow>[]
>);

export const productUpdateRows = lazySchema(() => z
  .array(productUpdateRow)
  .min(1, SELECT_PRODUCTS)
  .max(MAX_BULK_ROWS, `You can modify at most ${MAX_BULK_ROWS} products at a time.`));

export const productIds = lazySchema(() => z
  .array(entityId('Enter a valid id'))
  .min(1, SELECT_PRODUCTS)
  .max(MAX_BULK_ROWS, `You can select at most ${MAX_BULK_ROWS} products at a time.`));

/** `1,2,3` in a path. */
export const productIdList = lazySchema(() => z.preprocess(
  (text) => (typeof text === 'string' ? text.split(',').map((part) => part.trim()).filter(Boolean) : text),
  productIds,
));

/** What the server answers, as types: the schemas are in catalogue-answers.ts, which requests never load. */
export type { product, Product, productSuggestion } from './catalogue-answers.js';
