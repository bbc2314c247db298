import { beforeAll, describe, expect, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { toRupees } from '../../shared/money.js';
import type { AuditRecord } from '../../shared/schemas/audit.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Expense } from '../../shared/schemas/expense.js';
import type { TillMonth, TillSession } from '../../shared/schemas/till.js';
import { CLOSE_MESSAGES } from '../../shared/till.js';
import { apiUrl, call, tokenOf } from './client.js';
import { latestMailTo } from './mail.js';
import { pdfText } from './pdf-text.js';
import { bill, line, newCustomer, placeBill, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * The day's close (docs/point-of-sale.md, "The day's close"): a cashier of the demo shop no other test bills as
 * opens a till with ₹2,000, sells ₹540.00 (₹200 cash, ₹340 UPI), refunds ₹90 in cash, takes ₹100 in and pays ₹45 out
 * as an expense, so ₹2,165.00 should be in the drawer; ₹2,160 is counted: ₹5.00 short.
 */
const CASHIER = 'suresh@demo.shop';
const OTHER_CASHIER = 'lakshmi@demo.shop';
const OWNER = 'owner@demo.shop';
const till = `Counter ${Math.random().toString(36).slice(2, 7)}`;

const figures = computeBill({
  lines: [
    { mrp: 16_000, rate: 15_000, quantity: 3, cgstRate: 250, sgstRate: 250 },
    { mrp: 4_500, rate: 4_500, quantity: 2, cgstRate: 900, sgstRate: 900 },
  ],
});
const TOTALS = { grossAmount: 570, discount: 30, tax: toRupees(figures.totals.tax), netAmount: 540 };

async function as<T>(user: string, method: string, path: string, body?: unknown) {
  return call<T>(method, path, { token: await tokenOf(user), body });
}
async function ok<T>(user: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await as<T>(user, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}
async function refused(user: string, method: string, path: string, body: unknown, status: number, message?: string) {
  const answer = await as<{ message: string }>(user, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (message) expect(answer.body.message).toBe(message);
}

let dal: Shelf;
let soap: Shelf;
let customer: Customer;
const month = () => {
  const [year, m] = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7).split('-').map(Number);
  return { year: year!, month: m! };
};

beforeAll(async () => {
  dal = await stockedProduct({ name: 'Toor Dal 1kg', quantity: 60, mrp: 160, buyingPrice: 120, sellingPrice: 150, gst: 5 });
  soap = await stockedProduct({ name: 'Bath Soap', quantity: 60, mrp: 45, buyingPrice: 36, gst: 18 });
  customer = await newCustomer();
  // A session left open by an earlier run of this file is closed, so this run opens its own.
  const left = await ok<TillSession | null>(CASHIER, 'GET', '/till/session/current');
  if (left) await ok(CASHIER, 'POST', `/till/session/${left.sessionId}/close`, { count: {}, reason: 'Left open by an earlier run' });
});

describe('a till session from opening to close', () => {
  let session: TillSession;

  it('opens once per till and per cashier', async () => {
    session = await ok<TillSession>(CASHIER, 'POST', '/till/session/open', { tillName: till, openingFloat: 2000 });
    expect(session).toMatchObject({ tillName: till, cashier: CASHIER, status: 'open', openingFloat: 2000, expected: 2000, bills: 0 });
    await refused(CASHIER, 'POST', '/till/session/open', { tillName: 'Another till', openingFloat: 100 }, 409, CLOSE_MESSAGES.cashierHasOpen(till));
    await refused(OTHER_CASHIER, 'POST', '/till/session/open', { tillName: till, openingFloat: 100 }, 409, CLOSE_MESSAGES.alreadyOpen(till, CASHIER));
    expect((await ok<TillSession>(CASHIER, 'GET', '/till/session/current')).sessionId).toBe(session.sessionId);
  });

  it('an opening sent again with its key (queued offline) answers the same session', async () => {
    const key = `till-open-${Math.random().toString(36).slice(2, 14)}`;
    const other = `${till}b`;
    const first = await ok<TillSession>(OTHER_CASHIER, 'POST', '/till/session/open', { tillName: other, openingFloat: 500, key });
    const again = await ok<TillSession>(OTHER_CASHIER, 'POST', '/till/session/open', { tillName: other, openingFloat: 500, key });
    expect(again.sessionId).toBe(first.sessionId);
    await ok(OTHER_CASHIER, 'POST', `/till/session/${first.sessionId}/close`, { count: { n500: 1 } });
  });

  it('takes the cashier’s bills and returns, pay-ins and pay-outs; a pay-out may be an expense paid in cash', async () => {
    const sale = await placeBill(bill(customer, [line(dal, 3), line(soap, 2)], TOTALS, { paymentMode: undefined, tenders: [{ method: 'cash', amount: 200 }, { method: 'upi', amount: 340 }] }), await tokenOf(CASHIER));
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const back = await as<{ refund: number }>(CASHIER, 'POST', `/purchase/return/${sale.body.purchaseId}`, {
      purchasedProduct: [{ purchasedProductId: 2, whole: true }],
      returnAmount: 90,
      refundTenders: [{ method: 'cash', amount: 90 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await ok(CASHIER, 'POST', `/till/session/${session.sessionId}/move`, { kind: 'in', amount: 100, reason: 'Change from the bank' });
    const after = await ok<TillSession>(CASHIER, 'POST', `/till/session/${session.sessionId}/move`, { kind: 'out', amount: 45, reason: 'Tea for the staff', expenseName: 'Staff tea' });
    expect(after).toMatchObject({ cashSales: 200, upiSales: 340, cashRefunds: 90, payIns: 100, payOuts: 45, bills: 1, expected: 2165 });
    const payOut = after.moves!.find((m) => m.kind === 'out')!;
    expect(payOut).toMatchObject({ amount: 45, reason: 'Tea for the staff', by: CASHIER });
    const expense = await ok<Expense>(OWNER, 'GET', `/expense/${payOut.expenseId}`);
    expect(expense).toMatchObject({ expenseName: 'Staff tea', paymentMode: 'Cash', expenseAmount: 45, createdBy: CASHIER });
    await refused(CASHIER, 'POST', `/till/session/${session.sessionId}/move`, { kind: 'out', amount: 5000, reason: 'More than the drawer' }, 400, CLOSE_MESSAGES.payOutTooLarge);
    session = after;
  });

  it('a UPI part to be confirmed that the customer pays in cash moves from UPI to the drawer', async () => {
    const sale = await placeBill(bill(customer, [line(dal, 3), line(soap, 2)], TOTALS, { paymentMode: undefined, tenders: [{ method: 'upi', amount: 540, pending: true }] }), await tokenOf(CASHIER));
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const before = await ok<TillSession>(CASHIER, 'GET', '/till/session/current');
    expect(before).toMatchObject({ upiSales: 880, cashSales: 200, bills: 2, expected: 2165 });
    await ok(CASHIER, 'POST', `/purchase/${sale.body.purchaseId}/upi`, { method: 'cash' });
    const after = await ok<TillSession>(CASHIER, 'GET', '/till/session/current');
    expect(after).toMatchObject({ upiSales: 340, cashSales: 740, bills: 2, expected: 2705 });
    // The customer takes the goods back, refunded in cash: the drawer is where it was.
    const back = await as(CASHIER, 'POST', `/purchase/return/${sale.body.purchaseId}`, {
      purchasedProduct: [
        { purchasedProductId: 1, whole: true },
        { purchasedProductId: 2, whole: true },
      ],
      returnAmount: 540,
      refundTenders: [{ method: 'cash', amount: 540 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    session = await ok<TillSession>(CASHIER, 'GET', '/till/session/current');
    expect(session).toMatchObject({ cashSales: 740, cashRefunds: 630, expected: 2165 });
  });

  it('closes with the drawer counted: a short needs a reason, and is recorded, audited and mailed to the owner', async () => {
    const { year, month: m } = month();
    const before = await ok<TillMonth>(OWNER, 'GET', `/till/closes/${m}/${year}/cashiers`);
    const count = { n500: 4, n100: 1, n50: 1, c10: 1 };
    await refused(CASHIER, 'POST', `/till/session/${session.sessionId}/close`, { count }, 400, CLOSE_MESSAGES.reasonRequired);
    await refused(OTHER_CASHIER, 'POST', `/till/session/${session.sessionId}/close`, { count, reason: 'Not my till at all' }, 403, CLOSE_MESSAGES.notYours);
    const closed = await ok<TillSession>(CASHIER, 'POST', `/till/session/${session.sessionId}/close`, { count, reason: 'Gave ₹5 change twice', version: session.version });
    expect(closed).toMatchObject({ status: 'closed', expected: 2165, counted: 2160, difference: -5, reason: 'Gave ₹5 change twice', closedBy: CASHIER, mailed: true });
    expect(await ok(CASHIER, 'GET', '/till/session/current')).toBeNull();

    const after = await ok<TillMonth>(OWNER, 'GET', `/till/closes/${m}/${year}/cashiers`);
    const mine = (t: TillMonth) => t.cashiers.find((c) => c.cashier === CASHIER) ?? { closes: 0, short: 0, over: 0 };
    expect(mine(after).closes - mine(before).closes).toBe(1);
    expect(Math.round((mine(after).short - mine(before).short) * 100)).toBe(500);
    expect(Math.round((after.short - before.short) * 100)).toBe(500);
    const page = await as<TillSession[]>(OWNER, 'GET', `/till/closes/${m}/${year}?size=50`);
    expect(page.body.find((s) => s.sessionId === session.sessionId)).toMatchObject({ difference: -5, cashier: CASHIER });

    const audit = await ok<AuditRecord[]>(OWNER, 'GET', `/audit?entity=till&entityId=${session.sessionId}`);
    expect(audit.map((a) => a.action).sort()).toEqual(['close', 'create']);
    expect(audit.find((a) => a.action === 'close')!.after).toMatchObject({ difference: -500, reason: 'Gave ₹5 change twice' });

    const mail = await latestMailTo(OWNER);
    expect(mail.subject).toBe(`Till ${till} closed by ${CASHIER}: short ₹5.00`);
    expect(mail.attachments[0]?.filename).toMatch(/^Till_Close_/);
  });

  it('prints on A4 and the 80 mm roll', async () => {
    for (const size of ['a4', 'roll']) {
      const response = await fetch(`${apiUrl()}/till/session/${session.sessionId}/pdf?size=${size}`, { headers: { authorization: `Bearer ${await tokenOf(CASHIER)}` } });
      expect(response.status).toBe(200);
      const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).join('\n');
      expect(text).toContain(`Till close — ${till}`);
      expect(text).toContain('Expected in the drawer');
      expect(text).toContain('₹2,165.00');
      expect(text).toContain('−₹5.00');
      expect(text).toContain('Reason: Gave ₹5 change twice');
    }
  });

  it('is reopened by the owner only, with a reason, and leaves the month’s shorts until closed again', async () => {
    await refused(CASHIER, 'POST', `/till/session/${session.sessionId}/reopen`, { reason: 'Counted wrong' }, 403);
    await refused(OTHER_CASHIER, 'GET', `/till/session/${session.sessionId}`, undefined, 404, CLOSE_MESSAGES.notFound);
    // Another shop's owner finds nothing of it.
    await refused('admin@beta.shop', 'GET', `/till/session/${session.sessionId}`, undefined, 404);
    await refused('admin@beta.shop', 'POST', `/till/session/${session.sessionId}/reopen`, { reason: 'Not our shop' }, 404);
    await refused(OWNER, 'POST', `/till/session/${session.sessionId}/reopen`, { reason: 'no' }, 400);

    const { year, month: m } = month();
    const closedMonth = await ok<TillMonth>(OWNER, 'GET', `/till/closes/${m}/${year}/cashiers`);
    const reopened = await ok<TillSession>(OWNER, 'POST', `/till/session/${session.sessionId}/reopen`, { reason: 'The ₹5 was found under the tray' });
    expect(reopened).toMatchObject({ status: 'open', reopens: [{ by: OWNER, reason: 'The ₹5 was found under the tray' }] });
    const reopenedMonth = await ok<TillMonth>(OWNER, 'GET', `/till/closes/${m}/${year}/cashiers`);
    expect(Math.round((closedMonth.short - reopenedMonth.short) * 100)).toBe(500);
    await refused(OWNER, 'POST', `/till/session/${session.sessionId}/reopen`, { reason: 'Once more please' }, 409, CLOSE_MESSAGES.notClosed);

    const again = await ok<TillSession>(CASHIER, 'POST', `/till/session/${session.sessionId}/close`, { count: { n500: 4, n100: 1, n50: 1, c10: 1, c5: 1 } });
    expect(again).toMatchObject({ status: 'closed', counted: 2165, difference: 0 });
    const audit = await ok<AuditRecord[]>(OWNER, 'GET', `/audit?entity=till&entityId=${session.sessionId}&size=10`);
    expect(audit.map((a) => a.action).sort()).toEqual(['close', 'close', 'create', 'reopen']);
    expect(audit.find((a) => a.action === 'reopen')).toMatchObject({ by: OWNER, after: { reopenReason: 'The ₹5 was found under the tray' } });
  });

  it('a bill of a cashier without an open till moves no session', async () => {
    const sale = await placeBill(bill(customer, [line(dal, 1)], { grossAmount: 160, discount: 10, tax: toRupees(computeBill({ lines: [{ mrp: 16_000, rate: 15_000, quantity: 1, cgstRate: 250, sgstRate: 250 }] }).totals.tax), netAmount: 150 }), await tokenOf(CASHIER));
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const closed = await ok<TillSession>(CASHIER, 'GET', `/till/session/${session.sessionId}`);
    expect(closed).toMatchObject({ cashSales: 740, bills: 2 });
  });
});
