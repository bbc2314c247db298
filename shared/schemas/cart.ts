import * as z from 'zod';
import { idParam } from './common.js';
import { CART_STATUSES, ORDER_STATUSES } from './cart-messages.js';
import { cartStatusParam, addQuantity, lineQuantity, positiveId } from './cart-fields.js';

/**
 * The customer storefront (spec 1 sections 2 to 9): cart lines, saved items, orders and the wishlist. Amounts travel
 * in rupees and tax in percent, as the screens show them; the server stores paise and basis points.
 */

export * from './cart-messages.js';
export * from './cart-fields.js';

// ---------------------------------------------------------------- path parameters

/** `OrderSuccess,Shipped`: one or more statuses, comma separated, each once. */
const statusList = <T extends readonly [string, ...string[]]>(allowed: T) =>
  z
    .string()
    .transform((text) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(allowed, { error: 'Unknown status.' })).min(1, 'Name at least one status.'));

export const cartStatusesParam = lazySchema(() => statusList(CART_STATUSES));
export const orderStatusesParam = lazySchema(() => statusList(ORDER_STATUSES));

export const customerIdParam = lazySchema(() => z.object({ customerId: idParam }));

// ---------------------------------------------------------------- bodies

/**
 * POST /cart/save: a product of the listing into the cart (or straight to saved items). The stock line is the one
 * the listing showed (`stockId`, else the line of `inventoryId`, else the product's fullest line); the price is
 * always the shelf's, never the client's.
 */
export const cartSave = lazySchema(() => z.object({
  customerId: positiveId,
  productId: positiveId,
  inventoryId: z.coerce.number().int().min(0).optional(),
  stockId: positiveId.optional(),
  cartQuantity: addQuantity.default(1),
  status: z.enum(['InCart', 'Saved'], { error: 'Unknown status.' }).default('InCart'),
}));
export type CartSave = z.output<typeof cartSave>;

/**
 * PUT /cart/{customerCartId}: the customer's transitions (quantity, Save for later, Move to cart, to the wishlist)
 * and staff's Ship and Deliver. Dates are stamped by the server; other fields of the line may be sent and are
 * ignored.
 */
export const cartUpdate = lazySchema(() => z.object({
  status: cartStatusParam,
  cartQuantity: lineQuantity.optional(),
  deliveryPerson: z.string().trim().max(100).optional(),
  deliveryContact: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(15)).optional(),
  version: z.number().int().min(0).optional(),
}));
export type CartUpdate = z.output<typeof cartUpdate>;

/** What the server answers, as types: the schemas are in cart-answers.ts, which requests never load. */
export type {
  cartLine,
  CartLine,
  cartMasterRow,
  CartMasterRow,
  orderRow,
  OrderRow,
  cartSummaryView,
  CartSummaryView,
} from './cart-answers.js';
import { lazySchema } from '../lazy.js';
