import * as z from 'zod';
import { auditFields, idParam } from './common.js';
import { CART_STATUSES, ORDER_STATUSES } from './cart-messages.js';
import { cartStatusParam, addQuantity, lineQuantity, positiveId, customerShelfProduct } from './cart-fields.js';

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

export const cartStatusesParam = statusList(CART_STATUSES);
export const orderStatusesParam = statusList(ORDER_STATUSES);

export const customerIdParam = z.object({ customerId: idParam });

// ---------------------------------------------------------------- bodies

/**
 * POST /cart/save: a product of the listing into the cart (or straight to saved items). The stock line is the one
 * the listing showed (`stockId`, else the line of `inventoryId`, else the product's fullest line); the price is
 * always the shelf's, never the client's.
 */
export const cartSave = z.object({
  customerId: positiveId,
  productId: positiveId,
  inventoryId: z.coerce.number().int().min(0).optional(),
  stockId: positiveId.optional(),
  cartQuantity: addQuantity.default(1),
  status: z.enum(['InCart', 'Saved'], { error: 'Unknown status.' }).default('InCart'),
});
export type CartSave = z.output<typeof cartSave>;

/**
 * PUT /cart/{customerCartId}: the customer's transitions (quantity, Save for later, Move to cart, to the wishlist)
 * and staff's Ship and Deliver. Dates are stamped by the server; other fields of the line may be sent and are
 * ignored.
 */
export const cartUpdate = z.object({
  status: cartStatusParam,
  cartQuantity: lineQuantity.optional(),
  deliveryPerson: z.string().trim().max(100).optional(),
  deliveryContact: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(15)).optional(),
  version: z.number().int().min(0).optional(),
});
export type CartUpdate = z.output<typeof cartUpdate>;

// ---------------------------------------------------------------- answers

/** A cart line (spec 1 section 3), prices from the shelf while in the cart and as paid once ordered. */
export const cartLine = z.object({
  customerCartId: z.number().int(),
  ...customerShelfProduct,
  cartQuantity: z.number().int(),
  price: z.number(),
  mrp: z.number(),
  /** cgst + sgst, percent */
  tax: z.number(),
  status: z.enum(CART_STATUSES),
  /** The provider order and the bill of an ordered line. */
  orderId: z.string().optional(),
  purchaseId: z.number().int().optional(),
  paymentDate: z.string().optional(),
  shippedDate: z.string().optional(),
  deliveredDate: z.string().optional(),
  deliveryPerson: z.string().optional(),
  deliveryContact: z.string().optional(),
  version: z.number().int(),
  ...auditFields,
});
export type CartLine = z.output<typeof cartLine>;

/** A cart master row: the line with its product and the shelf's stock (spec 1 section 3 "Cart master view row"). */
export const cartMasterRow = cartLine.extend({
  productImage: z.string().optional(),
  /** Units on the shelf now. */
  quantity: z.number().int(),
  /** The unit price the line is bought at (the shelf's while in the cart). */
  boughtPrice: z.number(),
  /** cartQuantity × price */
  purchasedPrice: z.number(),
  /** (MRP − price) × cartQuantity */
  saved: z.number(),
  /** 'Out of Stock', 'Only n item(s) left.', or 'n in Stock' for a line above the shelf's units. */
  stockMessage: z.string().optional(),
});
export type CartMasterRow = z.output<typeof cartMasterRow>;

/** Staff order tracking (spec 1 section 3 "Order row"). */
export const orderRow = z.object({
  customerCartId: z.number().int(),
  /** The bill the order made. */
  customerOrderId: z.number().int().optional(),
  orderId: z.string().optional(),
  customerId: z.number().int(),
  customerName: z.string(),
  address: z.string().optional(),
  mobileNumber: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  orderDate: z.string().optional(),
  shippedDate: z.string().optional(),
  deliveredDate: z.string().optional(),
  deliveryPerson: z.string().optional(),
  deliveryContact: z.string().optional(),
  updatedOn: z.string().optional(),
  version: z.number().int(),
});
export type OrderRow = z.output<typeof orderRow>;

/** GET /cart/summary/{customerId}: the checkout's order summary, figured by the server (spec 1 sections 2 and 9). */
export const cartSummaryView = z.object({
  lines: z.number().int(),
  items: z.number().int(),
  subtotal: z.number(),
  mrpTotal: z.number(),
  saved: z.number(),
  tax: z.number(),
  deliveryCharge: z.number(),
  payable: z.number(),
  /** Two days from today, `yyyy-mm-dd`. */
  deliveryDate: z.string(),
  /** Some line wants more than the shelf holds: Pay stays disabled with STOCK_SHORT. */
  stockShort: z.boolean(),
  message: z.string().optional(),
});
export type CartSummaryView = z.output<typeof cartSummaryView>;

