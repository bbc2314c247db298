import {
  getItem,
  mapPage,
  op,
  queryCountUpTo,
  queryCursorPage,
  readCounter,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type QueryOptions,
  type TransactItem,
} from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Wish lines: the wishlist is its own set of records (spec 1 section 4), one per customer and product.
 *
 * - the line by id (`DELETE /wish/{customerWishId}`);
 * - gsi1: a customer's lines by lower-case product name (pages, prefix search, counts);
 * - a slot per customer and product, created with the line under attribute_not_exists, so a product is on the
 *   wishlist once however often it is added;
 * - a counter item (`counterKey`) of the customer's lines, moved in the transactions that add and remove a line:
 *   a wishlist has no size limit (a line a product of the catalogue), so its count is one GetItem, not a COUNT.
 */
const wishPk = (tenantId: string) => tenantPk(tenantId, 'WISH');
const byCustomerPk = (tenantId: string, customerId: number) => tenantPk(tenantId, 'WISH_BY_CUSTOMER', customerId);
const wishCounter = (tenantId: string, customerId: number) => counterKey(tenantId, `wish#customer#${customerId}`);
const slotKey = (tenantId: string, customerId: number, productId: number) => ({ pk: tenantPk(tenantId, 'WISH_SLOT', customerId), sk: idSk(productId) });

export interface StoredWish {
  customerWishId: number;
  customerId: number;
  productId: number;
  inventoryId: number;
  stockId: number;
  productName: string;
  artcode: string;
  quantity: number;
  status: 'Wishlist';
  /** When the product was wished for. */
  orderDate: string;
  createdBy: string;
  createdOn: string;
}

const toWish = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredWish;

const customerQuery = (tenantId: string, customerId: number, prefix: string): Omit<QueryOptions, 'startKey' | 'limit'> => ({
  index: 'gsi1',
  pk: byCustomerPk(tenantId, customerId),
  ...(prefix ? { skPrefix: searchKey(prefix) } : {}),
});

export const wishData = {
  async get(tenantId: string, customerWishId: number): Promise<StoredWish | undefined> {
    const item = await getItem(wishPk(tenantId), idSk(customerWishId));
    return item ? toWish(item) : undefined;
  },

  async ofProduct(tenantId: string, customerId: number, productId: number): Promise<StoredWish | undefined> {
    const key = slotKey(tenantId, customerId, productId);
    const slot = await getItem<{ customerWishId: number }>(key.pk, key.sk);
    return slot ? wishData.get(tenantId, slot.customerWishId) : undefined;
  },

  /** A page in name order; with a prefix, the lines whose product name starts with it. */
  async page(tenantId: string, customerId: number, prefix: string, request: PageRequest): Promise<CursorPage<StoredWish>> {
    return mapPage(await queryCursorPage(customerQuery(tenantId, customerId, prefix), request), toWish);
  },

  /** The customer's lines (their counter); with a prefix, those whose product name starts with it, counting at most `cap`. */
  count: (tenantId: string, customerId: number, prefix: string, cap: number) =>
    prefix ? queryCountUpTo(customerQuery(tenantId, customerId, prefix), cap) : readCounter(wishCounter(tenantId, customerId)),

  /** A new line with its slot and the customer's count raised; the slot's condition refuses a second line of the product. */
  createWrites(tenantId: string, wish: StoredWish): TransactItem[] {
    const TableName = tableName();
    return [
      {
        Put: {
          TableName,
          Item: {
            pk: wishPk(tenantId),
            sk: idSk(wish.customerWishId),
            gsi1pk: byCustomerPk(tenantId, wish.customerId),
            gsi1sk: `${searchKey(wish.productName)}#${idSk(wish.customerWishId)}`,
            entity: 'wish',
            ...wish,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName,
          Item: { ...slotKey(tenantId, wish.customerId, wish.productId), entity: 'wishSlot', customerWishId: wish.customerWishId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      op.count(wishCounter(tenantId, wish.customerId), 1),
    ];
  },

  /** The line, its slot and one off the customer's count; the line's condition refuses a second removal. */
  removeWrites(tenantId: string, wish: StoredWish): TransactItem[] {
    const TableName = tableName();
    return [
      { Delete: { TableName, Key: { pk: wishPk(tenantId), sk: idSk(wish.customerWishId) }, ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName, Key: slotKey(tenantId, wish.customerId, wish.productId) } },
      op.count(wishCounter(tenantId, wish.customerId), -1),
    ];
  },
};
