import * as z from 'zod';
import { auditFields, idParam } from './common.js';

/**
 * The customer storefront (spec 1 sections 2 to 9): cart lines, saved items, orders and the wishlist. Amounts travel
 * in rupees and tax in percent, as the screens show them; the server stores paise and basis points.
 */

// ---------------------------------------------------------------- statuses

export const CART_STATUSES = ['InCart', 'Saved', 'Wishlist', 'OrderSuccess', 'OrderFail', 'Shipped', 'Delivered'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];
/** A line in the cart or saved for later; the customer changes these. */
export const CART_PHASE = ['InCart', 'Saved'] as const;
/** A line that was paid for (or failed after payment); staff move these along. */
export const ORDER_STATUSES = ['OrderSuccess', 'OrderFail', 'Shipped', 'Delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** What 'Your Orders' lists (spec 1 section 4). */
export const CUSTOMER_ORDER_STATUSES = ['OrderSuccess', 'Shipped', 'Delivered'] as const;

export const isOrderStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

// ---------------------------------------------------------------- limits and messages (spec 1 sections 5, 8, 9)

export const MAX_CART_LINES = 10;
/** 'Only {n} item(s) left.' at this many units or fewer. */
export const LOW_STOCK_ITEMS = 2;
export const DELIVERY_DAYS = 2;

export const CART_FULL = 'Your Cart is full, please place the order.';
export const OUT_OF_STOCK = 'Out of Stock';
export const INVALID_QUANTITY = 'Invalid Quantity';
export const STOCK_SHORT = 'Few product(s) out of stock, please re-visit your cart';
export const CUSTOMERS_ONLY = 'Allowed only for Customers..  SignUp as a Customer.';
export const TO_BE_UPDATED = 'To Be Updated';
export const CART_LINE_NOT_FOUND = 'Cart item not found.';
export const WISH_NOT_FOUND = 'Wishlist item not found.';
export const NOT_YOUR_CART = 'You can see and change only your own cart, orders and wishlist.';
export const DELIVERY_PERSON_REQUIRED = 'Delivery Person is required.';
export const DELIVERY_CONTACT_REQUIRED = 'Delivery Contact is required.';
export const DELIVERY_CONTACT_NUMBER = 'Delivery Contact should be a number.';
export const SHIP_ONLY_ORDER_SUCCESS = 'Only an order with status OrderSuccess can be shipped.';
export const DELIVER_ONLY_SHIPPED = 'Only a shipped order can be delivered.';
export const MOBILE_SEARCH = 'Search by the digits of a mobile number.';
/** Order tracking's search text: the leading digits of a 10-digit mobile number (else MOBILE_SEARCH). */
export const isMobileSearch = (text: string) => /^\d{1,10}$/.test(text);

export const inStock = (n: number) => `${n} in Stock`;
export const onlyLeft = (n: number) => `Only ${n} item(s) left.`;

/** The red message under a product card for the units on the shelf, if any (spec 1 section 4 "Stock display"). */
export function stockMessage(stock: number): string | undefined {
  if (stock <= 0) return OUT_OF_STOCK;
  if (stock <= LOW_STOCK_ITEMS) return onlyLeft(stock);
  return undefined;
}

/** The message when a quantity is capped: '{n} in Stock' for what may still be added, or 'Out of Stock'. */
export const capMessage = (remaining: number) => (remaining <= 0 ? OUT_OF_STOCK : inStock(remaining));

// ---------------------------------------------------------------- path parameters

export const cartStatusParam = z.enum(CART_STATUSES, { error: 'Unknown status.' });

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

/** A quantity as typed: a whole number (text holding one is fine), else 'Invalid Quantity'. */
const typedQuantity = z
  .union([z.number(), z.string().trim().regex(/^-?\d+$/).transform(Number)], { error: INVALID_QUANTITY })
  .pipe(z.number({ error: INVALID_QUANTITY }).int(INVALID_QUANTITY).max(1000, INVALID_QUANTITY));

/** Add to cart (spec 1 section 5): at least 1. */
export const addQuantity = typedQuantity.pipe(z.number().min(1, INVALID_QUANTITY));
/** A cart line's new quantity: 0 removes it (minus at 1). */
export const lineQuantity = typedQuantity.pipe(z.number().min(0, INVALID_QUANTITY));

const positiveId = z.coerce.number().int().positive();

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

export const wishSave = z.object({
  customerId: positiveId,
  productId: positiveId,
  inventoryId: z.coerce.number().int().min(0).optional(),
  stockId: positiveId.optional(),
  quantity: addQuantity.default(1),
});
export type WishSave = z.output<typeof wishSave>;

// ---------------------------------------------------------------- answers

/** The customer's product on a shelf line, as cart lines and wishes both name it. */
const customerShelfProduct = {
  customerId: z.number().int(),
  productId: z.number().int(),
  inventoryId: z.number().int(),
  stockId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
};

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
