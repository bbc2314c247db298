/**
 * Storefront statuses, limits and messages (spec 1 sections 4 to 9), apart from the schemas of cart.ts so that code
 * that only says or checks them (the payment steps, order mails, the cart's data layer) does not build the cart
 * schemas; cart.ts exports them too.
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
