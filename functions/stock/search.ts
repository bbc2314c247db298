import { wordRank } from '../../shared/words.js';
import { readCursor, signCursor } from '../lib/cursors.js';
import { query, queryAll, queryCount, type CursorPage, type PageQueryOptions, type PageRequest } from '../lib/db.js';
import { wordSource } from '../lib/word-index.js';
import { PRODUCT_WORDS, productData } from '../products/data.js';
import { stockData, stockIndexes, type StoredStock } from './data.js';

/**
 * The stock list's search (docs/catalogue.md, "Search"): the lines of the products with a word of the name starting
 * with the text, the products ranked as the word index ranks them (whole words first) and each product's lines
 * together, then the lines whose artcode starts with the text but whose name has no such word, in artcode order.
 * Pages are of lines; a cursor is where the next page starts (the word index or artcode item, and how many of its
 * lines were shown), signed for the shop and the text, so a page by cursor reads about a page at any depth.
 */

type Row = Record<string, unknown>;
type Phase = 'words' | 'codes';

/** Where the search's lines continue: after the item with this key of the phase's query, `skip` lines into the next. */
interface Position {
  phase: Phase;
  after?: Row;
  skip: number;
}

interface Part {
  phase: Phase;
  source: PageQueryOptions;
  keep: (item: Row) => boolean;
  /** The lines each kept item stands for, in order. */
  linesOf: (items: Row[]) => Promise<StoredStock[][]>;
}

const artcodeOnly = (text: string) => (item: Row) => wordRank(String(item.productName), text) === undefined;

/** The lines of these products, by the products' line keys (a query each, at once) and one batch read of the lines. */
async function productLines(tenantId: string, productIds: number[]): Promise<StoredStock[][]> {
  const keys = await Promise.all(productIds.map((id) => queryAll<{ stockId: number }>({ pk: stockIndexes.linePk(tenantId, id), attributes: ['stockId'] })));
  const lines = new Map((await stockData.byIds(tenantId, keys.flat().map((k) => k.stockId))).map((l) => [l.stockId, l]));
  return keys.map((ofProduct) => ofProduct.flatMap((k) => lines.get(k.stockId) ?? []));
}

function partsOf(tenantId: string, text: string): Part[] {
  const words = wordSource(tenantId, PRODUCT_WORDS, text);
  const codes: Part = {
    phase: 'codes',
    source: stockIndexes.byArtcode(tenantId, text),
    keep: artcodeOnly(text),
    linesOf: async (items) => items.map((item) => [stockIndexes.toStock(item)]),
  };
  if (!words) return [codes];
  return [{ phase: 'words', source: words.source, keep: words.keep, linesOf: (items) => productLines(tenantId, items.map((i) => Number(i.id))) }, codes];
}

/** The key DynamoDB starts after for an item of this query: its table key and, on an index, its index key. */
function keyOf(source: PageQueryOptions, item: Row): Row {
  const key: Row = { pk: item.pk, sk: item.sk };
  if (source.index) Object.assign(key, { [`${source.index}pk`]: item[`${source.index}pk`], [`${source.index}sk`]: item[`${source.index}sk`] });
  return key;
}

/** The search's lines from a position on, each with the position after it; reads `batch` items of a query at a time. */
async function* linesFrom(parts: Part[], start: Position, batch: number): AsyncGenerator<{ line: StoredStock; after: Position }> {
  const first = Math.max(0, parts.findIndex((p) => p.phase === start.phase));
  for (const part of parts.slice(first)) {
    const resumed = part.phase === start.phase;
    let before = resumed ? start.after : undefined;
    let skip = resumed ? start.skip : 0;
    let startKey = before;
    do {
      const out = await query({ ...part.source, limit: batch, startKey });
      const kept = out.items.filter(part.keep);
      const lines = await part.linesOf(kept);
      for (const item of out.items) {
        const at = kept.indexOf(item);
        const itemLines = at < 0 ? [] : lines[at]!;
        const key = keyOf(part.source, item);
        for (let i = skip; i < itemLines.length; i++) {
          const last = i === itemLines.length - 1;
          yield { line: itemLines[i]!, after: last ? { phase: part.phase, after: key, skip: 0 } : { phase: part.phase, after: before, skip: i + 1 } };
        }
        before = key;
        skip = 0;
      }
      startKey = out.next;
    } while (startKey);
  }
}

const scopeOf = (tenantId: string, text: string) => JSON.stringify(['stock-word-search', tenantId, text.trim().toLowerCase()]);

/** A page of the search's lines and the cursor of the next when more follow; a page by number reads the lines before it. */
export async function stockSearchPage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredStock>> {
  const scope = scopeOf(tenantId, text);
  const parts = partsOf(tenantId, text);
  const start: Position = request.cursor ? ((await readCursor(scope, request.cursor)) as unknown as Position) : { phase: parts[0]!.phase, skip: 0 };
  let toSkip = request.cursor ? 0 : request.page * request.size;
  const lines = linesFrom(parts, start, request.size + 1);
  const items: StoredStock[] = [];
  let after: Position | undefined;
  try {
    for await (const entry of lines) {
      if (items.length === request.size) {
        // A line after the page: a next page exists.
        return { items, next: await signCursor(scope, after as unknown as Row) };
      }
      if (toSkip > 0) toSkip--;
      else items.push(entry.line);
      after = entry.after;
    }
    return { items };
  } finally {
    await lines.return(undefined);
  }
}

/**
 * How many lines the search shows, counting at most `cap`: the lines of the matching products from their shelf items
 * (100 a read; a product stored before shelves by its line keys), then the lines found by artcode only.
 */
export async function stockSearchCount(tenantId: string, text: string, cap: number): Promise<number> {
  let count = 0;
  for (const part of partsOf(tenantId, text)) {
    let startKey: Row | undefined;
    do {
      const out = await query({ ...part.source, limit: 100, startKey });
      const kept = out.items.filter(part.keep);
      if (part.phase === 'codes') count += kept.length;
      else {
        const ids = kept.map((item) => Number(item.id));
        const shelves = await productData.shelves(tenantId, ids);
        const unshelved = await Promise.all(ids.filter((id) => !shelves.has(id)).map((id) => queryCount({ pk: stockIndexes.linePk(tenantId, id) })));
        count += [...shelves.values()].reduce((sum, shelf) => sum + shelf.length, 0) + unshelved.reduce((a, b) => a + b, 0);
      }
      startKey = out.next;
    } while (startKey && count < cap);
    if (count >= cap) return cap;
  }
  return count;
}
