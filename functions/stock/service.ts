import { toPaise } from '../../shared/money.js';
import type { Stock, StockCreate, StockUpdate } from '../../shared/schemas/inventory.js';
import { MAX_STOCK_VIEW, STOCK_EXISTS, VALID_PRODUCT } from '../../shared/schemas/inventory-messages.js';
import { auditWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { created, mapPage, type CursorPage, type PageRequest } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import { productData } from '../products/data.js';
import { changeLine, createLine, lowCountWrites, nextStockId, stockCountWrite, transactWithStock } from './changes.js';
import { stockData, type StoredStock } from './data.js';
import { stockSearchPage } from './search.js';
import { stockView } from './view.js';

export const STOCK_NOT_FOUND = 'Stock not found.';

export async function findStock(tenantId: string, stockId: number): Promise<StoredStock> {
  const line = await stockData.get(tenantId, stockId);
  if (!line) throw new NotFound(STOCK_NOT_FOUND);
  return line;
}

/**
 * A page of Current Stock, each line with its product's HSN code, GST unit and kind of supply (one batch read of the
 * page's products): the till's copy bills offline with them, as the server's invoice will.
 */
export async function stockPage(tenantId: string, request: PageRequest): Promise<CursorPage<Stock>> {
  const page = await stockData.page(tenantId, request);
  const ids = [...new Set(page.items.map((line) => line.productId))];
  const products = new Map((ids.length ? await productData.byIds(tenantId, ids) : []).map((p) => [p.productId, p]));
  return mapPage(page, (line) => {
    const product = products.get(line.productId);
    return {
      ...stockView(line),
      ...(product?.hsnCode ? { hsnCode: product.hsnCode } : {}),
      ...(product?.unit ? { unit: product.unit } : {}),
      ...(product?.taxability ? { taxability: product.taxability } : {}),
    };
  });
}

/** The stock list's search by any word of the product's name, then by artcode (`search.ts`). */
export async function searchPage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<Stock>> {
  return mapPage(await stockSearchPage(tenantId, text, request), (line) => stockView(line));
}

export async function byDatePage(tenantId: string, date: string, request: PageRequest): Promise<CursorPage<Stock>> {
  const days = await stockData.dayPage(tenantId, date, request);
  return { items: await withReceived(tenantId, days.items), next: days.next };
}

async function withReceived(tenantId: string, days: { stockId: number; received: number }[]): Promise<Stock[]> {
  const lines = await stockData.byIds(tenantId, days.map((d) => d.stockId));
  const received = new Map(days.map((d) => [d.stockId, d.received]));
  return lines.map((line) => stockView(line, received.get(line.stockId)));
}

export async function byDateAll(tenantId: string, date: string): Promise<Stock[]> {
  return withReceived(tenantId, await stockData.dayAll(tenantId, date, MAX_STOCK_VIEW));
}

export async function byProduct(tenantId: string, productId: number, artcode: string): Promise<StoredStock | undefined> {
  return stockData.byProduct(tenantId, productId, artcode);
}

/** Add Stock: a new line of a product and artcode; its opening quantity is its first movement. */
export async function createStock(scope: WriteScope, form: StockCreate): Promise<Stock> {
  const { tenantId, actor } = scope;
  const [product] = await productData.byIds(tenantId, [form.productId]);
  if (!product) throw new Validation(VALID_PRODUCT);
  let stockId: number | undefined;
  let saved: StoredStock | undefined;
  await transactWithStock(async () => {
    if (await stockData.lineId(tenantId, form.productId, form.artcode)) throw new Conflict(STOCK_EXISTS);
    stockId ??= await nextStockId(tenantId);
    const price = toPaise(form.productPrice);
    const change = createLine(
      tenantId,
      {
        stockId,
        productId: product.productId,
        productName: product.productName,
        artcode: form.artcode,
        barcode: '',
        vendor: '',
        mrp: price,
        buyingPrice: 0,
        sellingPrice: price,
        cgst: 0,
        sgst: 0,
        inventoryId: 0,
        ...created(actor),
      },
      { productId: product.productId, artcode: form.artcode, delta: form.quantity, reason: 'edit', ref: 'Stock form', actor },
    );
    saved = change.after;
    const audit = auditWrite(scope, { entity: 'stock', entityId: stockId, action: 'create', after: change.after });
    return { items: [...change.items, stockCountWrite(tenantId, 1), audit, ...lowCountWrites(tenantId, [change])], messages: change.messages };
  });
  return stockView(saved!);
}

/** Edit Stock: the quantity (a movement of the difference) and the price, refused over someone else's newer save. */
export async function updateStock(scope: WriteScope, stockId: number, form: StockUpdate): Promise<Stock> {
  const { tenantId, actor } = scope;
  let saved: StoredStock | undefined;
  let first = true;
  await transactWithStock(async () => {
    const line = await findStock(tenantId, stockId);
    // The form's version only counts for the first attempt: after that the user's edit is applied to a fresh read.
    if (first && form.version !== undefined && form.version !== line.version) throw new Conflict(STALE_RECORD);
    first = false;
    const change = changeLine(
      tenantId,
      line,
      { productId: line.productId, artcode: line.artcode, delta: form.quantity - line.quantity, reason: 'edit', ref: 'Stock form', actor },
      { sellingPrice: toPaise(form.productPrice) },
    );
    saved = change.after;
    const audit = auditWrite(scope, { entity: 'stock', entityId: stockId, action: 'update', before: line, after: change.after });
    return { items: [...change.items, audit, ...lowCountWrites(tenantId, [change])], messages: change.messages };
  });
  return stockView(saved!);
}
