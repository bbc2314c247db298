import * as z from 'zod';
import { CART_STATUSES, INVALID_QUANTITY } from './cart-messages.js';

/** What cart lines and wishes share: the status in a path, quantities as typed, ids, the product on a shelf line. */

export const cartStatusParam = z.enum(CART_STATUSES, { error: 'Unknown status.' });

/** A quantity as typed: a whole number (text holding one is fine), else 'Invalid Quantity'. */
const typedQuantity = z
  .union([z.number(), z.string().trim().regex(/^-?\d+$/).transform(Number)], { error: INVALID_QUANTITY })
  .pipe(z.number({ error: INVALID_QUANTITY }).int(INVALID_QUANTITY).max(1000, INVALID_QUANTITY));

/** Add to cart (spec 1 section 5): at least 1. */
export const addQuantity = typedQuantity.pipe(z.number().min(1, INVALID_QUANTITY));
/** A cart line's new quantity: 0 removes it (minus at 1). */
export const lineQuantity = typedQuantity.pipe(z.number().min(0, INVALID_QUANTITY));

export const positiveId = z.coerce.number().int().positive();

/** The customer's product on a shelf line, as cart lines and wishes both name it. */
export const customerShelfProduct = {
  customerId: z.number().int(),
  productId: z.number().int(),
  inventoryId: z.number().int(),
  stockId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
};
