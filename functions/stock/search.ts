import { wordRank } from '../../shared/words.js';
import { queryAll, queryCount, type CursorPage, type PageRequest } from '../lib/db.js';
import { countGrouped, groupedPage, type GroupedPart, type ItemRows } from '../lib/grouped-pages.js';
import { searchKey } from '../lib/keys.js';
import { wordSource } from '../lib/word-index.js';
import { PRODUCT_WORDS, productData } from '../products/data.js';
import { stockData, stockIndexes, type StoredStock } from './data.js';

/**
 * The stock list's search (docs/catalogue.md, "Search"): the lines of the products with a word of the name starting
 * with the text, the products ranked as the word index ranks them (whole words first) and each product's lines
 * together, then the lines whose artcode starts with the text but whose name has no such word, in artcode order.
 * Pages are of lines (`lib/grouped-pages.ts`): a cursor continues inside a product's lines as well as after them.
 */

type Row = Record<string, unknown>;

/**
 * The lines of these products, each from its `from`-th: their stock ids from the products' shelf items (one batch
 * read; a product stored before shelves by its line keys), in artcode order as the line keys hold them, then the
 * lines themselves in one batch read.
 */
async function productLines(tenantId: string, items: Row[], from: unknown[]): Promise<ItemRows<StoredStock>[]> {
  const ids = items.map((item) => Number(item.id));
  const shelves = await productData.shelves(tenantId, ids);
  const stockIds = await Promise.all(
    ids.map(async (id) => {
      const shelf = shelves.get(id);
      if (!shelf) return (await queryAll<{ stockId: number }>({ pk: stockIndexes.linePk(tenantId, id), attributes: ['stockId'] })).map((k) => Number(k.stockId));
      const bySk = (a: { artcode: string }, b: { artcode: string }) => (searchKey(a.artcode) < searchKey(b.artcode) ? -1 : searchKey(a.artcode) > searchKey(b.artcode) ? 1 : 0);
      return [...shelf].sort(bySk).map((line) => line.stockId);
    }),
  );
  const lines = new Map((await stockData.byIds(tenantId, stockIds.flat())).map((l) => [l.stockId, l]));
  return stockIds.map((ofProduct, i) => {
    const rows = ofProduct.flatMap((id) => lines.get(id) ?? []).map((row, n) => ({ row, inner: n + 1 }));
    return { rows: rows.slice(Number(from[i] ?? 0)), more: false };
  });
}

function partsOf(tenantId: string, text: string): GroupedPart<StoredStock>[] {
  const words = wordSource(tenantId, PRODUCT_WORDS, text);
  const codes: GroupedPart<StoredStock> = {
    name: 'codes',
    source: stockIndexes.byArtcode(tenantId, text),
    keep: (item) => wordRank(String(item.productName), text) === undefined,
    rowsOf: async (items) => items.map((item) => ({ rows: [{ row: stockIndexes.toStock(item), inner: undefined }], more: false })),
  };
  if (!words) return [codes];
  return [{ name: 'words', source: words.source, keep: words.keep, rowsOf: (items, from) => productLines(tenantId, items, from) }, codes];
}

/** A page of the search's lines and the cursor of the next when more follow; a page by number reads the lines before it. */
export const stockSearchPage = (tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredStock>> =>
  groupedPage(JSON.stringify(['stock-word-search', tenantId, text.trim().toLowerCase()]), partsOf(tenantId, text), request);

/**
 * How many lines the search shows, counting at most `cap`: the lines of the matching products from their shelf items
 * (100 a read; a product stored before shelves by its line keys), then the lines found by artcode only.
 */
export const stockSearchCount = (tenantId: string, text: string, cap: number): Promise<number> =>
  countGrouped(partsOf(tenantId, text), cap, 100, {
    words: async (kept) => {
      const ids = kept.map((item) => Number(item.id));
      const shelves = await productData.shelves(tenantId, ids);
      const unshelved = await Promise.all(ids.filter((id) => !shelves.has(id)).map((id) => queryCount({ pk: stockIndexes.linePk(tenantId, id) })));
      return [...shelves.values()].reduce((sum, shelf) => sum + shelf.length, 0) + unshelved.reduce((a, b) => a + b, 0);
    },
  });
