import type { Customer } from '../../shared/schemas/customer.js';
import type { ShippingAddressBody as ShippingAddress } from '../../shared/schemas/payment.js';
import {
  batchGet,
  getItem,
  mapPage,
  op,
  query,
  queryCountUpTo,
  queryCursorPage,
  readCounter,
  strip,
  tableName,
  writePart,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
  type WritePart,
} from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantPk, uniqueKey } from '../lib/keys.js';
import { wordSearchCount, wordSearchPage, wordWrites, type WordRecord } from '../lib/word-index.js';

const customerPk = (tenantId: string) => tenantPk(tenantId, 'CUSTOMER');
/** gsi1: customers by mobile number (the till's look-up and suggestions, search by mobile). */
const mobilePk = (tenantId: string) => tenantPk(tenantId, 'CUSTOMER_MOBILE');
/** gsi2: the customer record of a user who signed up. */
const appUserPk = (tenantId: string) => tenantPk(tenantId, 'CUSTOMER_APPUSER');
/** gsi3: customers by lower-case name (search by name). */
const namePk = (tenantId: string) => tenantPk(tenantId, 'CUSTOMER_NAME');

const key = (tenantId: string, customerId: number) => ({ pk: customerPk(tenantId), sk: idSk(customerId) });
/** The shop's customer count, kept by the transactions that create and delete customers. */
const customerCounter = (tenantId: string) => counterKey(tenantId, 'customer');

type CustomerItem = Customer & Item;
const toCustomer = (item: CustomerItem) => strip(item) as Customer;

/**
 * The word index of customer names (`lib/word-index.ts`): the name as the customer wrote it ('Kaveri Traders') and
 * the sign-in name made from it ('KaveriTraders'), so "traders" and "kaverit" both find it. A customer's name never
 * changes: its words are written on create and removed on delete.
 */
export const CUSTOMER_WORDS = 'CUSTOMER';
export const customerWordRecord = (c: Pick<Customer, 'customerId' | 'customerName' | 'legalName'>): WordRecord => {
  // The sign-in name without the shop's '@domain' ('KaveriTraders') is searched too, after the name as typed.
  const account = c.customerName.split('@')[0]!;
  const typed = c.legalName?.trim();
  return { id: c.customerId, name: typed && typed.toLowerCase() !== account.toLowerCase() ? `${typed} ${account}` : account };
};
const customerWordEntries = (tenantId: string, before: Customer | undefined, after: Customer | undefined) =>
  wordWrites(tenantId, CUSTOMER_WORDS, before && customerWordRecord(before), after && customerWordRecord(after)).map((write) => [write] as const);

export const customerData = {
  toItem(tenantId: string, customer: Customer): Item {
    return {
      ...key(tenantId, customer.customerId),
      gsi1pk: mobilePk(tenantId),
      gsi1sk: customer.mobileNumber,
      gsi2pk: customer.appUserId ? appUserPk(tenantId) : undefined,
      gsi2sk: customer.appUserId ? idSk(customer.appUserId) : undefined,
      gsi3pk: namePk(tenantId),
      gsi3sk: searchKey(customer.customerName),
      entity: 'customer',
      ...customer,
    };
  },
  mobileClaim: (tenantId: string, mobile: string) => uniqueKey(tenantId, 'CUSTOMER_MOBILE', mobile),
  nameClaim: (tenantId: string, name: string) => uniqueKey(tenantId, 'CUSTOMER_NAME', name),
  /** A new customer with the claims on its mobile number and name, each failing with its own message. */
  createWrites(tenantId: string, customer: Customer, messages: { mobileTaken: string; nameTaken: string }): WritePart {
    const owner = `customer#${customer.customerId}`;
    return writePart(
      [op.create(customerData.toItem(tenantId, customer))],
      [op.claim(customerData.mobileClaim(tenantId, customer.mobileNumber), owner), messages.mobileTaken],
      [op.claim(customerData.nameClaim(tenantId, customer.customerName), owner), messages.nameTaken],
      [op.count(customerCounter(tenantId), 1)],
      ...customerWordEntries(tenantId, undefined, customer),
    );
  },
  replace(tenantId: string, customer: Customer, expectedVersion: number | undefined): TransactItem {
    return op.replace(customerData.toItem(tenantId, customer), expectedVersion);
  },
  /** Keeps the address an order is shipped to as the customer's last one (the customer must still exist). */
  shippingAddressWrite(tenantId: string, customerId: number, address: ShippingAddress): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: key(tenantId, customerId),
        UpdateExpression: 'SET shippingAddress = :address',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':address': address },
      },
    };
  },
  /**
   * Moves the customer's credit points by `delta` as an atomic counter (ADD), never a rewrite of a figure read
   * before, so bills of one customer saved at the same moment do not refuse each other. The move happens only while
   * the customer holds at least `need` points (what the bill spends), so points are never spent twice and the balance
   * never goes below zero. The record's version rises, so a customer edit saved from an older read cannot write the
   * old points back.
   */
  pointsWrite(tenantId: string, customerId: number, delta: number, need: number): TransactItem {
    return op.update(key(tenantId, customerId), {
      UpdateExpression: 'ADD creditPoints :delta, version :one',
      ConditionExpression: need > 0 ? 'attribute_exists(pk) AND creditPoints >= :need' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta, ':one': 1, ...(need > 0 ? { ':need': need } : {}) },
    });
  },
  /** Deletes a customer and frees its mobile number and name. */
  removeWrites(tenantId: string, customer: Customer, staleMessage: string): WritePart {
    return writePart(
      [op.remove(key(tenantId, customer.customerId), { ConditionExpression: 'attribute_exists(pk)' }), staleMessage],
      [op.release(customerData.mobileClaim(tenantId, customer.mobileNumber))],
      [op.release(customerData.nameClaim(tenantId, customer.customerName))],
      [op.count(customerCounter(tenantId), -1)],
      ...customerWordEntries(tenantId, customer, undefined),
    );
  },
  async byId(tenantId: string, customerId: number): Promise<Customer | undefined> {
    const item = await getItem<CustomerItem>(key(tenantId, customerId).pk, key(tenantId, customerId).sk);
    return item ? toCustomer(item) : undefined;
  },
  async byAppUser(tenantId: string, appUserId: number): Promise<Customer | undefined> {
    const { items } = await query<CustomerItem>({ index: 'gsi2', pk: appUserPk(tenantId), skBetween: [idSk(appUserId), idSk(appUserId)] });
    return items[0] ? toCustomer(items[0]) : undefined;
  },
  async byMobile(tenantId: string, mobile: string): Promise<Customer | undefined> {
    const { items } = await query<CustomerItem>({ index: 'gsi1', pk: mobilePk(tenantId), skBetween: [mobile, mobile] });
    return items[0] ? toCustomer(items[0]) : undefined;
  },
  async byName(tenantId: string, name: string): Promise<Customer | undefined> {
    const { items } = await query<CustomerItem>({ index: 'gsi3', pk: namePk(tenantId), skBetween: [searchKey(name), searchKey(name)] });
    return items[0] ? toCustomer(items[0]) : undefined;
  },
  /** Mobile numbers in order, those starting with `prefix` when given. */
  async mobiles(tenantId: string, prefix: string | undefined, limit: number): Promise<string[]> {
    const { items } = await query<CustomerItem>({ index: 'gsi1', pk: mobilePk(tenantId), skPrefix: prefix, limit });
    return items.map((i) => i.mobileNumber);
  },
  /** Newest first. */
  async page(tenantId: string, request: PageRequest): Promise<CursorPage<Customer>> {
    return mapPage(await queryCursorPage<CustomerItem>({ pk: customerPk(tenantId), descending: true }, request), toCustomer);
  },
  count: (tenantId: string) => readCounter(customerCounter(tenantId)),
  /**
   * Customers whose mobile number starts with `text` (digits), in number order; or with a word of the name starting
   * with it, whole words first (the word index, then the customers by id).
   */
  async searchPage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<Customer>> {
    if (isMobileSearch(text)) return mapPage(await queryCursorPage<CustomerItem>({ index: 'gsi1', pk: mobilePk(tenantId), skPrefix: text }, request), toCustomer);
    const page = await wordSearchPage<{ id: number }>(tenantId, CUSTOMER_WORDS, text, request);
    const items = await batchGet<CustomerItem>(page.items.map((w) => key(tenantId, Number(w.id))));
    const byId = new Map(items.map((i) => [Number(i.customerId), toCustomer(i)]));
    return { items: page.items.flatMap((w) => byId.get(Number(w.id)) ?? []), next: page.next };
  },
  /** How many customers the search finds, counting at most `cap` (one bounded read of an index, each customer once). */
  searchCount: (tenantId: string, text: string, cap: number) =>
    isMobileSearch(text)
      ? queryCountUpTo({ index: 'gsi1', pk: mobilePk(tenantId), skPrefix: text }, cap)
      : wordSearchCount(tenantId, CUSTOMER_WORDS, text, cap),
};

const isMobileSearch = (text: string) => /^\d+$/.test(text);
