import type { BillProblem, HeldState, PaymentMode, PurchaseBody } from '../../shared/schemas/purchase.js';
import { getItem, mapPage, op, query, queryAll, queryCount, queryCountUpTo, queryCountsUpTo, queryCursorPage, queryPage, readCounter, strip, tableName, type CursorPage, type Item, type PageRequest, type QueryOptions, type TransactItem } from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantObjectKey, tenantPk } from '../lib/keys.js';
import { mergedCursorPage, nameThenArtcode, type MergedList } from '../lib/merged-pages.js';
import type { BillTotals } from '../../shared/money.js';
import type { DocumentSeries, SupplyKind, Taxability } from '../../shared/gst.js';
import type { RefundTender, Tender } from '../../shared/tenders.js';

/**
 * Bills. A bill is one partition: the bill item, one item per line and one per return, so opening a bill is one
 * query. Lines carry the bill's date, customer and payment mode, because the order lists are lists of lines:
 * - gsi1: the lines of a shop day, newest first (today's order list, its count);
 * - gsi2 / gsi3: the lines by lower-case product name / artcode, then time (search by product or artcode);
 * - gsi4: a customer's lines by mobile number, newest first (the customer order list);
 * - gsi5 / gsi6: a customer's lines by lower-case product name / artcode, then time (the customer list's search).
 * Besides the bills there is one sales item per shop day (`SALES#<yyyy-mm>`, sk the day) whose figures every bill,
 * edit and return changes by ADD in its own transaction; the monthly report and the finance screens read those
 * (at most 31 items a month), never the bills. Money is paise, rates basis points.
 */
const billPk = (tenantId: string, purchaseId: number) => tenantPk(tenantId, 'PURCHASE', idSk(purchaseId));
const BILL_SK = 'BILL';
const LINE_SK = 'LINE#';
const RETURN_SK = 'RETURN#';
const dayPk = (tenantId: string, date: string) => tenantPk(tenantId, 'PURCHASE_DAY', date);
const namePk = (tenantId: string) => tenantPk(tenantId, 'PURCHASE_NAME');
const artcodePk = (tenantId: string) => tenantPk(tenantId, 'PURCHASE_ARTCODE');
const mobilePk = (tenantId: string, mobile: string) => tenantPk(tenantId, 'PURCHASE_MOBILE', mobile);
/** The number of a customer's bill lines (their order list, gsi4), kept by every write that adds or removes lines. */
const customerLinesCounter = (tenantId: string, mobile: string) => counterKey(tenantId, `purchaseLine#mobile#${mobile}`);
const salesPk = (tenantId: string, month: string) => tenantPk(tenantId, 'SALES', month);
const productSalesDayPk = (tenantId: string, month: string) => tenantPk(tenantId, 'SALES_PRODUCTS', month);
const productSalesMonthPk = (tenantId: string) => tenantPk(tenantId, 'SALES_PRODUCT_MONTHS');

const invoiceMonthPk = (tenantId: string, month: string) => tenantPk(tenantId, 'INVOICE_MONTH', month);
/** Bills with a delivery charge (storefront orders) by invoice month, in gsi2: GSTR-1 adds their delivery lines. */
const deliveryMonthPk = (tenantId: string, month: string) => tenantPk(tenantId, 'DELIVERY_MONTH', month);
const creditNoteMonthPk = (tenantId: string, month: string) => tenantPk(tenantId, 'CREDIT_NOTE_MONTH', month);
/** One counter item per series and financial year: the last number issued (docs/gst.md). */
const seriesKey = (tenantId: string, series: DocumentSeries, year: string) => ({ pk: tenantPk(tenantId, 'DOC_SERIES'), sk: `${series}#${year}` });

const lineNo = (n: number) => String(n).padStart(3, '0');
/** One item per idempotency key a screen sent with a save: which bill it made, and what was asked. */
const saveMarkerPk = (tenantId: string, key: string) => tenantPk(tenantId, 'IDEMP', key);
const SAVE_MARKER_SK = 'PURCHASE';
/** A retry comes within seconds or minutes; a week later the key is forgotten (the table's TTL removes the marker). */
const SAVE_MARKER_DAYS = 7;

/**
 * Held bills: one item per idempotency key of an offline bill the server refused (docs/point-of-sale.md, "Bills made offline"). The list
 * index (gsi1) sorts bills still held before decided ones, each part newest first by the time the bill was made.
 */
const heldPk = (tenantId: string, key: string) => tenantPk(tenantId, 'HELD_BILL', key);
const HELD_SK = 'HELD';
const heldListPk = (tenantId: string) => tenantPk(tenantId, 'HELD_BILLS');
const OPEN_PREFIX = '1#';
const heldListSk = (held: StoredHeldBill) => `${held.state === 'held' ? OPEN_PREFIX : '0#'}${held.madeOn}#${held.key}`;

/** An offline bill as the till sent it, why it was refused, and what became of it. */
export interface StoredHeldBill {
  key: string;
  state: HeldState;
  /** The bill as the till last sent it (a fixed resend replaces it while still held). */
  body: PurchaseBody;
  /** Tells a resend of the same bill from a fixed one. */
  fingerprint: string;
  problems: BillProblem[];
  provisionalNumber: string;
  deviceId: string;
  madeOn: string;
  sentBy: string;
  sentOn: string;
  purchaseId?: number;
  invoiceNumber?: string;
  reason?: string;
  by?: string;
  decidedOn?: string;
}

const heldItem = (tenantId: string, held: StoredHeldBill): Item => ({
  pk: heldPk(tenantId, held.key),
  sk: HELD_SK,
  gsi1pk: heldListPk(tenantId),
  gsi1sk: heldListSk(held),
  entity: 'heldBill',
  ...held,
});
/** The held bill put only if `condition` holds (`#state` and `:held` are there for the condition to use). */
const heldWrite = (tenantId: string, held: StoredHeldBill, condition: 'new' | 'stillHeld'): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: heldItem(tenantId, held),
    ...(condition === 'new'
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: '#state = :held', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':held': 'held' } }),
  },
});
/** The shop's count of bills still held (the dashboard tile and the held list's count): one counter item. */
const heldCounter = (tenantId: string) => counterKey(tenantId, 'heldBill');
const toHeld = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredHeldBill;

/** The bill a save with an idempotency key made, and a fingerprint of what that save asked for. */
export interface SaveMarker {
  key: string;
  purchaseId: number;
  fingerprint: string;
  createdOn: string;
  createdBy: string;
  /** Epoch seconds; the table's time-to-live attribute. */
  expiresAt: number;
}

export type DocumentType = 'TAX_INVOICE' | 'BILL_OF_SUPPLY';

/**
 * What makes a bill a tax invoice, decided when it is made (docs/gst.md): the number from the shop's series, the
 * shop's state and GSTIN then, the place of supply and whether it is charged as CGST + SGST or IGST, and the buyer's
 * GSTIN for a B2B invoice. Absent on bills saved before tax invoices existed.
 */
export interface InvoiceFields {
  invoiceNumber?: string;
  invoiceSequence?: number;
  financialYear?: string;
  invoiceDate?: string;
  documentType?: DocumentType;
  shopState?: string;
  shopGstin?: string;
  placeOfSupply?: string;
  supply?: SupplyKind;
  customerGstin?: string;
  customerState?: string;
}

/** The address a storefront order is shipped to; its state is the order's place of supply. */
export interface ShippingAddress {
  name: string;
  line: string;
  city: string;
  pincode: string;
  state: string;
}

/** A line's GST as billed: HSN code and unit of its product, the rate and IGST (CGST and SGST are below). */
export interface LineGst {
  hsnCode?: string;
  unit?: string;
  /** The product's kind of supply when sold (shared/gst.ts); absent = nil-rated at 0 %, taxable above. */
  taxability?: Taxability;
  /** cgstRate + sgstRate */
  gstRate?: number;
  /** gstRate on an inter-state line, else 0. */
  igstRate?: number;
  igst?: number;
}

export interface StoredLine extends LineGst, Pick<InvoiceFields, 'invoiceNumber' | 'invoiceDate' | 'documentType' | 'placeOfSupply' | 'supply' | 'customerGstin'> {
  purchaseId: number;
  purchasedProductId: number;
  productId: number;
  productName: string;
  artcode: string;
  stockId: number;
  productInventoryId: number;
  originalQuantity: number;
  returnQuantity: number;
  /** Units still with the customer. */
  quantity: number;
  mrp: number;
  rate: number;
  boughtPrice: number;
  cgstRate: number;
  sgstRate: number;
  discountPercent: number;
  /** The line as billed (original quantity). */
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  tax: number;
  net: number;
  modified: boolean;
  saleDate: string;
  customerName: string;
  mobileNumber: string;
  paymentMode: PaymentMode;
  createdOn: string;
  createdBy: string;
}

/**
 * A storefront order's delivery charge as invoiced (docs/gst.md): a line of its own in a composite supply, taxed at
 * the rate of the principal supply (the goods line of highest taxable value) and reported under its HSN code and
 * unit, with no quantity. `charge` = taxable + tax, GST included like the goods.
 */
export interface StoredDelivery {
  charge: number;
  /** The principal supply's line (`purchasedProductId`), HSN code and GST unit. */
  principalLine: number;
  hsnCode?: string;
  unit: string;
  gstRate: number;
  cgstRate: number;
  sgstRate: number;
  /** gstRate on an inter-state bill, else 0. */
  igstRate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
}

/**
 * A bill as stored; its `BillTotals` are the lines' totals as billed, with the delivery charge when there is one,
 * `net` before points.
 */
export interface StoredPurchase extends BillTotals, InvoiceFields {
  purchaseId: number;
  /** Storefront orders: the delivery charge the customer paid, a line of the invoice (absent on older bills). */
  delivery?: StoredDelivery;
  /** IGST of the bill (0, or absent on older bills, within the state). */
  igst?: number;
  shippingAddress?: ShippingAddress;
  customerId: number;
  customerName: string;
  mobileNumber: string;
  emailId?: string;
  address?: string;
  paymentMode: PaymentMode;
  /** How `paid` was paid, in parts adding up to it (shared/tenders.ts); absent on bills paid wholly by their Bill Type. */
  tenders?: Tender[];
  saleDate: string;
  redeemed: number;
  /** Paid in money: net − redeemed. */
  paid: number;
  cost: number;
  pointsUsed: number;
  pointsEarned: number;
  customerPointsAfter: number;
  lineCount: number;
  soldQuantity: number;
  returnQuantity: number;
  /** Refunded in money by returns. */
  refunded: number;
  /** Goods value returned (rate × units). */
  returnedValue: number;
  pointsReturned: number;
  /** Points earned on money later refunded, taken back by returns. */
  pointsTakenBack: number;
  returnCount: number;
  mailed: boolean;
  printed: boolean;
  reBills: number;
  /** The storefront order that paid for the bill (payments domain); till bills have none and may be edited. */
  orderId?: string;
  /**
   * What the bill put on the customer's account (its "On account" tender, docs/customer-credit.md), the customer's
   * balance right after it, and the manager who approved it over the limit.
   */
  account?: { amount: number; balanceAfter: number; approvedBy?: string };
  version: number;
  createdOn: string;
  createdBy: string;
  updatedOn?: string;
  updatedBy?: string;
}

/** A returned line as its credit note states it: the tax reversed at the bill's rates (shared/bill.ts `creditFigures`). */
export interface CreditNoteLine extends LineGst {
  purchasedProductId: number;
  productName: string;
  artcode: string;
  quantity: number;
  /** Rate of one unit, tax included. */
  rate?: number;
  cgstRate?: number;
  sgstRate?: number;
  taxable?: number;
  cgst?: number;
  sgst?: number;
  /** rate × quantity */
  value: number;
  cost: number;
}

/**
 * A return, which is the credit note (docs/gst.md): its own number, the original invoice it reduces, and the tax
 * reversed as the bill charged it. The GST fields are absent on returns saved before credit notes existed.
 */
export interface StoredReturn extends Pick<InvoiceFields, 'financialYear' | 'documentType' | 'shopState' | 'shopGstin' | 'placeOfSupply' | 'supply' | 'customerGstin'> {
  purchaseId: number;
  returnId: number;
  paymentMode: PaymentMode;
  /** How `refund` was given, in parts adding up to it; absent on returns from before, refunded by their Bill Type. */
  refundTenders?: RefundTender[];
  lines: CreditNoteLine[];
  creditNoteNumber?: string;
  creditNoteSequence?: number;
  creditNoteDate?: string;
  originalInvoiceNumber?: string;
  originalInvoiceDate?: string;
  customerName?: string;
  taxable?: number;
  cgst?: number;
  sgst?: number;
  igst?: number;
  tax?: number;
  value: number;
  refund: number;
  pointsBack: number;
  pointsTakenBack: number;
  returnDate: string;
  createdOn: string;
  createdBy: string;
}

/** A shop day's sales figures; every field is a running sum kept by ADD. */
export interface SalesDay extends BillTotals {
  date: string;
  /** IGST of the day's bills (inter-state sales). */
  igst?: number;
  /** Delivery charges of the day's storefront orders: not in `gross` and `net`, which count goods; in the taxes. */
  delivery?: number;
  bills: number;
  cashBills: number;
  onlineBills: number;
  lines: number;
  soldQuantity: number;
  redeemed: number;
  cashSold: number;
  onlineSold: number;
  cashCost: number;
  onlineCost: number;
  returnCount: number;
  returnedQuantity: number;
  returnedValue: number;
  returnedCost: number;
  cashReturns: number;
  onlineReturns: number;
  /** The parts of `onlineSold` and `onlineReturns` paid or refunded by UPI and by card (absent on days before methods). */
  upiSold?: number;
  cardSold?: number;
  upiReturns?: number;
  cardReturns?: number;
  /**
   * Customer credit (docs/customer-credit.md): goods sold on account (in no takings), returns credited to the
   * account, and dues the customer paid, all of it and its cash part (money received, though nothing was sold).
   */
  accountSold?: number;
  accountReturns?: number;
  duesCollected?: number;
  duesCash?: number;
  /** The UPI and card parts of the dues collected, and the dues the owner wrote off that day (a loss, no money). */
  duesUpi?: number;
  duesCard?: number;
  duesWrittenOff?: number;
  pointsEarned: number;
  pointsUsed: number;
  /** Units and goods value of this day's sales returned on any later day (the order list's Return Qty total). */
  soldReturnedQuantity: number;
  soldReturnedValue: number;
}
export type SalesFigures = Partial<Omit<SalesDay, 'date'>>;

/** What a total row sums of a bill line: units sold, units returned, units kept and the rate (paise). */
export type LineFigures = Pick<StoredLine, 'originalQuantity' | 'returnQuantity' | 'quantity' | 'rate'>;

/**
 * What a customer's counter item sums over their lines: the number of lines (`value`, as every counter), the units
 * billed and returned, and the lines valued as kept, as billed and as returned (rate × units, paise).
 */
export interface CustomerLineSums {
  value: number;
  orderQuantity: number;
  returnQuantity: number;
  keptValue: number;
  billedValue: number;
  returnedValue: number;
}

const lineSums = (l: LineFigures): CustomerLineSums => ({
  value: 1,
  orderQuantity: l.originalQuantity,
  returnQuantity: l.returnQuantity,
  keptValue: l.rate * l.quantity,
  billedValue: l.rate * l.originalQuantity,
  returnedValue: l.rate * l.returnQuantity,
});

/** What one stock line sold (net of returns): units, goods value (rate × units, paise) and bought cost (paise). */
export interface LineSales {
  units: number;
  value: number;
  cost: number;
}

/**
 * Per-product sales of a day: one item per day whose attributes are `q<stockId>`, `v<stockId>` and `c<stockId>`
 * (units, value, cost), kept by ADD like the sales items. A day item holds only the stock lines sold that day, so it
 * stays far inside DynamoDB's 400 KB item limit (about 10,000 different lines in one day would reach it). There is
 * deliberately no per-product month item: a month of a large shop could outgrow the limit, and then every bill of
 * that month would be refused. A month is the sum of its day items (one query of at most 31 items), and a small
 * month marker, written with the day item, lists the months that have any.
 */
const LINE_FIGURE = /^([qvc])(\d+)$/;
const FIGURE_OF = { q: 'units', v: 'value', c: 'cost' } as const;

function lineSalesOf(item: Record<string, unknown>): Map<number, LineSales> {
  const lines = new Map<number, LineSales>();
  for (const [key, raw] of Object.entries(item)) {
    const match = LINE_FIGURE.exec(key);
    if (!match) continue;
    const stockId = Number(match[2]);
    const line = lines.get(stockId) ?? { units: 0, value: 0, cost: 0 };
    line[FIGURE_OF[match[1] as keyof typeof FIGURE_OF]] += Number(raw);
    lines.set(stockId, line);
  }
  return lines;
}

function lineSalesWrite(key: { pk: string; sk: string }, entity: string, period: string, figures: Map<number, LineSales>): TransactItem | undefined {
  const entries = [...figures].flatMap(([stockId, f]) =>
    ([['q', f.units], ['v', f.value], ['c', f.cost]] as const).filter(([, v]) => v !== 0).map(([letter, v]) => [`${letter}${stockId}`, v] as const),
  );
  if (!entries.length) return undefined;
  const names: Record<string, string> = { '#period': 'period' };
  const values: Record<string, unknown> = { ':period': period, ':entity': entity };
  entries.forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
  });
  return op.update(key, {
    UpdateExpression: `SET #period = :period, entity = :entity ADD ${entries.map((_, i) => `#f${i} :f${i}`).join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/** Adds per-line sales into a running sum. */
export function addLineSales(into: Map<number, LineSales>, from: Iterable<[number, LineSales]>) {
  for (const [stockId, f] of from) {
    const sum = into.get(stockId) ?? { units: 0, value: 0, cost: 0 };
    into.set(stockId, { units: sum.units + f.units, value: sum.value + f.value, cost: sum.cost + f.cost });
  }
}

/** Per stock line sums of what lines sold (negative entries take units back: returns, an edit's old lines). */
export function lineSalesFigures(entries: { stockId: number; units: number; value: number; cost: number }[]): Map<number, LineSales> {
  const sums = new Map<number, LineSales>();
  addLineSales(
    sums,
    entries.map((e) => [e.stockId, e]),
  );
  return sums;
}

/** Line list keys end with time, bill and line, so equal names or times stay distinct and sort by time. */
const when = (line: StoredLine) => `${line.createdOn}#${idSk(line.purchaseId)}#${lineNo(line.purchasedProductId)}`;

function lineItem(tenantId: string, line: StoredLine): Item {
  const nameKey = searchKey(line.productName);
  const artcodeKey = searchKey(line.artcode);
  return {
    pk: billPk(tenantId, line.purchaseId),
    sk: `${LINE_SK}${lineNo(line.purchasedProductId)}`,
    gsi1pk: dayPk(tenantId, line.saleDate),
    gsi1sk: when(line),
    gsi2pk: namePk(tenantId),
    gsi2sk: `${nameKey}#${when(line)}`,
    gsi3pk: artcodePk(tenantId),
    gsi3sk: `${artcodeKey}#${when(line)}`,
    gsi4pk: mobilePk(tenantId, line.mobileNumber),
    gsi4sk: when(line),
    gsi5pk: mobilePk(tenantId, line.mobileNumber),
    gsi5sk: `${nameKey}#${when(line)}`,
    gsi6pk: mobilePk(tenantId, line.mobileNumber),
    gsi6sk: `${artcodeKey}#${when(line)}`,
    entity: 'purchaseLine',
    nameKey,
    artcodeKey,
    ...line,
  };
}

const billItem = (tenantId: string, bill: StoredPurchase): Item => ({
  pk: billPk(tenantId, bill.purchaseId),
  sk: BILL_SK,
  ...(bill.invoiceNumber && bill.invoiceDate
    ? { gsi1pk: invoiceMonthPk(tenantId, bill.invoiceDate.slice(0, 7)), gsi1sk: `${bill.invoiceDate}#${bill.invoiceNumber}` }
    : {}),
  ...(bill.delivery && bill.invoiceDate
    ? { gsi2pk: deliveryMonthPk(tenantId, bill.invoiceDate.slice(0, 7)), gsi2sk: `${bill.invoiceDate}#${idSk(bill.purchaseId)}` }
    : {}),
  entity: 'purchase',
  ...bill,
});

const toLine = (item: Record<string, unknown>) => {
  const { nameKey: _name, artcodeKey: _artcode, ...rest } = strip(item as Item) as Record<string, unknown>;
  return rest as unknown as StoredLine;
};

/** Lines whose product name or artcode starts with the text (as a filter inside one day's lines). */
const textFilter = (text: string) => ({
  FilterExpression: 'begins_with(nameKey, :text) OR begins_with(artcodeKey, :text)',
  ExpressionAttributeValues: { ':text': searchKey(text) },
});

const LINE_FIGURES = ['originalQuantity', 'returnQuantity', 'quantity', 'rate'];

export interface OpenedBill {
  bill: StoredPurchase;
  lines: StoredLine[];
  returns: StoredReturn[];
}

export const purchaseData = {
  /** Where a receipt PDF is put for a link (WhatsApp fetches documents by URL). */
  receiptObjectKey: (tenantId: string, purchaseId: number) => tenantObjectKey(tenantId, 'receipts', `Receipt_${purchaseId}.pdf`),

  /** `consistent` for a bill a transaction has just written (the answer to a repeated save). */
  async open(tenantId: string, purchaseId: number, consistent = false): Promise<OpenedBill | undefined> {
    const items = await queryAll({ pk: billPk(tenantId, purchaseId), consistent });
    const bill = items.find((i) => i.sk === BILL_SK);
    if (!bill) return undefined;
    return {
      bill: strip(bill as Item) as unknown as StoredPurchase,
      lines: items.filter((i) => String(i.sk).startsWith(LINE_SK)).map(toLine),
      returns: items.filter((i) => String(i.sk).startsWith(RETURN_SK)).map((i) => strip(i as Item) as unknown as StoredReturn),
    };
  },

  async saveMarker(tenantId: string, key: string): Promise<SaveMarker | undefined> {
    const item = await getItem(saveMarkerPk(tenantId, key), SAVE_MARKER_SK, true);
    return item ? (strip(item as Item) as unknown as SaveMarker) : undefined;
  },

  /** Written in the bill's own transaction: a second save with the same key fails on it and writes nothing. */
  saveMarkerWrite: (tenantId: string, marker: Omit<SaveMarker, 'expiresAt'>): TransactItem =>
    op.create({
      pk: saveMarkerPk(tenantId, marker.key),
      sk: SAVE_MARKER_SK,
      entity: 'saveMarker',
      ...marker,
      expiresAt: Math.floor(Date.parse(marker.createdOn) / 1000) + SAVE_MARKER_DAYS * 86_400,
    }),

  // ------------------------------------------------------------ held bills (offline bills refused)

  async heldBill(tenantId: string, key: string): Promise<StoredHeldBill | undefined> {
    const item = await getItem(heldPk(tenantId, key), HELD_SK, true);
    return item ? toHeld(item) : undefined;
  },

  /** Held bills first, then decided ones, each newest first (by the time the till made them). */
  async heldPage(tenantId: string, request: PageRequest): Promise<CursorPage<StoredHeldBill>> {
    return mapPage(await queryCursorPage({ index: 'gsi1', pk: heldListPk(tenantId), descending: true }, request), toHeld);
  },

  /** Bills still held: the counter the hold and the decision move, one GetItem whatever the shop's history. */
  heldCount: (tenantId: string) => readCounter(heldCounter(tenantId)),

  /**
   * Keeps a refused offline bill, counting it as held, or replaces a still-held one (`before`) with the till's newer
   * copy, which changes no count; a bill a manager or a saved resend has already dealt with is never put back to held,
   * and a bill held by another write since `before` was read is refused, so the count moves once per bill.
   */
  holdWrites: (tenantId: string, held: StoredHeldBill, before: StoredHeldBill | undefined): TransactItem[] =>
    before ? [heldWrite(tenantId, held, 'stillHeld')] : [heldWrite(tenantId, held, 'new'), op.count(heldCounter(tenantId), 1)],

  /** The held bill's final state, written only while it is still held (one decision per bill), and one bill fewer held. */
  decideWrites: (tenantId: string, decided: StoredHeldBill): TransactItem[] => [heldWrite(tenantId, decided, 'stillHeld'), op.count(heldCounter(tenantId), -1)],

  // ------------------------------------------------------------ order lists (lines)

  dayQuery: (tenantId: string, date: string): Omit<QueryOptions, 'startKey' | 'limit'> => ({ index: 'gsi1', pk: dayPk(tenantId, date), descending: true }),

  async dayPage(tenantId: string, date: string, page: number, size: number): Promise<StoredLine[]> {
    return (await queryPage(purchaseData.dayQuery(tenantId, date), page, size)).map(toLine);
  },
  dayCount: (tenantId: string, date: string) => queryCount(purchaseData.dayQuery(tenantId, date)),
  async dayAll(tenantId: string, date: string): Promise<StoredLine[]> {
    return (await queryAll(purchaseData.dayQuery(tenantId, date))).map(toLine);
  },

  daySearchQuery: (tenantId: string, date: string, text: string): Omit<QueryOptions, 'startKey' | 'limit'> => ({
    ...purchaseData.dayQuery(tenantId, date),
    filter: textFilter(text),
  }),

  /**
   * Search over all days: lines whose name starts with the text (gsi2), then lines whose artcode does but whose name
   * does not (gsi3, filtered), so a line matching both shows once and the two parts page as one list.
   */
  byNameQuery: (tenantId: string, text: string): Omit<QueryOptions, 'startKey' | 'limit'> => ({
    index: 'gsi2',
    pk: namePk(tenantId),
    skPrefix: searchKey(text),
  }),
  byArtcodeOnlyQuery: (tenantId: string, text: string): Omit<QueryOptions, 'startKey' | 'limit'> => ({
    index: 'gsi3',
    pk: artcodePk(tenantId),
    skPrefix: searchKey(text),
    filter: { FilterExpression: 'NOT begins_with(nameKey, :text)', ExpressionAttributeValues: { ':text': searchKey(text) } },
  }),

  /** The search over all days as one list: the name part, then the artcode-only part. */
  async searchAllDays(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredLine>> {
    const list = { list: 'bill-search', order: 'concat' as const, sources: [purchaseData.byNameQuery(tenantId, text), purchaseData.byArtcodeOnlyQuery(tenantId, text)] };
    return mapPage(await mergedCursorPage(list, request), toLine);
  },

  customerQuery: (tenantId: string, mobile: string): Omit<QueryOptions, 'startKey' | 'limit'> => ({
    index: 'gsi4',
    pk: mobilePk(tenantId, mobile),
    descending: true,
  }),
  /** How many bill lines a customer (by mobile) has: their counter item, one GetItem however many bills they have. */
  customerLineCount: (tenantId: string, mobile: string) => readCounter(customerLinesCounter(tenantId, mobile)),
  /** The sums of a customer's lines (count, units, values in paise), from the same item: one GetItem. */
  async customerLineSums(tenantId: string, mobile: string): Promise<CustomerLineSums> {
    const key = customerLinesCounter(tenantId, mobile);
    const item = await getItem<Partial<CustomerLineSums>>(key.pk, key.sk);
    return {
      value: Number(item?.value ?? 0),
      orderQuantity: Number(item?.orderQuantity ?? 0),
      returnQuantity: Number(item?.returnQuantity ?? 0),
      keptValue: Number(item?.keptValue ?? 0),
      billedValue: Number(item?.billedValue ?? 0),
      returnedValue: Number(item?.returnedValue ?? 0),
    };
  },
  /**
   * A customer's search as one list: their lines whose name starts with the text (gsi5), then those whose artcode
   * does but whose name does not (gsi6); each part's key condition is the mobile number and the prefix, so a page
   * and a count read only matching lines.
   */
  customerSearch: (tenantId: string, mobile: string, text: string): MergedList =>
    nameThenArtcode('customer-bill-search', { index: 'gsi5', pk: mobilePk(tenantId, mobile) }, { index: 'gsi6', pk: mobilePk(tenantId, mobile) }, text),
  async customerSearchPage(tenantId: string, mobile: string, text: string, request: PageRequest): Promise<CursorPage<StoredLine>> {
    return mapPage(await mergedCursorPage(purchaseData.customerSearch(tenantId, mobile, text), request), toLine);
  },

  /** A page of a query (by cursor, or by page and size) with the cursor of the next: by cursor one Query at any depth. */
  async cursorPage(opts: Omit<QueryOptions, 'startKey' | 'limit'>, request: PageRequest): Promise<CursorPage<StoredLine>> {
    return mapPage(await queryCursorPage(opts, request), toLine);
  },
  /** How many lines a query holds, counting at most `cap`. */
  countUpTo: (opts: Omit<QueryOptions, 'startKey' | 'limit'>, cap: number) => queryCountUpTo(opts, cap),
  /** How many lines several queries hold together (the parts of the search over all days), counting at most `cap`. */
  countsUpTo: (parts: Omit<QueryOptions, 'startKey' | 'limit'>[], cap: number) => queryCountsUpTo(parts, cap),
  async all(opts: Omit<QueryOptions, 'startKey' | 'limit'>): Promise<StoredLine[]> {
    return (await queryAll(opts)).map(toLine);
  },
  /** The units and rate of every line of a query, for a total row: only those attributes are read back. */
  async figures(opts: Omit<QueryOptions, 'startKey' | 'limit'>): Promise<LineFigures[]> {
    return queryAll<LineFigures>({ ...opts, attributes: LINE_FIGURES });
  },
  /**
   * The units and rate of the first `cap` lines of several queries read in turn (a search's parts in list order):
   * the total row of the lines a list capped at `cap` shows, reading at most those.
   */
  async figuresUpTo(parts: Omit<QueryOptions, 'startKey' | 'limit'>[], cap: number): Promise<LineFigures[]> {
    const figures: LineFigures[] = [];
    for (const part of parts) {
      let startKey: Record<string, unknown> | undefined;
      do {
        if (figures.length >= cap) return figures;
        const page = await query<LineFigures>({ ...part, attributes: LINE_FIGURES, limit: cap - figures.length, startKey });
        figures.push(...page.items);
        startKey = page.next;
      } while (startKey);
    }
    return figures;
  },

  // ------------------------------------------------------------ daily sales figures

  async salesDay(tenantId: string, date: string): Promise<SalesDay | undefined> {
    const item = await getItem(salesPk(tenantId, date.slice(0, 7)), date);
    return item ? (strip(item as Item) as unknown as SalesDay) : undefined;
  },

  /** The sales items of a month (`yyyy-mm`), in day order: at most 31 items. */
  async salesMonth(tenantId: string, month: string): Promise<SalesDay[]> {
    return (await queryAll({ pk: salesPk(tenantId, month) })).map((i) => strip(i as Item) as unknown as SalesDay);
  },

  /** Per-product sales of the days `from`..`to` (both `yyyy-mm-dd`) of one month: at most 31 items. */
  async lineSalesDays(tenantId: string, from: string, to: string): Promise<{ date: string; lines: Map<number, LineSales> }[]> {
    const items = await queryAll({ pk: productSalesDayPk(tenantId, from.slice(0, 7)), skBetween: [from, to] });
    return items.map((i) => ({ date: String(i.sk), lines: lineSalesOf(i) }));
  },

  /**
   * Per-product sales of the months `from`..`to` (`yyyy-mm`); without bounds every month the shop has sold in. Each
   * month is the sum of its day items; the months are read side by side.
   */
  async lineSalesMonths(tenantId: string, from?: string, to?: string): Promise<{ month: string; lines: Map<number, LineSales> }[]> {
    const markers = await queryAll({ pk: productSalesMonthPk(tenantId), ...(from && to ? { skBetween: [from, to] as [string, string] } : {}) });
    return Promise.all(
      markers.map(async (marker) => {
        const month = String(marker.sk);
        const lines = new Map<number, LineSales>();
        for (const day of await queryAll({ pk: productSalesDayPk(tenantId, month) })) addLineSales(lines, lineSalesOf(day));
        return { month, lines };
      }),
    );
  },

  // ------------------------------------------------------------ writes (transaction items)

  /**
   * Adds what stock lines sold on a day (negative for returns and for the old lines of an edited bill) to the day's
   * per-product sales, and marks its month as one with sales: two writes, whatever the number of lines.
   */
  lineSalesWrites(tenantId: string, date: string, figures: Map<number, LineSales>): TransactItem[] {
    const month = date.slice(0, 7);
    const day = lineSalesWrite({ pk: productSalesDayPk(tenantId, month), sk: date }, 'lineSalesDay', date, figures);
    if (!day) return [];
    const marker = op.update(
      { pk: productSalesMonthPk(tenantId), sk: month },
      { UpdateExpression: 'SET #period = :period, entity = :entity', ExpressionAttributeNames: { '#period': 'period' }, ExpressionAttributeValues: { ':period': month, ':entity': 'lineSalesMonth' } },
    );
    return [day, marker];
  },

  createBillWrite: (tenantId: string, bill: StoredPurchase): TransactItem => op.create(billItem(tenantId, bill)),

  /** Replaces a bill read at `readVersion`; a save in between (an edit, a return) refuses this one. */
  replaceBillWrite: (tenantId: string, bill: StoredPurchase, readVersion: number): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: billItem(tenantId, bill),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': readVersion },
    },
  }),

  putLineWrite: (tenantId: string, line: StoredLine): TransactItem => ({ Put: { TableName: tableName(), Item: lineItem(tenantId, line) } }),

  /**
   * Moves the figures of the customers whose lines a write puts (`added`) and takes away or overwrites (`removed`),
   * by mobile number: the line count (`value`) and the sums of the total row, one update per number that changes.
   * A return passes the lines after and before it: the count stays, the units and values move.
   */
  customerLineWrites(tenantId: string, added: StoredLine[], removed: StoredLine[] = []): TransactItem[] {
    const deltas = new Map<string, CustomerLineSums>();
    const addTo = (line: StoredLine, sign: 1 | -1) => {
      const sums = deltas.get(line.mobileNumber) ?? { value: 0, orderQuantity: 0, returnQuantity: 0, keptValue: 0, billedValue: 0, returnedValue: 0 };
      for (const [field, figure] of Object.entries(lineSums(line)) as [keyof CustomerLineSums, number][]) sums[field] += sign * figure;
      deltas.set(line.mobileNumber, sums);
    };
    for (const line of added) addTo(line, 1);
    for (const line of removed) addTo(line, -1);
    return [...deltas].flatMap(([mobile, sums]) => {
      const moved = Object.entries(sums).filter(([, delta]) => delta !== 0);
      if (!moved.length) return [];
      return [
        op.update(customerLinesCounter(tenantId, mobile), {
          UpdateExpression: `ADD ${moved.map((_, i) => `#f${i} :d${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(moved.map(([field], i) => [`#f${i}`, field])),
          ExpressionAttributeValues: Object.fromEntries(moved.map(([, delta], i) => [`:d${i}`, delta])),
        }),
      ];
    });
  },

  removeLineWrite: (tenantId: string, line: StoredLine): TransactItem =>
    op.remove({ pk: billPk(tenantId, line.purchaseId), sk: `${LINE_SK}${lineNo(line.purchasedProductId)}` }),

  /**
   * Replaces a line a return changes. The condition is the line's own rule: the units it returns must still be
   * with the customer, so a line is never returned beyond what was sold, whatever else runs at the same time.
   */
  returnLineWrite: (tenantId: string, after: StoredLine, returned: number): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: lineItem(tenantId, after),
      ConditionExpression: 'quantity = :before AND quantity >= :returned',
      ExpressionAttributeValues: { ':before': after.quantity + returned, ':returned': returned },
    },
  }),

  createReturnWrite: (tenantId: string, record: StoredReturn): TransactItem =>
    op.create({
      pk: billPk(tenantId, record.purchaseId),
      sk: `${RETURN_SK}${lineNo(record.returnId)}`,
      ...(record.creditNoteNumber && record.creditNoteDate
        ? { gsi1pk: creditNoteMonthPk(tenantId, record.creditNoteDate.slice(0, 7)), gsi1sk: `${record.creditNoteDate}#${record.creditNoteNumber}` }
        : {}),
      entity: 'purchaseReturn',
      ...record,
    }),

  // ------------------------------------------------------------ invoice and credit-note series

  /** The last number issued in a series of a financial year (0 before the first), read strongly consistent. */
  async lastNumber(tenantId: string, series: DocumentSeries, year: string): Promise<number> {
    const key = seriesKey(tenantId, series, year);
    const item = await getItem<{ last?: number }>(key.pk, key.sk, true);
    return Number(item?.last ?? 0);
  },

  /**
   * Issues number `last + 1` in the document's own transaction, on the condition that the series still stands at
   * `last`: of two saves racing for a number one wins and the other reads again, and a failed save issues none.
   */
  issueNumberWrite(tenantId: string, series: DocumentSeries, year: string, prefix: string, last: number): TransactItem {
    const key = seriesKey(tenantId, series, year);
    return {
      Put: {
        TableName: tableName(),
        Item: { ...key, entity: 'documentSeries', series, financialYear: year, prefix, last: last + 1 },
        ConditionExpression: last === 0 ? 'attribute_not_exists(pk)' : '#last = :last',
        ...(last === 0 ? {} : { ExpressionAttributeNames: { '#last': 'last' }, ExpressionAttributeValues: { ':last': last } }),
      },
    };
  },

  /** The invoices of a month (`yyyy-mm`) in date and number order: one query of the bill items only. */
  async invoicesOfMonth(tenantId: string, month: string): Promise<StoredPurchase[]> {
    return (await queryAll({ index: 'gsi1', pk: invoiceMonthPk(tenantId, month) })).map((i) => strip(i as Item) as unknown as StoredPurchase);
  },

  /** The delivery lines of a month's invoices (`yyyy-mm`): one query of the bills that have one, their delivery only. */
  async deliveriesOfMonth(tenantId: string, month: string): Promise<Pick<StoredPurchase, 'purchaseId' | 'delivery'>[]> {
    return queryAll<Pick<StoredPurchase, 'purchaseId' | 'delivery'>>({ index: 'gsi2', pk: deliveryMonthPk(tenantId, month), attributes: ['purchaseId', 'delivery'] });
  },

  /** The index key of a month's credit notes (`yyyy-mm`): the GSTR-1 reader and its test documents use it. */
  creditNoteMonthPk,
  /** The credit notes of a month (`yyyy-mm`) in date and number order. */
  async creditNotesOfMonth(tenantId: string, month: string): Promise<StoredReturn[]> {
    return (await queryAll({ index: 'gsi1', pk: creditNoteMonthPk(tenantId, month) })).map((i) => strip(i as Item) as unknown as StoredReturn);
  },

  /** Records a re-bill (and whether it was mailed or printed) without touching the bill's figures. */
  reBillWrite: (tenantId: string, purchaseId: number, how: { mailed: boolean; printed: boolean }): TransactItem => {
    const set = [how.mailed ? 'mailed = :yes' : '', how.printed ? 'printed = :yes' : ''].filter(Boolean);
    return op.update(
      { pk: billPk(tenantId, purchaseId), sk: BILL_SK },
      {
        UpdateExpression: `ADD reBills :one${set.length ? ` SET ${set.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ...(set.length ? { ':yes': true } : {}) },
      },
    );
  },

  /** The bill's tenders as they now stand (a UPI part confirmed or paid another way), while it has the version read. */
  tendersWrite: (tenantId: string, purchaseId: number, tenders: Tender[], version: number, stamp: { updatedBy: string; updatedOn: string }): TransactItem =>
    op.update(
      { pk: billPk(tenantId, purchaseId), sk: BILL_SK },
      {
        UpdateExpression: 'SET tenders = :tenders, updatedBy = :by, updatedOn = :on ADD version :one',
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':tenders': tenders, ':by': stamp.updatedBy, ':on': stamp.updatedOn, ':one': 1, ':read': version },
      },
    ),

  /** Marks a bill as e-mailed, once the mail went out. */
  mailedWrite: (tenantId: string, purchaseId: number): TransactItem =>
    op.update(
      { pk: billPk(tenantId, purchaseId), sk: BILL_SK },
      { UpdateExpression: 'SET mailed = :yes', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':yes': true } },
    ),

  /** Adds figures (negative to take away) to a shop day's sales item, creating it with the day's first bill. */
  salesWrite(tenantId: string, date: string, figures: SalesFigures): TransactItem | undefined {
    const entries = Object.entries(figures).filter(([, v]) => v !== undefined && v !== 0) as [string, number][];
    if (!entries.length) return undefined;
    const names: Record<string, string> = { '#date': 'date' };
    const values: Record<string, unknown> = { ':date': date, ':entity': 'salesDay' };
    entries.forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:f${i}`] = value;
    });
    return op.update(
      { pk: salesPk(tenantId, date.slice(0, 7)), sk: date },
      {
        UpdateExpression: `SET #date = :date, entity = :entity ADD ${entries.map((_, i) => `#f${i} :f${i}`).join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    );
  },
};
