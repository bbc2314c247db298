/**
 * The Place Order screen's rows and figures, kept apart from the components so the rules of spec 2 sections 4 and
 * 5 (same product adds 1, stock per line, validation order, totals and redemption) are tested without a browser.
 * Every figure comes from shared/bill.ts, the arithmetic the server repeats before it accepts a bill.
 */
import { canRedeem, computeBill, type BillFigures } from '../../../../../shared/bill.js';
import type { SupplyKind } from '../../../../../shared/gst.js';
import { discountPercent, toBasisPoints, toPaise, toRupees } from '../../../../../shared/money.js';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import type { PaymentMode } from '../../../../../shared/schemas/purchase.js';
import { ADD_PRODUCTS, CUSTOMER_REQUIRED, MAX_BILL_LINES, TOO_MANY_LINES, QUANTITY_NOT_ZERO, QUANTITY_REQUIRED, SELLING_PRICE_NOT_ZERO, SELLING_PRICE_REQUIRED, correctQuantity, correctSellingPrice } from '../../../../../shared/schemas/purchase-messages.js';

/** The product a row sells: a suggestion, or a line of the bill being edited shaped like one. */
export type RowProduct = Pick<InventorySuggestion, 'productId' | 'productName' | 'artcode' | 'mrp' | 'cgst' | 'sgst' | 'stockId' | 'quantity' | 'inventoryId'>;

export interface BillRow {
  key: number;
  product: RowProduct | null;
  /** As typed. */
  quantity: string;
  /** Selling price of one unit, GST included, as typed. */
  rate: string;
  /** The line's number when the row comes from the bill being edited. */
  purchasedProductId?: number;
  /** Units of this line already on the bill being edited: they count as stock for it. */
  billedQuantity?: number;
  /** A line of the bill being edited: its shelf's stock is not known here, the server checks it. */
  stockUnknown?: boolean;
}

export const ADD_IN_INVENTORY = 'Add in inventory';
export const inStock = (n: number) => `${n}  in Stock`;
export const STARTING_ROWS = 4;

let nextKey = 1;
export const emptyRow = (): BillRow => ({ key: nextKey++, product: null, quantity: '', rate: '' });
export const startingRows = () => Array.from({ length: STARTING_ROWS }, emptyRow);

const sameLine = (a: RowProduct, b: RowProduct) => a.productId === b.productId && a.artcode === b.artcode;

/**
 * A product chosen in row `index`: when another row already sells the same product and artcode, that row gets one
 * more unit and this row is emptied; otherwise the row takes the product with 1 unit at the shelf's selling price.
 * A row is added when no empty row is left, so a scanner can keep scanning.
 */
export function chooseProduct(rows: BillRow[], index: number, product: RowProduct, sellingPrice: number): BillRow[] {
  const existing = rows.findIndex((row, i) => i !== index && row.product && sameLine(row.product, product));
  let next: BillRow[];
  if (existing !== -1) {
    next = rows.map((row, i) => {
      if (i === existing) return { ...row, quantity: String((Number(row.quantity) || 0) + 1) };
      if (i === index) return { ...emptyRow(), key: row.key };
      return row;
    });
  } else {
    next = rows.map((row, i) => (i === index ? { ...row, product, quantity: '1', rate: String(sellingPrice) } : row));
  }
  return next.some((row) => !row.product) || !canAddRow(next) ? next : [...next, emptyRow()];
}

/** A bill saves in one transaction only up to MAX_BILL_LINES lines, so the screen offers no row beyond them. */
export const canAddRow = (rows: BillRow[]) => rows.length < MAX_BILL_LINES;

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim());
const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

/** The discount percent shown for a row: (MRP − rate) / MRP rounded up; blank while the rate is not an amount. */
export function rowDiscount(row: BillRow): number | undefined {
  if (!row.product || !isAmount(row.rate)) return undefined;
  return discountPercent(toPaise(row.product.mrp), toPaise(row.rate.trim()));
}

/**
 * The stock message of each row (spec 2 section 4): 'Add in inventory' for a product with no stock record,
 * '{n}  in Stock' when the row asks for more than is left after the earlier rows of the same product and artcode.
 */
export function stockMessages(rows: BillRow[]): (string | undefined)[] {
  const taken = new Map<string, number>();
  return rows.map((row) => {
    if (!row.product || row.stockUnknown) return undefined;
    if (row.product.inventoryId === 0 || row.product.stockId === 0) return ADD_IN_INVENTORY;
    const key = `${row.product.productId}|${row.product.artcode}`;
    const before = taken.get(key) ?? 0;
    const wanted = isWholeNumber(row.quantity) ? Number(row.quantity) : 0;
    const left = Math.max(row.product.quantity + (row.billedQuantity ?? 0) - before, 0);
    taken.set(key, before + wanted);
    return wanted > left ? inStock(left) : undefined;
  });
}

export interface RowProblem {
  index: number;
  field: 'quantity' | 'rate';
  message: string;
}

export type CalculateProblem = { message: string; rows: RowProblem[] };

/** The first problem Calculate reports, in the order of spec 2 section 5, with every row's problem marked. */
export function calculateProblem(hasCustomer: boolean, rows: BillRow[]): CalculateProblem | undefined {
  if (!hasCustomer) return { message: CUSTOMER_REQUIRED, rows: [] };
  if (!rows.some((row) => row.product)) return { message: ADD_PRODUCTS, rows: [] };
  if (rows.filter((row) => row.product).length > MAX_BILL_LINES) return { message: TOO_MANY_LINES, rows: [] };
  const problems: RowProblem[] = [];
  const stock = stockMessages(rows);
  rows.forEach((row, index) => {
    if (!row.product) return;
    const name = row.product.productName;
    const quantity = row.quantity.trim();
    const rate = row.rate.trim();
    if (quantity === '') problems.push({ index, field: 'quantity', message: QUANTITY_REQUIRED });
    else if (!isWholeNumber(quantity)) problems.push({ index, field: 'quantity', message: correctQuantity(name) });
    else if (Number(quantity) === 0) problems.push({ index, field: 'quantity', message: QUANTITY_NOT_ZERO });
    else if (stock[index]) problems.push({ index, field: 'quantity', message: stock[index] });
    if (rate === '') problems.push({ index, field: 'rate', message: SELLING_PRICE_REQUIRED });
    else if (!isAmount(rate)) problems.push({ index, field: 'rate', message: correctSellingPrice(name) });
    else if (toPaise(rate) === 0) problems.push({ index, field: 'rate', message: SELLING_PRICE_NOT_ZERO });
    else if (toPaise(rate) > toPaise(row.product.mrp)) problems.push({ index, field: 'rate', message: `Selling Price of ${name} should not be more than the MRP.` });
  });
  return problems.length ? { message: problems[0]!.message, rows: problems } : undefined;
}

export const chosenRows = (rows: BillRow[]) => rows.filter((row): row is BillRow & { product: RowProduct } => row.product !== null);

/**
 * Every figure of the bill; `points` when the customer redeems; `billOfSupply` when the shop is not registered for
 * GST (no tax is charged, as the server computes it). Call only after calculateProblem found none.
 */
export function billFigures(rows: BillRow[], points?: number, billOfSupply = false, supply: SupplyKind = 'intra'): BillFigures {
  return computeBill({
    billOfSupply,
    supply,
    lines: chosenRows(rows).map((row) => ({
      mrp: toPaise(row.product.mrp),
      rate: toPaise(row.rate.trim()),
      quantity: Number(row.quantity.trim()),
      cgstRate: toBasisPoints(row.product.cgst),
      sgstRate: toBasisPoints(row.product.sgst),
    })),
    redeemPoints: points,
  });
}

/** Redeem is offered above 100 points (and disabled under). */
export const redeemOffered = (points: number | undefined) => points !== undefined && canRedeem(points);

export interface BillCustomer {
  customerId?: number;
  mobileNumber: string;
  customerName: string;
}

/** The body of POST /purchase and PUT /purchase/{id}: the lines as the screen shows them and its totals. */
export function billBody(input: {
  customer: BillCustomer;
  rows: BillRow[];
  figures: BillFigures;
  redeem: boolean;
  paymentMode: PaymentMode;
  print: boolean;
  mail: boolean;
  version?: number;
  /** The same for every retry of one save, so the server makes one bill of them (see `newSaveKey`). */
  idempotencyKey?: string;
}) {
  const { figures } = input;
  return {
    customerId: input.customer.customerId,
    mobileNumber: input.customer.mobileNumber,
    customerName: input.customer.customerName,
    paymentMode: input.paymentMode,
    redeem: input.redeem,
    purchasedProduct: chosenRows(input.rows).map((row, i) => ({
      purchasedProductId: row.purchasedProductId,
      productId: row.product.productId,
      productName: row.product.productName,
      artcode: row.product.artcode,
      quantity: Number(row.quantity.trim()),
      price: row.product.mrp,
      sellingPrice: toRupees(toPaise(row.rate.trim())),
      cgst: row.product.cgst,
      sgst: row.product.sgst,
      purchasedPrice: toRupees(figures.lines[i]!.net),
    })),
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
    redeemAmount: toRupees(figures.redeemed),
    print: input.print,
    mail: input.mail,
    version: input.version,
    idempotencyKey: input.idempotencyKey,
  };
}

/**
 * A fresh idempotency key for one save: 32 hex digits of crypto.getRandomValues, which (unlike randomUUID) works on
 * a till that opens the app over plain http on the shop's network.
 */
export function newSaveKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What is left of Calculate's problems after an edit: the rows' problems that are still there (a quantity put right
 * loses its message at once), none new until the next Calculate.
 */
export function problemsLeft(previous: CalculateProblem, hasCustomer: boolean, rows: BillRow[]): CalculateProblem | undefined {
  const now = calculateProblem(hasCustomer, rows)?.rows ?? [];
  const left = now.filter((p) => previous.rows.some((q) => q.index === p.index && q.field === p.field));
  return left.length ? { message: left[0]!.message, rows: left } : undefined;
}
