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

/**
 * Page `page` (from 0) of `size` items of a query, in key order. Reads only the keys of earlier pages
 * (a projection of the key attributes), so deep pages stay cheap for the page sizes the screens use.
 */
export async function queryPage<T = Record<string, unknown>>(
  opts: Omit<QueryOptions, 'startKey' | 'limit'>,
  page: number,
  size: number,
): Promise<T[]> {
  let startKey: Record<string, unknown> | undefined;
  let toSkip = page * size;
  while (toSkip > 0) {
    const skipped = await query({ ...opts, limit: toSkip, startKey, attributes: ['pk'] });
    toSkip -= skipped.items.length;
    startKey = skipped.next;
    if (!startKey) return [];
  }
  const items: T[] = [];
  while (items.length < size) {
    const out = await query<T>({ ...opts, limit: size - items.length, startKey });
    items.push(...out.items);
    startKey = out.next;
    if (!startKey) break;
  }
  return items;
}

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

/**
 * Writes several items as one all-or-nothing transaction. A failed condition becomes a Conflict carrying the
 * message of the first item whose condition failed, so the caller says exactly what went wrong.
 */
export async function transact(items: TransactItem[], conflictMessages: (string | undefined)[] = []): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons) {
      const index = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (index >= 0) throw new Conflict(conflictMessages[index] ?? 'This record was changed by someone else. Please try again.');
    }
    throw error;
  }
}

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
};

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
