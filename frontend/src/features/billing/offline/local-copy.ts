/**
 * The till's local copy of what it sells and to whom: filled from the stock and customer lists (page by page with
 * their cursors) while online, read by Place Order's lookups only when the server cannot be reached.
 */
import { splitInclusiveGst, toBasisPoints, toPaise, toRupees } from '../../../../../shared/money.js';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import { customerRoutes } from '../../../../../shared/routes/customers.js';
import { stockRoutes } from '../../../../../shared/routes/stock.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { InventorySuggestion, Stock } from '../../../../../shared/schemas/inventory.js';
import { tenantIdFromUserName } from '../../../../../shared/tenant.js';
import { callApiPage } from '../../../lib/api-client.js';
import { getSession } from '../../../lib/session.js';
import { readSetting, tillDb, writeSetting, type LocalAccount, type LocalCustomer, type LocalLine } from './device-db.js';
import type { LineTax } from './provisional-receipt.js';
import { isUnsent, type QueuedBill } from './queue.js';
import { keptShelf, suggestionsOn } from './shelf.js';

const PAGE = 100;
const copiedAtKey = (tenantId: string) => `copiedAt|${tenantId}`;

/** A stock line of the list shaped as the suggestions the till's product cell shows. */
export function suggestionOfStock(line: Stock): InventorySuggestion {
  const cgst = toBasisPoints(line.cgst);
  const sgst = toBasisPoints(line.sgst);
  return {
    productId: line.productId,
    productName: line.productName,
    artcode: line.artcode,
    barcode: line.barcode,
    mrp: line.mrp,
    sellingPrice: line.sellingPrice,
    buyingPrice: line.buyingPrice,
    gst: line.cgst + line.sgst,
    cgst: line.cgst,
    sgst: line.sgst,
    nrp: toRupees(splitInclusiveGst(toPaise(line.sellingPrice), cgst, sgst).taxable),
    inventoryId: line.inventoryId,
    stockId: line.stockId,
    quantity: line.quantity,
  };
}

/** The product's HSN code, unit and kind of supply a stock page answers beside the line. */
export const taxOfStock = (line: Pick<Stock, 'hsnCode' | 'unit' | 'taxability'>): LineTax => ({
  ...(line.hsnCode ? { hsnCode: line.hsnCode } : {}),
  ...(line.unit ? { unit: line.unit } : {}),
  ...(line.taxability ? { taxability: line.taxability } : {}),
});

const lineKey = (tenantId: string, s: InventorySuggestion) => `${tenantId}|${s.productId}|${s.stockId}|${s.artcode}`;
const customerKey = (tenantId: string, mobile: string) => `${tenantId}|${mobile}`;

/**
 * Every page of a list: by the server's cursor where it answers one (X-Next-Page), else by page number until a page
 * comes back short (the customer list pages by number).
 */
async function everyPage<T>(read: (query: { page: number; size: number; cursor?: string }) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  let byCursor = false;
  for (let page = 0; ; page += 1) {
    const answer = await read({ page, size: PAGE, cursor });
    all.push(...answer.items);
    byCursor ||= answer.next !== undefined;
    if (answer.next) cursor = answer.next;
    else if (byCursor || answer.items.length < PAGE) return all;
  }
}

/** Raised by every write of the stock lines, in the write's transaction: the lookups' shelf in memory follows it. */
const LINES_VERSION = 'linesVersion';

/** Raises the lines' version within the caller's transaction (its settings store). */
async function raiseLinesVersion(settings: { get(key: string): Promise<unknown>; put(value: unknown, key: string): Promise<unknown> }) {
  await settings.put((((await settings.get(LINES_VERSION)) as number | undefined) ?? 0) + 1, LINES_VERSION);
}

/** Replaces one shop's rows of a store with `rows` in one transaction: a half-read list never replaces a whole one. */
async function replaceRows(store: 'lines' | 'customers' | 'accounts', tenantId: string, rows: (LocalLine | LocalCustomer | LocalAccount)[]) {
  const db = await tillDb();
  const tx = db.transaction([store as 'lines', 'settings'], 'readwrite');
  const table = tx.objectStore(store as 'lines');
  const old = await table.index('byTenant').getAllKeys(tenantId);
  await Promise.all([...old.map((key) => table.delete(key)), ...rows.map((row) => table.put(row as LocalLine))]);
  if (store === 'lines') await raiseLinesVersion(tx.objectStore('settings'));
  await tx.done;
}

/**
 * Reads the shop's stock lines and customers (those lists the user may read) and keeps them on the device with the
 * time they were read. Pages of 100 with the lists' cursors: a shop of 3,000 lines is 30 calls, in the background.
 */
export async function refreshLocalCopy(tenantId: string, may: { stock: boolean; customers: boolean; accounts?: boolean }, now = Date.now()): Promise<void> {
  // Without the stock list there is no copy of prices to date (suggestions seen online are not kept).
  if (!may.stock) return;
  const stock = await everyPage((query) => callApiPage(stockRoutes.page, { query }));
  await replaceRows('lines', tenantId, stock.map((line) => {
    const s = suggestionOfStock(line);
    return { ...s, tax: taxOfStock(line), key: lineKey(tenantId, s), tenantId };
  }));
  if (may.customers) {
    const customers = await everyPage((query) => callApiPage(customerRoutes.all, { query }));
    await replaceRows('customers', tenantId, customers.map((c) => ({ ...c, key: customerKey(tenantId, c.mobileNumber), tenantId })));
  }
  if (may.accounts) {
    const accounts = await everyPage((query) => callApiPage(accountRoutes.terms, { query }));
    const unsent = await unsentMoves(tenantId);
    await replaceRows('accounts', tenantId, accounts.map((a) => localAccountOf(tenantId, a, unsent)));
  }
  await writeSetting(copiedAtKey(tenantId), now);
  copyListeners.forEach((listener) => listener());
}

const copyListeners = new Set<() => void>();
/** Place Order's "Prices as of" follows each refresh of the copy. */
export function onLocalCopyRefreshed(listener: () => void): () => void {
  copyListeners.add(listener);
  return () => copyListeners.delete(listener);
}

/** When the local copy was last read from the server (ms), if ever. */
export const localCopyAge = (tenantId: string) => readSetting<number>(copiedAtKey(tenantId));

const shelfOfShop = keptShelf({
  version: async () => ((await readSetting<number>(LINES_VERSION)) ?? 0),
  lines: async (tenantId) =>
    (await (await tillDb()).getAllFromIndex('lines', 'byTenant', tenantId)).map(({ key: _key, tenantId: _tenant, ...s }) => s),
});

/**
 * Suggestions from the local copy, as the server would answer them: lines whose name, artcode or barcode starts
 * with the text. The lines are read from IndexedDB only when the copy changed since the last lookup.
 */
export async function localSuggestions(tenantId: string, text: string): Promise<InventorySuggestion[]> {
  return suggestionsOn(await shelfOfShop(tenantId), text);
}

/**
 * The HSN code, unit and kind of supply of each product of the local copy, by product id: an offline bill's receipt
 * prints and taxes its lines by them, as the server's invoice will.
 */
export async function localLineTaxes(tenantId: string): Promise<Map<number, LineTax>> {
  return (await shelfOfShop(tenantId)).taxes;
}

/** The customer with this mobile in the local copy, if the till has seen or listed them. */
export async function localCustomer(tenantId: string, mobile: string): Promise<Customer | undefined> {
  const found = await (await tillDb()).get('customers', customerKey(tenantId, mobile));
  if (!found) return undefined;
  const { key: _key, tenantId: _tenant, ...customer } = found;
  return customer;
}

/** Keeps a customer the till found or registered online, so they can be billed offline too. */
export async function keepCustomer(tenantId: string, customer: Customer): Promise<void> {
  await (await tillDb()).put('customers', { ...customer, key: customerKey(tenantId, customer.mobileNumber), tenantId });
}

/** Mobiles of the local copy starting with the digits (the mobile box's suggestions offline). */
export async function localMobiles(tenantId: string, prefix: string): Promise<string[]> {
  const all = await (await tillDb()).getAllFromIndex('customers', 'byTenant', tenantId);
  return all.map((c) => c.mobileNumber).filter((m) => m.startsWith(prefix)).sort().slice(0, 8);
}

/**
 * After an offline bill, the local copy shows its effect (fewer units on the shelf, the points used), so the next
 * offline bill does not sell the same units twice or redeem the same points.
 */
export async function applyOfflineBill(tenantId: string, lines: { productId: number; stockId: number; artcode: string; quantity: number }[], customer?: { mobileNumber: string; pointsUsed: number }) {
  const db = await tillDb();
  const tx = db.transaction(['lines', 'customers', 'settings'], 'readwrite');
  const lineStore = tx.objectStore('lines');
  for (const sold of lines) {
    const key = `${tenantId}|${sold.productId}|${sold.stockId}|${sold.artcode}`;
    const line = await lineStore.get(key);
    if (line) await lineStore.put({ ...line, quantity: line.quantity - sold.quantity });
  }
  await raiseLinesVersion(tx.objectStore('settings'));
  if (customer && customer.pointsUsed > 0) {
    const customers = tx.objectStore('customers');
    const found = await customers.get(customerKey(tenantId, customer.mobileNumber));
    if (found) await customers.put({ ...found, creditPoints: found.creditPoints - customer.pointsUsed });
  }
  await tx.done;
  // The next bill's first lookup finds the shelf read again already, while the cashier hands over the receipt.
  void shelfOfShop(tenantId).catch(() => undefined);
}

// ---------------------------------------------------------------- customers' accounts

const accountKey = (tenantId: string, customerId: number) => `${tenantId}|${customerId}`;

/**
 * What this device's bills and payments not yet answered by the server move each customer's balance by (paise):
 * the server's balance does not count them yet, so the device's copy adds them to it.
 */
export function balanceMoves(queued: QueuedBill[], tenantId: string): Map<number, number> {
  const moves = new Map<number, number>();
  for (const item of queued) {
    if (item.tenantId !== tenantId || !isUnsent(item)) continue;
    const body = item.body as { customerId?: number; tenders?: { method: string; amount: number }[] };
    const customerId = item.payment?.customerId ?? body.customerId;
    if (customerId === undefined) continue;
    const parts = (body.tenders ?? []).filter((t) => item.payment || t.method === 'account');
    const amount = parts.reduce((sum, t) => sum + toPaise(t.amount), 0);
    moves.set(customerId, (moves.get(customerId) ?? 0) + (item.payment ? -amount : amount));
  }
  return moves;
}

async function unsentMoves(tenantId: string): Promise<Map<number, number>> {
  return balanceMoves(await (await tillDb()).getAllFromIndex('bills', 'byMadeOn'), tenantId);
}

/** The server's account (rupees) as the device keeps it: paise, with what this device still has to send. */
function localAccountOf(tenantId: string, a: { customerId: number; onAccount: boolean; limit: number; balance: number }, unsent: Map<number, number>): LocalAccount {
  return {
    key: accountKey(tenantId, a.customerId),
    tenantId,
    customerId: a.customerId,
    onAccount: a.onAccount,
    creditLimit: toPaise(a.limit),
    balance: toPaise(a.balance) + (unsent.get(a.customerId) ?? 0),
  };
}

/** The customer's account as the device knows it (never set up: not on account, nothing owed). */
export async function localAccount(tenantId: string, customerId: number): Promise<LocalAccount> {
  const found = await (await tillDb()).get('accounts', accountKey(tenantId, customerId));
  return found ?? { key: accountKey(tenantId, customerId), tenantId, customerId, onAccount: false, creditLimit: 0, balance: 0 };
}

/** Keeps an account the till read from the server (Place Order's customer), so it is billed offline as it stands. */
export async function keepAccount(tenantId: string, account: { customerId: number; onAccount: boolean; limit: number; balance: number }): Promise<void> {
  await (await tillDb()).put('accounts', localAccountOf(tenantId, account, await unsentMoves(tenantId)));
}

/** A bill on account (above 0) or a payment (below 0) made on this device moves the device's balance at once. */
export async function moveLocalBalance(tenantId: string, customerId: number, by: number): Promise<void> {
  if (by === 0) return;
  const db = await tillDb();
  const tx = db.transaction('accounts', 'readwrite');
  const found = await tx.store.get(accountKey(tenantId, customerId));
  if (found) await tx.store.put({ ...found, balance: found.balance + by });
  await tx.done;
}

/** Signing out forgets the shop's prices, stock, customers and accounts on this device. */
export async function forgetLocalCopy(): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['lines', 'customers', 'accounts', 'settings'], 'readwrite');
  await Promise.all([tx.objectStore('lines').clear(), tx.objectStore('customers').clear(), tx.objectStore('accounts').clear()]);
  const settings = tx.objectStore('settings');
  for (const key of await settings.getAllKeys()) if (String(key).startsWith('copiedAt|')) await settings.delete(key);
  await raiseLinesVersion(settings);
  await tx.done;
}

/** The shop of the signed-in user, the key of everything the till keeps. */
export function tillTenant(): string | undefined {
  const session = getSession();
  if (!session) return undefined;
  return session.tenant?.tenantId ?? tenantIdFromUserName(session.userName) ?? undefined;
}

/** The browser knows it has no network: the till answers from its copy at once instead of waiting for a failure. */
export const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
