import { beforeAll, describe, expect, it } from 'vitest';
import { expenseTotals } from '../../functions/expenses/data.js';
import { handler as expensesHandler } from '../../functions/expenses/handler.js';
import { monthCount } from '../../functions/expenses/service.js';
import { rootLogger } from '../../functions/lib/logger.js';
import { returnAndMail } from '../../functions/purchases/service.js';
import { shopDay } from '../../shared/bill.js';
import { toPaise } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Expense, ExpenseSum, ReturnRow, ReturnsSummary, YearlyReturns } from '../../shared/schemas/expense.js';
import { returnBody, type MonthlySales, type PaymentMode } from '../../shared/schemas/purchase.js';
import { apiUrl, call, tokenOf } from './client.js';
import { injectDynamoFaults, invoke } from './faults.js';
import { pdfText } from './pdf-text.js';
import { newCustomer, sellOn, stockedProduct, type Shelf } from './pos-fixtures.js';

const OWNER = 'owner@demo.shop';
const today = shopDay(new Date());
const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
const fileDate = today.split('-').reverse().join('_');
const cents = (rupees: number) => Math.round(rupees * 100);
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

async function as<T>(method: string, path: string, body?: unknown, user = OWNER) {
  return call<T>(method, path, { token: await tokenOf(user), body });
}
async function ok<T>(method: string, path: string, body?: unknown, user = OWNER): Promise<T> {
  const answer = await as<T>(method, path, body, user);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}
async function refused(method: string, path: string, body: unknown, status: number, message: string) {
  const answer = await as<{ message: string }>(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.message).toBe(message);
}
async function download(path: string, user = OWNER) {
  const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${await tokenOf(user)}` } });
  expect(response.status).toBe(200);
  return { disposition: response.headers.get('content-disposition'), text: (await pdfText(Buffer.from(await response.arrayBuffer()))).join('\n') };
}

const save = (body: Record<string, unknown>) => ok<Expense>('POST', '/expense/save', body);
const sumOf = (month: number, year: number) => ok<ExpenseSum>('GET', `/expense/sum/${month}/${year}`);

describe('expenses', () => {
  it('adds an expense to its month: the list, the count, the sum, and the day and month totals', async () => {
    const before = await sumOf(thisMonth, thisYear);
    const countBefore = await ok<number>('GET', `/expense/count/${thisMonth}/${thisYear}`);
    const name = unique('Courier charge');
    const saved = await save({ expenseName: name, paymentMode: 'Online', expenseDate: today, expenseAmount: '1250' });
    expect(saved).toMatchObject({ expenseName: name, paymentMode: 'Online', expenseDate: today, expenseAmount: 1250, version: 1, createdBy: OWNER });

    expect(await ok<Expense>('GET', `/expense/${saved.expenseId}`)).toEqual(saved);
    const after = await sumOf(thisMonth, thisYear);
    expect(cents(after.expenseAmount - before.expenseAmount)).toBe(125000);
    expect(cents(after.online - before.online)).toBe(125000);
    expect(cents(after.cash - before.cash)).toBe(0);
    expect(after.count - before.count).toBe(1);
    expect(await ok<number>('GET', `/expense/count/${thisMonth}/${thisYear}`)).toBe(countBefore + 1);

    const list = await ok<Expense[]>('GET', `/expense/${thisMonth}/${thisYear}?page=0&size=100`);
    expect(list.map((e) => e.expenseId)).toContain(saved.expenseId);
    const all = await ok<Expense[]>('GET', `/expense/all/${thisMonth}/${thisYear}`);
    expect(all).toHaveLength(countBefore + 1);
    expect(all.map((e) => e.expenseDate)).toEqual([...all.map((e) => e.expenseDate)].sort().reverse());

    const totals = await expenseTotals('demo', thisYear, thisMonth);
    expect(totals.total.amount).toBe(toPaise(after.expenseAmount));
    expect(totals.days.find((d) => d.date === today)?.count).toBeGreaterThanOrEqual(1);
  });

  it('searches a month by expense name prefix, in pages, with counts', async () => {
    const tag = unique('Packing');
    for (const [i, amount] of [100, 200, 300].entries()) await save({ expenseName: `${tag} ${i}`, expenseDate: today, expenseAmount: amount });
    const text = encodeURIComponent(tag.toUpperCase());
    expect(await ok<number>('GET', `/expense/count/${thisMonth}/${thisYear}/${text}`)).toBe(3);
    const first = await ok<Expense[]>('GET', `/expense/${thisMonth}/${thisYear}/${text}?page=0&size=2`);
    const second = await ok<Expense[]>('GET', `/expense/${thisMonth}/${thisYear}/${text}?page=1&size=2`);
    expect([...first, ...second].map((e) => e.expenseName).sort()).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
    expect(first[0]!.paymentMode).toBe('Cash');
    expect(await ok<Expense[]>('GET', `/expense/all/${thisMonth}/${thisYear}/${text}`)).toHaveLength(3);
    expect(await ok<number>('GET', `/expense/count/${thisMonth}/${thisYear}/nothing-like-this`)).toBe(0);
  });

  it("counts a name search by the month's name index up to the cap, through saves, edits, deletes and a refused save", async () => {
    const tag = unique('Counted Freight');
    const text = encodeURIComponent(tag);
    const searchCount = () => ok<number>('GET', `/expense/count/${thisMonth}/${thisYear}/${text}`);
    const saved = [];
    for (const amount of [100, 200, 300]) saved.push(await save({ expenseName: `${tag} ${amount}`, expenseDate: today, expenseAmount: amount }));
    expect(await searchCount()).toBe(3);
    expect(await monthCount('demo', thisMonth, thisYear, tag, 2)).toBe(2);
    await refused('POST', '/expense/save', { expenseName: `${tag} refused`, expenseDate: today, expenseAmount: 0 }, 400, 'Expense Amount should be more than 0.');
    expect(await searchCount()).toBe(3);
    // Renamed out of the search, then one deleted.
    await ok('PUT', `/expense/${saved[0]!.expenseId}`, { expenseName: 'Renamed freight', expenseDate: today, expenseAmount: 100, paymentMode: 'Cash', version: 1 });
    expect(await searchCount()).toBe(2);
    await ok('DELETE', `/expense/${saved[1]!.expenseId}`);
    expect(await searchCount()).toBe(1);

    // One Query whose key condition is the month and the name prefix, with no filter, and Limit the cap's rest.
    const recorder = injectDynamoFaults();
    try {
      const path = { month: String(thisMonth), year: String(thisYear), text: tag };
      await invoke(expensesHandler as never, OWNER, 'GET /expense/count/{month}/{year}/{text}', { path });
      recorder.arm();
      expect(await invoke(expensesHandler as never, OWNER, 'GET /expense/count/{month}/{year}/{text}', { path })).toEqual({ status: 200, body: 1 });
      const queries = recorder.inputs().filter((_, i) => recorder.commands()[i] === 'QueryCommand');
      expect(queries).toHaveLength(1);
      const [query] = queries;
      expect(query).toMatchObject({ IndexName: 'gsi2', Select: 'COUNT', Limit: 1000 });
      expect(query!.FilterExpression).toBeUndefined();
    } finally {
      recorder.restore();
    }
  });

  it.each([
    [{ expenseDate: today, expenseAmount: 10 }, 'Expense Name is required.'],
    [{ expenseName: '  ', expenseDate: today, expenseAmount: 10 }, 'Expense Name is required.'],
    [{ expenseName: 'Tea', expenseAmount: 10 }, 'Expense Date is required.'],
    [{ expenseName: 'Tea', expenseDate: '2026-02-30', expenseAmount: 10 }, 'Expense Date is required.'],
    [{ expenseName: 'Tea', expenseDate: '2999-01-01', expenseAmount: 10 }, 'Expense Date should not be a future date.'],
    [{ expenseName: 'Tea', expenseDate: today }, 'Expense Amount is required.'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: '' }, 'Expense Amount is required.'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: '12.50' }, 'Enter the Amount in whole rupees!!!'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: 12.5 }, 'Enter the Amount in whole rupees!!!'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: '12abc' }, 'Enter the Amount in whole rupees!!!'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: '0' }, 'Expense Amount should be more than 0.'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: '-5' }, 'Expense Amount should be more than 0.'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: -5 }, 'Expense Amount should be more than 0.'],
    [{ expenseName: 'Tea', expenseDate: today, expenseAmount: 10, paymentMode: 'Card' }, 'Please choose the Payment Mode (Cash or Online).'],
  ])('refuses %j with the message', async (body, message) => {
    const before = await sumOf(thisMonth, thisYear);
    await refused('POST', '/expense/save', body, 400, message);
    expect(await sumOf(thisMonth, thisYear)).toEqual(before);
  });

  it('moves an edit between months and modes in the totals, and refuses an edit from an older read', async () => {
    const saved = await save({ expenseName: unique('Generator diesel'), paymentMode: 'Cash', expenseDate: today, expenseAmount: 900 });
    const oldMonth = { month: 4, year: 2014 };
    const thisBefore = await sumOf(thisMonth, thisYear);
    const oldBefore = await sumOf(oldMonth.month, oldMonth.year);

    const edited = await ok<Expense>('PUT', `/expense/${saved.expenseId}`, {
      expenseName: saved.expenseName,
      paymentMode: 'Online',
      expenseDate: '2014-04-09',
      expenseAmount: 950,
      version: saved.version,
    });
    expect(edited).toMatchObject({ version: 2, expenseDate: '2014-04-09', expenseAmount: 950, paymentMode: 'Online', updatedBy: OWNER });
    const thisAfter = await sumOf(thisMonth, thisYear);
    const oldAfter = await sumOf(oldMonth.month, oldMonth.year);
    expect(cents(thisBefore.expenseAmount - thisAfter.expenseAmount)).toBe(90000);
    expect(cents(thisBefore.cash - thisAfter.cash)).toBe(90000);
    expect(thisBefore.count - thisAfter.count).toBe(1);
    expect(cents(oldAfter.expenseAmount - oldBefore.expenseAmount)).toBe(95000);
    expect(cents(oldAfter.online - oldBefore.online)).toBe(95000);
    const days = (await expenseTotals('demo', 2014, 4)).days;
    expect(days.find((d) => d.date === '2014-04-09')).toMatchObject({ amount: 95000, online: 95000, cash: 0 });

    await refused('PUT', `/expense/${saved.expenseId}`, { ...edited, expenseAmount: 10, version: 1 }, 409, 'This record was changed by someone else. Please reload it and try again.');
    expect(await ok<Expense>('GET', `/expense/${saved.expenseId}`)).toMatchObject({ expenseAmount: 950, version: 2 });
    await refused('PUT', '/expense/999999', { expenseName: 'Tea', expenseDate: today, expenseAmount: 1 }, 404, 'Expense not found.');
  });

  it('deletes only expenses of the current month, and takes them out of the totals', async () => {
    const current = await save({ expenseName: unique('Stationery'), expenseDate: today, expenseAmount: 75 });
    const before = await sumOf(thisMonth, thisYear);
    const removed = await ok<Expense>('DELETE', `/expense/${current.expenseId}`);
    expect(removed.expenseId).toBe(current.expenseId);
    expect((await as('GET', `/expense/${current.expenseId}`)).status).toBe(404);
    const after = await sumOf(thisMonth, thisYear);
    expect(cents(before.expenseAmount - after.expenseAmount)).toBe(7500);
    expect(before.count - after.count).toBe(1);

    const old = await save({ expenseName: unique('Old rent'), expenseDate: '2015-06-01', expenseAmount: 5000 });
    await refused('DELETE', `/expense/${old.expenseId}`, undefined, 400, 'Expenses can be deleted only in the current month.');
    expect(await ok<Expense>('GET', `/expense/${old.expenseId}`)).toMatchObject({ expenseAmount: 5000 });
    expect((await sumOf(6, 2015)).expenseAmount).toBe(5000);
    await refused('DELETE', `/expense/${current.expenseId}`, undefined, 404, 'Expense not found.');
  });

  it('lets HR read expenses but not change them', async () => {
    expect((await as('GET', `/expense/${thisMonth}/${thisYear}`, undefined, 'hr@demo.shop')).status).toBe(200);
    expect((await as('POST', '/expense/save', { expenseName: 'Tea', expenseDate: today, expenseAmount: 10 }, 'hr@demo.shop')).status).toBe(403);
  });
});

/**
 * A worked year, 2013, in the demo shop: bills placed through the point of sale's own service on chosen days,
 * a return, and expenses. Two products are received with known prices:
 *   A: MRP ₹500, bought at ₹300, sold at ₹500;   B: MRP ₹200, bought at ₹120, sold at ₹180.
 * Bills:
 *   05/03 Cash   A×2          sold 2×500 = 1,000   cost 2×300 = 600
 *   05/03 Online B×3          sold 3×180 =   540   cost 3×120 = 360
 *   20/03 Cash   A×1 + B×1    sold 500+180 = 680   cost 300+120 = 420
 *   25/03 return of one A of the 05/03 cash bill: CASH refund 500 (its cost 300 comes back)
 *   15/07 Online A×1          sold 500             cost 300
 * Expenses: 10/03 Rent Cash 2,000; 28/03 Electricity Online 750; 01/07 Tea Cash 120.
 */
const YEAR = 2013;
let productA: Shelf;
let productB: Shelf;
let buyer: Customer;

beforeAll(async () => {
  productA = await stockedProduct({ name: 'Ledger Pressure Cooker', quantity: 20, mrp: 500, buyingPrice: 300, gst: 5 });
  productB = await stockedProduct({ name: 'Ledger Steel Tumbler', quantity: 20, mrp: 200, buyingPrice: 120, gst: 12 });
  buyer = await newCustomer();
  const first = await sellOn(buyer, '2013-03-05T05:00:00Z', 'Cash', [[productA, 2, 500]]);
  await sellOn(buyer, '2013-03-05T07:00:00Z', 'Online', [[productB, 3, 180]]);
  await sellOn(buyer, '2013-03-20T06:00:00Z', 'Cash', [[productA, 1, 500], [productB, 1, 180]]);
  await returnAndMail(
    { tenantId: 'demo', actor: { userName: 'cashier@demo.shop', now: new Date('2013-03-25T06:00:00Z') }, log: rootLogger },
    first.purchaseId,
    returnBody.parse({ paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 500 }),
  );
  await sellOn(buyer, '2013-07-15T06:00:00Z', 'Online', [[productA, 1, 500]]);
  await save({ expenseName: 'Shop rent', paymentMode: 'Cash', expenseDate: '2013-03-10', expenseAmount: 2000 });
  await save({ expenseName: 'Electricity bill', paymentMode: 'Online', expenseDate: '2013-03-28', expenseAmount: 750 });
  await save({ expenseName: 'Tea', paymentMode: 'Cash', expenseDate: '2013-07-01', expenseAmount: 120 });
});

describe('returns report of March 2013', () => {
  const row = (returnId: number, transactionDate: string, transaction: number, paymentMode: PaymentMode, credit: number, debit: number, returns: number): ReturnRow => ({
    returnId,
    transactionDate,
    transaction,
    paymentMode,
    credit,
    debit,
    returns,
  });
  // One row per day and payment mode with bills or refunds, days in order, Cash before Online.
  const expected = [
    row(1, '2013-03-05', 1, 'Cash', 1000, 600, 0),
    row(2, '2013-03-05', 1, 'Online', 540, 360, 0),
    row(3, '2013-03-20', 1, 'Cash', 680, 420, 0),
    row(4, '2013-03-25', 0, 'Cash', 0, 0, 500),
  ];

  it('pages the rows with their count', async () => {
    expect(await ok<number>('GET', `/expense/returns/count/3/${YEAR}`)).toBe(4);
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/3/${YEAR}?page=0&size=3`)).toEqual(expected.slice(0, 3));
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/3/${YEAR}?page=1&size=3`)).toEqual(expected.slice(3));
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/3/${YEAR}?page=2&size=3`)).toEqual([]);
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/2/${YEAR}`)).toEqual([]);
  });

  it('searches by payment mode or date', async () => {
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/3/${YEAR}/online`)).toEqual([expected[1]]);
    expect(await ok<number>('GET', `/expense/returns/count/3/${YEAR}/CASH`)).toBe(3);
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/3/${YEAR}/${encodeURIComponent('25/03')}`)).toEqual([expected[3]]);
    expect(await ok<ReturnRow[]>('GET', `/expense/returns/3/${YEAR}/2013-03-20`)).toEqual([expected[2]]);
  });

  it("counts a month's rows from its sales day items: one query of at most 31 items, whatever the bills, returns and edits", async () => {
    const recorder = injectDynamoFaults();
    try {
      for (const [routeKey, path, expected] of [
        ['GET /expense/returns/count/{month}/{year}', { month: '3', year: String(YEAR) }, 4],
        ['GET /expense/returns/count/{month}/{year}/{text}', { month: '3', year: String(YEAR), text: 'CASH' }, 3],
      ] as const) {
        await invoke(expensesHandler as never, OWNER, routeKey, { path });
        recorder.arm();
        expect(await invoke(expensesHandler as never, OWNER, routeKey, { path })).toEqual({ status: 200, body: expected });
        const queries = recorder.inputs().filter((_, i) => recorder.commands()[i] === 'QueryCommand');
        expect(queries).toHaveLength(1);
        expect(queries[0]).toMatchObject({ ExpressionAttributeValues: expect.objectContaining({ ':pk': 'T#demo#SALES#2013-03' }) });
        expect(queries[0]!.IndexName).toBeUndefined();
      }
    } finally {
      recorder.restore();
    }
  });

  it('sums the month in the summary row with the return percentage', async () => {
    // transactions 1+1+1 = 3; sold 1000+540+680 = 2220; cost 600+360+420 = 1380; returns 500;
    // return % = 500 × 100 / 1380 = 36.2318… → 36.23
    expect(await ok<ReturnsSummary>('GET', `/expense/returns/summary/3/${YEAR}`)).toEqual({
      month: 3,
      year: YEAR,
      rows: 4,
      transaction: 3,
      credit: 2220,
      debit: 1380,
      returns: 500,
      net: 1720,
      pointsRedeemed: 0,
      returnPercentage: 36.23,
    });
  });

  it('downloads Return_List_<d>_<m>_<y>.pdf with the rows and totals', async () => {
    const file = await download(`/expense/returns/pdf/3/${YEAR}`);
    expect(file.disposition).toBe(`attachment; filename="Return_List_${fileDate}.pdf"`);
    expect(file.text).toContain('Return List · March 2013');
    expect(file.text).toContain('Sold ₹2,220.00 − Returns ₹500.00 (refunds booked on the day of the return) = Net sold ₹1,720.00');
    expect(file.text).toContain('Returns ₹500.00 · Cost ₹1,380.00 · Return % 36.23%');
    expect(file.text).toContain('25/03/2013');
  });
});

describe('yearly returns of 2013', () => {
  const zero = { boughtAmount: 0, onlineCredit: 0, cashCredit: 0, returns: 0, soldAmount: 0, expense: 0, profit: 0, grossSold: 0, pointsRedeemed: 0, cost: 0 };
  // March: cost 600+360+420 = 1380; bought = 1380 − 300 (the returned A) = 1080; online 540; cash 1000+680 = 1680;
  //        returns 500; sold = 540 + 1680 − 500 = 1720; expense 2000 + 750 = 2750; profit = 1720 − 1080 − 2750 = −2110.
  const march = { boughtAmount: 1080, onlineCredit: 540, cashCredit: 1680, returns: 500, soldAmount: 1720, expense: 2750, profit: -2110, grossSold: 2220, pointsRedeemed: 0, cost: 1380 };
  // July: cost = bought = 300; online 500; sold 500; expense 120; profit = 500 − 300 − 120 = 80.
  const july = { boughtAmount: 300, onlineCredit: 500, cashCredit: 0, returns: 0, soldAmount: 500, expense: 120, profit: 80, grossSold: 500, pointsRedeemed: 0, cost: 300 };

  it('has every month of a past year, the totals, the return percentage and the profit', async () => {
    const report = await ok<YearlyReturns>('GET', `/expense/yearlyReturns/${YEAR}`);
    expect(report.rows.map((r) => r.transactionMonth)).toEqual(Array.from({ length: 12 }, (_, i) => `2013-${String(i + 1).padStart(2, '0')}`));
    expect(report.rows[2]).toEqual({ transactionMonth: '2013-03', ...march });
    expect(report.rows[6]).toEqual({ transactionMonth: '2013-07', ...july });
    for (const i of [0, 1, 3, 4, 5, 7, 8, 9, 10, 11]) expect(report.rows[i]).toEqual({ transactionMonth: report.rows[i]!.transactionMonth, ...zero });
    // Totals: bought 1080+300 = 1380; online 540+500 = 1040; cash 1680; returns 500; sold 1720+500 = 2220;
    // expense 2750+120 = 2870; profit = 2220 − 1380 − 2870 = −2030; cost 1380+300 = 1680;
    // return % = 500 × 100 / 1680 = 29.7619… → 29.76
    expect(report.totals).toEqual({ boughtAmount: 1380, onlineCredit: 1040, cashCredit: 1680, returns: 500, soldAmount: 2220, expense: 2870, profit: -2030, grossSold: 2720, pointsRedeemed: 0, cost: 1680 });
    expect(report).toMatchObject({ year: YEAR, basis: 'calendar', label: '2013' });
    expect(report.returnPercentage).toBe(29.76);
    expect(report.profit).toBe(-2030);
  });

  it('covers the current year up to the current month, and nothing of a year to come', async () => {
    const current = await ok<YearlyReturns>('GET', `/expense/yearlyReturns/${thisYear}`);
    expect(current.rows).toHaveLength(thisMonth);
    const next = await ok<YearlyReturns>('GET', `/expense/yearlyReturns/${thisYear + 1}`);
    expect(next).toMatchObject({ rows: [], profit: 0, returnPercentage: 0 });
  });

  it('offers the Indian financial year, April to March, as ?basis=financial', async () => {
    // FY 2012-13 runs April 2012 to March 2013: of the worked year only March is in it.
    const fy = await ok<YearlyReturns>('GET', `/expense/yearlyReturns/2012?basis=financial`);
    expect(fy).toMatchObject({ year: 2012, basis: 'financial', label: 'FY 2012-13' });
    expect(fy.rows.map((r) => r.transactionMonth)).toEqual([
      '2012-04', '2012-05', '2012-06', '2012-07', '2012-08', '2012-09', '2012-10', '2012-11', '2012-12', '2013-01', '2013-02', '2013-03',
    ]);
    expect(fy.rows[11]).toEqual({ transactionMonth: '2013-03', ...march });
    expect(fy.totals).toEqual(march);
    // FY 2013-14 holds July 2013 (and the expense of July): profit 80.
    const next = await ok<YearlyReturns>('GET', `/expense/yearlyReturns/${YEAR}?basis=financial`);
    expect(next.totals).toEqual(july);
    expect(next.label).toBe('FY 2013-14');
    const file = await download(`/expense/yearlyReturns/2012/pdf?basis=financial`);
    expect(file.text).toContain('Yearly Returns · FY 2012-13');
    expect(file.text).toContain('April 2012');
    const bad = await as<{ message: string }>('GET', `/expense/yearlyReturns/2012?basis=fiscal`);
    expect(bad).toMatchObject({ status: 400, body: { message: 'Choose the calendar year or the financial year.' } });
  });

  it('downloads the yearly returns PDF with the totals', async () => {
    const file = await download(`/expense/yearlyReturns/${YEAR}/pdf`);
    expect(file.disposition).toBe(`attachment; filename="Yearly_Return_${fileDate}.pdf"`);
    expect(file.text).toContain('Yearly Returns · 2013');
    expect(file.text).toContain('Sold ₹2,720.00 − Returns ₹500.00 = Net sold ₹2,220.00');
    expect(file.text).toContain('Net sold ₹2,220.00 · Bought ₹1,380.00 · Expense ₹2,870.00 · Profit -₹2,030.00');
    expect(file.text).toContain('Returns ₹500.00 · Cost ₹1,680.00 · Return % 29.76%');
    expect(file.text).toContain('March 2013');
  });

  it('is refused without the YearlyReturnList feature', async () => {
    expect((await as('GET', `/expense/yearlyReturns/${YEAR}`, undefined, 'hr@demo.shop')).status).toBe(403);
  });
});

describe('monthly sales report of March 2013', () => {
  it('keeps cash in hand apart from online money', async () => {
    // Cash in hand = cash takings 1680 − cash refunds 500 − rent paid in cash 2000 = −820;
    // online balance = online takings 540 − electricity paid online 750 = −210.
    const report = await ok<MonthlySales>('GET', `/purchase/monthly/3/${YEAR}`);
    expect(report).toMatchObject({ online: 540, cash: 1680, total: 2220 });
    expect(report.cashSummary).toEqual({
      cash: { takings: 1680, refunds: 500, expenses: 2000, inHand: -820 },
      online: { takings: 540, refunds: 0, expenses: 750, balance: -210 },
    });
    const file = await download(`/purchase/monthly/3/${YEAR}/pdf`);
    expect(file.text).toContain('Cash in hand -₹820.00 = cash takings ₹1,680.00 − cash refunds ₹500.00 − expenses paid in cash ₹2,000.00');
    expect(file.text).toContain('Online balance -₹210.00 = online takings ₹540.00 − online refunds ₹0.00 − expenses paid online ₹750.00');
  });
});
