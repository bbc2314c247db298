import type { Product } from '../../shared/schemas/catalogue.js';
import {
  batchGet,
  mapPage,
  op,
  query,
  queryCursorPage,
  putNew,
  readCounter,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
} from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantPk } from '../lib/keys.js';
import { wordSearch, wordSearchCount, wordSearchPage, wordWrites, type WordRecord } from '../lib/word-index.js';

/**
 * Products. Each product has a name item (lower-cased name) written in the same transaction with
 * attribute_not_exists, so two concurrent saves of one name cannot both win, and the tenant's product counter is
 * kept in those transactions so counting never reads the products.
 */
const productPk = (tenantId: string) => tenantPk(tenantId, 'PRODUCT');
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'PRODUCT_BY_NAME');
const byCategoryPk = (tenantId: string, categoryId: number) => tenantPk(tenantId, 'PRODUCT_BY_CATEGORY', categoryId);
const nameKey = (tenantId: string, name: string) => ({ pk: tenantPk(tenantId, 'PRODUCT_NAME'), sk: searchKey(name) });
const productCounter = (tenantId: string) => counterKey(tenantId, 'product');
const shelfKey = (tenantId: string, productId: number) => ({ pk: tenantPk(tenantId, 'PRODUCT_SHELF'), sk: idSk(productId) });
/** One attribute per stock line on the shelf item, so a change of one line never rewrites another's figures. */
const SHELF_LINE = 'line';

/**
 * What a listing shows of one stock line of a product (money in paise, rates in basis points), copied onto the
 * product's shelf item by every transaction that changes the line's quantity or prices.
 */
export interface ShelfLine {
  stockId: number;
  inventoryId: number;
  artcode: string;
  sellingPrice: number;
  mrp: number;
  cgst: number;
  sgst: number;
  quantity: number;
  /** The line's barcode and buying price (paise), for the till's suggestions; absent on shelves written before. */
  barcode?: string;
  buyingPrice?: number;
}
/** A shelf line's fields as its item keeps them (the line's own fields, nothing else of a stock record). */
const shelfFields = ({ stockId, inventoryId, artcode, sellingPrice, mrp, cgst, sgst, quantity, barcode, buyingPrice }: ShelfLine): ShelfLine => ({
  stockId,
  inventoryId,
  artcode,
  sellingPrice,
  mrp,
  cgst,
  sgst,
  quantity,
  ...(barcode === undefined ? {} : { barcode }),
  ...(buyingPrice === undefined ? {} : { buyingPrice }),
});
/**
 * Products without an HSN code are also in gsi3 under this key (a sparse index): the owner's list to fill them.
 * Their count is a counter item moved by every transaction that creates or deletes such a product or sets or clears
 * a product's code (`withoutHsnCountWrites`).
 */
const withoutHsnPk = (tenantId: string) => tenantPk(tenantId, 'PRODUCT_WITHOUT_HSN');
const withoutHsnCounter = (tenantId: string) => counterKey(tenantId, 'product#withoutHsn');
const lacksHsn = (product: Pick<StoredProduct, 'hsnCode'> | undefined) => product !== undefined && !product.hsnCode;

/** A product created (`after`), deleted (`before`) or edited (both), for the count of products without an HSN code. */
export interface ProductMove {
  before?: Pick<StoredProduct, 'hsnCode'>;
  after?: Pick<StoredProduct, 'hsnCode'>;
}

export type StoredProduct = Product & { image: string; version: number };

/** The word index of product names (`lib/word-index.ts`); each item also holds the category for suggestions. */
export const PRODUCT_WORDS = 'PRODUCT';
export const productWordRecord = (p: Pick<StoredProduct, 'productId' | 'productName' | 'categoryId'>): WordRecord => ({
  id: p.productId,
  name: p.productName,
  fields: { categoryId: p.categoryId },
});
/**
 * The word index of one category's product names (the storefront's search in a category): the same items as the
 * shop's, under the category's own key, so a search in a category reads only that category's words.
 */
export const categoryProductWords = (categoryId: number) => `PRODUCT_IN_CATEGORY#${categoryId}`;
const categoryWordRecord = (p: Pick<StoredProduct, 'productId' | 'productName'>): WordRecord => ({ id: p.productId, name: p.productName });
type WordedProduct = Pick<StoredProduct, 'productId' | 'productName' | 'categoryId'>;

/** The word writes of a product's category index: moved to the new category's key when the category changes. */
function categoryWordWrites(tenantId: string, before: WordedProduct | undefined, after: WordedProduct | undefined): TransactItem[] {
  if (before && after && before.categoryId === after.categoryId) {
    return wordWrites(tenantId, categoryProductWords(after.categoryId), categoryWordRecord(before), categoryWordRecord(after));
  }
  return [
    ...(before ? wordWrites(tenantId, categoryProductWords(before.categoryId), categoryWordRecord(before), undefined) : []),
    ...(after ? wordWrites(tenantId, categoryProductWords(after.categoryId), undefined, categoryWordRecord(after)) : []),
  ];
}

/** Every word write of a product moving from `before` (absent when created) to `after` (absent when deleted). */
export const productWordItems = (tenantId: string, before: WordedProduct | undefined, after: WordedProduct | undefined): TransactItem[] => [
  ...wordWrites(tenantId, PRODUCT_WORDS, before && productWordRecord(before), after && productWordRecord(after)),
  ...categoryWordWrites(tenantId, before, after),
];

/** A product's word writes: in the product's transaction, or written right after it when the save is too big for one. */
const productWordWrites = (tenantId: string, before: StoredProduct | undefined, after: StoredProduct | undefined): ProductWrite[] =>
  productWordItems(tenantId, before, after).map((write) => ({ write, words: true }));
type ProductSuggestion = Pick<StoredProduct, 'productId' | 'productName' | 'categoryId'>;

const toProduct = (item: Record<string, unknown>) => strip(item as Item) as StoredProduct;

/** A write of a product transaction and the message to answer when its condition fails. */
export interface ProductWrite {
  write: TransactItem;
  message?: string;
  /** A word index write: idempotent, so a save too big for one transaction writes it in the next ones. */
  words?: true;
}

export const productData = {
  toItem(tenantId: string, product: StoredProduct): Item {
    return {
      pk: productPk(tenantId),
      sk: idSk(product.productId),
      gsi1pk: byNamePk(tenantId),
      gsi1sk: searchKey(product.productName),
      gsi2pk: byCategoryPk(tenantId, product.categoryId),
      gsi2sk: searchKey(product.productName),
      ...(product.hsnCode ? {} : { gsi3pk: withoutHsnPk(tenantId), gsi3sk: searchKey(product.productName) }),
      entity: 'product',
      ...product,
    };
  },

  /** Up to `limit` products without an HSN code, in name order. */
  async withoutHsn(tenantId: string, limit: number): Promise<StoredProduct[]> {
    const { items } = await query({ index: 'gsi3', pk: withoutHsnPk(tenantId), limit });
    return items.map(toProduct);
  },
  /** How many products have no HSN code: their counter item, one read. */
  withoutHsnCount: (tenantId: string) => readCounter(withoutHsnCounter(tenantId)),

  /** The products of these ids that exist in the tenant, in the order asked. */
  async byIds(tenantId: string, productIds: number[]): Promise<StoredProduct[]> {
    const items = await batchGet(productIds.map((id) => ({ pk: productPk(tenantId), sk: idSk(id) })));
    const byId = new Map(items.map((i) => [Number(i.productId), toProduct(i)]));
    return productIds.flatMap((id) => byId.get(id) ?? []);
  },

  /** A page of the products in creation order, with the cursor of the next. */
  async cursorPage(tenantId: string, request: PageRequest): Promise<CursorPage<StoredProduct>> {
    return mapPage(await queryCursorPage({ pk: productPk(tenantId) }, request), toProduct);
  },

  /**
   * A page of a category's products (the storefront): all in name order, or with a text those with a word of the
   * name starting with it, ranked (whole word first) by the category's word index.
   */
  async categoryPage(tenantId: string, categoryId: number, text: string, request: PageRequest): Promise<CursorPage<StoredProduct>> {
    if (!text) {
      return mapPage(await queryCursorPage({ index: 'gsi2', pk: byCategoryPk(tenantId, categoryId) }, request), toProduct);
    }
    const page = await wordSearchPage<{ id: number }>(tenantId, categoryProductWords(categoryId), text, request);
    return { items: await this.byIds(tenantId, page.items.map((w) => Number(w.id))), next: page.next };
  },

  /**
   * The shelf lines of these products, one BatchGetItem per 100 products. A product missing from the answer has
   * no shelf item (stored before shelves were kept); a product never received has one without lines.
   */
  async shelves(tenantId: string, productIds: number[]): Promise<Map<number, ShelfLine[]>> {
    const items = await batchGet([...new Set(productIds)].map((id) => shelfKey(tenantId, id)));
    return new Map(
      items.map((item) => [
        Number(item.productId),
        Object.entries(item)
          .filter(([name]) => name.startsWith(SHELF_LINE) && /^\d+$/.test(name.slice(SHELF_LINE.length)))
          .map(([, line]) => line as ShelfLine),
      ]),
    );
  },

  /**
   * Read repair for a product stored before shelves were kept: writes its shelf item from the lines just read,
   * only if it still has none. Every transaction that changes a line also writes the line's figures to the shelf
   * (creating the item), so a shelf that exists is never older than the lines; if one appeared since the lines were
   * read, it wins and this write is dropped.
   */
  async repairShelf(tenantId: string, productId: number, lines: ShelfLine[]): Promise<void> {
    const fields = Object.fromEntries(lines.map((line) => [`${SHELF_LINE}${line.stockId}`, shelfFields(line)]));
    try {
      await putNew({ ...shelfKey(tenantId, productId), entity: 'productShelf', productId, ...fields });
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  },

  /** Copies a line's listed figures onto its product's shelf item, in the transaction that changes the line. */
  shelfWrite(tenantId: string, productId: number, line: ShelfLine): TransactItem {
    return op.setFields(shelfKey(tenantId, productId), { entity: 'productShelf', productId, [`${SHELF_LINE}${line.stockId}`]: shelfFields(line) });
  },

  /** A page of the products with a word of the name starting with `text`, ranked (whole word first); one read of the products' ids. */
  async searchCursorPage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredProduct>> {
    const page = await wordSearchPage<{ id: number }>(tenantId, PRODUCT_WORDS, text, request);
    return { items: await this.byIds(tenantId, page.items.map((w) => Number(w.id))), next: page.next };
  },

  count: (tenantId: string) => readCounter(productCounter(tenantId)),

  /**
   * How many products have a word starting with `text`, counting at most `cap` (one bounded read of the word index;
   * each once).
   */
  searchCount: (tenantId: string, text: string, cap: number) => wordSearchCount(tenantId, PRODUCT_WORDS, text, cap),

  /**
   * Suggestions: id, name and category of the first `limit` products with a word of the name starting with `text`
   * (any letter case and punctuation), whole words first (`lib/word-index.ts`). One Query with a Limit on the word
   * index: the read is about `limit` items at any catalogue size.
   */
  async suggestions(tenantId: string, text: string, limit: number): Promise<ProductSuggestion[]> {
    const words = await wordSearch<{ id: number; name: string; categoryId: number }>(tenantId, PRODUCT_WORDS, text, limit, ['categoryId']);
    return words.map((w) => ({ productId: Number(w.id), productName: w.name, categoryId: Number(w.categoryId) }));
  },

  /** Suggestions the old way, by the start of the name only (kept for the bench's side-by-side figure). */
  async prefixSuggestions(tenantId: string, prefix: string, limit: number): Promise<ProductSuggestion[]> {
    const attributes = ['productId', 'productName', 'categoryId'];
    const { items } = await query<ProductSuggestion>({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix: searchKey(prefix), limit, attributes });
    return items;
  },

  /** Up to `limit` products in name order, only names starting with `prefix` when one is given. */
  async byNamePrefix(tenantId: string, prefix: string | undefined, limit: number): Promise<StoredProduct[]> {
    // DynamoDB refuses an empty string in a key condition, so "no prefix" is no sort-key condition at all.
    const skPrefix = prefix ? searchKey(prefix) : undefined;
    const { items } = await query({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix, limit });
    return items.map(toProduct);
  },

  /** How many of a category's products have a word starting with `text`, counting at most `cap` (each once). */
  searchCountInCategory: (tenantId: string, categoryId: number, text: string, cap: number) => wordSearchCount(tenantId, categoryProductWords(categoryId), text, cap),

  /** Which of these names (any letter case) belong to a product, and to which: name key → productId. */
  async nameOwners(tenantId: string, names: string[]): Promise<Map<string, number>> {
    const keys = [...new Set(names.map(searchKey))].map((name) => nameKey(tenantId, name));
    const items = await batchGet<{ sk: string; productId: number }>(keys);
    return new Map(items.map((i) => [i.sk, i.productId]));
  },

  createWrites(tenantId: string, product: StoredProduct, duplicateMessage: string): ProductWrite[] {
    const TableName = tableName();
    return [
      { write: { Put: { TableName, Item: this.toItem(tenantId, product), ConditionExpression: 'attribute_not_exists(pk)' } } },
      {
        write: {
          Put: {
            TableName,
            Item: { ...nameKey(tenantId, product.productName), entity: 'productName', productId: product.productId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        message: duplicateMessage,
      },
      // An empty shelf: the product lists as out of stock until its first line is received.
      { write: op.setFields(shelfKey(tenantId, product.productId), { entity: 'productShelf', productId: product.productId }) },
      ...productWordWrites(tenantId, undefined, product),
    ];
  },

  /** Writes replacing `before` with `after`, refused if someone saved the product in between. */
  updateWrites(tenantId: string, before: StoredProduct, after: StoredProduct, messages: { stale: string; duplicate: string }): ProductWrite[] {
    const TableName = tableName();
    const writes: ProductWrite[] = [
      {
        write: {
          Put: {
            TableName,
            Item: this.toItem(tenantId, after),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': before.version },
          },
        },
        message: messages.stale,
      },
    ];
    if (searchKey(before.productName) !== searchKey(after.productName)) {
      writes.push(
        {
          write: {
            Delete: {
              TableName,
              Key: nameKey(tenantId, before.productName),
              ConditionExpression: 'productId = :id',
              ExpressionAttributeValues: { ':id': before.productId },
            },
          },
          message: messages.stale,
        },
        {
          write: {
            Put: {
              TableName,
              Item: { ...nameKey(tenantId, after.productName), entity: 'productName', productId: after.productId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          message: messages.duplicate,
        },
      );
    }
    writes.push(...productWordWrites(tenantId, before, after));
    return writes;
  },

  deleteWrites(tenantId: string, product: StoredProduct, staleMessage: string): ProductWrite[] {
    const TableName = tableName();
    return [
      {
        write: {
          Delete: {
            TableName,
            Key: { pk: productPk(tenantId), sk: idSk(product.productId) },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': product.version },
          },
        },
        message: staleMessage,
      },
      { write: { Delete: { TableName, Key: nameKey(tenantId, product.productName) } } },
      ...productWordWrites(tenantId, product, undefined),
    ];
  },

  counterWrite(tenantId: string, delta: number): ProductWrite {
    return { write: op.count(productCounter(tenantId), delta) };
  },

  /** The count of products without an HSN code moved by a transaction's products: one write, none when it stays. */
  withoutHsnCountWrites(tenantId: string, moves: ProductMove[]): ProductWrite[] {
    const delta = moves.reduce((sum, m) => sum + Number(lacksHsn(m.after)) - Number(lacksHsn(m.before)), 0);
    return delta ? [{ write: op.count(withoutHsnCounter(tenantId), delta) }] : [];
  },
};
