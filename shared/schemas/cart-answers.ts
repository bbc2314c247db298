import * as z from 'zod';
import { customerShelfProduct } from './cart-fields.js';
import { CART_STATUSES, ORDER_STATUSES } from './cart-messages.js';
import { auditFields } from './common.js';

/**
 * What the server answers about carts and storefront orders.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. cart.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

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
  /** An order: where it is delivered (as on order tracking). */
  deliveryAddress: z.string().optional(),
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
  /** Where the order is delivered: the address chosen at checkout; an order from before that, the profile's as it was then. */
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
