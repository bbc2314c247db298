import { TAX_EXISTS, type Tax } from '../../shared/schemas/catalogue.js';
import { getItem, queryAll, strip, tableName, type Item, type TransactItem } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Tax categories. A type item per lower-cased category type, written in the same transaction with
 * attribute_not_exists, keeps the type unique even when two saves race.
 */
const taxPk = (tenantId: string) => tenantPk(tenantId, 'TAX');
const typeKey = (tenantId: string, categoryType: string) => ({ pk: tenantPk(tenantId, 'TAX_TYPE'), sk: searchKey(categoryType) });

export type StoredTax = Tax & { version: number };
const toTax = (item: Record<string, unknown>) => strip(item as Item) as StoredTax;

interface Writes {
  writes: TransactItem[];
  messages: (string | undefined)[];
}

export const taxData = {
  toItem(tenantId: string, tax: StoredTax): Item {
    return {
      pk: taxPk(tenantId),
      sk: idSk(tax.taxId),
      entity: 'tax',
      ...tax,
    };
  },

  async get(tenantId: string, taxId: number): Promise<StoredTax | undefined> {
    const item = await getItem(taxPk(tenantId), idSk(taxId));
    return item ? toTax(item) : undefined;
  },

  /** Every tax category: a shop has a handful of GST slabs. */
  async all(tenantId: string): Promise<StoredTax[]> {
    return (await queryAll({ pk: taxPk(tenantId) })).map(toTax);
  },

  async typeOwner(tenantId: string, categoryType: string): Promise<number | undefined> {
    const key = typeKey(tenantId, categoryType);
    return (await getItem<{ taxId: number }>(key.pk, key.sk))?.taxId;
  },

  createWrites(tenantId: string, tax: StoredTax): Writes {
    const TableName = tableName();
    return {
      writes: [
        { Put: { TableName, Item: this.toItem(tenantId, tax), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName,
            Item: { ...typeKey(tenantId, tax.categoryType), entity: 'taxType', taxId: tax.taxId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      messages: [undefined, TAX_EXISTS],
    };
  },

  updateWrites(tenantId: string, before: StoredTax, after: StoredTax): Writes {
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
    if (searchKey(before.categoryType) !== searchKey(after.categoryType)) {
      result.writes.push(
        {
          Delete: {
            TableName,
            Key: typeKey(tenantId, before.categoryType),
            ConditionExpression: 'taxId = :id',
            ExpressionAttributeValues: { ':id': before.taxId },
          },
        },
        {
          Put: {
            TableName,
            Item: { ...typeKey(tenantId, after.categoryType), entity: 'taxType', taxId: after.taxId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      );
      result.messages.push(undefined, TAX_EXISTS);
    }
    return result;
  },

  deleteWrites(tenantId: string, tax: StoredTax): Writes {
    const TableName = tableName();
    return {
      writes: [
        {
          Delete: {
            TableName,
            Key: { pk: taxPk(tenantId), sk: idSk(tax.taxId) },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': tax.version },
          },
        },
        { Delete: { TableName, Key: typeKey(tenantId, tax.categoryType) } },
      ],
      messages: [],
    };
  },
};
