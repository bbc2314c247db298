/**
 * The point of sale's messages and fixed lists (spec 2 sections 5 and 8), apart from the bill schemas of purchase.ts
 * so that a screen can show them without loading zod; purchase.ts exports them too.
 */

// ---------------------------------------------------------------- messages (spec 2 sections 5 and 8)

export const CUSTOMER_REQUIRED = 'Customer Detail is required.';
export const CUSTOMER_NOT_FOUND = 'Customer not found! Please Register';
export const ADD_PRODUCTS = 'Please add product(s).';
export const QUANTITY_REQUIRED = 'Product Quantity is required.';
export const QUANTITY_NOT_ZERO = 'Product Quantity should not be 0.';
export const SELLING_PRICE_REQUIRED = 'Selling Price is required.';
export const SELLING_PRICE_NOT_ZERO = 'Selling Price should not be 0.';
export const MOBILE_INVALID = 'Enter the Valid Mobile Number !';
export const RETURN_QUANTITY_REQUIRED = 'Return Quantity is required.';
export const RETURN_QUANTITY_NOT_ZERO = 'Return Quantity should not be 0.';
export const BILL_GENERATED = 'Bill Generated.';
export const RETURN_DONE = 'Return done.';
export const NO_PURCHASE = 'No Purchase Found';
export const NO_TRANSACTION = 'No Transaction Found.';
export const PAYMENT_STATUS_PAID = 'Payment Status: Paid';
export const CHOOSE_PRINT_OR_MAIL = 'Please choose print or mail.';
export const SELECT_RETURN_LINES = 'Please select the product(s) to return.';

export const correctQuantity = (product: string) => `Please correct the Quantity of ${product}`;
export const correctSellingPrice = (product: string) => `Please correct the Selling Price of ${product}`;
export const noPurchaseOn = (date: string) => `No Purchase Found On ${date}`;
export const returnQuantityTooHigh = (product: string, remaining: number) =>
  `Return Quantity of ${product} should not be more than ${remaining}.`;

// ---------------------------------------------------------------- which saved bills may be edited

export const BILL_NOT_FOUND = 'Bill not found.';
export const BILL_HAS_RETURNS = 'This bill has returns and can no longer be edited.';
export const ONLINE_ORDER_BILL = 'This bill is an online order paid on the storefront and cannot be edited at the till.';

/**
 * Why the server would refuse to edit this bill (PUT /purchase/{id}), or undefined when it may be edited: the
 * order lists offer Edit and Place Order opens the bill only when this says nothing.
 */
export function editRefusal(bill: { returnQuantity: number; orderId?: string }): string | undefined {
  if (bill.orderId) return ONLINE_ORDER_BILL;
  if (bill.returnQuantity > 0) return BILL_HAS_RETURNS;
  return undefined;
}

/**
 * A bill is saved as one DynamoDB transaction, which writes at most 100 items. Each line of a different product and
 * artcode writes 4 of them: the line, its stock line's new figure, the stock movement and the product's shelf item.
 * Around the lines, a bill writes at most 12 more: the bill, its audit entry, the invoice series counter, the
 * customer's counter, the customer's points, the sale day's figures, the day's per-product sales and its month
 * marker, the shop's count of low stock lines, the idempotency key's marker and, for an offline bill settling its
 * held copy, the held bill and the shop's count of held bills. So (100 − 12) / 4 = 22: a bill has at most 22
 * lines, and saves in one transaction with every optional item.
 */
export const ITEMS_PER_BILL_LINE = 4;
export const ITEMS_AROUND_BILL_LINES = 12;
export const MAX_BILL_LINES = Math.floor((100 - ITEMS_AROUND_BILL_LINES) / ITEMS_PER_BILL_LINE);
export const TOO_MANY_LINES = `A bill can have at most ${MAX_BILL_LINES} products. Please make a second bill for the rest.`;
export const TOO_MANY_RETURN_LINES = `A return can have at most ${MAX_BILL_LINES} lines, as many as a bill.`;

export const PAYMENT_MODES = ['Cash', 'Online'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** Returns name the modes in capitals (spec 2 section 9); both spellings are accepted everywhere. */
export const RETURN_MODES = ['CASH', 'ONLINE'] as const;

/** A key reused for a different bill than the one it saved. */
export const keyUsedFor = (purchaseId: number) =>
  `This save was already made as Bill ${purchaseId} with other figures. Open Bill ${purchaseId} from the order list to change it.`;

/** A till's clock may run this far ahead of the server's; a bill made later than that is refused. */
export const OFFLINE_CLOCK_SKEW_MINUTES = 10;
/**
 * The longest a bill may wait on a device: the server keeps an idempotency key for 7 days, so a bill older than
 * this could no longer be told from a repeat of itself.
 */
export const OFFLINE_MAX_DAYS = 6;
export const OFFLINE_NEEDS_KEY = 'A bill made offline must carry its idempotency key. Please send it again from the till.';
export const OFFLINE_MADE_LATER = 'This bill says it was made later than now. Please check the date and time of the till and send it again.';
export const OFFLINE_TOO_OLD = `This bill was made offline more than ${OFFLINE_MAX_DAYS} days ago and can no longer be saved. Please enter it again as a new bill.`;

export const BILL_HELD = 'This bill could not be saved as it was made. It is kept for the manager; the reasons are listed.';

/**
 * The Price column of the order lists says what it counts: a day's list values lines as billed (returns are booked
 * on their refund's day), a customer's list values what each line holds after returns.
 */
export const PRICE_HEADER = { billed: 'Price as billed', kept: 'Price after returns' } as const;

export const PAPERS = ['a4', 'roll80'] as const;
export type Paper = (typeof PAPERS)[number];

export const CREDIT_NOTE_NOT_FOUND = 'This bill has no such return, so no such credit note.';

export const HELD_STATES = ['held', 'resolved', 'soldAgainstNegativeStock', 'discarded'] as const;
export type HeldState = (typeof HELD_STATES)[number];

export const HELD_BILL_NOT_FOUND = 'This held bill was not found.';
export const HELD_BILL_DECIDED = 'This held bill has already been dealt with. Please reload the list.';
export const REASON_REQUIRED = 'Please write the reason (at least 5 characters).';
