import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { config } from './config.js';
import { readCursor, signCursor } from './cursors.js';
import { Conflict } from './errors.js';
import { tenantPk } from './keys.js';

export type Item = Record<string, unknown> & { pk: string; sk: string };
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The user and time a write is made by, stamped as createdBy/On or updatedBy/On (spec 1 section 3). */
export interface Actor {
  userName: string;
  now: Date;
}

export const created = (actor: Actor) => ({ createdBy: actor.userName, createdOn: actor.now.toISOString() });
export const updated = (actor: Actor) => ({ updatedBy: actor.userName, updatedOn: actor.now.toISOString() });

const table = () => config.tableName();

/** Removes the storage keys before an item leaves the data layer. */
export function strip<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | `gsi${number}pk` | `gsi${number}sk` | 'entity'> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'pk' || key === 'sk' || key === 'entity' || /^gsi\d(pk|sk)$/.test(key)) continue;
    out[key] = value;
  }
  return out as never;
}

/** `consistent` reads what a write that just finished stored (a strongly consistent read). */
export async function getItem<T = Record<string, unknown>>(pk: string, sk: string, consistent = false): Promise<T | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk, sk }, ConsistentRead: consistent || undefined }));
  return out.Item as T | undefined;
}

export async function batchGet<T = Record<string, unknown>>(keys: { pk: string; sk: string }[]): Promise<T[]> {
  const items: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let request: Record<string, { Keys: { pk: string; sk: string }[] }> | undefined = {
      [table()]: { Keys: keys.slice(i, i + 100) },
    };
    while (request && Object.keys(request).length) {
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: request }));
      items.push(...((out.Responses?.[table()] ?? []) as T[]));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return items;
}

/** Creates an item that must not exist yet. */
export async function putNew(item: Item): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/**
 * Saves a record with optimistic locking: each save raises `version` by one and succeeds only if the stored version
 * is still the one the caller read, so two people editing the same record cannot silently overwrite each other.
 * A new record (expectedVersion undefined) must not exist yet.
 */
export async function putVersioned(item: Item, expectedVersion: number | undefined, conflictMessage?: string): Promise<number> {
  const version = (expectedVersion ?? 0) + 1;
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { ...item, version },
        ConditionExpression: expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :expected',
        ExpressionAttributeValues: expectedVersion === undefined ? undefined : { ':expected': expectedVersion },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') {
      throw new Conflict(conflictMessage ?? 'This record was changed by someone else. Please reload it and try again.');
    }
    throw error;
  }
  return version;
}

export async function putItem(item: Item): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: item }));
}

export interface QueryOptions {
  index?: string;
  pk: string;
  skPrefix?: string;
  skBetween?: [string, string];
  limit?: number;
  descending?: boolean;
  startKey?: Record<string, unknown>;
  filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;
  /** A strongly consistent read; the table only, not its global indexes. */
  consistent?: boolean;
  /** Only these attributes of each item (a sum over many items needs a few of them). */
  attributes?: string[];
}

/** The parts of a Query that name the items: index, key condition, filter, and their names and values. */
function selection(opts: QueryOptions): Pick<
  QueryCommandInput,
  'TableName' | 'IndexName' | 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues' | 'ConsistentRead'
> {
  const pkName = opts.index ? `${opts.index}pk` : 'pk';
  const skName = opts.index ? `${opts.index}sk` : 'sk';
  const names: Record<string, string> = { '#pk': pkName, ...opts.filter?.ExpressionAttributeNames };
  const values: Record<string, unknown> = { ':pk': opts.pk, ...opts.filter?.ExpressionAttributeValues };
  let condition = '#pk = :pk';
  if (opts.skPrefix !== undefined) {
    names['#sk'] = skName;
    values[':sk'] = opts.skPrefix;
    condition += ' AND begins_with(#sk, :sk)';
  } else if (opts.skBetween) {
    names['#sk'] = skName;
    values[':from'] = opts.skBetween[0];
    values[':to'] = opts.skBetween[1];
    condition += ' AND #sk BETWEEN :from AND :to';
  }
  return {
    TableName: table(),
    IndexName: opts.index,
    KeyConditionExpression: condition,
    FilterExpression: opts.filter?.FilterExpression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ConsistentRead: opts.consistent || undefined,
  };
}

export async function query<T = Record<string, unknown>>(opts: QueryOptions): Promise<{ items: T[]; next?: Record<string, unknown> }> {
  const input = selection(opts);
  opts.attributes?.forEach((name, i) => (input.ExpressionAttributeNames![`#a${i}`] = name));
  const out = await dynamo().send(
    new QueryCommand({
      ...input,
      ProjectionExpression: opts.attributes?.map((_, i) => `#a${i}`).join(', '),
      Limit: opts.limit,
      ScanIndexForward: !opts.descending,
      ExclusiveStartKey: opts.startKey,
    }),
  );
  return { items: (out.Items ?? []) as T[], next: out.LastEvaluatedKey };
}

/** Every item of a bounded query (a tenant's roles, a bill's lines), following pages. */
export async function queryAll<T = Record<string, unknown>>(opts: Omit<QueryOptions, 'startKey'>): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<T>({ ...opts, startKey });
    items.push(...page.items);
    startKey = page.next;
  } while (startKey);
  return items;
}

/** What a list request asks for: page `page` (from 0) of `size` items, or the page after an opaque `cursor`. */
export interface PageRequest {
  page: number;
  size: number;
  cursor?: string;
}

/** A page of items and, when more may follow, the cursor of the page after it. */
export interface CursorPage<T> {
  items: T[];
  next?: string;
}

export type PageQueryOptions = Omit<QueryOptions, 'startKey' | 'limit'>;

/** What a cursor is signed for: the same index, partition (with its tenant), sort-key condition and direction. */
export const cursorScope = (opts: PageQueryOptions) =>
  JSON.stringify([opts.index ?? '', opts.pk, opts.skPrefix ?? '', opts.skBetween ?? [], opts.descending ? 'desc' : 'asc', opts.filter ?? null]);

/** The start key `page` pages in: reads only the keys of earlier pages. Undefined (with `end`) past the end. */
async function skipPages(opts: PageQueryOptions, page: number, size: number): Promise<{ startKey?: Record<string, unknown>; end: boolean }> {
  let startKey: Record<string, unknown> | undefined;
  let toSkip = page * size;
  while (toSkip > 0) {
    const skipped = await query({ ...opts, limit: toSkip, startKey, attributes: ['pk'] });
    toSkip -= skipped.items.length;
    startKey = skipped.next;
    if (!startKey) return { end: true };
  }
  return { startKey, end: false };
}

/** Up to `size` items from `startKey` on, and the key to go on from when the query may hold more. */
async function pageFrom<T>(opts: PageQueryOptions, startKey: Record<string, unknown> | undefined, size: number) {
  const items: T[] = [];
  do {
    const out = await query<T>({ ...opts, limit: size - items.length, startKey });
    items.push(...out.items);
    startKey = out.next;
  } while (startKey && items.length < size);
  return { items, next: startKey };
}

/**
 * Page `page` (from 0) of `size` items of a query, in key order. Reads only the keys of earlier pages (a
 * projection of the key attributes); lists that go deep should use `queryCursorPage`, whose cost does not grow
 * with the page number.
 */
export async function queryPage<T = Record<string, unknown>>(opts: PageQueryOptions, page: number, size: number): Promise<T[]> {
  const { startKey, end } = await skipPages(opts, page, size);
  return end ? [] : (await pageFrom<T>(opts, startKey, size)).items;
}

/**
 * A page of a query with the cursor of the next one. With `cursor` the page starts right after the key the
 * cursor carries (one Query, whatever the depth); a cursor signed for another query, another tenant or altered in
 * any way answers 400. Without it the page is found by `page` and `size` as in `queryPage`.
 */
export async function queryCursorPage<T = Record<string, unknown>>(opts: PageQueryOptions, request: PageRequest): Promise<CursorPage<T>> {
  const scope = cursorScope(opts);
  let startKey: Record<string, unknown> | undefined;
  if (request.cursor) {
    startKey = await readCursor(scope, request.cursor);
  } else {
    const skipped = await skipPages(opts, request.page, request.size);
    if (skipped.end) return { items: [] };
    startKey = skipped.startKey;
  }
  const { items, next } = await pageFrom<T>(opts, startKey, request.size);
  return { items, next: next ? await signCursor(scope, next) : undefined };
}

/** Maps the items of a page, keeping its cursor. */
export const mapPage = <T, U>(page: CursorPage<T>, map: (item: T) => U): CursorPage<U> => ({ items: page.items.map(map), next: page.next });

/** Counts the items of a query without reading their attributes. */
export async function queryCount(opts: Omit<QueryOptions, 'startKey' | 'limit' | 'attributes' | 'descending'>): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...selection(opts), Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/**
 * How many items a query matches, counting at most `cap`: a count that reaches the cap stops there, so the read is
 * bounded by the cap however many items match.
 */
export async function queryCountUpTo(opts: Omit<QueryOptions, 'startKey' | 'limit' | 'attributes' | 'descending'>, cap: number): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...selection(opts), Select: 'COUNT', Limit: cap - count, ExclusiveStartKey: startKey }));
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey && count < cap);
  return count;
}

/**
 * How many items several queries match together (the parts of a merged search), counting at most `cap`: each part
 * is counted only up to what the cap leaves, so the reads are bounded by the cap however many items match.
 */
export async function queryCountsUpTo(parts: Omit<QueryOptions, 'startKey' | 'limit' | 'attributes' | 'descending'>[], cap: number): Promise<number> {
  let count = 0;
  for (const part of parts) {
    if (count >= cap) break;
    count += await queryCountUpTo(part, cap - count);
  }
  return count;
}

/** Next number of a per-tenant sequence (user ids, bill numbers): one atomic counter item per sequence. */
export async function nextId(tenantId: string, sequence: string): Promise<number> {
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: tenantPk(tenantId, 'SEQ'), sk: sequence },
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}

/** `count` consecutive numbers of a per-tenant sequence in one write (the ids of a bulk save), in order. */
export async function nextIds(tenantId: string, sequence: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: tenantPk(tenantId, 'SEQ'), sk: sequence },
      UpdateExpression: 'ADD #v :count',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(out.Attributes?.value);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** Field updates of one item that several parts of a transaction may each add to (see `op.setFields`). */
const fieldUpdates = new WeakMap<TransactItem, { key: { pk: string; sk: string }; fields: Record<string, unknown> }>();

function setFieldsItem(key: { pk: string; sk: string }, fields: Record<string, unknown>): TransactItem {
  const names = Object.keys(fields);
  const item: TransactItem = {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
    },
  };
  fieldUpdates.set(item, { key, fields });
  return item;
}

/**
 * DynamoDB refuses a transaction that touches one item twice. Field updates made with `op.setFields` on the same
 * item (two stock lines of one product in one bill) become one update setting all their fields, in place of the
 * first; every other item and its message stays where it was.
 */
function mergeFieldUpdates(items: TransactItem[], messages: (string | undefined)[]) {
  const merged: TransactItem[] = [];
  const mergedMessages: (string | undefined)[] = [];
  const byItem = new Map<string, { at: number; key: { pk: string; sk: string }; fields: Record<string, unknown> }>();
  items.forEach((item, i) => {
    const update = fieldUpdates.get(item);
    if (update) {
      const id = JSON.stringify([update.key.pk, update.key.sk]);
      const known = byItem.get(id);
      if (known) {
        Object.assign(known.fields, update.fields);
        return;
      }
      byItem.set(id, { at: merged.length, key: update.key, fields: { ...update.fields } });
    }
    merged.push(item);
    mergedMessages.push(messages[i]);
  });
  for (const { at, key, fields } of byItem.values()) merged[at] = setFieldsItem(key, fields);
  return { items: merged, messages: mergedMessages };
}

/**
 * Writes several items as one all-or-nothing transaction. A failed condition becomes a Conflict carrying the
 * message of the first item whose condition failed, so the caller says exactly what went wrong.
 */
export async function transact(writes: TransactItem[], conflictMessages: (string | undefined)[] = []): Promise<void> {
  const { items, messages } = mergeFieldUpdates(writes, conflictMessages);
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons) {
      const index = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (index >= 0) throw new Conflict(messages[index] ?? 'This record was changed by someone else. Please try again.');
    }
    throw error;
  }
}

/**
 * Writes one transaction built by `build`, building it again from fresh reads when it lost a race (`lostRace`
 * says which failures those are) until it goes through or `budgetMs` has passed. Each new build reads the state
 * the winner left, so the loser of a race gets the true answer ('Only 0 in Stock for …') rather than a generic
 * conflict, and many writers of one item (tills on one shelf) all get through in turn.
 */
export async function transactRebuilding<T>(
  build: () => Promise<{ items: TransactItem[]; messages: (string | undefined)[]; result: T }>,
  lostRace: (error: unknown) => boolean,
  budgetMs = REBUILD_BUDGET_MS,
): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const { items, messages, result } = await build();
    try {
      await transact(items, messages);
      return result;
    } catch (error) {
      if (!lostRace(error) || Date.now() - started > budgetMs) throw error;
      // Full jitter on a growing window spreads the losers out, so each round has few contenders.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}

/** How long a write keeps rebuilding after lost races: well inside a function's 29 s. */
export const REBUILD_BUDGET_MS = 25_000;

/** DynamoDB cancelled the transaction because another one held an item at that moment. */
export const isTransactionConflict = (error: unknown) =>
  (error as { name?: string }).name === 'TransactionCanceledException' &&
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');

export const tableName = table;

/** Transaction items, so a service can compose one all-or-nothing write from several data modules. */
export const op = {
  /** Creates an item that must not exist yet. */
  create: (item: Item): TransactItem => ({ Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }),
  /** Replaces a record only if it still has the version the caller read (records without one count as 0). */
  replace: (item: Item, expectedVersion: number | undefined): TransactItem => ({
    Put: {
      TableName: table(),
      Item: { ...item, version: (expectedVersion ?? 0) + 1 },
      ConditionExpression: expectedVersion ? 'version = :expected' : 'attribute_exists(pk) AND attribute_not_exists(version)',
      ExpressionAttributeValues: expectedVersion ? { ':expected': expectedVersion } : undefined,
    },
  }),
  update: (
    key: { pk: string; sk: string },
    update: Pick<NonNullable<TransactItem['Update']>, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
  ): TransactItem => ({ Update: { TableName: table(), Key: key, ...update } }),
  remove: (key: { pk: string; sk: string }, condition?: Pick<NonNullable<TransactItem['Delete']>, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>): TransactItem => ({
    Delete: { TableName: table(), Key: { pk: key.pk, sk: key.sk }, ...condition },
  }),
  /**
   * Claims a unique value (a user name, a mobile number) for a record. Written in the same transaction as the
   * record, so of two concurrent creates with the same value exactly one wins.
   */
  claim: (key: { pk: string; sk: string }, owner: string): TransactItem => ({
    Put: { TableName: table(), Item: { ...key, entity: 'unique', owner }, ConditionExpression: 'attribute_not_exists(pk)' },
  }),
  release: (key: { pk: string; sk: string }): TransactItem => ({ Delete: { TableName: table(), Key: { pk: key.pk, sk: key.sk } } }),
  /**
   * Sets fields of an item, creating it if missing, with no condition: a copy of figures other writes of the same
   * transaction own (a product's shelf). Several of these on one item in a transaction are merged into one update.
   */
  setFields: (key: { pk: string; sk: string }, fields: Record<string, unknown>): TransactItem => setFieldsItem(key, fields),
  /** Adds `delta` to a counter item (`counterKey`), creating it at `delta`: written in the transaction that creates or deletes what it counts. */
  count: (key: { pk: string; sk: string }, delta: number): TransactItem => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: 'ADD #value :delta',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  }),
};

/**
 * Counter moves of one transaction, `[counter, delta]` pairs, as its items: the deltas of a counter summed into one
 * `op.count` (a transaction may touch an item only once), none for a counter the moves leave as it was.
 */
export function counterWrites(moves: Iterable<readonly [{ pk: string; sk: string }, number]>): TransactItem[] {
  const sums = new Map<string, { key: { pk: string; sk: string }; delta: number }>();
  for (const [key, delta] of moves) {
    const entry = sums.get(`${key.pk} ${key.sk}`) ?? { key, delta: 0 };
    entry.delta += delta;
    sums.set(`${key.pk} ${key.sk}`, entry);
  }
  return [...sums.values()].filter((e) => e.delta !== 0).map((e) => op.count(e.key, e.delta));
}

/** The value of a counter item (`counterKey`, `op.count`): one GetItem, whatever it counts. */
export async function readCounter(key: { pk: string; sk: string }): Promise<number> {
  return Number((await getItem<{ value?: number }>(key.pk, key.sk))?.value ?? 0);
}

/** Items of a transaction, each with the message to show when its condition fails. */
export interface WritePart {
  items: TransactItem[];
  messages: (string | undefined)[];
}

export const writePart = (...entries: (readonly [TransactItem, (string | undefined)?])[]): WritePart => ({
  items: entries.map(([item]) => item),
  messages: entries.map(([, message]) => message),
});

/** Writes parts composed by several modules as one transaction. */
export const transactParts = (...parts: WritePart[]) =>
  transact(
    parts.flatMap((p) => p.items),
    parts.flatMap((p) => p.messages),
  );
