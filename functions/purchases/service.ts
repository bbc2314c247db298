import { canRedeem, computeBill, creditFigures, REDEEM_ABOVE_POINTS, returnSettlement, shopDay, type BillFigures } from '../../shared/bill.js';
import { DEFAULT_UNIT, lineRates } from '../../shared/gst.js';
import { formatPaise } from '../../shared/format.js';
import { refundBookedOn } from '../../shared/figures.js';
import { divideRounded, toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import { billOnAccount, ACCOUNT_CHANGED, returnToAccount } from '../accounts/ledger.js';
import { byMethodGroup, onAccountOf, refundByMode, refundProblem, refundsOfReturns, tendersOfBill, tendersProblem, type RefundTender, type Tender } from '../../shared/tenders.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { createHash } from 'node:crypto';
import type { CreditNote, Purchase, PurchaseBody, ReturnBody } from '../../shared/schemas/purchase.js';
import {
  BILL_HAS_RETURNS,
  BILL_NOT_FOUND,
  CUSTOMER_NOT_FOUND,
  ONLINE_ORDER_BILL,
  keyUsedFor,
  returnQuantityTooHigh,
  BILL_GENERATED,
  RETURN_DONE,
  type PaymentMode,
} from '../../shared/schemas/purchase-messages.js';
import { customerData } from '../customers/data.js';
import { auditWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { isTransactionConflict, nextId, transact, transactRebuilding, type TransactItem } from '../lib/db.js';
import { Conflict, NotFound, Validation } from '../lib/errors.js';
import { changeLine, lowCountWrites, STOCK_CHANGED, type PreparedStockChange } from '../stock/changes.js';
import { stockData, type StoredStock } from '../stock/data.js';
import { lineSalesFigures, purchaseData, type OpenedBill, type SalesFigures, type StoredLine, type StoredPurchase, type StoredReturn } from './data.js';
import { creditNoteOf, mailReceipt, type MailOutcome } from './receipt.js';
import { billRecords, invoiceFields, nextDocumentNumber, NUMBER_TAKEN } from './bill-records.js';
import { productData, type StoredProduct } from '../products/data.js';
import { tenantData } from '../tenants/data.js';
import type { InvoiceFields } from './data.js';
import { purchaseView, shownName } from './view.js';
import { billMoves, refundMoves, tillWrites } from '../tills/bill-moves.js';

export { BILL_HAS_RETURNS, BILL_NOT_FOUND, ONLINE_ORDER_BILL };
export const BILL_CHANGED = 'This bill was changed by someone else. Please reload it and try again.';
export const CUSTOMER_FIXED = 'The customer of a saved bill cannot be changed.';
/** The customer's points changed between reading and writing (another till billed them): read again and retry. */
const POINTS_CHANGED = 'The credit points of the customer changed while saving. Please Calculate again.';
/**
 * A bill made offline (or held and then sold by a manager) redeemed points the customer no longer holds: reading
 * again cannot help, so the bill is held for the manager with the problem named, never saved with points spent twice.
 */
export const POINTS_SHORT = 'The customer no longer holds the credit points this bill redeemed. Discard the bill, or send it again without the points.';
export const TOO_LARGE = 'This change touches too many products for one save. Please split it into two bills.';

/** DynamoDB writes at most 100 items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;
export const PRODUCT_DELETED = (name: string, artcode: string) => `${name} (${artcode}) was deleted from the catalogue and cannot be sold.`;

export async function openBill(tenantId: string, purchaseId: number, consistent = false): Promise<OpenedBill> {
  const opened = await purchaseData.open(tenantId, purchaseId, consistent);
  if (!opened) throw new NotFound(BILL_NOT_FOUND);
  return opened;
}

/** A bill as its audit record shows it: the bill's own fields and, in short, what each line sold. */
const auditedBill = ({ bill, lines }: Pick<OpenedBill, 'bill' | 'lines'>) => ({
  ...bill,
  lines: lines.map((l) => ({ product: `${l.productName} (${l.artcode})`, quantity: l.quantity, returned: l.returnQuantity, rate: l.rate })),
});

// ---------------------------------------------------------------- one atomic write, retried on a lost race

const isRetryable = (error: unknown) =>
  (error instanceof Conflict && [STOCK_CHANGED, POINTS_CHANGED, BILL_CHANGED, NUMBER_TAKEN, ACCOUNT_CHANGED].includes(error.message)) || isTransactionConflict(error);

export interface Prepared<T> {
  items: TransactItem[];
  messages: (string | undefined)[];
  result: T;
}

/**
 * Writes what `prepare` builds as one transaction. A stock line, the customer's points or the bill changed by another
 * till in between make it read everything again and rebuild, so the loser of a race gets the true message ('Only 0
 * in Stock for …', 'has already been returned') rather than a generic conflict. An edit made from an older read of
 * the bill is refused in `prepare` by the version the screen sent, so a retry never overwrites someone's change.
 */
async function writeAtomically<T>(prepare: () => Promise<Prepared<T>>): Promise<T> {
  // Many tills on one shelf lose many races in a row; each new read shows whether the stock still suffices, so
  // only a real shortage ('Only 0 in Stock') ends the retries early.
  return transactRebuilding(async () => {
    const prepared = await prepare();
    if (prepared.items.length > MAX_TRANSACTION_ITEMS) throw new Validation(TOO_LARGE);
    return prepared;
  }, isRetryable);
}

// ---------------------------------------------------------------- the customer and their points

export async function customerOfBill(tenantId: string, body: Pick<PurchaseBody, 'customerId' | 'mobileNumber'>): Promise<Customer> {
  const customer =
    body.customerId !== undefined ? await customerData.byId(tenantId, body.customerId) : await customerData.byMobile(tenantId, body.mobileNumber!);
  if (!customer) throw new Validation(CUSTOMER_NOT_FOUND);
  if (body.mobileNumber !== undefined && customer.mobileNumber !== body.mobileNumber) throw new Validation(CUSTOMER_NOT_FOUND);
  return customer;
}

/**
 * What a bill (or an edit of one) does to the customer's points, as one counter move: `delta` added, and `need`, the
 * points the customer must hold at the moment of the write. The bill spends only points the customer holds without
 * it (an edit's own earlier redemption given back, its earlier earning taken away first), and the balance stays at
 * or above zero. The condition is checked in the bill's own transaction, so two bills can never spend the same points.
 */
export function pointsMove(used: number, earned: number, before?: { pointsUsed: number; pointsEarned: number }) {
  const undo = before ? before.pointsUsed - before.pointsEarned : 0;
  const delta = earned - used + undo;
  return { delta, need: Math.max(used - undo, -delta, 0) };
}

// ---------------------------------------------------------------- pricing the lines

export const pairKey = (productId: number, artcode: string) => stockData.pairKey(productId, artcode);

/** The stock lines of these products, each read once (a batch read refuses a key twice). */
export function stockLinesOf(tenantId: string, lines: { productId: number; artcode: string }[]): Promise<Map<string, StoredStock>> {
  const pairs = new Map(lines.map((l) => [pairKey(l.productId, l.artcode), { productId: l.productId, artcode: l.artcode }]));
  return stockData.byProducts(tenantId, [...pairs.values()]);
}

export const noStockOf = (name: string, artcode: string) => `No stock of ${name} (${artcode}). Add in inventory`;
export const mrpNow = (line: StoredStock) => `The MRP of ${line.productName} is now ${formatPaise(line.mrp)}. Please Calculate again.`;
export const gstNow = (line: StoredStock) =>
  `The GST of ${line.productName} is now ${line.cgst / 100}% CGST + ${line.sgst / 100}% SGST. Please Calculate again.`;
type LineInput = PurchaseBody['purchasedProduct'][number];
export const mrpChanged = (input: LineInput, line: StoredStock) => input.price !== undefined && toPaise(input.price) !== line.mrp;
export const gstChanged = (input: LineInput, line: StoredStock) =>
  (input.cgst !== undefined && toBasisPoints(input.cgst) !== line.cgst) || (input.sgst !== undefined && toBasisPoints(input.sgst) !== line.sgst);

interface PricedLine {
  input: PurchaseBody['purchasedProduct'][number];
  stock: StoredStock;
  mrp: number;
  rate: number;
  cgstRate: number;
  sgstRate: number;
}

/**
 * Each line against its stock line: the product must have been received ('Add in inventory'), the MRP and GST the
 * screen used must be the stock line's, and the rate may not exceed the MRP. The rate itself is the cashier's.
 */
function priceLines(lines: PurchaseBody['purchasedProduct'], stock: Map<string, StoredStock>, asSold = false): PricedLine[] {
  return lines.map((input) => {
    const line = stock.get(pairKey(input.productId, input.artcode));
    const name = input.productName || input.artcode;
    if (!line) throw new Validation(noStockOf(name, input.artcode));
    const rate = toPaise(input.sellingPrice);
    if (asSold) {
      // A held offline bill a manager records as sold keeps the MRP and GST the customer was charged.
      const mrp = input.price === undefined ? line.mrp : toPaise(input.price);
      const cgstRate = input.cgst === undefined ? line.cgst : toBasisPoints(input.cgst);
      const sgstRate = input.sgst === undefined ? line.sgst : toBasisPoints(input.sgst);
      if (rate > mrp) throw new Validation(`Selling Price of ${line.productName} should not be more than its MRP ${formatPaise(mrp)}.`);
      return { input, stock: line, mrp, rate, cgstRate, sgstRate };
    }
    if (mrpChanged(input, line)) throw new Validation(mrpNow(line));
    if (gstChanged(input, line)) throw new Validation(gstNow(line));
    if (rate > line.mrp) throw new Validation(`Selling Price of ${line.productName} should not be more than its MRP ${formatPaise(line.mrp)}.`);
    return { input, stock: line, mrp: line.mrp, rate, cgstRate: line.cgst, sgstRate: line.sgst };
  });
}

/** The bill's figures as the screen sent them must be the server's, to the paisa. */
function checkFigures(body: PurchaseBody, figures: BillFigures) {
  const compare = (label: string, sent: number, expected: number) => {
    if (toPaise(sent) !== expected) {
      throw new Validation(`The bill's ${label} is ${formatPaise(toPaise(sent))} but its lines make ${formatPaise(expected)}. Please Calculate again.`, {
        field: label,
        sent,
        expected: expected / 100,
      });
    }
  };
  body.purchasedProduct.forEach((line, i) => {
    if (line.purchasedPrice !== undefined) compare(`Net Price of ${line.productName || line.artcode}`, line.purchasedPrice, figures.lines[i]!.net);
  });
  compare('Gross Amount', body.grossAmount, figures.totals.gross);
  compare('Discount', body.discount, figures.totals.discount);
  compare('Tax', body.tax, figures.totals.tax);
  compare('Redeem Amount', body.redeemAmount, figures.redeemed);
  compare('Net Amount', body.netAmount, figures.paid);
}

function redemptionPoints(body: PurchaseBody, customer: Customer, available: number, offlinePoints?: number): number | undefined {
  if (!body.redeem) return undefined;
  // An offline bill redeems what the till redeemed, checked against the customer's points before saving.
  if (offlinePoints !== undefined) return offlinePoints;
  if (!canRedeem(available)) {
    throw new Validation(`Credit points can be redeemed above ${REDEEM_ABOVE_POINTS} points only; ${shownName(customer.customerName)} has ${available}.`);
  }
  return available;
}

// ---------------------------------------------------------------- the daily sales figures

/**
 * The tenders a bill is saved with: those the screen sent, in paise, adding up to what the customer pays in money;
 * none when it sent only the Bill Type (all of it paid that way).
 */
export function tendersOfBody(body: Pick<PurchaseBody, 'tenders'>, paid: number): Tender[] | undefined {
  if (!body.tenders) return undefined;
  const tenders = body.tenders.map(
    (t): Tender => ({ method: t.method, amount: toPaise(t.amount), ...(t.reference ? { reference: t.reference } : {}), ...(t.pending ? { pending: true } : {}) }),
  );
  const problem = tendersProblem(tenders, paid);
  if (problem) throw new Validation(problem, { field: 'tenders' });
  return tenders;
}

/** What a bill adds to its sale day. Cash and online takings follow its tenders; its count, its Bill Type. */
function saleFigures(bill: StoredPurchase): SalesFigures {
  const cash = bill.paymentMode === 'Cash';
  const paidBy = byMethodGroup(tendersOfBill(bill));
  const cashPaid = paidBy.cash;
  const cashCost = bill.paid > 0 ? divideRounded(bill.cost * cashPaid, bill.paid) : cash ? bill.cost : 0;
  return {
    bills: 1,
    cashBills: cash ? 1 : 0,
    onlineBills: cash ? 0 : 1,
    lines: bill.lineCount,
    soldQuantity: bill.soldQuantity,
    gross: bill.gross,
    discount: bill.discount,
    taxable: bill.taxable,
    cgst: bill.cgst,
    sgst: bill.sgst,
    igst: bill.igst ?? 0,
    tax: bill.tax,
    net: bill.net,
    redeemed: bill.redeemed,
    cashSold: cashPaid,
    // What went on the customer's account is sold but no takings (docs/customer-credit.md).
    onlineSold: bill.paid - cashPaid - paidBy.account,
    ...(paidBy.account ? { accountSold: paidBy.account } : {}),
    ...(paidBy.upi ? { upiSold: paidBy.upi } : {}),
    ...(paidBy.card ? { cardSold: paidBy.card } : {}),
    cashCost,
    onlineCost: bill.cost - cashCost,
    pointsEarned: bill.pointsEarned,
    pointsUsed: bill.pointsUsed,
  };
}

function difference(after: SalesFigures, before: SalesFigures): SalesFigures {
  const keys = new Set([...Object.keys(after), ...Object.keys(before)]) as Set<keyof SalesFigures>;
  return Object.fromEntries([...keys].map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
}

/** One write per day: a transaction may not touch one item twice, so figures of the same day are summed first. */
function salesWrites(tenantId: string, byDay: [string, SalesFigures][]): TransactItem[] {
  const merged = new Map<string, SalesFigures>();
  for (const [day, figures] of byDay) {
    const sum = merged.get(day) ?? {};
    for (const [k, v] of Object.entries(figures) as [keyof SalesFigures, number][]) sum[k] = (sum[k] ?? 0) + v;
    merged.set(day, sum);
  }
  return [...merged].flatMap(([day, figures]) => purchaseData.salesWrite(tenantId, day, figures) ?? []);
}

/** What a bill line adds to its day's per-product sales; -1 takes an edited bill's old line away. */
const soldByLine = (l: StoredLine, sign: 1 | -1) => ({
  stockId: l.stockId,
  units: sign * l.originalQuantity,
  value: sign * l.net,
  cost: sign * l.boughtPrice * l.originalQuantity,
});

// ---------------------------------------------------------------- invoice and credit-note numbers

const INVOICE_KEYS = ['invoiceNumber', 'invoiceSequence', 'financialYear', 'invoiceDate', 'documentType', 'shopState', 'shopGstin', 'placeOfSupply', 'supply', 'customerGstin', 'customerState'] as const;

/** The invoice fields a bill was issued with, which an edit keeps. */
const pickInvoice = (bill: InvoiceFields): InvoiceFields =>
  Object.fromEntries(INVOICE_KEYS.filter((k) => bill[k] !== undefined).map((k) => [k, bill[k]])) as InvoiceFields;

const CREDIT_PARTY_KEYS = ['documentType', 'shopState', 'shopGstin', 'placeOfSupply', 'supply', 'customerGstin'] as const;

/** What a credit note copies of its bill: the parties and the supply it reverses tax for. */
const pickCreditParties = (bill: InvoiceFields): Pick<StoredReturn, (typeof CREDIT_PARTY_KEYS)[number]> =>
  Object.fromEntries(CREDIT_PARTY_KEYS.filter((k) => bill[k] !== undefined).map((k) => [k, bill[k]]));

// ---------------------------------------------------------------- saving a bill (POST and PUT)

/**
 * A product deleted from the catalogue keeps its stock lines for the records, but is not sold any more: a line
 * selling more of it than the bill sold before is refused (an edit may keep what it had already sold).
 */
async function refuseDeletedProducts(tenantId: string, priced: PricedLine[], units: Map<string, number>, unitsBefore: Map<string, number>) {
  const growing = priced.filter((p) => (units.get(pairKey(p.stock.productId, p.stock.artcode)) ?? 0) > (unitsBefore.get(pairKey(p.stock.productId, p.stock.artcode)) ?? 0));
  if (!growing.length) return;
  const existing = new Set((await productData.byIds(tenantId, [...new Set(growing.map((p) => p.stock.productId))])).map((p) => p.productId));
  const gone = growing.find((p) => !existing.has(p.stock.productId));
  if (gone) throw new Validation(PRODUCT_DELETED(gone.stock.productName, gone.stock.artcode));
}

export function stockMovesOf(lines: { productId: number; artcode: string; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const l of lines) units.set(pairKey(l.productId, l.artcode), (units.get(pairKey(l.productId, l.artcode)) ?? 0) + l.quantity);
  return units;
}

interface BillDraft {
  purchaseId: number;
  customer: Customer;
  body: PurchaseBody;
  priced: PricedLine[];
  figures: BillFigures;
  before?: OpenedBill;
  scope: WriteScope;
  pointsAfter: number;
  invoice: InvoiceFields;
  products: Map<number, StoredProduct>;
  saleDate: string;
  tenders?: Tender[];
}

function draftBill(d: BillDraft): { bill: StoredPurchase; lines: StoredLine[] } {
  const { actor } = d.scope;
  const { bill, lines } = billRecords({
    purchaseId: d.purchaseId,
    customer: d.customer,
    paymentMode: d.body.paymentMode,
    saleDate: d.saleDate,
    sold: d.priced.map((p) => ({
      ...p.stock,
      quantity: p.input.quantity,
      mrp: p.mrp,
      rate: p.rate,
      boughtPrice: p.stock.buyingPrice,
      cgstRate: d.invoice.documentType === 'BILL_OF_SUPPLY' ? 0 : p.cgstRate,
      sgstRate: d.invoice.documentType === 'BILL_OF_SUPPLY' ? 0 : p.sgstRate,
      hsnCode: d.products.get(p.stock.productId)?.hsnCode,
      unit: d.products.get(p.stock.productId)?.unit,
      taxability: d.products.get(p.stock.productId)?.taxability,
    })),
    figures: d.figures,
    customerPointsAfter: d.pointsAfter,
    invoice: d.invoice,
    createdOn: d.before?.bill.createdOn ?? actor.now.toISOString(),
    createdBy: d.before?.bill.createdBy ?? actor.userName,
  });
  const paidBy = d.tenders ? { tenders: d.tenders } : {};
  if (!d.before) return { bill: { ...bill, ...paidBy, printed: d.body.print }, lines };
  const { mailed, printed, reBills, version } = d.before.bill;
  const edited = { mailed, printed: d.body.print || printed, reBills, version: version + 1, updatedOn: actor.now.toISOString(), updatedBy: actor.userName };
  return { bill: { ...bill, ...paidBy, ...edited }, lines };
}

// ---------------------------------------------------------------- one bill per idempotency key

/** The failed condition of a save whose key another save (a retry, a double click) has already used. */
const SAVED_BY_KEY = 'This bill has just been saved by the same save.';

/**
 * What a save asks for, so a repeat of it can be told from another bill sent with the same key. Print and mail are
 * left out: a retry may tick them differently, and they do not change the bill.
 */
export function fingerprintOf(body: PurchaseBody, purchaseId: number | undefined): string {
  const { idempotencyKey: _key, mail: _mail, print: _print, ...asked } = body;
  return createHash('sha256')
    .update(JSON.stringify({ purchaseId: purchaseId ?? null, ...asked }))
    .digest('hex');
}

/** The bill an earlier save with this body's key made; a key sent with another bill is refused. */
export async function savedByKey(tenantId: string, body: PurchaseBody, purchaseId: number | undefined): Promise<OpenedBill | undefined> {
  if (!body.idempotencyKey) return undefined;
  const marker = await purchaseData.saveMarker(tenantId, body.idempotencyKey);
  if (!marker) return undefined;
  if (marker.fingerprint !== fingerprintOf(body, purchaseId)) throw new Conflict(keyUsedFor(marker.purchaseId));
  return openBill(tenantId, marker.purchaseId, true);
}

/**
 * Saves a bill once per idempotency key: a repeat of a save that went through (its answer lost on the way, a
 * second click) answers the bill it made and writes nothing. Two copies arriving together both pass the first look;
 * the marker written in the bill's transaction lets one win, and the other answers the winner's bill.
 */
export async function saveBillOnce(scope: WriteScope, body: PurchaseBody, purchaseId?: number, options: SaveOptions = {}): Promise<{ opened: OpenedBill; repeated: boolean }> {
  const earlier = options.keyLookedUp ? undefined : await savedByKey(scope.tenantId, body, purchaseId);
  if (earlier) return { opened: earlier, repeated: true };
  try {
    return { opened: await saveBill(scope, body, purchaseId, options), repeated: false };
  } catch (error) {
    if (!(error instanceof Conflict && error.message === SAVED_BY_KEY)) throw error;
    const winner = await savedByKey(scope.tenantId, body, purchaseId);
    if (!winner) throw error;
    return { opened: winner, repeated: true };
  }
}

/**
 * Saves a bill as one transaction: the bill, its lines, each stock line's new figure (never below zero) with its
 * movement, the customer's points and the sale day's figures. On an edit (`purchaseId` given) stock, points and
 * figures change by the difference between the saved bill and the new one.
 */
export async function saveBill(scope: WriteScope, body: PurchaseBody, purchaseId?: number, options: SaveOptions = {}): Promise<OpenedBill> {
  const id = purchaseId ?? (await nextId(scope.tenantId, 'purchase'));
  return writeAtomically(() => prepareBill(scope, body, id, purchaseId, options));
}

/** How a bill made offline is saved (docs/point-of-sale.md, "Bills made offline"); a bill made at the till online needs none of it. */
export interface SaveOptions {
  /** The shop day the bill was made on: its figures and its invoice series' financial year. */
  saleDate?: string;
  /** The points the till redeemed, instead of all the customer holds now. */
  redeemPoints?: number;
  /** A manager's decision on a held bill: MRP and GST as sold, stock may go below zero, the note on each movement. */
  soldAgainstNegativeStock?: { note: string };
  /** A manager selling a held offline bill: its part on account may pass the limit, approved by them. */
  accountApprovedBy?: string;
  /** The caller has just looked the idempotency key up and found no bill. */
  keyLookedUp?: boolean;
  /** More writes of the bill's transaction, each with the message of its failed condition (the held bill's state). */
  also?: (bill: StoredPurchase) => { item: TransactItem; message: string }[];
}

/**
 * Reads what a bill needs and builds its transaction without writing it: `saveBill` writes it (and builds it again
 * after a lost race); the benchmark writes the same items raw to compare.
 */
export async function prepareBill(scope: WriteScope, body: PurchaseBody, id: number, purchaseId?: number, options: SaveOptions = {}): Promise<Prepared<OpenedBill>> {
  const { tenantId, actor } = scope;
  const before = purchaseId === undefined ? undefined : await openBill(tenantId, purchaseId);
  if (before) {
    // A storefront order was paid through the provider for its lines as they are; the till does not change it.
    if (before.bill.orderId) throw new Conflict(ONLINE_ORDER_BILL);
    if (before.bill.returnCount > 0) throw new Conflict(BILL_HAS_RETURNS);
    if (body.version !== undefined && body.version !== before.bill.version) throw new Conflict(BILL_CHANGED);
  }
  const [customer, shop, products] = await Promise.all([
    customerOfBill(tenantId, body),
    tenantData.get(tenantId),
    productData.byIds(tenantId, [...new Set(body.purchasedProduct.map((l) => l.productId))]),
  ]);
  if (!shop) throw new NotFound('Shop not found.');
  if (before && customer.customerId !== before.bill.customerId) throw new Validation(CUSTOMER_FIXED);
  const units = stockMovesOf(body.purchasedProduct);
  const unitsBefore = stockMovesOf(before?.lines ?? []);
  const stock = await stockLinesOf(tenantId, [...body.purchasedProduct, ...(before?.lines ?? [])]);
  const oversell = options.soldAgainstNegativeStock;
  const priced = priceLines(body.purchasedProduct, stock, oversell !== undefined);
  await refuseDeletedProducts(tenantId, priced, units, unitsBefore);

  // A new bill takes the next number of the shop's invoice series; an edit keeps its number, date and place of supply.
  const saleDate = before?.bill.saleDate ?? options.saleDate ?? shopDay(actor.now);
  const issued = before ? undefined : await nextDocumentNumber(tenantId, 'INVOICE', saleDate);
  const invoice: InvoiceFields = before?.bill.invoiceNumber
    ? pickInvoice(before.bill)
    : invoiceFields({
        shop,
        customer,
        saleDate,
        number: issued && { invoiceNumber: issued.number, invoiceSequence: issued.sequence, financialYear: issued.year },
      });

  // An edit may redeem the points the customer had before this bill: its own redemption undone, its earning too.
  const held = customer.creditPoints ?? 0;
  const heldBefore = before ? held + before.bill.pointsUsed - before.bill.pointsEarned : held;
  // A bill made offline redeemed what the till believed the customer held; short of it now, it is held, not saved.
  if (options.redeemPoints !== undefined && body.redeem && options.redeemPoints > heldBefore) throw new Conflict(POINTS_SHORT);
  const figures = computeBill({
    lines: priced.map((p, i) => ({ mrp: p.mrp, rate: p.rate, quantity: body.purchasedProduct[i]!.quantity, cgstRate: p.cgstRate, sgstRate: p.sgstRate })),
    redeemPoints: redemptionPoints(body, customer, heldBefore, options.redeemPoints),
    supply: invoice.supply,
    billOfSupply: invoice.documentType === 'BILL_OF_SUPPLY',
  });
  checkFigures(body, figures);
  const tenders = tendersOfBody(body, figures.paid);
  const points = pointsMove(figures.pointsUsed, figures.pointsEarned, before?.bill);
  const pointsAfter = held + points.delta;
  if (held < points.need) {
    throw new Validation(`${shownName(customer.customerName)} holds ${held} credit points; this change would take away points already spent.`);
  }
  const productsById = new Map(products.map((p) => [p.productId, p]));
  const { bill, lines } = draftBill({ purchaseId: id, customer, body, priced, figures, before, scope, pointsAfter, invoice, products: productsById, saleDate, tenders });
  const accountMove = await accountMoveOf(scope, { bill, before: before?.bill, customerName: shownCustomer(customer), approvalCode: body.accountApproval, approvedBy: options.accountApprovedBy });

  const items: TransactItem[] = [];
  const messages: (string | undefined)[] = [];
  const add = (item: TransactItem, message?: string) => {
    items.push(item);
    messages.push(message);
  };
  // The key's marker goes first: when a repeat of this save fails on it, its message is the one reported.
  if (body.idempotencyKey) {
    const marker = { key: body.idempotencyKey, purchaseId: id, fingerprint: fingerprintOf(body, purchaseId), createdOn: actor.now.toISOString(), createdBy: actor.userName };
    add(purchaseData.saveMarkerWrite(tenantId, marker), SAVED_BY_KEY);
  }
  // The contended items (stock lines) next: a till that lost the race to them finds out at once, before the bill's
  // other items are written and undone (on the local stack, where a transaction applies its items in order).
  const stockChanges: PreparedStockChange[] = [];
  for (const key of new Set([...units.keys(), ...unitsBefore.keys()])) {
    const delta = (unitsBefore.get(key) ?? 0) - (units.get(key) ?? 0);
    const line = stock.get(key);
    if (delta === 0 || !line) continue;
    const ref = oversell ? `Bill ${id} sold against negative stock: ${oversell.note}` : `Bill ${id}${before ? ' edit' : ''}`;
    const change = changeLine(tenantId, line, { productId: line.productId, artcode: line.artcode, delta, reason: 'sale', ref, actor, belowZero: oversell !== undefined });
    change.items.forEach((item, i) => add(item, change.messages[i]));
    stockChanges.push(change);
  }
  for (const item of lowCountWrites(tenantId, stockChanges)) add(item);
  // The series counter is contended too (every till's next bill), so it comes before the bill's own items.
  if (issued) add(issued.write, NUMBER_TAKEN);
  add(before ? purchaseData.replaceBillWrite(tenantId, bill, before.bill.version) : purchaseData.createBillWrite(tenantId, bill), BILL_CHANGED);
  add(auditWrite(scope, { entity: 'bill', entityId: id, action: before ? 'update' : 'create', before: before && auditedBill(before), after: auditedBill({ bill, lines }) }));
  for (const line of lines) add(purchaseData.putLineWrite(tenantId, line));
  for (const old of before?.lines ?? []) if (old.purchasedProductId > lines.length) add(purchaseData.removeLineWrite(tenantId, old));
  // The new lines overwrite the old ones of the same number and the rest are removed: the counts move by the difference.
  for (const item of purchaseData.customerLineWrites(tenantId, lines, before?.lines)) add(item);

  // An atomic counter move: bills of one customer at once all go through; only a shortage fails the condition.
  if (points.delta !== 0 || points.need > 0) {
    add(customerData.pointsWrite(tenantId, customer.customerId, points.delta, points.need), options.redeemPoints === undefined ? POINTS_CHANGED : POINTS_SHORT);
  }
  const figuresNow = saleFigures(bill);
  for (const item of salesWrites(tenantId, [[bill.saleDate, before ? difference(figuresNow, saleFigures(before.bill)) : figuresNow]])) add(item);
  const byLine = lineSalesFigures([...lines.map((l) => soldByLine(l, 1)), ...(before?.lines ?? []).map((l) => soldByLine(l, -1))]);
  for (const item of purchaseData.lineSalesWrites(tenantId, bill.saleDate, byLine)) add(item);
  for (const { item, message } of options.also?.(bill) ?? []) add(item, message);
  // The cashier's open till session takes the bill's tenders (an edit's difference) in the same transaction.
  for (const { item, message } of await tillWrites(tenantId, actor.userName, billMoves(tendersOfBill(bill), before && tendersOfBill(before.bill)))) add(item, message);
  for (const [item, message] of accountMove) add(item, message);
  return { items, messages, result: { bill, lines, returns: before?.returns ?? [] } };
}

// ---------------------------------------------------------------- the customer's account (docs/customer-credit.md)

const shownCustomer = (customer: Customer) => customer.legalName ?? shownName(customer.customerName);

/**
 * A bill's "On account" part moves the customer's balance in the bill's transaction (an edit: by the difference),
 * and the bill records the amount and the balance after it for its invoice: called before the bill's own write is
 * built, which it completes.
 */
async function accountMoveOf(
  scope: WriteScope,
  input: { bill: StoredPurchase; before?: StoredPurchase; customerName: string; approvalCode?: string; approvedBy?: string },
): Promise<[TransactItem, string | undefined][]> {
  const { bill, before } = input;
  const amount = onAccountOf(tendersOfBill(bill));
  const adds = amount - (before?.account?.amount ?? 0);
  const move = await billOnAccount(scope, {
    customerId: bill.customerId,
    customerName: input.customerName,
    purchaseId: bill.purchaseId,
    invoiceNumber: bill.invoiceNumber,
    adds,
    approvalCode: input.approvalCode,
    approvedBy: input.approvedBy,
  });
  if (amount > 0) {
    const approvedBy = move?.approvedBy ?? before?.account?.approvedBy;
    bill.account = { amount, balanceAfter: move?.balanceAfter ?? before?.account?.balanceAfter ?? 0, ...(approvedBy ? { approvedBy } : {}) };
  } else {
    delete bill.account;
  }
  return move ? move.items.map((item, i) => [item, move.messages[i]]) : [];
}

// ---------------------------------------------------------------- returns

export interface ReturnResult {
  opened: OpenedBill;
  record: StoredReturn;
}

/**
 * Returns units of a bill's lines in one transaction: the lines (each conditioned on the units it still has), the
 * stock coming back with its movements, the bill, a return record, the customer's points and the figures of the
 * return day (refunds) and of the sale day (the order list's Return Qty).
 */
export async function returnGoods(scope: WriteScope, purchaseId: number, body: ReturnBody): Promise<ReturnResult> {
  const { tenantId, actor } = scope;
  const mode: PaymentMode = body.paymentMode;
  return writeAtomically(async () => {
    const opened = await openBill(tenantId, purchaseId);
    const { bill } = opened;
    const byNo = new Map(opened.lines.map((l) => [l.purchasedProductId, l]));
    const returned = body.purchasedProduct.map((asked) => {
      const line = byNo.get(asked.purchasedProductId);
      if (!line) throw new Validation(`Line ${asked.purchasedProductId} is not on bill ${purchaseId}.`);
      if (line.quantity === 0) throw new Validation(`${line.productName} (${line.artcode}) has already been returned.`);
      const quantity = asked.returnQuantity ?? line.quantity;
      if (quantity > line.quantity) throw new Validation(returnQuantityTooHigh(`${line.productName} (${line.artcode})`, line.quantity));
      return { line, quantity, value: line.rate * quantity, cost: line.boughtPrice * quantity };
    });
    const value = returned.reduce((sum, r) => sum + r.value, 0);
    if (toPaise(body.returnAmount) !== value) {
      throw new Validation(`The Return Amount is ${formatPaise(toPaise(body.returnAmount))} but the returned products make ${formatPaise(value)}. Please Calculate again.`);
    }
    const settlement = returnSettlement({
      value,
      paid: bill.paid,
      refundedBefore: bill.refunded,
      pointsEarnedBefore: bill.pointsEarned - bill.pointsTakenBack,
    });
    const customer = await customerData.byId(tenantId, bill.customerId);
    const held = customer?.creditPoints ?? 0;
    // Points come back only as far as this bill spent them and has not given them back yet; points earned on
    // refunded money are taken back as far as the customer still holds them (the rest stays owed by the bill).
    const pointsBack = Math.min(settlement.pointsBack, Math.max(bill.pointsUsed - bill.pointsReturned, 0));
    const pointsTakenBack = customer ? Math.min(settlement.pointsTakenBack, Math.max(held + pointsBack, 0)) : settlement.pointsTakenBack;
    const pointsAfter = held + pointsBack - pointsTakenBack;
    const refundTenders = refundTendersOf(body, settlement.refund, opened);
    const units = returned.reduce((sum, r) => sum + r.quantity, 0);
    const cost = returned.reduce((sum, r) => sum + r.cost, 0);
    const now = actor.now.toISOString();
    const returnDate = refundBookedOn(actor.now);
    // The credit note reverses tax as the bill charged it: its rates, its split, its place of supply.
    const supply = bill.supply ?? 'intra';
    const creditLines = returned.map((r) => {
      const l = r.line;
      const credit = creditFigures({ mrp: l.mrp, rate: l.rate, quantity: r.quantity, cgstRate: l.cgstRate, sgstRate: l.sgstRate }, supply, l.returnQuantity, r.quantity);
      return {
        purchasedProductId: l.purchasedProductId,
        productName: l.productName,
        artcode: l.artcode,
        ...(l.hsnCode ? { hsnCode: l.hsnCode } : {}),
        unit: l.unit ?? DEFAULT_UNIT,
        quantity: r.quantity,
        rate: l.rate,
        ...lineRates(l, supply),
        taxable: credit.taxable,
        cgst: credit.cgst,
        sgst: credit.sgst,
        igst: credit.igst,
        value: r.value,
        cost: r.cost,
      };
    });
    const creditTotal = (pick: (l: (typeof creditLines)[number]) => number) => creditLines.reduce((sum, l) => sum + pick(l), 0);
    // Bills from before tax invoices had no number: their returns carry none either.
    const issued = bill.invoiceNumber ? await nextDocumentNumber(tenantId, 'CREDIT_NOTE', returnDate) : undefined;
    const record: StoredReturn = {
      purchaseId,
      returnId: bill.returnCount + 1,
      paymentMode: mode,
      ...(refundTenders.length ? { refundTenders } : {}),
      lines: creditLines,
      ...(issued
        ? {
            creditNoteNumber: issued.number,
            creditNoteSequence: issued.sequence,
            financialYear: issued.year,
            creditNoteDate: returnDate,
            originalInvoiceNumber: bill.invoiceNumber,
            originalInvoiceDate: bill.invoiceDate ?? bill.saleDate,
          }
        : {}),
      ...pickCreditParties(bill),
      customerName: bill.customerName,
      taxable: creditTotal((l) => l.taxable),
      cgst: creditTotal((l) => l.cgst),
      sgst: creditTotal((l) => l.sgst),
      igst: creditTotal((l) => l.igst),
      tax: creditTotal((l) => l.cgst + l.sgst + l.igst),
      value,
      refund: settlement.refund,
      pointsBack,
      pointsTakenBack,
      returnDate,
      createdOn: now,
      createdBy: actor.userName,
    };
    const linesAfter = new Map(opened.lines.map((l) => [l.purchasedProductId, l]));
    for (const r of returned) {
      linesAfter.set(r.line.purchasedProductId, {
        ...r.line,
        quantity: r.line.quantity - r.quantity,
        returnQuantity: r.line.returnQuantity + r.quantity,
        modified: true,
      });
    }

    const billAfter: StoredPurchase = {
      ...bill,
      returnQuantity: bill.returnQuantity + units,
      refunded: bill.refunded + settlement.refund,
      returnedValue: bill.returnedValue + value,
      pointsReturned: bill.pointsReturned + pointsBack,
      pointsTakenBack: bill.pointsTakenBack + pointsTakenBack,
      returnCount: record.returnId,
      customerPointsAfter: customer ? pointsAfter : bill.customerPointsAfter,
      version: bill.version + 1,
      updatedOn: now,
      updatedBy: actor.userName,
    };

    const items: TransactItem[] = [];
    const messages: (string | undefined)[] = [];
    const add = (item: TransactItem, message?: string) => {
      items.push(item);
      messages.push(message);
    };
    add(purchaseData.replaceBillWrite(tenantId, billAfter, bill.version), BILL_CHANGED);
    add(purchaseData.createReturnWrite(tenantId, record), BILL_CHANGED);
    add(auditWrite(scope, { entity: 'bill', entityId: purchaseId, action: 'return', before: auditedBill(opened), after: auditedBill({ bill: billAfter, lines: [...linesAfter.values()] }) }));
    if (issued) add(issued.write, NUMBER_TAKEN);
    for (const r of returned) {
      add(
        purchaseData.returnLineWrite(tenantId, linesAfter.get(r.line.purchasedProductId)!, r.quantity),
        returnQuantityTooHigh(`${r.line.productName} (${r.line.artcode})`, r.line.quantity),
      );
    }
    for (const item of purchaseData.customerLineWrites(tenantId, returned.map((r) => linesAfter.get(r.line.purchasedProductId)!), returned.map((r) => r.line))) add(item);
    const back = stockMovesOf(returned.map((r) => ({ productId: r.line.productId, artcode: r.line.artcode, quantity: r.quantity })));
    const stock = await stockLinesOf(tenantId, returned.map((r) => r.line));
    const stockChanges: PreparedStockChange[] = [];
    for (const [key, delta] of back) {
      const line = stock.get(key);
      // A product whose stock line was removed since the sale takes the goods back without a shelf to put them on.
      if (!line) continue;
      const change = changeLine(tenantId, line, { productId: line.productId, artcode: line.artcode, delta, reason: 'return', ref: `Bill ${purchaseId} return ${record.returnId}`, actor });
      change.items.forEach((item, i) => add(item, change.messages[i]));
      stockChanges.push(change);
    }
    for (const item of lowCountWrites(tenantId, stockChanges)) add(item);
    if (customer && pointsAfter !== held) {
      add(customerData.pointsWrite(tenantId, customer.customerId, pointsBack - pointsTakenBack, Math.max(pointsTakenBack - pointsBack, 0)), POINTS_CHANGED);
    }
    const refundedBy = byMethodGroup(refundTenders);
    const cashRefund = refundedBy.cash;
    const returnDay: SalesFigures = {
      returnCount: 1,
      returnedQuantity: units,
      returnedValue: value,
      returnedCost: cost,
      cashReturns: cashRefund,
      onlineReturns: settlement.refund - cashRefund - refundedBy.account,
      ...(refundedBy.account ? { accountReturns: refundedBy.account } : {}),
      ...(refundedBy.upi ? { upiReturns: refundedBy.upi } : {}),
      ...(refundedBy.card ? { cardReturns: refundedBy.card } : {}),
      pointsEarned: -pointsTakenBack,
      pointsUsed: -pointsBack,
    };
    const saleDay: SalesFigures = { soldReturnedQuantity: units, soldReturnedValue: value };
    for (const item of salesWrites(tenantId, [[record.returnDate, returnDay], [bill.saleDate, saleDay]])) add(item);
    for (const { item, message } of await tillWrites(tenantId, actor.userName, refundMoves(refundTenders))) add(item, message);
    const takenBack = lineSalesFigures(returned.map((r) => ({ stockId: r.line.stockId, units: -r.quantity, value: -r.value, cost: -r.cost })));
    for (const item of purchaseData.lineSalesWrites(tenantId, record.returnDate, takenBack)) add(item);
    if (refundedBy.account > 0) {
      const credit = await returnToAccount(scope, { customerId: bill.customerId, purchaseId, invoiceNumber: bill.invoiceNumber, returnId: record.returnId, amount: refundedBy.account });
      credit.items.forEach((item, i) => add(item, credit.messages[i]));
    }
    return { items, messages, result: { opened: { bill: billAfter, lines: [...linesAfter.values()], returns: [...opened.returns, record] }, record } };
  });
}

/**
 * How a return gives its refund back: the parts the screen chose (cash, or methods the bill was paid by, none beyond
 * what it paid less earlier refunds), or, when it chose only the Bill Type, that mode as `refundByMode` spreads it.
 */
function refundTendersOf(body: ReturnBody, refund: number, opened: OpenedBill): RefundTender[] {
  const paid = tendersOfBill(opened.bill);
  const before = refundsOfReturns(paid, opened.returns);
  if (!body.refundTenders) return refundByMode(body.paymentMode, refund, paid, before);
  const asked = body.refundTenders.map((t): RefundTender => ({ method: t.method, amount: toPaise(t.amount) }));
  const problem = refundProblem(asked, refund, paid, before);
  if (problem) throw new Validation(problem, { field: 'refundTenders' });
  return asked;
}

// ---------------------------------------------------------------- re-bill

/** Records a re-bill on the bill; the receipt itself is printed by the browser or mailed by the caller. */
async function recordReBill(scope: WriteScope, opened: OpenedBill, how: { mailed: boolean; printed: boolean }): Promise<OpenedBill> {
  if (!opened.lines.some((l) => l.quantity > 0)) throw new Validation('Every product of this bill has been returned; there is nothing to bill.');
  const bill = { ...opened.bill, reBills: opened.bill.reBills + 1, mailed: opened.bill.mailed || how.mailed, printed: opened.bill.printed || how.printed };
  const audit = auditWrite(scope, { entity: 'bill', entityId: bill.purchaseId, action: 'rebill', before: auditedBill(opened), after: auditedBill({ ...opened, bill }) });
  await transact([purchaseData.reBillWrite(scope.tenantId, opened.bill.purchaseId, how), audit], [BILL_NOT_FOUND]);
  return { ...opened, bill };
}

/**
 * E-mails the receipt when asked and marks the bill as mailed once it went out. The bill is saved by then: a failure
 * to record the mark (a throttled write) is logged and the bill answered as saved, so that the cashier is never told
 * to try again a sale that went through.
 */
async function mailIfAsked(scope: WriteScope, opened: OpenedBill, asked: boolean, creditNote?: CreditNote): Promise<{ opened: OpenedBill; outcome?: MailOutcome }> {
  if (!asked) return { opened };
  const outcome = await mailReceipt(scope.tenantId, opened, opened.bill.emailId, scope.log, creditNote);
  if (!outcome.mailSent) return { opened, outcome };
  try {
    await transact([purchaseData.mailedWrite(scope.tenantId, opened.bill.purchaseId)]);
  } catch (error) {
    scope.log.warn('receipt mailed, but not marked on the bill', { purchaseId: opened.bill.purchaseId, error: (error as Error).name });
  }
  return { opened: { ...opened, bill: { ...opened.bill, mailed: true } }, outcome };
}

/**
 * POST and PUT /purchase: the bill saved, then its receipt e-mailed when the bill says mail. A repeat of a save
 * (same idempotency key) answers the bill as saved and mails nothing again; its `mailed` says whether mail went out.
 */
export async function placeBill(scope: WriteScope, body: PurchaseBody, purchaseId?: number): Promise<Purchase & Partial<MailOutcome>> {
  return answerSaved(scope, await saveBillOnce(scope, body, purchaseId), body.mail);
}

/** The answer to a save: the bill, its receipt mailed when asked (a repeated save mails nothing again). */
export async function answerSaved(scope: WriteScope, saved: { opened: OpenedBill; repeated: boolean }, mail: boolean): Promise<Purchase & Partial<MailOutcome>> {
  if (saved.repeated) return purchaseView(saved.opened);
  const { opened, outcome } = await mailIfAsked(scope, saved.opened, mail);
  return { ...purchaseView(opened), ...outcome };
}

export async function returnAndMail(scope: WriteScope, purchaseId: number, body: ReturnBody) {
  const { opened: returned, record } = await returnGoods(scope, purchaseId, body);
  const creditNote = await creditNoteOf(scope.tenantId, returned.bill, record);
  const { opened, outcome } = await mailIfAsked(scope, returned, body.mail, creditNote);
  return {
    message: RETURN_DONE,
    returnId: record.returnId,
    creditNote,
    refund: toRupees(record.refund),
    pointsBack: record.pointsBack,
    pointsTakenBack: record.pointsTakenBack,
    purchase: purchaseView(opened),
    ...outcome,
  } as const;
}

/** Generate Bill again ('Bill Generated.'): recorded on the bill, the receipt e-mailed when mail is ticked. */
export async function reBill(scope: WriteScope, purchaseId: number, how: { mail: boolean; print: boolean }) {
  const recorded = await recordReBill(scope, await openBill(scope.tenantId, purchaseId), { mailed: false, printed: how.print });
  const { opened, outcome } = await mailIfAsked(scope, recorded, how.mail);
  return { message: BILL_GENERATED, purchase: purchaseView(opened), ...outcome } as const;
}

/** The points the customer could redeem if this bill were edited: what they held before it. */
export async function redeemablePoints(tenantId: string, bill: StoredPurchase): Promise<number> {
  const customer = await customerData.byId(tenantId, bill.customerId);
  return Math.max((customer?.creditPoints ?? 0) + bill.pointsUsed - bill.pointsEarned, 0);
}
