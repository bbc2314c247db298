import { readCursor, signCursor } from './cursors.js';
import { query, type CursorPage, type PageQueryOptions, type PageRequest } from './db.js';

/**
 * Pages of rows found through other items: the stock lines or receipts of the products a word search finds (each
 * product standing for its rows, in the word index's rank), then rows found directly (by artcode). The list is read
 * part by part, item by item, and a cursor is where the next page starts: the part, the key of the item before the
 * one it stopped in, and where it stopped inside that item's rows. It is signed for the list and its text, so a page
 * by cursor reads about a page at any depth; a page by number reads the rows before it.
 */

type Row = Record<string, unknown>;

/** Some rows of an item from a place inside them, each with the place after it, and whether more follow. */
export interface ItemRows<T> {
  rows: { row: T; inner: unknown }[];
  more: boolean;
}

export interface GroupedPart<T> {
  name: string;
  source: PageQueryOptions;
  /** Whether an item of the query shows (an item a part shows twice shows once). */
  keep: (item: Row) => boolean;
  /** Items of the query read at a time (default: a page's worth); each batch's rows are read at once. */
  itemBatch?: number;
  /** Up to `limit` rows of each item from its place (undefined: from the start), the items read at once. */
  rowsOf: (items: Row[], from: unknown[], limit: number) => Promise<ItemRows<T>[]>;
}

/** Where the list continues: in part `part`, after the item with key `after`, inside the next item from `inner`. */
interface Position {
  part: string;
  after?: Row;
  inner?: unknown;
}

/** The key DynamoDB starts after for an item of this query: its table key and, on an index, its index key. */
export function keyOf(source: PageQueryOptions, item: Row): Row {
  const key: Row = { pk: item.pk, sk: item.sk };
  if (source.index) Object.assign(key, { [`${source.index}pk`]: item[`${source.index}pk`], [`${source.index}sk`]: item[`${source.index}sk`] });
  return key;
}

async function* rowsFrom<T>(parts: GroupedPart<T>[], start: Position, limit: number): AsyncGenerator<{ row: T; after: Position }> {
  const first = Math.max(0, parts.findIndex((p) => p.name === start.part));
  for (const part of parts.slice(first)) {
    const resumed = part.name === start.part;
    let before = resumed ? start.after : undefined;
    let inner = resumed ? start.inner : undefined;
    let startKey = before;
    do {
      const out = await query({ ...part.source, limit: part.itemBatch ?? limit, startKey });
      const kept = out.items.filter(part.keep);
      const read = await part.rowsOf(kept, kept.map((item, i) => (i === 0 && out.items[0] === item ? inner : undefined)), limit);
      for (const item of out.items) {
        const at = kept.indexOf(item);
        const key = keyOf(part.source, item);
        if (at >= 0) {
          let batch = read[at]!;
          let place = at === 0 && out.items[0] === item ? inner : undefined;
          for (;;) {
            for (const [i, { row, inner: next }] of batch.rows.entries()) {
              place = next;
              const itemDone = !batch.more && i === batch.rows.length - 1;
              yield { row, after: itemDone ? { part: part.name, after: key } : { part: part.name, after: before, inner: next } };
            }
            if (!batch.more) break;
            batch = (await part.rowsOf([item], [place], limit))[0]!;
          }
        }
        before = key;
        inner = undefined;
      }
      startKey = out.next;
    } while (startKey);
  }
}

/** A page of the list's rows and the cursor of the next when more follow. */
export async function groupedPage<T>(scope: string, parts: GroupedPart<T>[], request: PageRequest): Promise<CursorPage<T>> {
  const start: Position = request.cursor ? ((await readCursor(scope, request.cursor)) as unknown as Position) : { part: parts[0]!.name };
  let toSkip = request.cursor ? 0 : request.page * request.size;
  const rows = rowsFrom(parts, start, request.size + 1);
  const items: T[] = [];
  let after: Position | undefined;
  try {
    for await (const entry of rows) {
      // A row after the page: a next page exists.
      if (items.length === request.size) return { items, next: await signCursor(scope, after as unknown as Row) };
      if (toSkip > 0) toSkip--;
      else items.push(entry.row);
      after = entry.after;
    }
    return { items };
  } finally {
    await rows.return(undefined);
  }
}

/**
 * How many rows the parts show, counting at most `cap`: each part's items a query page of `pageSize` at a time, the
 * rows of the kept items counted by `countRows` (one row each when it is not given), stopping at the cap.
 */
export async function countGrouped<T>(parts: GroupedPart<T>[], cap: number, pageSize: number, countRows: Partial<Record<string, (items: Row[], counted: number) => Promise<number>>>): Promise<number> {
  let count = 0;
  for (const part of parts) {
    let startKey: Row | undefined;
    do {
      const out = await query({ ...part.source, limit: pageSize, startKey });
      const kept = out.items.filter(part.keep);
      const rowsOf = countRows[part.name];
      count += rowsOf ? await rowsOf(kept, count) : kept.length;
      startKey = out.next;
    } while (startKey && count < cap);
    if (count >= cap) return cap;
  }
  return count;
}
