import * as z from 'zod';
import { customerShelfProduct } from './cart-fields.js';
import { auditFields } from './common.js';

/**
 * What the server answers about wishlists.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. wish.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/** A wish line (spec 1 section 3) with the product as the wishlist cards show it. */
export const wishLine = z.object({
  customerWishId: z.number().int(),
  ...customerShelfProduct,
  quantity: z.number().int(),
  status: z.literal('Wishlist'),
  orderDate: z.string(),
  productImage: z.string().optional(),
  size: z.string().optional(),
  colour: z.string().optional(),
  price: z.number(),
  mrp: z.number(),
  /** Units on the shelf now. */
  stock: z.number().int(),
  stockMessage: z.string().optional(),
  ...auditFields,
});

export type WishLine = z.output<typeof wishLine>;
