import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { handler as purchasesHandler } from '../../functions/purchases/handler.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseData } from '../../functions/purchases/data.js';
import { customerSearchCount, customerTotals, rowTotals, searchCount } from '../../functions/purchases/report.js';
import { shopDay } from '../../shared/bill.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { MonthlySales, OrderRow, Purchase, SalesRow } from '../../shared/schemas/purchase.js';
import { apiUrl, call, tokenOf } from './client.js';
import { injectDynamoFaults, invoke } from './faults.js';
import { checkout } from './payment-fixtures.js';
import { mustAdd, newShopper, stocked } from './storefront-fixtures.js';
import { pdfText } from './pdf-text.js';
import { bill, cashierToken, line, mustPlace, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

const today = shopDay(new Date());
const [year, month] = today.split('-').map(Number) as [number, number];
const fileDate = today.split('-').reverse().join('_');

let tea: Shelf;
let biscuit: Shelf;
let buyer: Customer;
const placed: number[] = [];

const get = async <T>(path: string, user = 'cashier@demo.shop') => {
  const answer = await call<T>('GET', path, { token: await tokenOf(user) });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
};

async function download(path: string, user = 'cashier@demo.shop') {
  const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${await tokenOf(user)}` } });
  expect(response.status).toBe(200);
  return { disposition: response.headers.get('content-disposition'), type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  tea = await stockedProduct({ name: 'Tea Gold 500g', quantity: 30, mrp: 320, buyingPrice: 268, gst: 5 });
  biscuit = await stockedProduct({ name: 'Cashew Biscuits', quantity: 30, mrp: 40, buyingPrice: 32, gst: 18 });
  buyer = await newCustomer();
});

describe("today's order list", () => {
  it('pages the lines of the day five at a time, newest first, with counts and the total row kept by the bills', async () => {
    const countBefore = await get<number>(`/purchase/todayCount/${today}`);
    const totalsBefore = await get<{ orderQuantity: number; price: number; rows: number }>(`/purchase/todayTotals/${today}`);
    // Three bills of one tea line and one biscuit line each: 6 lines, 3 + 6 units... see below.
    for (let i = 1; i <= 3; i++) {
      // i × tea at ₹320.00 (5%) and 2 × biscuits at ₹40.00 (18%).
      const tax = [0, 15.24 + 12.2, 30.48 + 12.2, 45.72 + 12.2][i]!;
      const saved = await mustPlace(bill(buyer, [line(tea, i), line(biscuit, 2)], { grossAmount: 320 * i + 80, discount: 0, tax: Math.round(tax * 100) / 100, netAmount: 320 * i + 80 }));
      placed.push(saved.purchaseId);
    }
    expect(await get<number>(`/purchase/todayCount/${today}`)).toBe(countBefore + 6);
    const totals = await get<{ orderQuantity: number; price: number; rows: number }>(`/purchase/todayTotals/${today}`);
    expect(totals.rows - totalsBefore.rows).toBe(6);
    expect(totals.orderQuantity - totalsBefore.orderQuantity).toBe(12);
    expect(Math.round((totals.price - totalsBefore.price) * 100)).toBe(216000);

    const first = await get<OrderRow[]>(`/purchase/today/${today}?page=0&size=5`);
    expect(first).toHaveLength(5);
    expect(first[0]).toMatchObject({ purchaseId: placed[2], customerName: buyer.legalName, paymentMode: 'Cash', status: 'Sold' });
    expect(first.map((r) => r.purchaseId).slice(0, 2)).toEqual([placed[2], placed[2]]);
  });

  it('searches by product name or artcode, on one day or over all days, in pages of 5', async () => {
    const name = tea.productName.slice(0, 12);
    expect(await get<number>(`/purchase/searchCount/${encodeURIComponent(tea.productName)}`)).toBe(3);
    expect(await get<number>(`/purchase/searchCount/${tea.artcode}?date=${today}`)).toBe(3);
    const byArtcode = await get<OrderRow[]>(`/purchase/search/${tea.artcode}`);
    expect(byArtcode.map((r) => r.artcode)).toEqual([tea.artcode, tea.artcode, tea.artcode]);
    const byName = await get<OrderRow[]>(`/purchase/search/${encodeURIComponent(name)}?date=${today}&page=0&size=5`);
    expect(byName.every((r) => r.productName.startsWith(name))).toBe(true);
    const none = await get<OrderRow[]>(`/purchase/search/${encodeURIComponent(tea.productName)}?date=2001-01-01`);
    expect(none).toEqual([]);
  });

  it('counts a search up to the cap (1,000 in the route; a small one here), on one day or over all days', async () => {
    // Three tea lines, matched by name (the first part over all days) or by artcode only (the second part).
    expect(await searchCount('demo', tea.productName, undefined, 1000)).toBe(3);
    expect(await searchCount('demo', tea.productName, undefined, 2)).toBe(2);
    expect(await searchCount('demo', tea.artcode, undefined, 2)).toBe(2);
    expect(await searchCount('demo', tea.artcode, today, 2)).toBe(2);
    expect(await searchCount('demo', tea.artcode, today, 1000)).toBe(3);
  });

  it("gives the total row of a day's search: the matching lines of that day only", async () => {
    // 1 + 2 + 3 teas at ₹320.00: 6 units, ₹1,920.00; the biscuits (2 per bill at ₹40.00) are not counted.
    expect(await get(`/purchase/searchTotals/${tea.artcode}?date=${today}`)).toEqual({ rows: 3, orderQuantity: 6, returnQuantity: 0, price: 1920, billed: 1920, returned: 0 });
    expect(await get(`/purchase/searchTotals/${encodeURIComponent(biscuit.productName)}?date=${today}`)).toEqual({
      rows: 3,
      orderQuantity: 6,
      returnQuantity: 0,
      price: 240,
      billed: 240,
      returned: 0,
    });
    expect(await get(`/purchase/searchTotals/${tea.artcode}?date=2001-01-01`)).toEqual({ rows: 0, orderQuantity: 0, returnQuantity: 0, price: 0, billed: 0, returned: 0 });
    const noDay = await call<{ message: string }>('GET', `/purchase/searchTotals/${tea.artcode}`, { token: await cashierToken() });
    expect(noDay.status).toBe(400);
    expect(noDay.body.message).toBe('Enter a valid date');
  });

  it('answers an empty list and 0 for a day without bills', async () => {
    expect(await get<OrderRow[]>('/purchase/today/2001-01-01')).toEqual([]);
    expect(await get<number>('/purchase/todayCount/2001-01-01')).toBe(0);
    const bad = await call<{ message: string }>('GET', '/purchase/today/22-11-2026', { token: await cashierToken() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a valid date');
  });

  it('exports the day as Purchase_List_<d>_<m>_<y>.pdf and .xlsx with the columns and a total row', async () => {
    const pdf = await download(`/purchase/export/${today}?format=pdf`);
    expect(pdf.disposition).toBe(`attachment; filename="Purchase_List_${fileDate}.pdf"`);
    const pages = await pdfText(pdf.bytes);
    expect(pages.join('\n')).toContain('Purchase List');
    expect(pages.join('\n')).toContain(tea.artcode);

    const xlsx = await download(`/purchase/export/${today}?format=xlsx`);
    expect(xlsx.disposition).toBe(`attachment; filename="Purchase_List_${fileDate}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = Array.from(sheet.getSheetValues(), (row) => (Array.isArray(row) ? row.slice(1) : []));
    const header = values.find((r) => r[0] === 'Id');
    expect(header).toEqual(['Id', 'Date', 'Customer Name', 'Artcode', 'Product Name', 'Payment Mode', 'Order Status', 'Order Qty', 'Return Qty', 'Rate', 'Price as billed']);
    const teaRows = values.filter((r) => r[3] === tea.artcode);
    expect(teaRows).toHaveLength(3);
    expect(teaRows.map((r) => r[10]).sort()).toEqual([320, 640, 960]);
    expect(values.find((r) => r[0] === 'Total')).toBeDefined();
    expect(values.find((r) => r[0] === 'Sold (money received)')).toBeDefined();
  });
});

describe("a customer's order list", () => {
  it('pages the lines of a customer by mobile, searches them, and exports Order_<d>_<m>_<y>', async () => {
    expect(await get<number>(`/purchase/custMobileCount/${buyer.mobileNumber}`)).toBe(6);
    const page0 = await get<OrderRow[]>(`/purchase/custMobile/${buyer.mobileNumber}?page=0&size=5`);
    const page1 = await get<OrderRow[]>(`/purchase/custMobile/${buyer.mobileNumber}?page=1&size=5`);
    expect(page0).toHaveLength(5);
    expect(page1).toHaveLength(1);
    expect(page1[0]!.purchaseId).toBe(placed[0]);
    expect(await get<number>(`/purchase/searchCount/${buyer.mobileNumber}/${biscuit.artcode}`)).toBe(3);
    const found = await get<OrderRow[]>(`/purchase/search/${buyer.mobileNumber}/${encodeURIComponent(biscuit.productName)}`);
    expect(found.map((r) => r.productName)).toEqual([biscuit.productName, biscuit.productName, biscuit.productName]);
    const file = await download(`/purchase/custMobile/${buyer.mobileNumber}/export?format=pdf`);
    expect(file.disposition).toBe(`attachment; filename="Order_${fileDate}.pdf"`);
    const text = (await pdfText(file.bytes)).join('\n');
    expect(text).toContain(biscuit.artcode);
    // Names are shown as on the screen, without the shop's domain.
    expect(buyer.customerName).toContain('@demo.shop');
    expect(text).toContain(buyer.legalName!);
    expect(text).not.toContain('@demo.shop');
  });

  it('shows Return Qty on the rows after a return', async () => {
    const answer = await call('POST', `/purchase/return/${placed[0]}`, {
      token: await cashierToken(),
      body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, returnQuantity: 1 }], returnAmount: 40 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = await get<OrderRow[]>(`/purchase/search/${buyer.mobileNumber}/${biscuit.artcode}`);
    expect(rows.find((r) => r.purchaseId === placed[0])).toMatchObject({ originalQuantity: 2, returnQuantity: 1, quantity: 1, purchasedPrice: 40, status: 'Partly Returned' });
  });

  it("gives the total row of the customer's whole list and of a search in it, returns deducted", async () => {
    // 6 teas (₹1,920.00) and 6 biscuits (₹240.00) of which 1 came back: 5 × ₹40.00 = ₹200.00 after returns.
    expect(await get(`/purchase/custMobileTotals/${buyer.mobileNumber}`)).toEqual({ rows: 6, orderQuantity: 12, returnQuantity: 1, price: 2120, billed: 2160, returned: 40 });
    expect(await get(`/purchase/custMobileTotals/${buyer.mobileNumber}?search=${biscuit.artcode}`)).toEqual({
      rows: 3,
      orderQuantity: 6,
      returnQuantity: 1,
      price: 200,
      billed: 240,
      returned: 40,
    });
    // Another shop asking for the same mobile number sees none of this shop's lines.
    expect(await get(`/purchase/custMobileTotals/${buyer.mobileNumber}`, 'admin@beta.shop')).toEqual({ rows: 0, orderQuantity: 0, returnQuantity: 0, price: 0, billed: 0, returned: 0 });
    const empty = await call<{ message: string }>('GET', `/purchase/custMobileTotals/${buyer.mobileNumber}?search=%20`, { token: await cashierToken() });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Search text should not be empty!');
  });
});

describe("a customer's line count and total row", () => {
  const count = (mobile: string) => get<number>(`/purchase/custMobileCount/${mobile}`);
  const listed = async (mobile: string) => (await get<OrderRow[]>(`/purchase/custMobile/${mobile}?page=0&size=50`)).length;
  // No tax and no discount, so a line of n units at ₹100.00 bills n × ₹100.00.
  const plain = (who: Pick<Customer, 'mobileNumber'>, lines: [Shelf, number][], extra: Record<string, unknown> = {}) => {
    const total = lines.reduce((sum, [, units]) => sum + 100 * units, 0);
    return bill(who, lines.map(([shelf, units]) => line(shelf, units)), { grossAmount: total, discount: 0, tax: 0, netAmount: total }, extra);
  };

  /** The total row the route answers from the customer's counter item equals the one worked out from every line. */
  async function expectTotalsOfLines(mobile: string) {
    const ofLines = rowTotals(await purchaseData.figures(purchaseData.customerQuery('demo', mobile)), 'kept');
    expect(await get(`/purchase/custMobileTotals/${mobile}`)).toEqual(ofLines);
  }

  it('is a counter with the total row, kept by saves, a refused save, a return, edits, an offline bill and a storefront order, read without a query', async () => {
    const [rice, salt] = [
      await stockedProduct({ name: 'Counted Rice', quantity: 20, mrp: 100, buyingPrice: 80, gst: 0 }),
      await stockedProduct({ name: 'Counted Salt', quantity: 20, mrp: 100, buyingPrice: 80, gst: 0 }),
    ];
    const walkIn = await newCustomer();
    expect(await count(walkIn.mobileNumber)).toBe(0);
    const first = await mustPlace(plain(walkIn, [[rice, 1], [salt, 2]]));
    const second = await mustPlace(plain(walkIn, [[rice, 1], [salt, 1]]));
    expect(await count(walkIn.mobileNumber)).toBe(4);
    // A return changes units and values of the total row, not the count.
    const returned = await call('POST', `/purchase/return/${second.purchaseId}`, {
      token: await cashierToken(),
      body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, returnQuantity: 1 }], returnAmount: 100 },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await count(walkIn.mobileNumber)).toBe(4);
    await expectTotalsOfLines(walkIn.mobileNumber);
    // More than the shelf holds: refused, nothing written.
    const refused = await call('POST', '/purchase', { token: await cashierToken(), body: plain(walkIn, [[salt, 99]]) });
    expect(refused.status).toBe(409);
    expect(await count(walkIn.mobileNumber)).toBe(4);
    // An edit that drops the salt line, then one that adds it back with another rice.
    const edited = await call<Purchase>('PUT', `/purchase/${first.purchaseId}`, { token: await cashierToken(), body: { ...plain(walkIn, [[rice, 2]]), version: first.version } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await count(walkIn.mobileNumber)).toBe(3);
    const again = await call<Purchase>('PUT', `/purchase/${first.purchaseId}`, { token: await cashierToken(), body: { ...plain(walkIn, [[rice, 1], [salt, 1], [rice, 1]]), version: edited.body.version } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await count(walkIn.mobileNumber)).toBe(5);
    await expectTotalsOfLines(walkIn.mobileNumber);
    // A bill a till made offline and sent later.
    const offline = plain(walkIn, [[salt, 1]], {
      idempotencyKey: randomUUID(),
      offline: { madeOn: new Date(Date.now() - 3_600_000).toISOString(), provisionalNumber: 'DEM-T9-000001', deviceId: `till-${randomUUID().replaceAll('-', '')}` },
    });
    const sent = await call('POST', '/purchase', { token: await cashierToken(), body: offline });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Its resend answers the same bill and counts nothing.
    expect((await call('POST', '/purchase', { token: await cashierToken(), body: offline })).status).toBe(200);
    expect(await count(walkIn.mobileNumber)).toBe(6);
    expect(await listed(walkIn.mobileNumber)).toBe(6);
    await expectTotalsOfLines(walkIn.mobileNumber);

    // A paid storefront order becomes a bill of the shopper's lines.
    const shopper = await newShopper();
    const [tea] = await stocked([{ quantity: 6, mrp: 200, gst: 5, name: 'Counted Storefront Tea' }]);
    await mustAdd(shopper, tea, 2);
    await checkout(shopper);
    expect(await count(shopper.customer.mobileNumber)).toBe(1);
    expect(await listed(shopper.customer.mobileNumber)).toBe(1);
    await expectTotalsOfLines(shopper.customer.mobileNumber);

    // The count and the unsearched total row read the counter item, no line.
    const recorder = injectDynamoFaults();
    try {
      const path = { mobile: walkIn.mobileNumber };
      await invoke(purchasesHandler as never, 'cashier@demo.shop', 'GET /purchase/custMobileCount/{mobile}', { path });
      recorder.arm();
      expect(await invoke<number>(purchasesHandler as never, 'cashier@demo.shop', 'GET /purchase/custMobileCount/{mobile}', { path })).toEqual({ status: 200, body: 6 });
      const totals = await invoke<{ rows: number }>(purchasesHandler as never, 'cashier@demo.shop', 'GET /purchase/custMobileTotals/{mobile}', { path });
      expect(totals.status).toBe(200);
      expect(totals.body.rows).toBe(6);
      expect(recorder.commands()).toContain('GetCommand');
      expect(recorder.commands()).not.toContain('QueryCommand');
    } finally {
      recorder.restore();
    }
  });

  it("counts a search of the customer's lines by the keys of their name and artcode indexes, up to the cap, through saves, edits and a refused save", async () => {
    const [rice, salt, oil] = [
      await stockedProduct({ name: 'Keyed Rice', quantity: 20, mrp: 100, buyingPrice: 80, gst: 0 }),
      await stockedProduct({ name: 'Keyed Salt', quantity: 20, mrp: 100, buyingPrice: 80, gst: 0 }),
      await stockedProduct({ name: 'Plain Oil', quantity: 20, mrp: 100, buyingPrice: 80, gst: 0 }),
    ];
    const walkIn = await newCustomer();
    const searched = (text: string) => get<number>(`/purchase/searchCount/${walkIn.mobileNumber}/${encodeURIComponent(text)}`);
    const first = await mustPlace(plain(walkIn, [[rice, 1], [salt, 1], [oil, 1]]));
    await mustPlace(plain(walkIn, [[rice, 2]]));
    expect([await searched('keyed'), await searched('Keyed R'), await searched(oil.artcode), await searched('nothing')]).toEqual([3, 2, 1, 0]);
    // Another customer's lines are not theirs.
    const other = await newCustomer();
    await mustPlace(plain(other, [[rice, 1]]));
    expect(await searched('keyed')).toBe(3);
    // More than the shelf holds: refused, nothing counted.
    expect((await call('POST', '/purchase', { token: await cashierToken(), body: plain(walkIn, [[rice, 99]]) })).status).toBe(409);
    expect(await searched('keyed')).toBe(3);
    // An edit that drops the rice and the oil of the first bill and keeps the salt.
    const edited = await call<Purchase>('PUT', `/purchase/${first.purchaseId}`, { token: await cashierToken(), body: { ...plain(walkIn, [[salt, 2]]), version: first.version } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect([await searched('keyed'), await searched('Keyed R'), await searched(oil.artcode)]).toEqual([2, 1, 0]);
    // The pages of the search are the same lines, name matches first.
    const page = async (p: number) => get<OrderRow[]>(`/purchase/search/${walkIn.mobileNumber}/keyed?page=${p}&size=1`);
    expect([...(await page(0)), ...(await page(1))].map((r) => r.productName)).toEqual([rice.productName, salt.productName]);
    expect(await customerSearchCount('demo', walkIn.mobileNumber, 'keyed', 1)).toBe(1);
    expect(await get(`/purchase/custMobileTotals/${walkIn.mobileNumber}?search=keyed`)).toMatchObject({ rows: 2, orderQuantity: 4 });
    // A search reaching the cap totals the lines it lists: the first in list order (the rice, 2 units).
    expect(await customerTotals('demo', walkIn.mobileNumber, 'keyed', 1)).toMatchObject({ rows: 1, orderQuantity: 2 });

    // The count is a capped COUNT of each part's key condition (mobile number and prefix), never the customer's whole list.
    const recorder = injectDynamoFaults();
    try {
      const path = { mobile: walkIn.mobileNumber, text: 'keyed' };
      await invoke(purchasesHandler as never, 'cashier@demo.shop', 'GET /purchase/searchCount/{mobile}/{text}', { path });
      recorder.arm();
      expect(await invoke<number>(purchasesHandler as never, 'cashier@demo.shop', 'GET /purchase/searchCount/{mobile}/{text}', { path })).toEqual({ status: 200, body: 2 });
      const queries = recorder.inputs().filter((_, i) => recorder.commands()[i] === 'QueryCommand') as { IndexName?: string; Select?: string; Limit?: number; FilterExpression?: string }[];
      expect(queries.map((q) => q.IndexName)).toEqual(['gsi5', 'gsi6']);
      expect(queries.every((q) => q.Select === 'COUNT' && q.Limit! <= 1000)).toBe(true);
      expect(queries[0]!.FilterExpression).toBeUndefined();
    } finally {
      recorder.restore();
    }
  });
});

describe('monthly sales report', () => {
  const report = () => get<MonthlySales>(`/purchase/monthly/${month}/${year}`, 'manager@demo.shop');
  const todayRows = async (path: string) => (await get<SalesRow[]>(path, 'manager@demo.shop')).filter((r) => r.transactionDate === today);

  it('adds each bill to its day and payment mode, and refunds to the cash summary', async () => {
    const before = await report();
    const rowsBefore = await todayRows(`/expense/returnsAll/${month}/${year}`);
    const cash = await mustPlace(bill(buyer, [line(tea, 1)], { grossAmount: 320, discount: 0, tax: 15.24, netAmount: 320 }));
    await mustPlace(bill(buyer, [line(biscuit, 1)], { grossAmount: 40, discount: 0, tax: 6.1, netAmount: 40 }, { paymentMode: 'Online' }));
    const returned = await call('POST', `/purchase/return/${cash.purchaseId}`, {
      token: await cashierToken(),
      body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, whole: true }], returnAmount: 320 },
    });
    expect(returned.status).toBe(200);
    const after = await report();
    const cents = (v: number) => Math.round(v * 100);
    expect(cents(after.cash - before.cash)).toBe(32000);
    expect(cents(after.online - before.online)).toBe(4000);
    expect(cents(after.total - before.total)).toBe(36000);
    // The cash bill came back today for a cash refund: cash in hand does not move; the online bill is online money.
    expect(cents(after.cashSummary.cash.inHand - before.cashSummary.cash.inHand)).toBe(0);
    expect(cents(after.cashSummary.online.balance - before.cashSummary.online.balance)).toBe(4000);
    expect(after).toMatchObject({ month, year });
    const c = after.cashSummary.cash;
    expect(cents(c.inHand)).toBe(cents(c.takings) - cents(c.refunds) - cents(c.expenses));

    const rowsAfter = await todayRows(`/expense/returnsAll/${month}/${year}`);
    const of = (rows: SalesRow[], mode: string) => rows.find((r) => r.paymentMode === mode) ?? { transaction: 0, credit: 0, returns: 0 };
    expect(of(rowsAfter, 'Cash').transaction - of(rowsBefore, 'Cash').transaction).toBe(1);
    expect(of(rowsAfter, 'Online').transaction - of(rowsBefore, 'Online').transaction).toBe(1);
    expect(cents(of(rowsAfter, 'Cash').returns - of(rowsBefore, 'Cash').returns)).toBe(32000);
    const cashOnly = await get<SalesRow[]>(`/expense/paymentMode/${month}/${year}/Cash`, 'manager@demo.shop');
    expect(cashOnly.length).toBeGreaterThan(0);
    expect(cashOnly.every((r) => r.paymentMode === 'Cash')).toBe(true);
  });

  it('downloads the report as Sales_Report_<m>_<y>.pdf', async () => {
    const file = await download(`/purchase/monthly/${month}/${year}/pdf`, 'manager@demo.shop');
    expect(file.disposition).toBe(`attachment; filename="Sales_Report_${month}_${year}.pdf"`);
    // Lines wrap where the page ends them: the text is read as one.
    const text = (await pdfText(file.bytes)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Monthly Sales Report');
    // Other tests may collect dues this month: the takings then say how much of them were dues.
    expect(text).toMatch(/Cash in hand -?₹[\d,]+\.\d\d = cash takings ₹[\d,]+\.\d\d( \(dues collected ₹[\d,]+\.\d\d of it\))? − cash refunds ₹[\d,]+\.\d\d − expenses paid in cash ₹/);
  });

  it('checks the month and year', async () => {
    const answer = await call<{ message: string }>('GET', '/purchase/monthly/13/2026', { token: await tokenOf('manager@demo.shop') });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Enter a valid month');
  });
});

describe('the demo shop', () => {
  it('starts with three days of sales: cash and online, a redeemed bill and a return', async () => {
    const bills = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => get<Purchase>(`/purchase/${id}`)));
    expect(new Set(bills.map((b) => b.paymentMode))).toEqual(new Set(['Cash', 'Online']));
    expect(new Set(bills.map((b) => b.saleDate)).size).toBe(3);
    expect(bills.filter((b) => b.redeemAmount > 0)).toHaveLength(1);
    expect(bills.filter((b) => b.returnQuantity > 0)).toHaveLength(1);
    expect(bills.every((b) => b.createdBy === 'cashier@demo.shop')).toBe(true);
  });
});
