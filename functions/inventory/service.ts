import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { indiaToday } from '../../shared/leave-days.js';
import { splitInclusiveGst, toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import type { Inventory, InventorySave, InventorySuggestion, Stock } from '../../shared/schemas/inventory.js';
import { VALID_PRODUCT } from '../../shared/schemas/inventory-messages.js';
import type { WriteScope } from '../lib/context.js';
import { mapPage, nextId, type CursorPage, type PageRequest } from '../lib/db.js';
import { Validation } from '../lib/errors.js';
import { productData } from '../products/data.js';
import { lowCountWrites, nextStockId, stockCountWrite, transactWithStock } from '../stock/changes.js';
import { stockData, type StoredStock } from '../stock/data.js';
import { stockView, toPercent } from '../stock/view.js';
import { inventoryData, type StoredInventory } from './data.js';
import { lineReceiptWrites } from './receipts.js';

/** Suggestions one call answers: a short list under the input. */
const SUGGESTION_LIMIT = 20;

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

/** Receipts whose product name starts with the text, then those found by artcode only; a page by cursor at any depth. */
export const searchPage = async (tenantId: string, text: string, request: PageRequest): Promise<CursorPage<Inventory>> =>
  mapPage(await inventoryData.searchPage(tenantId, text, request), inventoryView);

export const searchCount = (tenantId: string, text: string) => inventoryData.searchCount(tenantId, text, SEARCH_COUNT_CAP);

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

function suggestionOf(line: StoredStock): InventorySuggestion {
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

/**
 * Suggestions (spec 2 sections 3 and 5): received lines whose product name, artcode or barcode starts with the text,
 * in name order. With `all`, catalogue products never received are added (no codes or prices yet), so inventory
 * add can pick a product for its first receipt.
 */
export async function suggestions(tenantId: string, text: string, all: boolean): Promise<InventorySuggestion[]> {
  const [byName, byArtcode, byBarcode, products] = await Promise.all([
    stockData.byName(tenantId, text, SUGGESTION_LIMIT),
    stockData.byArtcode(tenantId, text, SUGGESTION_LIMIT),
    stockData.byBarcode(tenantId, text, SUGGESTION_LIMIT),
    all ? productData.byNamePrefix(tenantId, text, SUGGESTION_LIMIT) : Promise.resolve([]),
  ]);
  const lines = [...new Map([...byName, ...byArtcode, ...byBarcode].map((l) => [l.stockId, l])).values()];
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
    .sort((a, b) => a.productName.localeCompare(b.productName) || a.artcode.localeCompare(b.artcode))
    .slice(0, SUGGESTION_LIMIT);
}
