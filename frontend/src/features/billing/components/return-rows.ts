import { toPaise, toRupees, type Paise } from '../../../../../shared/money.js';
import type { Purchase } from '../../../../../shared/schemas/purchase.js';
import { RETURN_QUANTITY_NOT_ZERO, RETURN_QUANTITY_REQUIRED, SELECT_RETURN_LINES, returnQuantityTooHigh } from '../../../../../shared/schemas/purchase-messages.js';

/** A line of the Return screen: a bill line with units still with the customer, ticked or not. */
export interface ReturnRow {
  purchasedProductId: number;
  productName: string;
  artcode: string;
  /** Units still with the customer: the most this return can take back. */
  remaining: number;
  /** Rate of one unit, in paise. */
  rate: Paise;
  ticked: boolean;
  /** As typed. */
  quantity: string;
}

export const RETURN_MODES_SHOWN = ['CASH', 'ONLINE'] as const;
export type ReturnMode = (typeof RETURN_MODES_SHOWN)[number];

/** The lines of a bill (from the review route, which keeps those with units left), none ticked. */
export const returnRowsOf = (purchase: Purchase): ReturnRow[] =>
  purchase.purchasedProduct
    .filter((line) => line.quantity > 0)
    .map((line) => ({
      purchasedProductId: line.purchasedProductId,
      productName: line.productName,
      artcode: line.artcode,
      remaining: line.quantity,
      rate: toPaise(line.sellingPrice),
      ticked: false,
      quantity: '',
    }));

/**
 * Ticking a line offers all its remaining units (a whole-line return), which the cashier may lower; unticking
 * clears the quantity.
 */
export const tick = (row: ReturnRow, ticked: boolean): ReturnRow => ({ ...row, ticked, quantity: ticked ? String(row.remaining) : '' });

export interface ReturnProblem {
  message: string;
  /** The row the message is about (none when no line is ticked). */
  index?: number;
}

/** The first problem Calculate finds (spec 2 section 5 'Return'), in the order the lines are shown. */
export function returnProblem(rows: ReturnRow[]): ReturnProblem | undefined {
  if (!rows.some((r) => r.ticked)) return { message: SELECT_RETURN_LINES };
  for (const [index, row] of rows.entries()) {
    if (!row.ticked) continue;
    const typed = row.quantity.trim();
    if (typed === '') return { index, message: RETURN_QUANTITY_REQUIRED };
    if (Number(typed) === 0) return { index, message: RETURN_QUANTITY_NOT_ZERO };
    if (!/^\d+$/.test(typed)) return { index, message: `Return Quantity of ${row.productName} is invalid.` };
    if (Number(typed) > row.remaining) return { index, message: returnQuantityTooHigh(`${row.productName} (${row.artcode})`, row.remaining) };
  }
  return undefined;
}

/**
 * What a ticked line's units are worth (rate × units), or undefined while its quantity is not one the return can
 * take (a whole number from 1 to the units remaining): nothing is priced while it is invalid.
 */
export function rowValue(row: ReturnRow): Paise | undefined {
  const typed = row.quantity.trim();
  const units = Number(typed);
  return row.ticked && /^\d+$/.test(typed) && units >= 1 && units <= row.remaining ? row.rate * units : undefined;
}

/** The Return Amount: the ticked lines' rate × units, as the server works it. */
export const returnAmount = (rows: ReturnRow[]): Paise => rows.reduce((sum, row) => sum + (rowValue(row) ?? 0), 0);

/** The body of POST /purchase/return/{purchaseId}. */
export function returnBodyOf(rows: ReturnRow[], paymentMode: ReturnMode, options: { print: boolean; mail: boolean }) {
  return {
    paymentMode,
    purchasedProduct: rows
      .filter((r) => r.ticked)
      .map((r) => ({ purchasedProductId: r.purchasedProductId, productName: r.productName, returnQuantity: Number(r.quantity.trim()) })),
    returnAmount: toRupees(returnAmount(rows)),
    print: options.print,
    mail: options.mail,
  };
}
