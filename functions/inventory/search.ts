import { wordRank } from '../../shared/words.js';
import { query, queryAll, queryCountUpTo, type CursorPage, type PageRequest } from '../lib/db.js';
import { countGrouped, groupedPage, keyOf, type GroupedPart, type ItemRows } from '../lib/grouped-pages.js';
import { wordSource } from '../lib/word-index.js';
import { PRODUCT_WORDS } from '../products/data.js';
import { stockIndexes } from '../stock/data.js';
import { receiptIndexes, type StoredInventory } from './data.js';

/**
 * The inventory list's search (docs/catalogue.md, "Search"): the receipts of the products with a word of the name
 * starting with the text, the products ranked as the word index ranks them (whole words first) and each product's
 * receipts together, then the receipts whose artcode starts with the text but whose name has no such word, in
 * artcode order. A product's receipts are those of its stock lines (whatever name they were received under), line
 * by line. Pages are of receipts (`lib/grouped-pages.ts`): a cursor continues inside a product's receipts as well as
 * after them.
 */

type Row = Record<string, unknown>;

/** Where a product's receipts continue: in its `line`-th line (in artcode order), after the receipt with this key. */
interface Place {
  line: number;
  key?: Row;
}

/** Up to `limit` receipts of a product from a place on: line by line (its lines' keys), each line's in the order received. */
async function productReceipts(tenantId: string, productId: number, from: Place | undefined, limit: number): Promise<ItemRows<StoredInventory>> {
  const lines = await queryAll<{ sk: string; stockId: number }>({ pk: stockIndexes.linePk(tenantId, productId), attributes: ['sk', 'stockId'] });
  let line = from?.line ?? 0;
  let startKey = from?.key;
  const rows: ItemRows<StoredInventory>['rows'] = [];
  while (line < lines.length && rows.length < limit) {
    const source = receiptIndexes.ofLine(tenantId, lines[line]!.sk, Number(lines[line]!.stockId));
    const out = await query({ ...source, limit: limit - rows.length, startKey });
    const at = line;
    rows.push(...out.items.map((r) => ({ row: receiptIndexes.toInventory(r), inner: { line: at, key: keyOf(source, r) } satisfies Place })));
    if (out.next) startKey = out.next;
    else {
      line++;
      startKey = undefined;
    }
  }
  return { rows, more: line < lines.length };
}

function partsOf(tenantId: string, text: string): GroupedPart<StoredInventory>[] {
  const words = wordSource(tenantId, PRODUCT_WORDS, text);
  const codes: GroupedPart<StoredInventory> = {
    name: 'codes',
    source: receiptIndexes.byArtcode(tenantId, text),
    keep: (item) => wordRank(String(item.productName), text) === undefined,
    rowsOf: async (items) => items.map((item) => ({ rows: [{ row: receiptIndexes.toInventory(item), inner: undefined }], more: false })),
  };
  if (!words) return [codes];
  const receiptsOf = (items: Row[], from: unknown[], limit: number) => Promise.all(items.map((item, i) => productReceipts(tenantId, Number(item.id), from[i] as Place | undefined, limit)));
  // A product may have many receipts, each read up to a page: a few products at a time.
  return [{ name: 'words', source: words.source, keep: words.keep, itemBatch: 10, rowsOf: receiptsOf }, codes];
}

/** A page of the search's receipts and the cursor of the next when more follow; a page by number reads those before it. */
export const receiptSearchPage = (tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredInventory>> =>
  groupedPage(JSON.stringify(['receipt-word-search', tenantId, text.trim().toLowerCase()]), partsOf(tenantId, text), request);

/** How many receipts the search shows, counting at most `cap`: each found product's receipts line by line, then those found by artcode only. */
export const receiptSearchCount = (tenantId: string, text: string, cap: number): Promise<number> =>
  countGrouped(partsOf(tenantId, text), cap, 25, {
    words: async (kept, counted) => {
      const lines = await Promise.all(kept.map((item) => queryAll<{ sk: string; stockId: number }>({ pk: stockIndexes.linePk(tenantId, Number(item.id)), attributes: ['sk', 'stockId'] })));
      const counts = await Promise.all(lines.flat().map((l) => queryCountUpTo(receiptIndexes.ofLine(tenantId, l.sk, Number(l.stockId)), cap - counted)));
      return counts.reduce((a, b) => a + b, 0);
    },
  });
