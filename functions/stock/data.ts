import { LOW_STOCK_LIMIT, type MovementReason } from '../../shared/schemas/inventory-messages.js';
import {
  batchGet,
  getItem,
  mapPage,
  op,
  query,
  queryAll,
  queryCount,
  queryCountUpTo,
  queryCursorPage,
  readCounter,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type QueryOptions,
  type TransactItem,
} from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Stock lines: one per product and artcode, holding the units on the shelf and the prices of the latest receipt.
 *
 * - the line, by stock id (the list pages in id order);
 * - gsi1/gsi2/gsi3: name, artcode and barcode prefixes (search and suggestions);
 * - gsi4: a sparse index holding only lines with 5 or fewer units, set or cleared by every write of the line, so
 *   the Low Quantity view reads just those;
 * - a line key per product and lower-cased artcode, created with the line (attribute_not_exists), so two receipts
 *   of a new line cannot create it twice, and a product's lines are one query;
 * - a movement per change, numbered by the line's version, which every change raises under a condition;
 * - a day item per line and receiving day (units received that day) for the by-date view;
 * - a counter of lines, kept in the transactions that create them;
 * - a counter of the lines with 5 or fewer units, moved by every transaction that takes a line across that limit
 *   (`lowCountWrites` in changes.ts), so the Low Quantity count is one read however many lines are low.
 */
const stockPk = (tenantId: string) => tenantPk(tenantId, 'STOCK');
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'STOCK_BY_NAME');
const byArtcodePk = (tenantId: string) => tenantPk(tenantId, 'STOCK_BY_ARTCODE');
const byBarcodePk = (tenantId: string) => tenantPk(tenantId, 'STOCK_BY_BARCODE');
const lowPk = (tenantId: string) => tenantPk(tenantId, 'STOCK_LOW');
const linePk = (tenantId: string, productId: number) => tenantPk(tenantId, 'STOCK_LINE', productId);
const movesPk = (tenantId: string, stockId: number) => tenantPk(tenantId, 'STOCK_MOVES', stockId);
const dayPk = (tenantId: string, date: string) => tenantPk(tenantId, 'STOCK_DAY', date);
const counterKey = (tenantId: string) => ({ pk: tenantPk(tenantId, 'COUNTER'), sk: 'stock' });
const lowCounterKey = (tenantId: string) => ({ pk: tenantPk(tenantId, 'COUNTER'), sk: 'stock#low' });

/** A stock line as stored: money in paise, rates in basis points. */
export interface StoredStock {
  stockId: number;
  productId: number;
  productName: string;
  artcode: string;
  barcode: string;
  vendor: string;
  quantity: number;
  mrp: number;
  buyingPrice: number;
  sellingPrice: number;
  cgst: number;
  sgst: number;
  /** The latest receipt; 0 for a line added on the stock form. */
  inventoryId: number;
  version: number;
  createdBy?: string;
  createdOn?: string;
  updatedBy?: string;
  updatedOn?: string;
}

export interface StoredMovement {
  stockId: number;
  productId: number;
  productName: string;
  artcode: string;
  reason: MovementReason;
  ref: string;
  delta: number;
  before: number;
  after: number;
  by: string;
  on: string;
  version: number;
}

const toStock = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredStock;
const toMovement = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredMovement;
/** Search keys end with the id so equal names stay distinct items in the index. */
const indexed = (text: string, stockId: number) => `${searchKey(text)}#${idSk(stockId)}`;

function lineItem(tenantId: string, line: StoredStock): Item {
  return {
    pk: stockPk(tenantId),
    sk: idSk(line.stockId),
    gsi1pk: byNamePk(tenantId),
    gsi1sk: indexed(line.productName, line.stockId),
    gsi2pk: byArtcodePk(tenantId),
    gsi2sk: indexed(line.artcode, line.stockId),
    ...(line.barcode ? { gsi3pk: byBarcodePk(tenantId), gsi3sk: indexed(line.barcode, line.stockId) } : {}),
    ...(line.quantity <= LOW_STOCK_LIMIT ? { gsi4pk: lowPk(tenantId), gsi4sk: idSk(line.stockId) } : {}),
    entity: 'stock',
    ...line,
  };
}

/** The first `limit` items of a query, following pages only as far as needed. */
async function firstOf(opts: Omit<QueryOptions, 'startKey' | 'limit'>, limit: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await query({ ...opts, limit: limit - items.length, startKey });
    items.push(...out.items);
    startKey = out.next;
  } while (startKey && items.length < limit);
  return items;
}

/** Up to `limit` lines of one prefix index, in key order. */
async function prefixLines(index: 'gsi1' | 'gsi2' | 'gsi3', pk: string, text: string, limit: number): Promise<StoredStock[]> {
  const { items } = await query({ index, pk, skPrefix: searchKey(text), limit });
  return items.map(toStock);
}

/** The keys and items the stock search (`search.ts`) reads: a product's line keys, the artcode index, a line item. */
export const stockIndexes = {
  linePk,
  byArtcode: (tenantId: string, text: string) => ({ index: 'gsi2', pk: byArtcodePk(tenantId), skPrefix: searchKey(text) }),
  toStock,
};

export const stockData = {
  async get(tenantId: string, stockId: number): Promise<StoredStock | undefined> {
    const item = await getItem(stockPk(tenantId), idSk(stockId));
    return item ? toStock(item) : undefined;
  },

  async byIds(tenantId: string, stockIds: number[]): Promise<StoredStock[]> {
    const items = await batchGet([...new Set(stockIds)].map((id) => ({ pk: stockPk(tenantId), sk: idSk(id) })));
    const byId = new Map(items.map((i) => [Number(i.stockId), toStock(i)]));
    return stockIds.flatMap((id) => byId.get(id) ?? []);
  },

  /** The stock id of a product's line with this artcode (any letter case). */
  async lineId(tenantId: string, productId: number, artcode: string): Promise<number | undefined> {
    return (await getItem<{ stockId: number }>(linePk(tenantId, productId), searchKey(artcode)))?.stockId;
  },

  async byProduct(tenantId: string, productId: number, artcode: string): Promise<StoredStock | undefined> {
    const stockId = await stockData.lineId(tenantId, productId, artcode);
    return stockId === undefined ? undefined : stockData.get(tenantId, stockId);
  },

  /** The lines of many product and artcode pairs at once, keyed `productId#lower artcode`. */
  async byProducts(tenantId: string, pairs: { productId: number; artcode: string }[]): Promise<Map<string, StoredStock>> {
    // BatchGetItem refuses a request that names one key twice.
    const unique = new Map(pairs.map((p) => [stockData.pairKey(p.productId, p.artcode), p]));
    const keys = [...unique.values()].map((p) => ({ pk: linePk(tenantId, p.productId), sk: searchKey(p.artcode) }));
    const lines = await batchGet<{ pk: string; sk: string; stockId: number; productId: number }>(keys);
    const stock = await stockData.byIds(tenantId, lines.map((l) => l.stockId));
    return new Map(stock.map((s) => [stockData.pairKey(s.productId, s.artcode), s]));
  },

  pairKey: (productId: number, artcode: string) => `${productId}#${searchKey(artcode)}`,

  /** Every line of one product (the storefront shows a product by its lines). */
  async ofProduct(tenantId: string, productId: number): Promise<StoredStock[]> {
    const lines = await queryAll<{ stockId: number }>({ pk: linePk(tenantId, productId) });
    return stockData.byIds(tenantId, lines.map((l) => l.stockId));
  },

  async page(tenantId: string, request: PageRequest): Promise<CursorPage<StoredStock>> {
    return mapPage(await queryCursorPage({ pk: stockPk(tenantId) }, request), toStock);
  },

  async first(tenantId: string, limit: number): Promise<StoredStock[]> {
    return (await firstOf({ pk: stockPk(tenantId) }, limit)).map(toStock);
  },

  async count(tenantId: string): Promise<number> {
    const key = counterKey(tenantId);
    return Number((await getItem<{ value?: number }>(key.pk, key.sk))?.value ?? 0);
  },

  /** Lines with 5 or fewer units: the sparse index holds only those. */
  async low(tenantId: string, limit: number): Promise<StoredStock[]> {
    return (await firstOf({ index: 'gsi4', pk: lowPk(tenantId) }, limit)).map(toStock);
  },

  byName: (tenantId: string, text: string, limit: number) => prefixLines('gsi1', byNamePk(tenantId), text, limit),
  /** A page of the lines whose product name starts with the text, in name order, with the cursor of the next. */
  async byNamePage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredStock>> {
    return mapPage(await queryCursorPage({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix: searchKey(text) }, request), toStock);
  },
  /** How many lines have a product name starting with `text`, counting at most `cap`. */
  byNameCount: (tenantId: string, text: string, cap: number) => queryCountUpTo({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix: searchKey(text) }, cap),
  /** Lines with 5 or fewer units: their counter item. */
  lowCount: (tenantId: string) => readCounter(lowCounterKey(tenantId)),
  byArtcode: (tenantId: string, text: string, limit: number) => prefixLines('gsi2', byArtcodePk(tenantId), text, limit),
  byBarcode: (tenantId: string, text: string, limit: number) => prefixLines('gsi3', byBarcodePk(tenantId), text, limit),

  /** Lines whose artcode equals the text in any letter case. */
  async withArtcode(tenantId: string, artcode: string, limit: number): Promise<StoredStock[]> {
    return prefixLines('gsi2', byArtcodePk(tenantId), `${searchKey(artcode)}#`, limit);
  },

  async dayPage(tenantId: string, date: string, request: PageRequest): Promise<CursorPage<{ stockId: number; received: number }>> {
    return queryCursorPage({ pk: dayPk(tenantId, date) }, request);
  },

  async dayAll(tenantId: string, date: string, limit: number): Promise<{ stockId: number; received: number }[]> {
    return (await firstOf({ pk: dayPk(tenantId, date) }, limit)) as { stockId: number; received: number }[];
  },

  /** One day's lines: a bounded count of that day's items. */
  dayCount: (tenantId: string, date: string) => queryCount({ pk: dayPk(tenantId, date) }),

  async movementPage(tenantId: string, stockId: number, request: PageRequest): Promise<CursorPage<StoredMovement>> {
    return mapPage(await queryCursorPage({ pk: movesPk(tenantId, stockId), descending: true }, request), toMovement);
  },

  async movements(tenantId: string, stockId: number): Promise<StoredMovement[]> {
    return (await queryAll({ pk: movesPk(tenantId, stockId) })).map(toMovement);
  },

  movementCount: (tenantId: string, stockId: number) => queryCount({ pk: movesPk(tenantId, stockId) }),

  // ------------------------------------------------------------ writes (transaction items)

  /** A new line with its line key, whose condition refuses a second creation; the caller adds `counterWrite`. */
  createWrites(tenantId: string, line: StoredStock): TransactItem[] {
    const TableName = tableName();
    return [
      { Put: { TableName, Item: lineItem(tenantId, line), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName,
          Item: { pk: linePk(tenantId, line.productId), sk: searchKey(line.artcode), entity: 'stockLine', stockId: line.stockId, productId: line.productId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
  },

  /** Moves the count of low lines by the lines a transaction takes into (+) and out of (−) the low ones. */
  lowCountWrite: (tenantId: string, delta: number): TransactItem => op.count(lowCounterKey(tenantId), delta),

  /** Raises the line counter by the lines a transaction creates (one write, however many lines). */
  counterWrite(tenantId: string, created: number): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: counterKey(tenantId),
        UpdateExpression: 'ADD #value :created',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':created': created },
      },
    };
  },

  /**
   * Replaces a line read at `before.version`. The condition also states the rule itself: a decrease needs at least
   * that many units on the shelf, so stock never goes below zero even if the caller's arithmetic were wrong; only
   * `belowZero` (a manager's decision on a held offline bill) lets a sale take more units than the line holds.
   */
  replaceWrite(tenantId: string, before: StoredStock, after: StoredStock, belowZero = false): TransactItem {
    const need = belowZero ? Number.MIN_SAFE_INTEGER : Math.max(before.quantity - after.quantity, 0);
    return {
      Put: {
        TableName: tableName(),
        Item: lineItem(tenantId, after),
        ConditionExpression: 'version = :version AND quantity >= :need',
        ExpressionAttributeValues: { ':version': before.version, ':need': need },
      },
    };
  },

  movementWrite(tenantId: string, movement: StoredMovement): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: { pk: movesPk(tenantId, movement.stockId), sk: idSk(movement.version), entity: 'stockMovement', ...movement },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  },

  /** Adds units received on a day to the line's day item (created by the first receipt of the day). */
  receivedOnWrite(tenantId: string, date: string, stockId: number, quantity: number): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: { pk: dayPk(tenantId, date), sk: idSk(stockId) },
        UpdateExpression: 'SET stockId = :id, entity = :entity ADD received :quantity',
        ExpressionAttributeValues: { ':id': stockId, ':entity': 'stockDay', ':quantity': quantity },
      },
    };
  },
};
