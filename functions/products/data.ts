import type { Product } from '../../shared/schemas/catalogue.js';
import { batchGet, getItem, query, queryCount, queryPage, strip, tableName, type Item, type TransactItem } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Products. Each product has a name item (lower-cased name) written in the same transaction with
 * attribute_not_exists, so two concurrent saves of one name cannot both win, and the tenant's product counter is
 * kept in those transactions so counting never reads the products.
 */
const productPk = (tenantId: string) => tenantPk(tenantId, 'PRODUCT');
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'PRODUCT_BY_NAME');
const byCategoryPk = (tenantId: string, categoryId: number) => tenantPk(tenantId, 'PRODUCT_BY_CATEGORY', categoryId);
const nameKey = (tenantId: string, name: string) => ({ pk: tenantPk(tenantId, 'PRODUCT_NAME'), sk: searchKey(name) });
const counterKey = (tenantId: string) => ({ pk: tenantPk(tenantId, 'COUNTER'), sk: 'product' });

export type StoredProduct = Product & { image: string; version: number };

const toProduct = (item: Record<string, unknown>) => strip(item as Item) as StoredProduct;

/** A write of a product transaction and the message to answer when its condition fails. */
export interface ProductWrite {
  write: TransactItem;
  message?: string;
}

export const productData = {
  toItem(tenantId: string, product: StoredProduct): Item {
    return {
      pk: productPk(tenantId),
      sk: idSk(product.productId),
      gsi1pk: byNamePk(tenantId),
      gsi1sk: searchKey(product.productName),
      gsi2pk: byCategoryPk(tenantId, product.categoryId),
      gsi2sk: searchKey(product.productName),
      entity: 'product',
      ...product,
    };
  },

  /** The products of these ids that exist in the tenant, in the order asked. */
  async byIds(tenantId: string, productIds: number[]): Promise<StoredProduct[]> {
    const items = await batchGet(productIds.map((id) => ({ pk: productPk(tenantId), sk: idSk(id) })));
    const byId = new Map(items.map((i) => [Number(i.productId), toProduct(i)]));
    return productIds.flatMap((id) => byId.get(id) ?? []);
  },

  async page(tenantId: string, page: number, size: number): Promise<StoredProduct[]> {
    return (await queryPage({ pk: productPk(tenantId) }, page, size)).map(toProduct);
  },

  async count(tenantId: string): Promise<number> {
    const key = counterKey(tenantId);
    return Number((await getItem<{ value?: number }>(key.pk, key.sk))?.value ?? 0);
  },

  async searchPage(tenantId: string, text: string, page: number, size: number): Promise<StoredProduct[]> {
    return (await queryPage({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix: searchKey(text) }, page, size)).map(toProduct);
  },

  searchCount: (tenantId: string, text: string) => queryCount({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix: searchKey(text) }),

  /** Up to `limit` products in name order, only names starting with `prefix` when one is given. */
  async byNamePrefix(tenantId: string, prefix: string | undefined, limit: number): Promise<StoredProduct[]> {
    // DynamoDB refuses an empty string in a key condition, so "no prefix" is no sort-key condition at all.
    const skPrefix = prefix ? searchKey(prefix) : undefined;
    const { items } = await query({ index: 'gsi1', pk: byNamePk(tenantId), skPrefix, limit });
    return items.map(toProduct);
  },

  searchCountInCategory: (tenantId: string, categoryId: number, text: string) =>
    queryCount({ index: 'gsi2', pk: byCategoryPk(tenantId, categoryId), skPrefix: searchKey(text) }),

  /** Which of these names (any letter case) belong to a product, and to which: name key → productId. */
  async nameOwners(tenantId: string, names: string[]): Promise<Map<string, number>> {
    const keys = [...new Set(names.map(searchKey))].map((name) => nameKey(tenantId, name));
    const items = await batchGet<{ sk: string; productId: number }>(keys);
    return new Map(items.map((i) => [i.sk, i.productId]));
  },

  createWrites(tenantId: string, product: StoredProduct, duplicateMessage: string): ProductWrite[] {
    const TableName = tableName();
    return [
      { write: { Put: { TableName, Item: this.toItem(tenantId, product), ConditionExpression: 'attribute_not_exists(pk)' } } },
      {
        write: {
          Put: {
            TableName,
            Item: { ...nameKey(tenantId, product.productName), entity: 'productName', productId: product.productId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        message: duplicateMessage,
      },
    ];
  },

  /** Writes replacing `before` with `after`, refused if someone saved the product in between. */
  updateWrites(tenantId: string, before: StoredProduct, after: StoredProduct, messages: { stale: string; duplicate: string }): ProductWrite[] {
    const TableName = tableName();
    const writes: ProductWrite[] = [
      {
        write: {
          Put: {
            TableName,
            Item: this.toItem(tenantId, after),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': before.version },
          },
        },
        message: messages.stale,
      },
    ];
    if (searchKey(before.productName) !== searchKey(after.productName)) {
      writes.push(
        {
          write: {
            Delete: {
              TableName,
              Key: nameKey(tenantId, before.productName),
              ConditionExpression: 'productId = :id',
              ExpressionAttributeValues: { ':id': before.productId },
            },
          },
          message: messages.stale,
        },
        {
          write: {
            Put: {
              TableName,
              Item: { ...nameKey(tenantId, after.productName), entity: 'productName', productId: after.productId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          message: messages.duplicate,
        },
      );
    }
    return writes;
  },

  deleteWrites(tenantId: string, product: StoredProduct, staleMessage: string): ProductWrite[] {
    const TableName = tableName();
    return [
      {
        write: {
          Delete: {
            TableName,
            Key: { pk: productPk(tenantId), sk: idSk(product.productId) },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': product.version },
          },
        },
        message: staleMessage,
      },
      { write: { Delete: { TableName, Key: nameKey(tenantId, product.productName) } } },
    ];
  },

  counterWrite(tenantId: string, delta: number): ProductWrite {
    return {
      write: {
        Update: {
          TableName: tableName(),
          Key: counterKey(tenantId),
          UpdateExpression: 'ADD #value :delta',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':delta': delta },
        },
      },
    };
  },
};
