import * as z from 'zod';
import { pageQuery, searchText } from './common.js';
import { monthYearParams } from './purchase-rows.js';
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
  CHOOSE_PRINT_OR_MAIL,
  SELECT_RETURN_LINES,
  correctQuantity,
  correctSellingPrice,
  MAX_BILL_LINES,
  TOO_MANY_LINES,
  TOO_MANY_RETURN_LINES,
  type PaymentMode,
  OFFLINE_NEEDS_KEY,
  PAPERS,
  REASON_REQUIRED,
} from './purchase-messages.js';

/**
 * The point of sale (spec 2 sections 2 to 9, spec 3 "Cash receipt"): bills, returns, re-bills, order lists and the
 * monthly sales report. Amounts travel in rupees (at most two decimals) and GST rates in percent, as the screens
 * show them; the server stores paise and basis points and recomputes every figure with shared/bill.ts.
 */

export * from './purchase-messages.js';
export * from './purchase-rows.js';

const paymentMode = lazySchema(() => z
  .string({ error: 'Please choose the Bill Type (Cash or Online).' })
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['cash', 'online'], { error: 'Please choose the Bill Type (Cash or Online).' }))
  .transform((v): PaymentMode => (v === 'cash' ? 'Cash' : 'Online')));

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

const percent = lazySchema(() => z.number().min(0).max(100).refine((v) => Number(v.toFixed(2)) === v, 'A GST rate has at most two decimals.'));

const tenderMethod = lazySchema(() => z.enum(TENDER_METHODS, { error: 'Choose how this part is paid: cash, upi, card, bank, razorpay or account.' }));

/**
 * One part of a bill's payment (docs/point-of-sale.md, "Payments"): its method and amount in rupees; the parts add
 * up to the Net Amount. A UPI part the till could not confirm yet (made offline) is `pending`.
 */
const tenderInput = lazySchema(() => z.object({
  method: tenderMethod,
  amount: rupees('The payment'),
  reference: z.string().trim().max(64, 'A payment reference can be at most 64 characters.').optional(),
  pending: z.boolean().optional(),
}));
export type TenderInput = z.output<typeof tenderInput>;

/** One part of a return's refund: cash from the drawer, or a method the bill was paid by. */
const refundTenderInput = lazySchema(() => z.object({ method: tenderMethod, amount: rupees('The refund') }));

/** The Bill Type of a payment or refund in parts is the larger part's mode, whatever mode was sent with them. */
const modeOfAsked = (tenders: { method: TenderMethod; amount: number }[] | undefined, mode: PaymentMode | undefined): PaymentMode =>
  tenders?.length ? modeOfTenders(tenders.map((t) => ({ method: t.method, amount: toPaise(t.amount) })), mode ?? 'Cash') : (mode ?? 'Cash');

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

// ---------------------------------------------------------------- placing a bill

/**
 * One product row of the Place Order screen. Rows without a chosen product (the empty rows the screen starts
 * with) are dropped; a chosen product needs a quantity and a selling price.
 */
const lineInput = lazySchema(() => z.object({
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
}));

/** 16 to 64 letters, digits, '-' or '_': a UUID, or random bytes in hex where the browser has no randomUUID. */
export const idempotencyKey = lazySchema(() => z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'The idempotency key should be 16 to 64 letters, digits, - or _.'));

// ---------------------------------------------------------------- bills made offline (docs/point-of-sale.md, "Bills made offline")

/** Where and when a bill was made while the till had no network; the server books it on that day (docs/point-of-sale.md, "Bills made offline"). */
export const offlineBlock = lazySchema(() => z.object({
  madeOn: z.iso.datetime({ offset: true, error: 'The time the bill was made should be a date and time.' }),
  /** The number printed on the provisional receipt, until the bill gets its tax invoice number. */
  provisionalNumber: z
    .string({ error: 'The provisional number is required.' })
    .regex(/^[A-Za-z0-9-]{1,32}$/, 'The provisional number should be 1 to 32 letters, digits or -.'),
  deviceId: z.string({ error: 'The till is required.' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'The till id should be 16 to 64 letters, digits, - or _.'),
}));
export type OfflineBlock = z.output<typeof offlineBlock>;

export const BILL_PROBLEM_KINDS = ['stockShort', 'priceChanged', 'taxChanged', 'productDeleted', 'productUnknown', 'pointsShort', 'customerUnknown', 'creditLimit'] as const;
export type BillProblemKind = (typeof BILL_PROBLEM_KINDS)[number];

const isChosen = (row: unknown) => typeof row === 'object' && row !== null && !isBlank((row as { productId?: unknown }).productId);

export const purchaseBody = lazySchema(() => z
  .object({
    customerId: z.coerce.number().int().positive().optional(),
    mobileNumber: z.string().trim().regex(/^\d{10}$/, MOBILE_INVALID).optional(),
    customerName: z.string().trim().max(100).optional(),
    /** Cash or Online; may be left out when `tenders` say how the bill is paid (the larger part's mode). */
    paymentMode: paymentMode.optional(),
    /** How the Net Amount is paid, in parts (cash and UPI, say) adding up to it; absent: all of it by the Bill Type. */
    tenders: z.array(tenderInput).max(MAX_TENDERS, `A bill can be paid in at most ${MAX_TENDERS} parts.`).optional(),
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
    /**
     * A manager's approval code for a bill that puts the customer over their credit limit (docs/customer-credit.md),
     * used up by the bill's transaction.
     */
    accountApproval: z.string().trim().regex(/^\d{6}$/, 'An approval code has 6 digits.').optional(),
  })
  .superRefine((bill, ctx) => {
    if (bill.offline && !bill.idempotencyKey) ctx.addIssue({ code: 'custom', message: OFFLINE_NEEDS_KEY, path: ['idempotencyKey'] });
    if (!bill.paymentMode && !bill.tenders?.length) ctx.addIssue({ code: 'custom', message: 'Please choose the Bill Type (Cash or Online).', path: ['paymentMode'] });
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
    paymentMode: modeOfAsked(bill.tenders, bill.paymentMode),
    purchasedProduct: bill.purchasedProduct.map((line) => ({
      ...line,
      quantity: Number(line.quantity),
      sellingPrice: Number(line.sellingPrice),
    })),
  })));
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

export const dateParam = lazySchema(() => z.iso.date({ error: 'Enter a valid date' }));
export const mobileParam = lazySchema(() => z.string().trim().regex(/^\d{10}$/, MOBILE_INVALID));

export const exportQuery = lazySchema(() => z.object({
  format: z.enum(['pdf', 'xlsx'], { error: "Choose the format 'pdf' or 'xlsx'." }).default('pdf'),
}));

/** Searches of the day's list may be limited to one day with `?date=`. */
export const searchQuery = lazySchema(() => pageQuery.extend({ date: dateParam.optional() }));
export const searchCountQuery = lazySchema(() => z.object({ date: dateParam.optional() }));
/** The total row while searching covers one day's matching lines. */
export const searchTotalsQuery = lazySchema(() => z.object({ date: dateParam }));
/** A customer's total row: all their lines, or those whose product name or artcode starts with `?search=`. */
export const customerTotalsQuery = lazySchema(() => z.object({ search: searchText.optional() }));

// ---------------------------------------------------------------- returns and re-bills

export const returnBody = lazySchema(() => z
  .object({
    /** The Bill Type of the refund: CASH or ONLINE (either spelling); may be left out when `refundTenders` are given. */
    paymentMode: paymentMode.optional(),
    /** How the refund is given, in parts adding up to it: cash, or methods the bill was paid by (docs/point-of-sale.md, "Payments"). */
    refundTenders: z.array(refundTenderInput).min(1).max(MAX_TENDERS, `A refund can be given in at most ${MAX_TENDERS} parts.`).optional(),
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
    if (!body.paymentMode && !body.refundTenders) ctx.addIssue({ code: 'custom', message: 'Please choose the Bill Type (Cash or Online).', path: ['paymentMode'] });
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
    paymentMode: modeOfAsked(body.refundTenders, body.paymentMode),
    purchasedProduct: body.purchasedProduct.map((line) => ({
      purchasedProductId: line.purchasedProductId,
      returnQuantity: line.whole ? undefined : Number(line.returnQuantity),
    })),
  })));
export type ReturnBody = z.output<typeof returnBody>;

export const reBillBody = lazySchema(() => z
  .object({ print: z.boolean().default(false), mail: z.boolean().default(false) })
  .refine((b) => b.print || b.mail, CHOOSE_PRINT_OR_MAIL));

export const paymentModeParams = lazySchema(() => monthYearParams.extend({ mode: paymentMode }));

export const purchaseIdParams = lazySchema(() => z.object({
  purchaseId: z.coerce.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
}));
/** A credit note is the return it was issued by: the bill and the return's number on it. */
export const creditNoteParams = lazySchema(() => purchaseIdParams.extend({
  returnId: z.coerce.number({ error: 'Enter a valid return number' }).int('Enter a valid return number').positive('Enter a valid return number'),
}));
/** The paper a document is printed on: A4, or the till's 80 mm thermal roll. */
export const paperQuery = lazySchema(() => z.object({
  paper: z.enum(PAPERS, { error: 'Choose the paper: a4 or roll80.' }).default('a4'),
}));
export const idParams = lazySchema(() => z.object({
  id: z.coerce.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
}));

// ---------------------------------------------------------------- held bills (offline bills the server refused)

/** The idempotency key of the offline bill, which names its held bill. */
export const heldKeyParams = lazySchema(() => z.object({ key: idempotencyKey }));

export const heldDecisionBody = lazySchema(() => z.object({
  reason: z.string({ error: REASON_REQUIRED }).trim().min(5, REASON_REQUIRED).max(300, 'The reason can be at most 300 characters.'),
}));
export type HeldDecisionBody = z.output<typeof heldDecisionBody>;

/** What the server answers, as types: the schemas are in purchase-answers.ts, which requests never load. */
import type {
  billProblem,
  BillProblem,
  purchase,
  Purchase,
  purchaseDetail,
  PurchaseDetail,
  purchaseSaved,
  lineTotals,
  LineTotals,
  orderTotals,
  creditNoteLine,
  creditNote,
  CreditNote,
  returnDone,
  reBillDone,
  shopInfo,
  hsnSummaryRow,
  deliveryLine,
  receipt,
  Receipt,
  DeliveryLine,
  monthlySales,
  MonthlySales,
  heldLine,
  heldBill,
  HeldBill,
  heldCount,
} from './purchase-answers.js';
export type {
  billProblem, BillProblem, purchase, Purchase, purchaseDetail, PurchaseDetail, purchaseSaved, lineTotals, LineTotals,
  orderTotals, creditNoteLine, creditNote, CreditNote, returnDone, reBillDone, shopInfo, hsnSummaryRow, deliveryLine,
  receipt, Receipt, DeliveryLine, monthlySales, MonthlySales, heldLine, heldBill, HeldBill, heldCount,
};
import { lazySchema } from '../lazy.js';
import { toPaise } from '../money.js';
import { MAX_TENDERS, modeOfTenders, TENDER_METHODS, type TenderMethod } from '../tenders.js';
