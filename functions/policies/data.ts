import { POLICY_EXISTS, type Policy } from '../../shared/schemas/content.js';
import { getItem, query, queryAll, strip, tableName, type Item, type TransactItem } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Policies. A name item per lower-cased name, written in the same transaction with attribute_not_exists, keeps
 * names unique even when two saves race; the name index serves the footer's policy view by name.
 */
const policyPk = (tenantId: string) => tenantPk(tenantId, 'POLICY');
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'POLICYNAME');
const nameKey = (tenantId: string, name: string) => ({ pk: tenantPk(tenantId, 'POLICY_NAME'), sk: searchKey(name) });

export type StoredPolicy = Policy & { image: string; version: number };
const toPolicy = (item: Record<string, unknown>) => strip(item as Item) as StoredPolicy;

interface Writes {
  writes: TransactItem[];
  messages: (string | undefined)[];
}

export const policyData = {
  toItem(tenantId: string, policy: StoredPolicy): Item {
    return {
      pk: policyPk(tenantId),
      sk: idSk(policy.policyId),
      gsi1pk: byNamePk(tenantId),
      gsi1sk: searchKey(policy.policyName),
      entity: 'policy',
      ...policy,
    };
  },

  async all(tenantId: string): Promise<StoredPolicy[]> {
    return (await queryAll({ pk: policyPk(tenantId) })).map(toPolicy);
  },

  async get(tenantId: string, policyId: number): Promise<StoredPolicy | undefined> {
    const item = await getItem(policyPk(tenantId), idSk(policyId));
    return item ? toPolicy(item) : undefined;
  },

  async byName(tenantId: string, name: string): Promise<StoredPolicy | undefined> {
    const { items } = await query({ index: 'gsi1', pk: byNamePk(tenantId), skBetween: [searchKey(name), searchKey(name)] });
    return items[0] ? toPolicy(items[0]) : undefined;
  },

  async nameOwner(tenantId: string, name: string): Promise<number | undefined> {
    const key = nameKey(tenantId, name);
    return (await getItem<{ policyId: number }>(key.pk, key.sk))?.policyId;
  },

  createWrites(tenantId: string, policy: StoredPolicy): Writes {
    const TableName = tableName();
    return {
      writes: [
        { Put: { TableName, Item: this.toItem(tenantId, policy), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName,
            Item: { ...nameKey(tenantId, policy.policyName), entity: 'policyName', policyId: policy.policyId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      messages: [undefined, POLICY_EXISTS],
    };
  },

  updateWrites(tenantId: string, before: StoredPolicy, after: StoredPolicy): Writes {
    const TableName = tableName();
    const result: Writes = {
      writes: [
        {
          Put: {
            TableName,
            Item: this.toItem(tenantId, after),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': before.version },
          },
        },
      ],
      messages: [undefined],
    };
    if (searchKey(before.policyName) !== searchKey(after.policyName)) {
      result.writes.push(
        {
          Delete: {
            TableName,
            Key: nameKey(tenantId, before.policyName),
            ConditionExpression: 'policyId = :id',
            ExpressionAttributeValues: { ':id': before.policyId },
          },
        },
        {
          Put: {
            TableName,
            Item: { ...nameKey(tenantId, after.policyName), entity: 'policyName', policyId: after.policyId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      );
      result.messages.push(undefined, POLICY_EXISTS);
    }
    return result;
  },

  deleteWrites(tenantId: string, policy: StoredPolicy): Writes {
    const TableName = tableName();
    return {
      writes: [
        {
          Delete: {
            TableName,
            Key: { pk: policyPk(tenantId), sk: idSk(policy.policyId) },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': policy.version },
          },
        },
        { Delete: { TableName, Key: nameKey(tenantId, policy.policyName) } },
      ],
      messages: [],
    };
  },
};
