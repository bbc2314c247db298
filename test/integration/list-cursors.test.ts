import { beforeAll, describe, expect, it } from 'vitest';
import { cartData, type StoredCartLine } from '../../functions/cart/data.js';
import { nextIds, transact } from '../../functions/lib/db.js';
import type { OrderStatus } from '../../shared/schemas/cart.js';
import { call, tokenOf } from './client.js';
import { newCustomer, sellOn, stockedProduct } from './pos-fixtures.js';
import { newShopper, type Shopper } from './storefront-fixtures.js';

/**
 * The back office's other lists (customers, partners, employees, expenses, bills of a day or of a customer, leave)
 * answer the same opaque cursor as the catalogue: following `X-Next-Page` gives the very rows page and size give,
 * each once, and a cursor of one list is refused by another.
 */

const admin = () => tokenOf('admin@demo.shop');
const run = Date.now() % 1_000_000;
const mobileOf = (i: number) => `96${String(run).padStart(6, '0')}${String(i).padStart(2, '0')}`;

async function byNumber(path: string, token: string, size: number): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  for (let page = 0; page < 100; page++) {
    const answer = await call<unknown[]>('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&size=${size}`, { token });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    if (!answer.body.length) break;
    pages.push(answer.body);
  }
  return pages;
}

async function byCursor(path: string, token: string, size: number): Promise<{ pages: unknown[][]; cursors: number; asked: (string | null)[] }> {
  const pages: unknown[][] = [];
  const asked: (string | null)[] = [];
  let cursors = 0;
  let cursor: string | null = null;
  do {
    asked.push(cursor);
    const joiner = path.includes('?') ? '&' : '?';
    const answer: Awaited<ReturnType<typeof call<unknown[]>>> = await call<unknown[]>('GET', `${path}${joiner}size=${size}${cursor ? `&cursor=${cursor}` : ''}`, {
      token,
    });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    if (answer.body.length) pages.push(answer.body);
    cursor = answer.headers.get('x-next-page');
    if (cursor) cursors++;
  } while (cursor && pages.length < 100);
  return { pages, cursors, asked };
}

/**
 * Walks a list forward by cursor, then back from its last page as the web app's Previous does (each page asked
 * again with the cursor that led to it), and holds both walks to the pages asked by number.
 */
async function walkBothWays(path: string, token: string, size: number) {
  const numbered = await byNumber(path, token, size);
  const forward = await byCursor(path, token, size);
  expect(forward.pages).toEqual(numbered);
  const joiner = path.includes('?') ? '&' : '?';
  for (let page = forward.pages.length - 1; page >= 0; page--) {
    const cursor = forward.asked[page];
    const answer = await call<unknown[]>('GET', `${path}${joiner}size=${size}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body, `${path} page ${page} again`).toEqual(numbered[page]);
  }
  return forward;
}

beforeAll(async () => {
  const token = await admin();
  for (let i = 0; i < 5; i++) {
    const saved = await call('POST', '/customer/save', {
      token,
      body: { customerName: `Cursor Customer ${run} ${i}`, mobileNumber: mobileOf(i), emailId: `cursor${i}@example.in`, address: '1, Main Road' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
});

describe('back-office lists by cursor', () => {
  const month = new Date().getMonth() + 1;
  const year = new Date().getFullYear();
  const today = new Date().toISOString().slice(0, 10);

  it.each([
    '/customer/all',
    `/customer/search/${mobileOf(0).slice(0, 8)}`,
    '/customer/search/cursor',
    '/businessPartners',
    '/appUser/all',
    '/appUser/search/a',
    `/expense/${month}/${year}`,
    `/expense/${month}/${year}/a`,
    `/purchase/today/${today}`,
  ])('%s walks by cursor through the rows page and size give', async (path) => {
    const token = await admin();
    const numbered = await byNumber(path, token, 2);
    const { pages } = await byCursor(path, token, 2);
    expect(pages.flat()).toEqual(numbered.flat());
  });

  it('a deep page of customers is one step from the page before it, and a cursor belongs to its own list', async () => {
    const token = await admin();
    const { pages, cursors } = await byCursor(`/customer/search/${mobileOf(0).slice(0, 8)}`, token, 2);
    expect(pages.flat()).toHaveLength(5);
    expect(cursors).toBeGreaterThanOrEqual(2);
    const first = await call<unknown[]>('GET', '/customer/all?size=2', { token });
    const cursor = first.headers.get('x-next-page')!;
    expect(cursor).toBeTruthy();
    for (const other of ['/businessPartners', `/customer/search/${mobileOf(0).slice(0, 8)}`, '/appUser/all']) {
      const refused = await call<{ message: string }>('GET', `${other}?size=2&cursor=${cursor}`, { token });
      expect(refused.status, other).toBe(400);
    }
  });
});

describe('lists merged from several queries, by cursor', () => {
  /** Bill lines found by name (three) and by artcode only (three): the search's two parts. */
  let billText = '';
  /** Partners found by name, by company, or by both (shown once, under the smaller of the two). */
  const partnerText = `Merge${run}`;
  /** A shopper with seven orders across three statuses, their product names sharing a prefix. */
  let shopper: Shopper;

  beforeAll(async () => {
    const byArtcode = await stockedProduct({ name: 'Cursor Rice', quantity: 20, mrp: 60, buyingPrice: 50, gst: 5 });
    const byName = await stockedProduct({ name: `${byArtcode.artcode} Cursor Tea`, quantity: 20, mrp: 120, buyingPrice: 100, gst: 5 });
    billText = byArtcode.artcode;
    const buyer = await newCustomer();
    for (let i = 0; i < 3; i++) await sellOn(buyer, new Date().toISOString(), 'Cash', [[byName, 1, 120], [byArtcode, 1, 60]]);
    // Stock lines and receipts: two found by name, three by artcode only (the rice under two more artcodes).
    await stockedProduct({ name: `${billText} Cursor Dal`, quantity: 5, mrp: 90, buyingPrice: 80, gst: 5 });
    for (const [i, suffix] of ['B', 'C'].entries()) {
      const received = await call('POST', '/inventory/save', {
        token: await admin(),
        body: { productId: byArtcode.productId, vendor: 'Test Wholesale', artcode: `${billText}${suffix}`, barcode: `89${String(run).padStart(6, '0')}0000${i}`, quantity: 4, cgst: 2.5, sgst: 2.5, mrp: 60, buyingPrice: 50, sellingPrice: 60 },
      });
      expect(received.status, JSON.stringify(received.body)).toBe(200);
    }

    const token = await admin();
    const partners: [string, string][] = [
      [`${partnerText} Anand`, 'Other Traders'],
      ['Zubin', `${partnerText} Bazaar`],
      [`${partnerText} Dev`, `${partnerText} Carts`],
      [`${partnerText} Esha`, `${partnerText} Foods`],
      ['Yash', `${partnerText} Gold`],
    ];
    for (const [i, [name, companyName]] of partners.entries()) {
      const saved = await call('POST', '/businessPartners/save', {
        token,
        body: { name, companyName, emailId: `merge${i}@supplier.example`, mobileNumber: `97${String(run).padStart(6, '0')}${i}0`, productDetail: 'Rice', address: 'Market Yard' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    shopper = await newShopper();
    const statuses: OrderStatus[] = ['OrderSuccess', 'Shipped', 'Delivered', 'Shipped', 'OrderSuccess', 'Delivered', 'Shipped'];
    const ids = await nextIds('demo', 'cart', statuses.length);
    const lines = statuses.map(
      (status, i): StoredCartLine => ({
        customerCartId: ids[i]!,
        customerId: shopper.customer.customerId,
        productId: 1,
        inventoryId: 1,
        stockId: 1,
        productName: `Merge Order ${String.fromCharCode(71 - i)}`,
        artcode: 'MERGE',
        cartQuantity: 1,
        price: 10_000,
        mrp: 12_000,
        cgst: 250,
        sgst: 250,
        status,
        orderId: `order_merge_${ids[i]}`,
        paymentDate: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
        customerName: shopper.customer.customerName,
        mobileNumber: shopper.customer.mobileNumber,
        version: 1,
        createdBy: shopper.userName,
        createdOn: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
      }),
    );
    await transact(lines.map((line) => cartData.createWrite('demo', line)));
  }, 120_000);

  it('partner search: by name and by company merged in key order, each partner once, by cursor as by number, both ways', async () => {
    const token = await admin();
    const { pages, cursors } = await walkBothWays(`/businessPartners/search/${partnerText}`, token, 2);
    const names = (pages.flat() as { name: string }[]).map((p) => p.name);
    expect(names).toEqual([`${partnerText} Anand`, 'Zubin', `${partnerText} Dev`, `${partnerText} Esha`, 'Yash']);
    expect(cursors).toBe(2);
  });

  it("a customer's orders across statuses, newest first, and their search by product name, both ways", async () => {
    const id = shopper.customer.customerId;
    const { pages } = await walkBothWays(`/cart/masterOrder/page/${id}/OrderSuccess,Shipped,Delivered`, shopper.token, 2);
    const names = (pages.flat() as { productName: string }[]).map((o) => o.productName);
    expect(names).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((c) => `Merge Order ${c}`));
    const search = await walkBothWays(`/cart/masterOrder/search/${id}/OrderSuccess,Shipped,Delivered/merge order`, shopper.token, 3);
    expect((search.pages.flat() as { productName: string }[]).map((o) => o.productName)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((c) => `Merge Order ${c}`));
    const shipped = await walkBothWays(`/cart/masterOrder/page/${id}/Shipped,Delivered`, shopper.token, 2);
    expect(shipped.pages.flat()).toHaveLength(5);
  });

  it("the shop's orders across statuses and by mobile number, by cursor as by number", async () => {
    const token = await tokenOf('manager@demo.shop');
    await walkBothWays('/cart/order/Shipped,Delivered', token, 3);
    const mine = await walkBothWays(`/cart/search/OrderSuccess,Shipped,Delivered/${shopper.customer.mobileNumber}`, token, 3);
    expect(mine.pages.flat()).toHaveLength(7);
  });

  it('bill search over all days: the name part then the artcode part, by cursor as by number, both ways', async () => {
    const token = await admin();
    const { pages, cursors } = await walkBothWays(`/purchase/search/${billText}`, token, 2);
    const names = (pages.flat() as { productName: string }[]).map((r) => r.productName);
    expect(names).toHaveLength(6);
    expect(names.slice(0, 3).every((n) => n.startsWith(billText))).toBe(true);
    expect(names.slice(3).every((n) => n.startsWith('Cursor Rice'))).toBe(true);
    expect(cursors).toBe(2);
  });

  it.each(['/stock/search', '/inventory/search'])('%s: lines by name, then by artcode only, by cursor as by number, both ways', async (list) => {
    const token = await admin();
    const { pages, cursors } = await walkBothWays(`${list}/${billText}`, token, 2);
    const rows = pages.flat() as { productName: string; artcode: string }[];
    expect(rows.map((r) => r.productName.startsWith(billText))).toEqual([true, true, false, false, false]);
    expect(rows.slice(2).map((r) => r.artcode)).toEqual([billText, `${billText}B`, `${billText}C`]);
    expect(cursors).toBe(2);
    const count = await call<number>('GET', `${list.replace('/search', '/searchCount')}/${billText}`, { token });
    expect(count.body).toBe(5);
  });

  it("a day's stock by cursor as by number", async () => {
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const { pages } = await walkBothWays(`/stock/byDate/${today}`, await admin(), 20);
    expect(pages.flat().length).toBeGreaterThanOrEqual(5);
  });

  it("a merged list's cursor belongs to its own list and search", async () => {
    const token = await admin();
    const first = await call<unknown[]>('GET', `/purchase/search/${billText}?size=2`, { token });
    const cursor = first.headers.get('x-next-page')!;
    expect(cursor).toBeTruthy();
    for (const other of [`/purchase/search/${billText.slice(0, -1)}`, `/businessPartners/search/${partnerText}`, '/customer/all']) {
      const refused = await call<{ message: string }>('GET', `${other}?size=2&cursor=${cursor}`, { token });
      expect(refused.status, other).toBe(400);
      expect(refused.body.message).toBe('This page link is no longer valid. Please go back to the first page.');
    }
    // The same search in another shop: the cursor was signed for the demo shop's partitions.
    const elsewhere = await call<{ message: string }>('GET', `/purchase/search/${billText}?size=2&cursor=${cursor}`, { token: await tokenOf('admin@alpha.shop') });
    expect(elsewhere.status).toBe(400);
    const tampered = `${cursor.slice(0, 4)}${cursor[4] === 'A' ? 'B' : 'A'}${cursor.slice(5)}`;
    expect((await call('GET', `/purchase/search/${billText}?size=2&cursor=${tampered}`, { token })).status).toBe(400);
    // Orders of other statuses are another list: their cursor does not open these.
    const id = shopper.customer.customerId;
    const orders = await call<unknown[]>('GET', `/cart/masterOrder/page/${id}/OrderSuccess,Shipped,Delivered?size=2`, { token: shopper.token });
    const ordersCursor = orders.headers.get('x-next-page')!;
    expect(ordersCursor).toBeTruthy();
    expect((await call('GET', `/cart/masterOrder/page/${id}/Shipped,Delivered?size=2&cursor=${ordersCursor}`, { token: shopper.token })).status).toBe(400);
    expect((await call('GET', `/cart/masterOrder/page/${id}/OrderSuccess,Shipped,Delivered?size=2&cursor=${ordersCursor}`, { token: shopper.token })).status).toBe(200);
  });
});
