/**
 * Inventory and stock messages and limits (spec 2 sections 2 to 9), apart from the schemas of inventory.ts so that a
 * screen can show them without loading zod; inventory.ts exports them too.
 */

export const VALID_PRODUCT = 'Enter the Valid Product!!!';
export const ARTCODE_REQUIRED = 'Artcode is required.';
export const BARCODE_REQUIRED = 'Barcode is required.';
export const QUANTITY_AT_LEAST_ONE = 'Quantity should be a whole number of at least 1.';
export const QUANTITY_NOT_NEGATIVE = 'Quantity should be a whole number of 0 or more.';
export const SELLING_ABOVE_MRP = 'Selling Price should not be more than MRP.';
export const MRP_NOT_ZERO = 'MRP should not be 0.';
export const TWO_DECIMALS = 'Enter at most two decimals.';
export const RATE_RANGE = 'Enter a rate between 0 and 100.';
export const NO_SUGGESTION = 'No Suggestion';
export const NO_INVENTORY = 'No Inventory Found, Please create inventories.';
export const NO_STOCK = 'No Stock Found, Please create inventories.';
/** GET /stock/{productId}/{artcode} for a product never received (spec 2 section 4). */
export const ADD_IN_INVENTORY = 'Add in inventory';
export const STOCK_EXISTS = 'Stock for this product and artcode already exists. Please edit it instead.';
export const SUGGESTION_LENGTH = 'Enter 4 to 10 characters to see suggestions.';

/** Stock at or below this is 'Low Quantity' and highlighted (spec 2 section 9). */
export const LOW_STOCK_LIMIT = 5;
/** Suggestions are searched for 4 to 10 characters (spec 2 section 9). */
export const SUGGESTION_MIN = 4;
export const SUGGESTION_MAX = 10;

/** A sale or a manual decrease asking for more than the shelf holds. */
export const notEnoughStock = (available: number, productName: string, artcode: string) =>
  `Only ${Math.max(available, 0)} in Stock for ${productName} (${artcode}).`;

export const MOVEMENT_REASONS = ['receipt', 'upload', 'edit', 'sale', 'return'] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** Full and Low views answer every line at once; beyond this the report download holds them all. */
export const MAX_STOCK_VIEW = 5000;
