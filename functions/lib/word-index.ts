import { matchingTails, nameTails, wordSearchText } from '../../shared/words.js';
import { query, tableName, transact, type CursorPage, type PageQueryOptions, type PageRequest, type TransactItem } from './db.js';
import { wordKey, wordPk } from './keys.js';
import { mergedCursorPage } from './merged-pages.js';

/**
 * The word index of a kind of named record: one item per word of the name (its tail, `shared/words.ts`), keyed
 * `T#<tenant>#WORD#<kind>` / `<tail>#<id>`, holding the record's id, name and the few fields a suggestion shows.
 * A search is one Query with `begins_with` on the text: whole words come first because the space and the id's `#`
 * sort before every letter and digit. A record whose name holds the text twice ("rice rice bran") has two matching
 * items; a search keeps only the first in key order, so each record shows once.
 *
 * The items are written by the transaction that creates, renames or deletes the record (`wordWrites`); a shop's
 * records saved before the index existed get theirs from the shop upgrade (`rebuildWords`), idempotently.
 */

/** A named record as its word items hold it: its id, name and the fields a suggestion shows without another read. */
export interface WordRecord {
  id: number;
  name: string;
  fields?: Record<string, string | number>;
}

const wordItem = (tenantId: string, kind: string, record: WordRecord, tail: string) => ({
  ...wordKey(tenantId, kind, tail, record.id),
  entity: 'word',
  kind,
  id: record.id,
  name: record.name,
  ...record.fields,
});

const sameFields = (a: WordRecord, b: WordRecord) => JSON.stringify(a.fields ?? {}) === JSON.stringify(b.fields ?? {}) && a.name === b.name;

/**
 * The writes moving a record's word items from `before` (absent when created) to `after` (absent when deleted):
 * old words removed, new ones put; none when the name and fields stay.
 */
export function wordWrites(tenantId: string, kind: string, before: WordRecord | undefined, after: WordRecord | undefined): TransactItem[] {
  const TableName = tableName();
  const oldTails = before ? nameTails(before.name) : [];
  const newTails = after ? nameTails(after.name) : [];
  const unchanged = before && after && sameFields(before, after);
  const deletes = oldTails
    .filter((tail) => !newTails.includes(tail))
    .map((tail): TransactItem => ({ Delete: { TableName, Key: wordKey(tenantId, kind, tail, before!.id) } }));
  const puts = after
    ? newTails
        .filter((tail) => !unchanged || !oldTails.includes(tail))
        .map((tail): TransactItem => ({ Put: { TableName, Item: wordItem(tenantId, kind, after, tail) } }))
    : [];
  return [...deletes, ...puts];
}

/** Whether a word item is the first of its record that the text matches (so the record shows once). */
const firstOfRecord = (item: Record<string, unknown>, text: string) => {
  const tail = String(item.sk).slice(0, String(item.sk).lastIndexOf('#'));
  return matchingTails(String(item.name), text)[0] === tail;
};

/**
 * The first `limit` records whose name has a word starting with the text, ranked (whole word, then prefix, then by
 * the name from that word on): each item's id, name and the `fields` asked for. Reads `limit` index items, more only
 * when a record matched twice.
 */
export async function wordSearch<T = Record<string, unknown>>(tenantId: string, kind: string, text: string, limit: number, fields: string[] = []): Promise<T[]> {
  const prefix = wordSearchText(text);
  if (!prefix || limit <= 0) return [];
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await query({ pk: wordPk(tenantId, kind), skPrefix: prefix, limit: limit - found.length, startKey, attributes: ['pk', 'sk', 'id', 'name', ...fields] });
    found.push(...out.items.filter((item) => firstOfRecord(item, text)));
    startKey = out.next;
  } while (startKey && found.length < limit);
  return found as T[];
}

/**
 * How many records the word search finds, counting at most `cap`: each record once however many of its words match
 * (the items' keys and names are read, at most `cap` records' worth and the few duplicates among them).
 */
export async function wordSearchCount(tenantId: string, kind: string, text: string, cap: number): Promise<number> {
  const prefix = wordSearchText(text);
  if (!prefix) return 0;
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await query({ pk: wordPk(tenantId, kind), skPrefix: prefix, limit: cap - count, startKey, attributes: ['sk', 'name'] });
    count += out.items.filter((item) => firstOfRecord(item, text)).length;
    startKey = out.next;
  } while (startKey && count < cap);
  return Math.min(count, cap);
}

/**
 * The word search as one query of a merged list (`merged-pages.ts`), with the test keeping each record once;
 * undefined when the text has no word.
 */
export function wordSource(tenantId: string, kind: string, text: string): { source: PageQueryOptions; keep: (item: Record<string, unknown>) => boolean } | undefined {
  const prefix = wordSearchText(text);
  return prefix ? { source: { pk: wordPk(tenantId, kind), skPrefix: prefix }, keep: (item) => firstOfRecord(item, text) } : undefined;
}

/** A page of the word search with the cursor of the next (a cursor read costs the page's items, at any depth). */
export async function wordSearchPage<T = Record<string, unknown>>(tenantId: string, kind: string, text: string, request: PageRequest): Promise<CursorPage<T>> {
  const prefix = wordSearchText(text);
  if (!prefix) return { items: [] };
  return mergedCursorPage<T>(
    { list: `words-${kind}`, order: 'concat', sources: [{ pk: wordPk(tenantId, kind), skPrefix: prefix }], keep: (item) => firstOfRecord(item, text) },
    request,
  );
}

/**
 * Writes every word item of these records (the shop upgrade, for records saved before the index). Puts only, so
 * running it twice changes nothing; 100 writes a transaction.
 */
export async function rebuildWords(tenantId: string, kind: string, records: WordRecord[]): Promise<number> {
  const writes = records.flatMap((record) => wordWrites(tenantId, kind, undefined, record));
  for (let i = 0; i < writes.length; i += 100) await transact(writes.slice(i, i + 100));
  return writes.length;
}
