import * as z from 'zod';
import { PAYMENT_MODES, RETURN_DONE, BILL_GENERATED, PAYMENT_STATUS_PAID, HELD_STATES } from './purchase-messages.js';
import { purchasedProduct, salesRow } from './purchase-rows-answers.js';
import { auditFields } from './common.js';
import { cashSummary, salesSummary } from './figures-answers.js';
import { BILL_PROBLEM_KINDS } from './purchase.js';
import { TENDER_METHODS } from '../tenders.js';

/**
 * What the server answers about bills, receipts, credit notes and held bills.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. purchase.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/**
 * One reason a bill made offline could not be saved as it was made. `asked` and `now` are units (stockShort),
 * paise (priceChanged), basis points (taxChanged) or points (pointsShort).
 */
export const billProblem = z.object({
  kind: z.enum(BILL_PROBLEM_KINDS),
  artcode: z.string().optional(),
  productName: z.string().optional(),
  asked: z.number().int().optional(),
  now: z.number().int().optional(),
  message: z.string(),
});

export type BillProblem = z.output<typeof billProblem>;

// ---------------------------------------------------------------- stored bills as the API answers them

/** One part of a bill's payment, or of a return's refund, in rupees, with its method's name as printed. */
export const tenderView = z.object({
  method: z.enum([...TENDER_METHODS, 'online']),
  label: z.string(),
  amount: z.number(),
  reference: z.string().optional(),
  /** A UPI payment not confirmed yet: "UPI, to be confirmed". */
  pending: z.boolean().optional(),
});
export type TenderView = z.output<typeof tenderView>;

export const purchase = z.object({
  purchaseId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  mobileNumber: z.string(),
  emailId: z.string().optional(),
  /** The customer's address as billed (their profile's when the bill was made). */
  address: z.string().optional(),
  /** A storefront order: the address it is delivered to, as chosen at checkout (`name, line, city PIN, state`). */
  deliveryAddress: z.string().optional(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** How the customer paid, in parts adding up to the Net Amount (a bill from before parts: its Bill Type, whole). */
  tenders: z.array(tenderView).optional(),
  status: z.string(),
  /** The shop's calendar day of the sale, `yyyy-mm-dd`. */
  saleDate: z.string(),
  /** The tax invoice's number from the shop's series (`SLG/26-27/000123`); absent on bills from before invoices. */
  invoiceNumber: z.string().optional(),
  invoiceDate: z.string().optional(),
  documentType: z.enum(['TAX_INVOICE', 'BILL_OF_SUPPLY']).optional(),
  /** GST state code of the place of supply, and whether it is charged as CGST + SGST (intra) or IGST (inter). */
  placeOfSupply: z.string().optional(),
  supply: z.enum(['intra', 'inter']).optional(),
  customerGstin: z.string().optional(),
  grossAmount: z.number(),
  discount: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  tax: z.number(),
  /** A storefront order's delivery charge (GST included), a line of its invoice; the figures above include it. */
  deliveryCharge: z.number().optional(),
  /** The lines' total (rate × quantity) and the delivery charge: what the bill charges before points. */
  totalSellingAmount: z.number(),
  redeemAmount: z.number(),
  /** What the customer paid in money. */
  netAmount: z.number(),
  totalBoughtPrice: z.number(),
  pointsUsed: z.number().int(),
  pointsEarned: z.number().int(),
  /** The customer's points right after this bill was saved. */
  customerCreditPoints: z.number().int(),
  returnQuantity: z.number().int(),
  /** Refunded in money, and given back as points, by returns. */
  returnAmount: z.number(),
  pointsReturned: z.number().int(),
  mailed: z.boolean(),
  printed: z.boolean(),
  reBills: z.number().int(),
  /** The storefront order that paid for this bill; absent for bills made at the till. */
  orderId: z.string().optional(),
  /**
   * The bill's part on the customer's account (docs/customer-credit.md) and the customer's balance right after it;
   * `approvedBy` the manager who let it pass the credit limit.
   */
  account: z.object({ amount: z.number(), balanceAfter: z.number(), approvedBy: z.string().optional() }).optional(),
  purchasedProduct: z.array(purchasedProduct),
  version: z.number().int(),
  ...auditFields,
});

export type Purchase = z.output<typeof purchase>;

/** `GET /purchase/{id}` and `/purchase/review/{id}`: the bill, and the points the customer could redeem if it is edited. */
export const purchaseDetail = purchase.extend({
  /** The customer's points as they were before this bill: what an edit of it may redeem. */
  redeemablePoints: z.number().int(),
});

export type PurchaseDetail = z.output<typeof purchaseDetail>;

export const purchaseSaved = purchase.extend({
  /** Whether the receipt e-mail was sent (asked for with `mail`). */
  mailSent: z.boolean().optional(),
  /** Why it was not: no e-mail address on the customer, or the mail service refused. */
  mailProblem: z.string().optional(),
});

// ---------------------------------------------------------------- order lists

/** The total row of an order list over all the rows it lists (not just the page). */
export const lineTotals = z.object({
  rows: z.number().int(),
  orderQuantity: z.number().int(),
  returnQuantity: z.number().int(),
  /**
   * The Price column's total. A day's list values its lines as billed (rate × units billed): a later return is booked
   * on the day of its refund (shared/figures.ts), not taken off the day of the bill. A customer's list values what
   * each line holds now (rate × units kept).
   */
  price: z.number(),
  /** Rate × units billed, and the part of it returned since: the gross and the deduction beside a net Price. */
  billed: z.number(),
  returned: z.number(),
});

export type LineTotals = z.output<typeof lineTotals>;

/** The total row of a day's order list, from the day's figures. */
export const orderTotals = lineTotals.extend({
  date: z.string(),
  bills: z.number().int(),
  /** The day's money (shared/figures.ts): goods billed, points redeemed, sold, the refunds made that day, net sold. */
  figures: salesSummary,
});

/** A credit note line: the returned units and the tax reversed at the bill's rates (rupees, percent). */
export const creditNoteLine = z.object({
  productName: z.string(),
  artcode: z.string(),
  hsnCode: z.string().optional(),
  unit: z.string(),
  quantity: z.number().int(),
  rate: z.number(),
  gst: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  value: z.number(),
});

/** A credit note (rule 53) as printed and mailed: issued by a return, against the bill's invoice. */
export const creditNote = z.object({
  shop: z.lazy(() => shopInfo),
  purchaseId: z.number().int(),
  returnId: z.number().int(),
  /** Absent for a return of a bill from before tax invoices. */
  creditNoteNumber: z.string().optional(),
  creditNoteDate: z.string(),
  originalInvoiceNumber: z.string().optional(),
  originalInvoiceDate: z.string().optional(),
  customerName: z.string(),
  mobileNumber: z.string(),
  customerGstin: z.string().optional(),
  /** Rule 53: a registered recipient's address (the address on the bill). */
  customerAddress: z.string().optional(),
  placeOfSupply: z.string(),
  supply: z.enum(['intra', 'inter']),
  documentType: z.enum(['TAX_INVOICE', 'BILL_OF_SUPPLY']),
  lines: z.array(creditNoteLine),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  tax: z.number(),
  value: z.number(),
  valueInWords: z.string(),
  paymentMode: z.string(),
  refund: z.number(),
  /** How the refund was given, in parts adding up to it. */
  refundTenders: z.array(tenderView).optional(),
});

export type CreditNote = z.output<typeof creditNote>;

export const returnDone = z.object({
  message: z.literal(RETURN_DONE),
  returnId: z.number().int(),
  /** The credit note the return issued. */
  creditNote: creditNote.optional(),
  /** Refunded in money, in the chosen Bill Type. */
  refund: z.number(),
  /** Given back as credit points (the part of the goods paid with points). */
  pointsBack: z.number().int(),
  /** Points earned on the refunded money, taken back. */
  pointsTakenBack: z.number().int(),
  purchase,
  mailSent: z.boolean().optional(),
  mailProblem: z.string().optional(),
});

export const reBillDone = z.object({
  message: z.literal(BILL_GENERATED),
  purchase,
  mailSent: z.boolean().optional(),
  mailProblem: z.string().optional(),
});

// ---------------------------------------------------------------- receipt

export const shopInfo = z.object({
  displayName: z.string(),
  address: z.string(),
  gstNumber: z.string(),
  /** `29-Karnataka`: the shop's state as invoices print it. */
  state: z.string().optional(),
  /** false: the shop issues Bills of Supply. */
  gstRegistered: z.boolean().optional(),
});

/** One row of the HSN-wise summary of an invoice (rupees, percent). */
export const hsnSummaryRow = z.object({
  hsnCode: z.string(),
  unit: z.string(),
  quantity: z.number(),
  gst: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  value: z.number(),
});

/**
 * A storefront order's delivery charge as the invoice prints it: a line of a composite supply, at the rate and under
 * the HSN code of its principal supply (rupees, percent).
 */
export const deliveryLine = z.object({
  hsnCode: z.string().optional(),
  unit: z.string(),
  gst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  taxable: z.number(),
  cgstPrice: z.number(),
  sgstPrice: z.number(),
  igstPrice: z.number(),
  /** The charge, GST included. */
  amount: z.number(),
});

/** What the receipt (printed, e-mailed as PDF) shows: the shop, the bill's lines still with the customer, totals. */
export const receipt = z.object({
  shop: shopInfo,
  /** 'Tax Invoice' or 'Bill of Supply' (a shop not registered for GST: no tax columns). */
  title: z.enum(['Tax Invoice', 'Bill of Supply']),
  /** `29-Karnataka`: the place of supply as invoices print it. */
  placeOfSupply: z.string(),
  supply: z.enum(['intra', 'inter']),
  reverseCharge: z.literal('No'),
  /** The amount in words, Indian numbering. */
  amountInWords: z.string(),
  hsnSummary: z.array(hsnSummaryRow),
  /** Credit notes issued against this invoice by returns. */
  creditNotes: z.array(z.object({ returnId: z.number().int(), creditNoteNumber: z.string().optional(), creditNoteDate: z.string(), value: z.number() })),
  purchase,
  /** The lines with units still with the customer, their figures for those units. */
  lines: z.array(purchasedProduct),
  /** The delivery charge line of a storefront order; the totals include it. */
  delivery: deliveryLine.optional(),
  /**
   * Rule 46: the recipient's address, printed for a registered recipient and for an unregistered one when the
   * invoice's value is above ₹50,000 (the customer's address as billed).
   */
  recipientAddress: z.string().optional(),
  /** Rule 46: the address of delivery of a storefront order (its shipping address), `name, line, city PIN, state`. */
  deliveryAddress: z.string().optional(),
  totals: z.object({
    grossAmount: z.number(),
    discount: z.number(),
    taxable: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    tax: z.number(),
    totalSellingAmount: z.number(),
    redeemAmount: z.number(),
    returnAmount: z.number(),
    /** Paid in money, less refunds. */
    netAmount: z.number(),
  }),
  paymentStatus: z.literal(PAYMENT_STATUS_PAID),
});

export type Receipt = z.output<typeof receipt>;

export type DeliveryLine = z.output<typeof deliveryLine>;

// ---------------------------------------------------------------- monthly sales report

export const monthlySales = z.object({
  month: z.number().int(),
  year: z.number().int(),
  rows: z.array(salesRow),
  /** Sold (money received for the month's bills) by mode, before returns. */
  online: z.number(),
  cash: z.number(),
  total: z.number(),
  /** Every sales figure of the month (shared/figures.ts): goods, points redeemed, sold, returns, net. */
  figures: salesSummary,
  /** Cash in hand (cash takings − cash refunds − expenses paid in cash), and the online balance beside it. */
  cashSummary,
});

export type MonthlySales = z.output<typeof monthlySales>;

/** A line of a held bill as the till made it: MRP and selling price in rupees, GST in percent. */
export const heldLine = z.object({
  productId: z.number().int(),
  productName: z.string().optional(),
  artcode: z.string(),
  quantity: z.number().int(),
  sellingPrice: z.number(),
  price: z.number().optional(),
  cgst: z.number().optional(),
  sgst: z.number().optional(),
});

/**
 * An offline bill the server could not save as it was made, kept until it is resolved: by the till sending it again
 * fixed, by a manager recording it as sold against negative stock, or by a manager discarding it.
 */
export const heldBill = z.object({
  key: z.string(),
  state: z.enum(HELD_STATES),
  provisionalNumber: z.string(),
  deviceId: z.string(),
  madeOn: z.string(),
  /** Who sent it (the cashier signed in on the till) and when it first arrived. */
  sentBy: z.string(),
  sentOn: z.string(),
  customerName: z.string().optional(),
  mobileNumber: z.string().optional(),
  paymentMode: z.enum(PAYMENT_MODES),
  lines: z.array(heldLine),
  grossAmount: z.number(),
  netAmount: z.number(),
  redeemAmount: z.number(),
  problems: z.array(billProblem),
  /** Once saved (resolved or sold against negative stock). */
  purchaseId: z.number().int().optional(),
  invoiceNumber: z.string().optional(),
  /** Why a manager sold it against negative stock or discarded it, who, and when. */
  reason: z.string().optional(),
  by: z.string().optional(),
  decidedOn: z.string().optional(),
});

export type HeldBill = z.output<typeof heldBill>;

export const heldCount = z.object({ held: z.number().int() });
