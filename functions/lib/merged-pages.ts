import { readCursor, signCursor } from './cursors.js';
import { cursorScope, query, type CursorPage, type PageQueryOptions, type PageRequest } from './db.js';
import { Validation } from './errors.js';
import { searchKey } from './keys.js';
import { BAD_CURSOR } from '../../shared/schemas/cursor.js';

/**
 * Pages of a list made of several queries (a search over two indexes, orders of several statuses) with a cursor,
 * like `queryCursorPage` for one query. The list is a k-way merge of the queries: each query is read from its own
 * position, and the cursor carries every query's position (the key of the last item the list took from it, or
 * that it has not started or has ended), signed for the list and its queries. A page by cursor reads at most
 * `size + 1` items of each query whatever its depth; a page by number merges from the start, reading the earlier
 * pages' items.
 */

type Row = Record<string, unknown>;

/** Where a query of a merged list stands: not read yet, after the item with this key, or read to its end. */
type Position = 'start' | 'end' | Row;

export interface MergedList {
  /** The list's own name, so a cursor of one merged list is refused by another made of the same queries. */
  list: string;
  /** The queries, all in one direction (ascending or descending). */
  sources: PageQueryOptions[];
  /**
   * `sortKey`: the items of all queries in the order of each query's own sort key (by code unit, as DynamoDB sorts
   * strings; on a tie the earlier query's item first). `concat`: every item of a query before those of the next.
   */
  order: 'sortKey' | 'concat';
  /** Whether the item read by query `source` shows in the list (an item several queries hold shows once). */
  keep?: (item: Row, source: number) => boolean;
}

/**
 * A search by name, then by artcode: the items whose name starts with `text` in name order, then those whose artcode
 * does but whose name does not, in artcode order (an item both find shows once, under its name).
 */
export function nameThenArtcode(list: string, byName: { index: string; pk: string }, byArtcode: { index: string; pk: string }, text: string): MergedList {
  const prefix = searchKey(text);
  return {
    list,
    order: 'concat',
    sources: [
      { ...byName, skPrefix: prefix },
      {
        ...byArtcode,
        skPrefix: prefix,
        filter: { FilterExpression: `NOT begins_with(${byName.index}sk, :text)`, ExpressionAttributeValues: { ':text': prefix } },
      },
    ],
  };
}

const sortKeyName = (source: PageQueryOptions) => (source.index ? `${source.index}sk` : 'sk');

/** The start key DynamoDB would answer after `item`: its table key and, on an index, its index key. */
function keyAfter(source: PageQueryOptions, item: Row): Row {
  const key: Row = { pk: item.pk, sk: item.sk };
  if (source.index) key[sortKeyName(source)] = item[sortKeyName(source)];
  return key;
}

/** The key a cursor keeps back to a full start key: the index partition is the query's own. */
const startKeyOf = (source: PageQueryOptions, key: Row): Row => (source.index ? { ...key, [`${source.index}pk`]: source.pk } : key);

/** Reads one query of the list forward from its position, `batch` items a read, as the merge asks for them. */
class SourceReader {
  private buffer: Row[] = [];
  private startKey: Row | undefined;
  private ended: boolean;

  constructor(
    readonly source: PageQueryOptions,
    public position: Position,
  ) {
    this.ended = position === 'end';
    this.startKey = typeof position === 'object' ? startKeyOf(source, position) : undefined;
  }

  /** Reads until the next item is known or the query has ended. */
  async ready(batch: number): Promise<void> {
    while (!this.buffer.length && !this.ended) {
      const out = await query({ ...this.source, limit: batch, startKey: this.startKey });
      this.buffer = out.items as Row[];
      this.startKey = out.next;
      if (!out.next) this.ended = true;
    }
    if (!this.buffer.length) this.position = 'end';
  }

  head(): Row | undefined {
    return this.buffer[0];
  }

  take(): Row {
    const item = this.buffer.shift()!;
    this.position = this.buffer.length || !this.ended ? keyAfter(this.source, item) : 'end';
    return item;
  }

  /** Whether items may follow (a cursor is worth answering). */
  get more(): boolean {
    return this.buffer.length > 0 || !this.ended;
  }
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The reader whose next item comes next in the list, once every reader it depends on is ready. */
async function nextReader(list: MergedList, readers: SourceReader[], batch: number): Promise<SourceReader | undefined> {
  if (list.order === 'concat') {
    for (const reader of readers) {
      await reader.ready(batch);
      if (reader.head()) return reader;
    }
    return undefined;
  }
  await Promise.all(readers.map((r) => r.ready(batch)));
  const descending = list.sources[0]?.descending ? -1 : 1;
  let best: SourceReader | undefined;
  for (const reader of readers) {
    const head = reader.head();
    if (!head) continue;
    if (!best) {
      best = reader;
      continue;
    }
    const order = compareKeys(String(head[sortKeyName(reader.source)]), String(best.head()![sortKeyName(best.source)]));
    if (order * descending < 0) best = reader;
  }
  return best;
}

/** The next `count` items the list shows (items `keep` leaves out are passed over). */
async function takeItems(list: MergedList, readers: SourceReader[], count: number, batch: number): Promise<Row[]> {
  const items: Row[] = [];
  while (items.length < count) {
    const reader = await nextReader(list, readers, batch);
    if (!reader) break;
    const item = reader.take();
    if (!list.keep || list.keep(item, readers.indexOf(reader))) items.push(item);
  }
  return items;
}

const mergedScope = (list: MergedList) => JSON.stringify(['merged', list.list, list.order, ...list.sources.map(cursorScope)]);

async function positionsOf(list: MergedList, cursor: string): Promise<Position[]> {
  const { at } = await readCursor(mergedScope(list), cursor);
  const valid = (p: unknown) => p === 'start' || p === 'end' || (typeof p === 'object' && p !== null && !Array.isArray(p));
  if (!Array.isArray(at) || at.length !== list.sources.length || !at.every(valid)) throw new Validation(BAD_CURSOR);
  return at as Position[];
}

/**
 * A page of a merged list with the cursor of the next one. With `cursor` each query goes on from the position the
 * cursor carries (at most `size + 1` items read of each); a cursor of another list, another shop or altered answers
 * 400. Without it the page is found by `page` and `size`, merging from the start.
 */
export async function mergedCursorPage<T = Row>(list: MergedList, request: PageRequest): Promise<CursorPage<T>> {
  const positions: Position[] = request.cursor ? await positionsOf(list, request.cursor) : list.sources.map(() => 'start');
  const readers = list.sources.map((source, i) => new SourceReader(source, positions[i]!));
  const skip = request.cursor ? 0 : request.page * request.size;
  if (skip) {
    await takeItems(list, readers, skip, skip + request.size + 1);
  }
  const items = await takeItems(list, readers, request.size, request.size + 1);
  if (!readers.some((r) => r.more)) return { items: items as T[] };
  return { items: items as T[], next: await signCursor(mergedScope(list), { at: readers.map((r) => r.position) }) };
}
