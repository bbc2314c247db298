import * as z from 'zod';
import { auditFields, pageQuery, searchText } from './common.js';
import { cashSummary, salesSummary } from './figures.js';
import { monthYearParams, purchasedProduct, salesRow } from './purchase-rows.js';
import {
  CUSTOMER_REQUIRED,
  ADD_PRODUCTS,
  QUANTITY_REQUIRED,
  QUANTITY_NOT_ZERO,
  SELLING_PRICE_REQUIRED,
  SELLING_PRICE_NOT_ZERO,
  MOBILE_INVALID,
  RETURN_QUANTITY_REQUIRED,
  RETURN_QUANTITY_NOT_ZERO,
  BILL_GENERATED,
  RETURN_DONE,
  PAYMENT_STATUS_PAID,
  CHOOSE_PRINT_OR_MAIL,
  SELECT_RETURN_LINES,
  correctQuantity,
  correctSellingPrice,
  MAX_BILL_LINES,
  TOO_MANY_LINES,
  TOO_MANY_RETURN_LINES,
  PAYMENT_MODES,
  type PaymentMode,
  OFFLINE_NEEDS_KEY,
  PAPERS,
  HELD_STATES,
  REASON_REQUIRED,
} from './purchase-messages.js';

/**
 * The point of sale (spec 2 sections 2 to 9, spec 3 "Cash receipt"): bills, returns, re-bills, order lists and the
 * monthly sales report. Amounts travel in rupees (at most two decimals) and GST rates in percent, as the screens
 * show them; the server stores paise and basis points and recomputes every figure with shared/bill.ts.
 */

export * from './purchase-messages.js';
export * from './purchase-rows.js';

const paymentMode = z
  .string({ error: 'Please choose the Bill Type (Cash or Online).' })
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['cash', 'online'], { error: 'Please choose the Bill Type (Cash or Online).' }))
  .transform((v): PaymentMode => (v === 'cash' ? 'Cash' : 'Online'));

/** Rupees as typed or computed: a number or numeric text with at most two decimals, not negative. */
export const rupees = (label: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: `${label} should be an amount in rupees.` })
    .pipe(
      z
        .number()
        .min(0, `${label} should not be negative.`)
        .max(10_000_000, `${label} is too large.`)
        .refine((v) => Number(v.toFixed(2)) === v, `${label} has at most two decimals.`),
    );

const percent = z.number().min(0).max(100).refine((v) => Number(v.toFixed(2)) === v, 'A GST rate has at most two decimals.');

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

// ---------------------------------------------------------------- placing a bill

/**
 * One product row of the Place Order screen. Rows without a chosen product (the empty rows the screen starts
 * with) are dropped; a chosen product needs a quantity and a selling price.
 */
const lineInput = z.object({
  /** The line's number on an existing bill (PUT); new rows leave it out. */
  purchasedProductId: z.number().int().positive().optional(),
  productId: z.coerce.number().int().positive(),
  productName: z.string().trim().max(200).optional(),
  artcode: z.string({ error: 'Artcode is required.' }).trim().min(1, 'Artcode is required.').max(50),
  /** Checked in the bill's refinement so the messages name the product. */
  quantity: z.unknown().optional(),
  /** MRP of one unit as the screen showed it; must be the stock line's. */
  price: rupees('MRP').optional(),
  sellingPrice: z.unknown().optional(),
  cgst: percent.optional(),
  sgst: percent.optional(),
  /** What the screen showed for the line (rate × quantity); checked when sent. */
  purchasedPrice: rupees('Net Price').optional(),
});

/** 16 to 64 letters, digits, '-' or '_': a UUID, or random bytes in hex where the browser has no randomUUID. */
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'The idempotency key should be 16 to 64 letters, digits, - or _.');

// ---------------------------------------------------------------- bills made offline (docs/point-of-sale.md, "Bills made offline")

/** Where and when a bill was made while the till had no network; the server books it on that day (docs/point-of-sale.md, "Bills made offline"). */
export const offlineBlock = z.object({
  madeOn: z.iso.datetime({ offset: true, error: 'The time the bill was made should be a date and time.' }),
  /** The number printed on the provisional receipt, until the bill gets its tax invoice number. */
  provisionalNumber: z
    .string({ error: 'The provisional number is required.' })
    .regex(/^[A-Za-z0-9-]{1,32}$/, 'The provisional number should be 1 to 32 letters, digits or -.'),
  deviceId: z.string({ error: 'The till is required.' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'The till id should be 16 to 64 letters, digits, - or _.'),
});
export type OfflineBlock = z.output<typeof offlineBlock>;

export const BILL_PROBLEM_KINDS = ['stockShort', 'priceChanged', 'taxChanged', 'productDeleted', 'productUnknown', 'pointsShort', 'customerUnknown'] as const;
export type BillProblemKind = (typeof BILL_PROBLEM_KINDS)[number];

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

const isChosen = (row: unknown) => typeof row === 'object' && row !== null && !isBlank((row as { productId?: unknown }).productId);

export const purchaseBody = z
  .object({
    customerId: z.coerce.number().int().positive().optional(),
    mobileNumber: z.string().trim().regex(/^\d{10}$/, MOBILE_INVALID).optional(),
    customerName: z.string().trim().max(100).optional(),
    paymentMode,
    /** Redeem the customer's credit points (offered above 100 points). */
    redeem: z.boolean().default(false),
    purchasedProduct: z
      .array(z.unknown(), { error: ADD_PRODUCTS })
      .transform((rows) => rows.filter(isChosen))
      .pipe(z.array(lineInput).min(1, ADD_PRODUCTS).max(MAX_BILL_LINES, TOO_MANY_LINES)),
    /** The totals the screen showed after Calculate; the server's must be the same. */
    grossAmount: rupees('Gross Amount'),
    discount: rupees('Discount'),
    tax: rupees('Tax'),
    /** What the customer pays: the net after redemption. */
    netAmount: rupees('Net Amount'),
    redeemAmount: rupees('Redeem Amount').default(0),
    /** E-mail the receipt (PDF) to the customer after saving. */
    mail: z.boolean().default(false),
    /** Printed by the browser; recorded so the bill shows how the receipt went out. */
    print: z.boolean().default(false),
    version: z.number().int().min(0).optional(),
    /**
     * Chosen by the screen once per bill it is saving and sent again with every retry of that save (a network retry,
     * a double click): the server saves one bill per key and answers a repeat with the bill the key saved.
     */
    idempotencyKey: idempotencyKey.optional(),
    /** Set by a till that made the bill without network and sends it from its queue. */
    offline: offlineBlock.optional(),
  })
  .superRefine((bill, ctx) => {
    if (bill.offline && !bill.idempotencyKey) ctx.addIssue({ code: 'custom', message: OFFLINE_NEEDS_KEY, path: ['idempotencyKey'] });
    if (bill.customerId === undefined && bill.mobileNumber === undefined) {
      ctx.addIssue({ code: 'custom', message: CUSTOMER_REQUIRED, path: ['mobileNumber'] });
    }
    bill.purchasedProduct.forEach((line, i) => {
      const name = line.productName || line.artcode;
      const problem = quantityProblem(line.quantity, name) ?? sellingPriceProblem(line.sellingPrice, name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['purchasedProduct', i, problem.field] });
    });
    if (bill.grossAmount <= 0) ctx.addIssue({ code: 'custom', message: 'A bill needs a Gross Amount above 0.', path: ['grossAmount'] });
  })
  .transform((bill) => ({
    ...bill,
    purchasedProduct: bill.purchasedProduct.map((line) => ({
      ...line,
      quantity: Number(line.quantity),
      sellingPrice: Number(line.sellingPrice),
    })),
  }));
export type PurchaseBody = z.output<typeof purchaseBody>;
export type PurchaseLineBody = PurchaseBody['purchasedProduct'][number];

function quantityProblem(value: unknown, name: string) {
  if (isBlank(value)) return { field: 'quantity', message: QUANTITY_REQUIRED };
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return { field: 'quantity', message: correctQuantity(name) };
  if (n === 0) return { field: 'quantity', message: QUANTITY_NOT_ZERO };
  if (!Number.isInteger(n) || n < 0 || n > 100_000) return { field: 'quantity', message: correctQuantity(name) };
  return undefined;
}

function sellingPriceProblem(value: unknown, name: string) {
  if (isBlank(value)) return { field: 'sellingPrice', message: SELLING_PRICE_REQUIRED };
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || Number(n.toFixed(2)) !== n) {
    return { field: 'sellingPrice', message: correctSellingPrice(name) };
  }
  if (n === 0) return { field: 'sellingPrice', message: SELLING_PRICE_NOT_ZERO };
  return undefined;
}

// ---------------------------------------------------------------- stored bills as the API answers them

export const purchase = z.object({
  purchaseId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  mobileNumber: z.string(),
  emailId: z.string().optional(),
  address: z.string().optional(),
  paymentMode: z.enum(PAYMENT_MODES),
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

export const dateParam = z.iso.date({ error: 'Enter a valid date' });
export const mobileParam = z.string().trim().regex(/^\d{10}$/, MOBILE_INVALID);

export const exportQuery = z.object({
  format: z.enum(['pdf', 'xlsx'], { error: "Choose the format 'pdf' or 'xlsx'." }).default('pdf'),
});

/** Searches of the day's list may be limited to one day with `?date=`. */
export const searchQuery = pageQuery.extend({ date: dateParam.optional() });
export const searchCountQuery = z.object({ date: dateParam.optional() });
/** The total row while searching covers one day's matching lines. */
export const searchTotalsQuery = z.object({ date: dateParam });
/** A customer's total row: all their lines, or those whose product name or artcode starts with `?search=`. */
export const customerTotalsQuery = z.object({ search: searchText.optional() });

// ---------------------------------------------------------------- returns and re-bills

export const returnBody = z
  .object({
    /** The Bill Type of the refund: CASH or ONLINE (either spelling). */
    paymentMode,
    purchasedProduct: z
      .array(
        z.object({
          purchasedProductId: z.number().int().positive(),
          productName: z.string().optional(),
          /** Units returned; leave out with `whole: true` to return all that remain. */
          returnQuantity: z.unknown().optional(),
          whole: z.boolean().default(false),
        }),
        { error: SELECT_RETURN_LINES },
      )
      .min(1, SELECT_RETURN_LINES)
      .max(MAX_BILL_LINES, TOO_MANY_RETURN_LINES),
    /** The Return Amount the screen calculated; the server's must be the same. */
    returnAmount: rupees('Return Amount'),
    mail: z.boolean().default(false),
    print: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.purchasedProduct.forEach((line, i) => {
      if (seen.has(line.purchasedProductId)) ctx.addIssue({ code: 'custom', message: 'A line can be returned once per return.', path: ['purchasedProduct', i] });
      seen.add(line.purchasedProductId);
      if (line.whole) return;
      const q = line.returnQuantity;
      const message = isBlank(q)
        ? RETURN_QUANTITY_REQUIRED
        : Number(q) === 0
          ? RETURN_QUANTITY_NOT_ZERO
          : !Number.isInteger(Number(q)) || Number(q) < 0
            ? `Return Quantity of ${line.productName ?? `line ${line.purchasedProductId}`} is invalid.`
            : undefined;
      if (message) ctx.addIssue({ code: 'custom', message, path: ['purchasedProduct', i, 'returnQuantity'] });
    });
  })
  .transform((body) => ({
    ...body,
    purchasedProduct: body.purchasedProduct.map((line) => ({
      purchasedProductId: line.purchasedProductId,
      returnQuantity: line.whole ? undefined : Number(line.returnQuantity),
    })),
  }));
export type ReturnBody = z.output<typeof returnBody>;

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

export const reBillBody = z
  .object({ print: z.boolean().default(false), mail: z.boolean().default(false) })
  .refine((b) => b.print || b.mail, CHOOSE_PRINT_OR_MAIL);

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

export const paymentModeParams = monthYearParams.extend({ mode: paymentMode });

export const purchaseIdParams = z.object({
  purchaseId: z.coerce.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
});
/** A credit note is the return it was issued by: the bill and the return's number on it. */
export const creditNoteParams = purchaseIdParams.extend({
  returnId: z.coerce.number({ error: 'Enter a valid return number' }).int('Enter a valid return number').positive('Enter a valid return number'),
});
/** The paper a document is printed on: A4, or the till's 80 mm thermal roll. */
export const paperQuery = z.object({
  paper: z.enum(PAPERS, { error: 'Choose the paper: a4 or roll80.' }).default('a4'),
});
export const idParams = z.object({
  id: z.coerce.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
});

// ---------------------------------------------------------------- held bills (offline bills the server refused)

/** The idempotency key of the offline bill, which names its held bill. */
export const heldKeyParams = z.object({ key: idempotencyKey });

export const heldDecisionBody = z.object({
  reason: z.string({ error: REASON_REQUIRED }).trim().min(5, REASON_REQUIRED).max(300, 'The reason can be at most 300 characters.'),
});
export type HeldDecisionBody = z.output<typeof heldDecisionBody>;

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
