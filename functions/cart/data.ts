import { isOrderStatus, MAX_CART_LINES, type CartStatus, type OrderStatus } from '../../shared/schemas/cart-messages.js';
import {
  counterWrites,
  getItem,
  mapPage,
  query,
  queryCountsUpTo,
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
import { mergedCursorPage } from '../lib/merged-pages.js';

/**
 * Cart lines: a customer's cart, saved items and orders are one kind of record whose status moves along
 * (spec 1 section 4). Money is paise, tax basis points.
 *
 * - the line by id (`PUT/DELETE /cart/{customerCartId}` and the order flow read it directly);
 * - gsi1: a customer's lines of one status by lower-case product name (lists, prefix search, counts);
 * - gsi2: a customer's orders of one status, newest first (Your Orders);
 * - gsi3: the shop's orders of one status, newest first (order tracking);
 * - gsi4: the shop's orders of one status by customer mobile number, newest first within a number (order tracking
 *   search: a search of several statuses merges their queries, so its pages and count read only matching orders);
 *   gsi2 to gsi4 are set only on ordered lines;
 * - a slot per customer, status (InCart or Saved) and stock line, created with the line under attribute_not_exists,
 *   so a product is one line of the cart and one of the saved items however fast the customer clicks;
 * - a count of the customer's InCart lines, raised under `< 10` in the transaction that adds a line, so the cart
 *   never passes 10 lines ('Your Cart is full, please place the order.');
 * - counter items (`counterKey`) of a customer's lines of each status and of the shop's orders of each status,
 *   moved by `countWrites` in every transaction that creates, removes or moves a line to another status, so the
 *   unsearched counts are one GetItem a status whatever the order history holds.
 */
const linePk = (tenantId: string) => tenantPk(tenantId, 'CART');
const byCustomerPk = (tenantId: string, customerId: number, status: CartStatus) => tenantPk(tenantId, 'CART_BY_CUSTOMER', customerId, status);
const customerOrdersPk = (tenantId: string, customerId: number, status: OrderStatus) => tenantPk(tenantId, 'CART_ORDERS_BY_CUSTOMER', customerId, status);
const ordersPk = (tenantId: string, status: OrderStatus) => tenantPk(tenantId, 'CART_ORDERS', status);
const ordersByMobilePk = (tenantId: string, status: OrderStatus) => tenantPk(tenantId, 'CART_ORDERS_BY_MOBILE', status);
const slotKey = (tenantId: string, customerId: number, status: CartStatus, stockId: number) => ({
  pk: tenantPk(tenantId, 'CART_SLOT', customerId),
  sk: `${status}#${idSk(stockId)}`,
});
const customerCounter = (tenantId: string, customerId: number, status: CartStatus) => counterKey(tenantId, `cartLine#customer#${customerId}#${status}`);
const ordersCounter = (tenantId: string, status: OrderStatus) => counterKey(tenantId, `order#${status}`);
/** The counters a line of its status is counted in: its customer's lines of the status and, for an order, the shop's orders of it. */
const countersOf = (tenantId: string, line: LineCounted) => [
  customerCounter(tenantId, line.customerId, line.status),
  ...(isOrderStatus(line.status) ? [ordersCounter(tenantId, line.status)] : []),
];
const countKey = (tenantId: string, customerId: number) => ({ pk: tenantPk(tenantId, 'CART_COUNT'), sk: idSk(customerId) });

export interface StoredCartLine {
  customerCartId: number;
  customerId: number;
  productId: number;
  inventoryId: number;
  stockId: number;
  productName: string;
  artcode: string;
  cartQuantity: number;
  /** In the cart: the shelf price when added (views show the shelf's current one); ordered: as paid. */
  price: number;
  mrp: number;
  cgst: number;
  sgst: number;
  status: CartStatus;
  orderId?: string;
  purchaseId?: number;
  paymentDate?: string;
  customerName?: string;
  mobileNumber?: string;
  /** Where the order is delivered: the checkout's shipping address on one line, else the profile's when ordered. */
  address?: string;
  shippedDate?: string;
  deliveredDate?: string;
  deliveryPerson?: string;
  deliveryContact?: string;
  version: number;
  createdBy: string;
  createdOn: string;
  updatedBy?: string;
  updatedOn?: string;
}

/** What places a line in the counters. */
export type LineCounted = Pick<StoredCartLine, 'customerId' | 'status'>;

/** A line entering the counts (`to`, created or moved to its status), leaving them (`from`), or both (a status change). */
export interface LineMove {
  from?: LineCounted;
  to?: LineCounted;
}

const toLine = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredCartLine;

function lineItem(tenantId: string, line: StoredCartLine): Item {
  const ordered = isOrderStatus(line.status);
  const when = `${line.paymentDate ?? line.createdOn}#${idSk(line.customerCartId)}`;
  return {
    pk: linePk(tenantId),
    sk: idSk(line.customerCartId),
    gsi1pk: byCustomerPk(tenantId, line.customerId, line.status),
    gsi1sk: `${searchKey(line.productName)}#${idSk(line.customerCartId)}`,
    ...(ordered
      ? {
          gsi2pk: customerOrdersPk(tenantId, line.customerId, line.status as OrderStatus),
          gsi2sk: when,
          gsi3pk: ordersPk(tenantId, line.status as OrderStatus),
          gsi3sk: when,
          gsi4pk: ordersByMobilePk(tenantId, line.status as OrderStatus),
          gsi4sk: `${line.mobileNumber ?? ''}#${when}`,
        }
      : {}),
    entity: 'cartLine',
    ...line,
  };
}

type Query = Omit<QueryOptions, 'startKey' | 'limit'>;

/** The first `limit` items of a query, following pages only as far as needed. */
async function firstOf(opts: Query, limit: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await query({ ...opts, limit: limit - items.length, startKey });
    items.push(...out.items);
    startKey = out.next;
  } while (startKey && items.length < limit);
  return items;
}

/**
 * A page of several queries on one index read as one list ordered by that index's sort key (one query per
 * status), with a cursor carrying where each query stands: a page by cursor reads at most a page of each.
 */
async function mergedPage(list: string, queries: Query[], descending: boolean, request: PageRequest): Promise<CursorPage<StoredCartLine>> {
  const sources = queries.map((q) => ({ ...q, descending }));
  return mapPage(await mergedCursorPage({ list, order: 'sortKey', sources }, request), toLine);
}

const sumCounters = async (keys: { pk: string; sk: string }[]) => (await Promise.all(keys.map((k) => readCounter(k)))).reduce((a, b) => a + b, 0);

const customerStatusQuery = (tenantId: string, customerId: number, status: CartStatus, prefix = ''): Query => ({
  index: 'gsi1',
  pk: byCustomerPk(tenantId, customerId, status),
  ...(prefix ? { skPrefix: searchKey(prefix) } : {}),
});

export const cartData = {
  async get(tenantId: string, customerCartId: number): Promise<StoredCartLine | undefined> {
    const item = await getItem(linePk(tenantId), idSk(customerCartId));
    return item ? toLine(item) : undefined;
  },

  /** The line holding a product's stock line in the customer's cart (InCart) or saved items (Saved). */
  async inSlot(tenantId: string, customerId: number, status: CartStatus, stockId: number): Promise<StoredCartLine | undefined> {
    const key = slotKey(tenantId, customerId, status, stockId);
    const slot = await getItem<{ customerCartId: number }>(key.pk, key.sk);
    if (!slot) return undefined;
    const line = await cartData.get(tenantId, slot.customerCartId);
    return line && line.status === status ? line : undefined;
  },

  /** The first `limit` lines of one status in name order. */
  async ofStatus(tenantId: string, customerId: number, status: CartStatus, limit: number): Promise<StoredCartLine[]> {
    return (await firstOf(customerStatusQuery(tenantId, customerId, status), limit)).map(toLine);
  },

  async page(tenantId: string, customerId: number, status: CartStatus, prefix: string, request: PageRequest): Promise<CursorPage<StoredCartLine>> {
    return mapPage(await queryCursorPage(customerStatusQuery(tenantId, customerId, status, prefix), request), toLine);
  },

  /** A customer's lines of one status (its counter); with a prefix, those whose product name starts with it, counting at most `cap`. */
  count: (tenantId: string, customerId: number, status: CartStatus, prefix: string, cap: number) =>
    prefix ? queryCountUpTo(customerStatusQuery(tenantId, customerId, status, prefix), cap) : readCounter(customerCounter(tenantId, customerId, status)),

  /** A customer's orders of the statuses, newest first. */
  customerOrders(tenantId: string, customerId: number, statuses: readonly OrderStatus[], request: PageRequest): Promise<CursorPage<StoredCartLine>> {
    const queries = statuses.map((s) => ({ index: 'gsi2', pk: customerOrdersPk(tenantId, customerId, s) }));
    return mergedPage('customer-orders', queries, true, request);
  },

  customerOrdersCount: (tenantId: string, customerId: number, statuses: readonly OrderStatus[]) =>
    sumCounters(statuses.map((s) => customerCounter(tenantId, customerId, s))),

  /** A customer's orders of the statuses whose product name starts with the text, in name order. */
  customerOrderSearch(tenantId: string, customerId: number, statuses: readonly OrderStatus[], text: string, request: PageRequest): Promise<CursorPage<StoredCartLine>> {
    return mergedPage('customer-order-search', statuses.map((s) => customerStatusQuery(tenantId, customerId, s, text)), false, request);
  },

  /** How many of a customer's orders of the statuses have a product name starting with the text, counting at most `cap`. */
  customerOrderSearchCount: (tenantId: string, customerId: number, statuses: readonly OrderStatus[], text: string, cap: number) =>
    queryCountsUpTo(statuses.map((s) => customerStatusQuery(tenantId, customerId, s, text)), cap),

  /** The shop's orders of the statuses, newest first. */
  orders(tenantId: string, statuses: readonly OrderStatus[], request: PageRequest): Promise<CursorPage<StoredCartLine>> {
    return mergedPage('orders', statuses.map((s) => ({ index: 'gsi3', pk: ordersPk(tenantId, s) })), true, request);
  },

  ordersCount: (tenantId: string, statuses: readonly OrderStatus[]) => sumCounters(statuses.map((s) => ordersCounter(tenantId, s))),

  /** One query a status: its orders whose customer mobile number starts with the digits. */
  mobileQueries: (tenantId: string, statuses: readonly OrderStatus[], digits: string): Query[] =>
    statuses.map((s) => ({ index: 'gsi4', pk: ordersByMobilePk(tenantId, s), skPrefix: digits })),

  /** The orders of the statuses whose customer mobile number starts with the digits, by number, newest first within one. */
  ordersByMobile(tenantId: string, statuses: readonly OrderStatus[], digits: string, request: PageRequest): Promise<CursorPage<StoredCartLine>> {
    return mergedPage('orders-by-mobile', cartData.mobileQueries(tenantId, statuses, digits), true, request);
  },

  /** How many orders of the statuses have a mobile number starting with the digits, counting at most `cap`. */
  ordersByMobileCount: (tenantId: string, statuses: readonly OrderStatus[], digits: string, cap: number) =>
    queryCountsUpTo(cartData.mobileQueries(tenantId, statuses, digits), cap),

  // ------------------------------------------------------------ writes (transaction items)

  /** A new line that must not exist yet. */
  createWrite: (tenantId: string, line: StoredCartLine): TransactItem => ({
    Put: { TableName: tableName(), Item: lineItem(tenantId, line), ConditionExpression: 'attribute_not_exists(pk)' },
  }),

  /** Replaces a line read at `readVersion` (the new line carries the next version). */
  replaceWrite: (tenantId: string, line: StoredCartLine, readVersion: number): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: lineItem(tenantId, line),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': readVersion },
    },
  }),

  /** Moves an order along only from the status it must have (Ship from OrderSuccess, Deliver from Shipped). */
  advanceWrite: (tenantId: string, line: StoredCartLine, from: OrderStatus): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: lineItem(tenantId, line),
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':from': from },
    },
  }),

  /** Holds a transaction to a line staying as it was read. */
  unchangedCheck: (tenantId: string, line: StoredCartLine): TransactItem => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: { pk: linePk(tenantId), sk: idSk(line.customerCartId) },
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': line.version },
    },
  }),

  removeWrite: (tenantId: string, line: StoredCartLine): TransactItem => ({
    Delete: {
      TableName: tableName(),
      Key: { pk: linePk(tenantId), sk: idSk(line.customerCartId) },
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': line.version },
    },
  }),

  slotClaimWrite: (tenantId: string, line: Pick<StoredCartLine, 'customerId' | 'status' | 'stockId' | 'customerCartId'>): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: { ...slotKey(tenantId, line.customerId, line.status, line.stockId), entity: 'cartSlot', customerCartId: line.customerCartId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),

  slotReleaseWrite: (tenantId: string, line: Pick<StoredCartLine, 'customerId' | 'status' | 'stockId'>): TransactItem => ({
    Delete: { TableName: tableName(), Key: slotKey(tenantId, line.customerId, line.status, line.stockId) },
  }),

  /**
   * The counter moves of lines created, removed or moved to another status in one transaction: one item a counter
   * (a transaction may touch an item once), none for a counter the moves leave as it was.
   */
  countWrites(tenantId: string, moves: LineMove[]): TransactItem[] {
    return counterWrites(
      moves.flatMap(({ from, to }) => [
        ...(from ? countersOf(tenantId, from).map((key) => [key, -1] as const) : []),
        ...(to ? countersOf(tenantId, to).map((key) => [key, 1] as const) : []),
      ]),
    );
  },

  /** Raises the customer's InCart line count by one, refused at 10; or lowers it by the lines leaving. */
  inCartCountWrite(tenantId: string, customerId: number, delta: number): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: countKey(tenantId, customerId),
        UpdateExpression: 'SET entity = :entity ADD inCart :delta',
        ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(inCart) OR inCart < :max' } : {}),
        ExpressionAttributeValues: { ':entity': 'cartCount', ':delta': delta, ...(delta > 0 ? { ':max': MAX_CART_LINES } : {}) },
      },
    };
  },
};
