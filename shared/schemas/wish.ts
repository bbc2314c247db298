import * as z from 'zod';
import { addQuantity, positiveId } from './cart-fields.js';
import { lazySchema } from '../lazy.js';

/** The wishlist (spec 1 sections 3 and 6), apart from the cart's schemas so that the wish function builds only these. */

export const wishSave = lazySchema(() => z.object({
  customerId: positiveId,
  productId: positiveId,
  inventoryId: z.coerce.number().int().min(0).optional(),
  stockId: positiveId.optional(),
  quantity: addQuantity.default(1),
}));
export type WishSave = z.output<typeof wishSave>;

/** What the server answers, as types: the schemas are in wish-answers.ts, which requests never load. */
export type { wishLine, WishLine } from './wish-answers.js';
