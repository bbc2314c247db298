import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { indiaToday } from '../../shared/leave-days.js';
import { splitInclusiveGst, toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import type { Inventory, InventorySave, InventorySuggestion, Stock } from '../../shared/schemas/inventory.js';
import { VALID_PRODUCT } from '../../shared/schemas/inventory-messages.js';
import { wordRank } from '../../shared/words.js';
import { searchKey } from '../lib/keys.js';
import type { WriteScope } from '../lib/context.js';
import { mapPage, nextId, type CursorPage, type PageRequest } from '../lib/db.js';
import { Validation } from '../lib/errors.js';
import { productData } from '../products/data.js';
import { lowCountWrites, nextStockId, stockCountWrite, transactWithStock } from '../stock/changes.js';
import { stockData, type StoredStock } from '../stock/data.js';
import { stockView, toPercent } from '../stock/view.js';
import { inventoryData, type StoredInventory } from './data.js';
import { lineReceiptWrites } from './receipts.js';
import { receiptSearchCount, receiptSearchPage } from './search.js';

/** Suggestions one call answers: a short list under the input. */
const SUGGESTION_LIMIT = 20;
/** Lines read by the start of their name beside the word index. */
const STARTING_LINES = 2 * SUGGESTION_LIMIT;

export function inventoryView(receipt: StoredInventory): Inventory {
  return {
    ...receipt,
    cgst: toPercent(receipt.cgst),
    sgst: toPercent(receipt.sgst),
    mrp: toRupees(receipt.mrp),
    buyingPrice: toRupees(receipt.buyingPrice),
    sellingPrice: toRupees(receipt.sellingPrice),
  };
}

/** Receipts of the products with a word of the name starting with the text, then those found by artcode only; a page by cursor at any depth. */
export const searchPage = async (tenantId: string, text: string, request: PageRequest): Promise<CursorPage<Inventory>> =>
  mapPage(await receiptSearchPage(tenantId, text, request), inventoryView);

export const searchCount = (tenantId: string, text: string) => receiptSearchCount(tenantId, text, SEARCH_COUNT_CAP);

/**
 * Inventory add: the receipt, the line's new figure (created on the first receipt of a product and artcode) and
 * its movement, the day's count and the counters, in one transaction.
 */
export async function receive(scope: WriteScope, form: InventorySave): Promise<{ inventory: Inventory; stock: Stock }> {
  const { tenantId, actor } = scope;
  const [product] = await productData.byIds(tenantId, [form.productId]);
  if (!product) throw new Validation(VALID_PRODUCT);
  const inventoryId = await nextId(tenantId, 'inventory');
  let newStockId: number | undefined;
  const date = indiaToday(actor.now);
  const mrp = toPaise(form.mrp);
  const row = {
    productId: product.productId,
    productName: product.productName,
    vendor: form.vendor ?? '',
    artcode: form.artcode,
    barcode: form.barcode,
    quantity: form.quantity,
    cgst: toBasisPoints(form.cgst),
    sgst: toBasisPoints(form.sgst),
    mrp,
    buyingPrice: toPaise(form.buyingPrice),
    sellingPrice: form.sellingPrice === undefined ? mrp : toPaise(form.sellingPrice),
  };
  let saved: { receipt: StoredInventory; line: StoredStock } | undefined;
  await transactWithStock(async () => {
    const line = await stockData.byProduct(tenantId, product.productId, form.artcode);
    if (!line) newStockId ??= await nextStockId(tenantId);
    const prepared = lineReceiptWrites(
      { tenantId, actor, date, source: 'Inventory add', reason: 'receipt', ref: (ids) => `Inventory ${ids.join(', ')}` },
      { line, newStockId: newStockId ?? 0, rows: [row], inventoryIds: [inventoryId] },
    );
    saved = { receipt: prepared.receipts[0]!, line: prepared.change.after };
    return {
      items: [
        ...prepared.items,
        ...inventoryData.countWrites(tenantId, date, [row]),
        ...(line ? [] : [stockCountWrite(tenantId, 1)]),
        ...lowCountWrites(tenantId, [prepared.change]),
      ],
      messages: prepared.messages,
    };
  });
  return { inventory: inventoryView(saved!.receipt), stock: stockView(saved!.line) };
}

function suggestionOf(line: SuggestedLine): InventorySuggestion {
  return {
    productId: line.productId,
    productName: line.productName,
    artcode: line.artcode,
    barcode: line.barcode,
    mrp: toRupees(line.mrp),
    sellingPrice: toRupees(line.sellingPrice),
    buyingPrice: toRupees(line.buyingPrice),
    gst: toPercent(line.cgst + line.sgst),
    cgst: toPercent(line.cgst),
    sgst: toPercent(line.sgst),
    nrp: toRupees(splitInclusiveGst(line.sellingPrice, line.cgst, line.sgst).taxable),
    inventoryId: line.inventoryId,
    stockId: line.stockId,
    quantity: line.quantity,
  };
}

/** What a suggestion shows of a line. */
type SuggestedLine = Pick<StoredStock, 'productId' | 'productName' | 'artcode' | 'barcode' | 'mrp' | 'sellingPrice' | 'buyingPrice' | 'cgst' | 'sgst' | 'inventoryId' | 'stockId' | 'quantity'>;

/**
 * The received lines of these products: from their shelf items (one batch read), which keep every figure a
 * suggestion shows; lines of shelves written before they kept the barcode and buying price, and products without a
 * shelf, are read from the lines themselves. Products in `known` are left out (their lines are already at hand).
 */
async function linesOf(tenantId: string, products: { productId: number; productName: string }[], known: Set<number>): Promise<SuggestedLine[]> {
  const wanted = products.filter((p) => !known.has(p.productId));
  if (!wanted.length) return [];
  const shelves = await productData.shelves(tenantId, wanted.map((p) => p.productId));
  const complete: SuggestedLine[] = [];
  const older: number[] = [];
  for (const { productId, productName } of wanted) {
    for (const line of shelves.get(productId) ?? []) {
      const { barcode, buyingPrice } = line;
      if (barcode === undefined || buyingPrice === undefined) older.push(line.stockId);
      else complete.push({ ...line, barcode, buyingPrice, productId, productName });
    }
  }
  const unshelved = wanted.filter((p) => !shelves.has(p.productId));
  const [read, unshelvedLines] = await Promise.all([
    older.length ? stockData.byIds(tenantId, older) : Promise.resolve([]),
    Promise.all(unshelved.map((p) => stockData.ofProduct(tenantId, p.productId))),
  ]);
  return [...complete, ...read, ...unshelvedLines.flat()];
}

/**
 * The products whose lines a read of the lines by name prefix holds in full: every product it found, except, when
 * the read stopped at its limit, the last one (its other lines may follow).
 */
function wholeProducts(byName: SuggestedLine[], limit: number): Set<number> {
  const products = new Set(byName.map((l) => l.productId));
  if (byName.length >= limit) products.delete(byName[byName.length - 1]!.productId);
  return products;
}

/** Where a suggestion ranks: its artcode or barcode is the text, then a whole word of the name, then a word's start, then a code's start. */
function suggestionRank(s: InventorySuggestion, text: string): number {
  const code = searchKey(text);
  if (searchKey(s.artcode) === code || (s.barcode && searchKey(s.barcode) === code)) return -1;
  return wordRank(s.productName, text) ?? 2;
}

/**
 * Suggestions (spec 2 sections 3 and 5): received lines of the products with a word of the name starting with the
 * text (the word index, whole words first), and lines whose artcode or barcode starts with it (a scanned code is
 * exact, so first). With `all`, catalogue products never received are added (no codes or prices yet), so
 * inventory add can pick a product for its first receipt.
 */
export async function suggestions(tenantId: string, text: string, all: boolean): Promise<InventorySuggestion[]> {
  // The lines whose name starts with the text are read beside the word index, live: when the text starts the names
  // (as it mostly does), the word index finds the same products and no second read is needed for them. Twice the
  // list is read, so products with a few lines each are all whole in it.
  const byStart = stockData.byName(tenantId, text, STARTING_LINES);
  const [byWord, byArtcode, byBarcode] = await Promise.all([
    Promise.all([productData.suggestions(tenantId, text, SUGGESTION_LIMIT), byStart]).then(async ([products, started]) => ({
      products,
      lines: [...started, ...(await linesOf(tenantId, products, wholeProducts(started, STARTING_LINES)))],
    })),
    stockData.byArtcode(tenantId, text, SUGGESTION_LIMIT),
    stockData.byBarcode(tenantId, text, SUGGESTION_LIMIT),
  ]);
  const products = all ? byWord.products : [];
  const lines = [...new Map([...byWord.lines, ...byArtcode, ...byBarcode].map((l) => [l.stockId, l])).values()];
  const received = new Set(lines.map((l) => l.productId));
  const neverReceived: InventorySuggestion[] = products
    .filter((p) => !received.has(p.productId))
    .map((p) => ({
      productId: p.productId,
      productName: p.productName,
      artcode: '',
      barcode: '',
      mrp: 0,
      sellingPrice: 0,
      buyingPrice: 0,
      gst: 0,
      cgst: 0,
      sgst: 0,
      nrp: 0,
      inventoryId: 0,
      stockId: 0,
      quantity: 0,
    }));
  return [...lines.map(suggestionOf), ...neverReceived]
    .sort((a, b) => suggestionRank(a, text) - suggestionRank(b, text) || a.productName.localeCompare(b.productName) || a.artcode.localeCompare(b.artcode))
    .slice(0, SUGGESTION_LIMIT);
}
