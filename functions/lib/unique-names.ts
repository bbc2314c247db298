import { getItem, tableName, type Item, type TransactItem } from './db.js';
import { Conflict } from './errors.js';
import { searchKey } from './keys.js';

/** Writes of one transaction, with the message of each write whose condition can fail (see `transact`). */
export interface Writes {
  writes: TransactItem[];
  messages: (string | undefined)[];
}

type Key = { pk: string; sk: string };

export interface UniquelyNamedSpec<T> {
  /** The record's own key. */
  key: (tenantId: string, record: T) => Key;
  /** The record's item as stored (key, index attributes, entity and the record). */
  toItem: (tenantId: string, record: T) => Item;
  /** The key of the name item for a name (its sort key must be `searchKey(name)`). */
  nameKey: (tenantId: string, name: string) => Key;
  /** The name item's entity, e.g. 'policyName'. */
  nameEntity: string;
  /** The record's id attribute, which the name item stores too, e.g. 'policyId'. */
  idAttribute: string;
  name: (record: T) => string;
  /** The message when the name is taken, e.g. 'Policy Name already exists!!!'. */
  taken: string;
}

/**
 * Records whose name is unique in a tenant in any letter case (categories, policies, tax types). Beside each record
 * a name item holds the record's id; it is put with attribute_not_exists in the same transaction as the record, so
 * two saves of one name cannot both win, and the record itself is written under optimistic locking on `version`.
 */
export function uniquelyNamed<T extends { version: number }>(spec: UniquelyNamedSpec<T>) {
  const id = (record: T) => (record as Record<string, unknown>)[spec.idAttribute] as number;
  const nameItem = (tenantId: string, record: T): Item => ({
    ...spec.nameKey(tenantId, spec.name(record)),
    entity: spec.nameEntity,
    [spec.idAttribute]: id(record),
  });
  const putName = (tenantId: string, record: T): TransactItem => ({
    Put: { TableName: tableName(), Item: nameItem(tenantId, record), ConditionExpression: 'attribute_not_exists(pk)' },
  });

  const names = {
    /** The id of the record holding this name in any letter case, if any (a strongly consistent read). */
    async owner(tenantId: string, name: string): Promise<number | undefined> {
      const key = spec.nameKey(tenantId, name);
      return (await getItem<Record<string, number>>(key.pk, key.sk))?.[spec.idAttribute];
    },

    /**
     * Refuses a name another record holds. Checked before any other work so a taken name costs nothing; the name
     * item in the transaction is what guarantees it.
     */
    async assertFree(tenantId: string, name: string, selfId?: number): Promise<void> {
      const owner = await names.owner(tenantId, name);
      if (owner !== undefined && owner !== selfId) throw new Conflict(spec.taken);
    },

    /** Refuses a new name another record holds; keeping the name (in any letter case) needs no check. */
    async assertRenameFree(tenantId: string, before: T, newName: string): Promise<void> {
      if (searchKey(newName) !== searchKey(spec.name(before))) await names.assertFree(tenantId, newName, id(before));
    },

    createWrites(tenantId: string, record: T): Writes {
      return {
        writes: [
          { Put: { TableName: tableName(), Item: spec.toItem(tenantId, record), ConditionExpression: 'attribute_not_exists(pk)' } },
          putName(tenantId, record),
        ],
        messages: [undefined, spec.taken],
      };
    },

    /** Writes replacing `before` with `after` (same id), refused if someone saved the record in between. */
    updateWrites(tenantId: string, before: T, after: T): Writes {
      const TableName = tableName();
      const result: Writes = {
        writes: [
          {
            Put: {
              TableName,
              Item: spec.toItem(tenantId, after),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': before.version },
            },
          },
        ],
        messages: [undefined],
      };
      if (searchKey(spec.name(before)) !== searchKey(spec.name(after))) {
        result.writes.push(
          {
            Delete: {
              TableName,
              Key: spec.nameKey(tenantId, spec.name(before)),
              ConditionExpression: '#id = :id',
              ExpressionAttributeNames: { '#id': spec.idAttribute },
              ExpressionAttributeValues: { ':id': id(before) },
            },
          },
          putName(tenantId, after),
        );
        result.messages.push(undefined, spec.taken);
      }
      return result;
    },

    /** Writes deleting a record and its name, refused if someone saved the record in between. */
    deleteWrites(tenantId: string, record: T): Writes {
      const TableName = tableName();
      return {
        writes: [
          {
            Delete: {
              TableName,
              Key: spec.key(tenantId, record),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': record.version },
            },
          },
          { Delete: { TableName, Key: spec.nameKey(tenantId, spec.name(record)) } },
        ],
        messages: [undefined, undefined],
      };
    },
  };
  return names;
}
