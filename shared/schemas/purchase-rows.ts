import * as z from 'zod';

/**
 * The rows of bills as lists and reports answer them (a bill line, an order-list row, a day's sales in one mode) and
 * the month of the monthly lists, apart from purchase.ts so that the report and expense schemas that list them do
 * not build the bill schemas; purchase.ts exports them too.
 */

export const LINE_STATUSES = ['Sold', 'Partly Returned', 'Returned'] as const;

/** `/{month}/{year}` of the monthly lists and reports. */
export const monthYearParams = lazySchema(() => z.object({
  month: z.coerce.number({ error: 'Enter a valid month' }).int('Enter a valid month').min(1, 'Enter a valid month').max(12, 'Enter a valid month'),
  year: z.coerce.number({ error: 'Enter a valid year' }).int('Enter a valid year').min(2000, 'Enter a valid year').max(2100, 'Enter a valid year'),
}));

/** What the server answers, as types: the schemas are in purchase-rows-answers.ts, which requests never load. */
import type {
  purchasedProduct,
  PurchasedProduct,
  orderRow,
  OrderRow,
  salesRow,
  SalesRow,
} from './purchase-rows-answers.js';
export type { purchasedProduct, PurchasedProduct, orderRow, OrderRow, salesRow, SalesRow };
import { lazySchema } from '../lazy.js';
