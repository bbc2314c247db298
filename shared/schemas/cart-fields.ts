import * as z from 'zod';
import { CART_STATUSES, INVALID_QUANTITY } from './cart-messages.js';
import { lazySchema } from '../lazy.js';

/** What cart lines and wishes share: the status in a path, quantities as typed, ids, the product on a shelf line. */

export const cartStatusParam = lazySchema(() => z.enum(CART_STATUSES, { error: 'Unknown status.' }));

/** A quantity as typed: a whole number (text holding one is fine), else 'Invalid Quantity'. */
const typedQuantity = lazySchema(() => z
  .union([z.number(), z.string().trim().regex(/^-?\d+$/).transform(Number)], { error: INVALID_QUANTITY })
  .pipe(z.number({ error: INVALID_QUANTITY }).int(INVALID_QUANTITY).max(1000, INVALID_QUANTITY)));

/** Add to cart (spec 1 section 5): at least 1. */
export const addQuantity = lazySchema(() => typedQuantity.pipe(z.number().min(1, INVALID_QUANTITY)));
/** A cart line's new quantity: 0 removes it (minus at 1). */
export const lineQuantity = lazySchema(() => typedQuantity.pipe(z.number().min(0, INVALID_QUANTITY)));

export const positiveId = lazySchema(() => z.coerce.number().int().positive());

/** The customer's product on a shelf line, as cart lines and wishes both name it. */
export const customerShelfProduct = {
  customerId: lazySchema(() => z.number().int()),
  productId: lazySchema(() => z.number().int()),
  inventoryId: lazySchema(() => z.number().int()),
  stockId: lazySchema(() => z.number().int()),
  productName: lazySchema(() => z.string()),
  artcode: lazySchema(() => z.string()),
};
