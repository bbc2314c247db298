import * as z from 'zod';
import { auditFields } from './common.js';
import { addQuantity, customerShelfProduct, positiveId } from './cart-fields.js';

/** The wishlist (spec 1 sections 3 and 6), apart from the cart's schemas so that the wish function builds only these. */

export const wishSave = z.object({
  customerId: positiveId,
  productId: positiveId,
  inventoryId: z.coerce.number().int().min(0).optional(),
  stockId: positiveId.optional(),
  quantity: addQuantity.default(1),
});
export type WishSave = z.output<typeof wishSave>;

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
