import * as z from 'zod';
import { PAYMENT_MODES } from './purchase-messages.js';
import { LINE_STATUSES } from './purchase-rows.js';

/**
 * What the server answers about bill lines.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. purchase-rows.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const purchasedProduct = z.object({
  purchasedProductId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  artcode: z.string(),
  stockId: z.number().int(),
  productInventoryId: z.number().int(),
  /** Units still with the customer (originalQuantity − returnQuantity); remainingQty says the same. */
  quantity: z.number().int(),
  originalQuantity: z.number().int(),
  returnQuantity: z.number().int(),
  remainingQty: z.number().int(),
  /** MRP of one unit. */
  price: z.number(),
  sellingPrice: z.number(),
  boughtPrice: z.number(),
  /** Discount in percent of the MRP, rounded up (spec 2 section 4), and in rupees for the line. */
  discount: z.number(),
  discountPrice: z.number(),
  gst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  /** The line as billed: value before tax, CGST and SGST amounts, tax, and rate × quantity. */
  taxable: z.number(),
  cgstPrice: z.number(),
  sgstPrice: z.number(),
  /** IGST rate (percent) and amount: an inter-state line's whole tax; 0 within the state. */
  igst: z.number(),
  igstPrice: z.number(),
  /** The product's HSN code and GST unit when billed. */
  hsnCode: z.string().optional(),
  unit: z.string(),
  /** A line of nil-rated, exempt or non-GST goods, as the invoice marks it (rule 46A); absent on a taxed line. */
  untaxed: z.enum(['Nil-rated', 'Exempt', 'Non-GST']).optional(),
  tax: z.number(),
  netAmount: z.number(),
  /** What the units still with the customer are worth: 0 once the whole line is returned. */
  purchasedPrice: z.number(),
  purchasedTotalMRPPrice: z.number(),
  status: z.enum(LINE_STATUSES),
  /** Changed by a return. */
  modified: z.boolean(),
  createdOn: z.string(),
  createdBy: z.string(),
});

export type PurchasedProduct = z.output<typeof purchasedProduct>;

/** One row of the order lists: a bill line with its bill's date, customer and payment mode. */
export const orderRow = purchasedProduct.extend({
  /** Rate × units billed: the line as it was billed, whatever came back later. */
  billedPrice: z.number(),
  purchaseId: z.number().int(),
  /** The bill's tax invoice number; absent on bills from before the shop's invoice series. */
  invoiceNumber: z.string().optional(),
  saleDate: z.string(),
  customerName: z.string(),
  mobileNumber: z.string(),
  paymentMode: z.enum(PAYMENT_MODES),
});

export type OrderRow = z.output<typeof orderRow>;

/** A day's sales in one payment mode (spec 3 'Return row' / spec 2 'Sales report row'). */
export const salesRow = z.object({
  /** `yyyy-mm-dd` */
  transactionDate: z.string(),
  /** Bills of the day in this payment mode. */
  transaction: z.number().int(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** Sold: received in money for the bills. */
  credit: z.number(),
  /** Cost of the goods sold (bought price × quantity). */
  debit: z.number(),
  /** Refunded in money for returns that day. */
  returns: z.number(),
});

export type SalesRow = z.output<typeof salesRow>;
