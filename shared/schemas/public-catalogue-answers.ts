import * as z from 'zod';

/**
 * The public catalogue's answers: these fields and no others ever leave a public route (the privacy test walks every
 * public answer against them). No stock count, bought price, vendor, tax split or record history.
 */

export const publicCategory = z.strictObject({
  categoryId: z.number().int(),
  categoryName: z.string(),
  imageUrl: z.string().optional(),
});
export type PublicCategory = z.output<typeof publicCategory>;

export const publicProduct = z.strictObject({
  productId: z.number().int(),
  productName: z.string(),
  categoryId: z.number().int(),
  artcode: z.string(),
  imageUrl: z.string().optional(),
  size: z.string(),
  colour: z.string(),
  description: z.string(),
  /** Rupees, as the storefront shows them. */
  sellingPrice: z.number(),
  mrp: z.number(),
  /** Whether the shop has units on the shelf (never how many). */
  inStock: z.boolean(),
});
export type PublicProduct = z.output<typeof publicProduct>;
