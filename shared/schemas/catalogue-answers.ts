import * as z from 'zod';
import { imageFields, version } from './catalogue-fields.js';
import { auditFields } from './common.js';

/**
 * What the server answers about products.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. catalogue.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

// ---------------------------------------------------------------- products

export const product = z.object({
  productId: z.number().int(),
  productName: z.string(),
  categoryId: z.number().int(),
  description: z.string(),
  size: z.string(),
  colour: z.string(),
  /** The HSN code GST invoices print; absent until the owner gives one (products without one are listed). */
  hsnCode: z.string().optional(),
  /** The GST unit (UQC) quantities are counted in; `NOS` on products saved before units existed. */
  unit: z.string().optional(),
  /** taxable, nil-rated, exempt or non-GST (shared/gst.ts TAXABILITIES); absent on products that never chose. */
  taxability: z.enum(['taxable', 'nil-rated', 'exempt', 'non-gst']).optional(),
  ...imageFields,
  version,
  ...auditFields,
});

export type Product = z.output<typeof product>;

/** What the Place Order and bulk add screens need to suggest a product. */
export const productSuggestion = z.object({
  productId: z.number().int(),
  productName: z.string(),
  categoryId: z.number().int(),
});
