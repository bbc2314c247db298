import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { receivePayment, writeOff } from '../../functions/accounts/service.js';
import { placeBill as saveBill, returnAndMail } from '../../functions/purchases/service.js';
import type { AccountView } from '../../shared/schemas/account.js';
import { accountPaymentBody, writeOffBody } from '../../shared/schemas/account.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { YearlyReturns } from '../../shared/schemas/expense.js';
import type { SalesSummary } from '../../shared/schemas/figures.js';
import { purchaseBody, returnBody, type MonthlySales } from '../../shared/schemas/purchase.js';
import { apiUrl, call, tokenOf } from './client.js';
import { pdfText } from './pdf-text.js';
import { accountBill, demoScopeAt, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * Customer credit in the figures (shared/figures.ts, docs/customer-credit.md "The figures"): goods sold on account
 * are sold but no money received, dues collected are money received but never sold, and written-off dues are a
 * loss. June and July 2005 of the demo shop (no other test writes there), rice at ₹200 a bag bought at ₹150, no GST:
 *   10/06 Asha buys 3 bags (₹600): ₹400 on account, ₹200 cash               cost 450
 *   10/06 Bala buys 2 bags (₹400): all on account                             cost 300
 *   20/06 Asha pays ₹250 against her balance: ₹150 cash, ₹100 UPI
 *   05/07 Bala brings 1 bag back: ₹200 credited to his account                 cost 150 back to stock
 *   15/07 the owner writes off ₹100 of Bala's balance
 *   20/07 Bala pays ₹100 by card (his balance is then 0)
 * By hand (rupees):
 *   June: sold (money) 200 cash; new credit given 800; dues collected 250 (cash 150, UPI 100)
 *         cash in hand 200 + 150 = 350; online balance 100; profit 200 + 800 − 750 = 250
 *   July: sold 0; credited back 200, net on account −200; dues 100 (card); written off 100; net cost −150
 *         cash in hand 0; online balance 100; profit 0 − 200 + 150 − 100 = −150
 *   Year: net sold 200, on account 600, dues 350, written off 100, bought 600, profit 200 + 600 − 600 − 100 = 100
 */
const OWNER = 'owner@demo.shop';
const DAYS = ['2005-06-10', '2005-06-20', '2005-07-05', '2005-07-15', '2005-07-20'];

let shelf: Shelf;

async function get<T>(path: string): Promise<T> {
  const answer = await call<T>('GET', path, { token: await tokenOf(OWNER) });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

async function creditCustomer(): Promise<Customer> {
  const customer = await newCustomer();
  const set = await call<AccountView>('PUT', `/account/${customer.customerId}`, { token: await tokenOf('manager@demo.shop'), body: { onAccount: true, limit: 5000 } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return customer;
}

/** A bill of `bags` bags at 10:30 IST of `day`, `onAccount` rupees of it on account and the rest in cash. */
const billOn = (day: string, customer: Customer, bags: number, onAccount: number) =>
  saveBill(demoScopeAt(`${day}T05:00:00Z`), purchaseBody.parse(accountBill(shelf, customer, bags, onAccount)));

const sumOf = (days: SalesSummary[], pick: (f: SalesSummary) => number | undefined) => Math.round(days.reduce((s, f) => s + (pick(f) ?? 0), 0) * 100) / 100;

beforeAll(async () => {
  shelf = await stockedProduct({ name: 'Credit Figures Rice', quantity: 50, mrp: 200, buyingPrice: 150, gst: 0 });
  const asha = await creditCustomer();
  const bala = await creditCustomer();
  await billOn('2005-06-10', asha, 3, 400);
  const balaBill = await billOn('2005-06-10', bala, 2, 400);
  await receivePayment(demoScopeAt('2005-06-20T06:00:00Z'), asha.customerId, accountPaymentBody.parse({ tenders: [{ method: 'cash', amount: 150 }, { method: 'upi', amount: 100 }] }));
  await returnAndMail(
    demoScopeAt('2005-07-05T06:00:00Z'),
    balaBill.purchaseId,
    returnBody.parse({ refundTenders: [{ method: 'account', amount: 200 }], purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 200 }),
  );
  await writeOff({ ...demoScopeAt('2005-07-15T06:00:00Z'), actor: { userName: OWNER, now: new Date('2005-07-15T06:00:00Z') } }, bala.customerId, writeOffBody.parse({ amount: 100, reason: 'Bag torn, customer refused to pay' }));
  await receivePayment(demoScopeAt('2005-07-20T06:00:00Z'), bala.customerId, accountPaymentBody.parse({ tenders: [{ method: 'card', amount: 100 }] }));
  expect((await get<AccountView>(`/account/${bala.customerId}`)).balance).toBe(0);
  expect((await get<AccountView>(`/account/${asha.customerId}`)).balance).toBe(150);
}, 120_000);

describe('customer credit in the figures: the days add up to the month and the months to the year', () => {
  it('the day figures carry what went on account, came back, was collected and written off', async () => {
    const days = await Promise.all(DAYS.map(async (d) => (await get<{ figures: SalesSummary }>(`/purchase/todayTotals/${d}`)).figures));
    const none = { cash: 0, upi: 0, card: 0, otherOnline: 0, total: 0 };
    expect(days[0]!.onAccount).toEqual({ sold: 800, returns: 0, net: 800, duesCollected: 0, duesCash: 0, dues: none, writtenOff: 0 });
    expect(days[0]!.sold).toEqual({ cash: 200, online: 0, total: 200 });
    expect(days[1]!.onAccount).toEqual({ sold: 0, returns: 0, net: 0, duesCollected: 250, duesCash: 150, dues: { cash: 150, upi: 100, card: 0, otherOnline: 0, total: 250 }, writtenOff: 0 });
    expect(days[1]!.sold.total).toBe(0);
    expect(days[2]!.onAccount).toMatchObject({ returns: 200, net: -200 });
    expect(days[2]!.returns.total).toBe(0);
    expect(days[3]!.onAccount).toMatchObject({ writtenOff: 100, duesCollected: 0 });
    expect(days[4]!.onAccount?.dues).toEqual({ cash: 0, upi: 0, card: 100, otherOnline: 0, total: 100 });

    const [june, july] = await Promise.all([get<MonthlySales>('/purchase/monthly/6/2005'), get<MonthlySales>('/purchase/monthly/7/2005')]);
    const monthDays = [days.slice(0, 2), days.slice(2)];
    for (const [i, month] of [june, july].entries()) {
      const inMonth = monthDays[i]!;
      expect(month.figures.onAccount).toMatchObject({
        sold: sumOf(inMonth, (f) => f.onAccount?.sold),
        returns: sumOf(inMonth, (f) => f.onAccount?.returns),
        duesCollected: sumOf(inMonth, (f) => f.onAccount?.duesCollected),
        duesCash: sumOf(inMonth, (f) => f.onAccount?.duesCash),
        writtenOff: sumOf(inMonth, (f) => f.onAccount?.writtenOff),
      });
      // Cash in hand: the bills' net cash and the dues paid in cash, never what went on account.
      expect(month.cashSummary.cash.inHand).toBe(sumOf(inMonth, (f) => f.netSold.cash) + sumOf(inMonth, (f) => f.onAccount?.duesCash));
    }
    expect(june.figures.onAccount).toMatchObject({ sold: 800, net: 800, duesCollected: 250, duesCash: 150 });
    expect(june.cashSummary).toEqual({ cash: { takings: 350, refunds: 0, expenses: 0, inHand: 350, dues: 150 }, online: { takings: 100, refunds: 0, expenses: 0, balance: 100, dues: 100 } });
    expect(june.total).toBe(200);
    expect(july.figures.onAccount).toMatchObject({ sold: 0, returns: 200, net: -200, duesCollected: 100, duesCash: 0, writtenOff: 100 });
    expect(july.cashSummary).toEqual({ cash: { takings: 0, refunds: 0, expenses: 0, inHand: 0, dues: 0 }, online: { takings: 100, refunds: 0, expenses: 0, balance: 100, dues: 100 } });

    const year = await get<YearlyReturns>('/expense/yearlyReturns/2005?basis=calendar');
    const byMonth = (m: string) => year.rows.find((r) => r.transactionMonth === m);
    expect(byMonth('2005-06')).toMatchObject({ soldAmount: 200, onAccount: 800, duesCollected: 250, writtenOff: 0, boughtAmount: 750, profit: 250 });
    expect(byMonth('2005-07')).toMatchObject({ soldAmount: 0, onAccount: -200, duesCollected: 100, writtenOff: 100, boughtAmount: -150, profit: -150 });
    expect(byMonth('2005-05')).not.toHaveProperty('onAccount');
    expect(year.totals).toMatchObject({ soldAmount: 200, onAccount: 600, duesCollected: 350, writtenOff: 100, boughtAmount: 600, cashCredit: 200, onlineCredit: 0, profit: 100 });
    expect(year.profit).toBe(100);
    expect(year.onAccount).toEqual({ sold: 800, returns: 200, net: 600, duesCollected: 350, duesCash: 150, dues: { cash: 150, upi: 100, card: 100, otherOnline: 0, total: 350 }, writtenOff: 100 });
  });

  it('the monthly and yearly PDFs word new credit given, dues collected and the profit with them', async () => {
    const token = await tokenOf(OWNER);
    const pdf = async (path: string) => {
      const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(200);
      // Long lines wrap on the page: read the text as one line.
      return (await pdfText(Buffer.from(await response.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    };
    const june = await pdf('/purchase/monthly/6/2005/pdf');
    expect(june).toContain('New credit given (sold on account, no money received) ₹800.00 − credited back by returns ₹0.00 = Net sold on account ₹800.00: in the profit, in no takings');
    expect(june).toContain('Dues collected ₹250.00 (cash ₹150.00, UPI ₹100.00, card ₹0.00, other online ₹0.00): takings, not in Sold');
    expect(june).toContain('Cash in hand ₹350.00 = cash takings ₹350.00 (dues collected ₹150.00 of it) − cash refunds ₹0.00 − expenses paid in cash ₹0.00');
    // The day's order export words the same lines and puts the figures in cells a sheet can sum.
    expect(await pdf('/purchase/export/2005-06-10?format=pdf')).toContain('New credit given (sold on account, no money received) ₹800.00');
    const response = await fetch(`${apiUrl()}/purchase/export/2005-06-20?format=xlsx`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as unknown as ArrayBuffer);
    const values = Array.from(workbook.worksheets[0]!.getSheetValues(), (row) => (Array.isArray(row) ? row.slice(1) : []));
    const cell = (label: string) => values.find((r) => r[0] === label)?.[1];
    expect(cell('Sold (money received)')).toBe(0);
    expect(cell('Dues collected (takings, not sold)')).toBe(250);
    expect(cell('Dues collected in cash')).toBe(150);
    expect(cell('Dues collected online')).toBe(100);
    expect(cell('New credit given (sold on account, no money received)')).toBe(0);

    const year = await pdf('/expense/yearlyReturns/2005/pdf?basis=calendar');
    expect(year).toContain('Net sold ₹200.00 + Sold on account ₹600.00 − Bought ₹600.00 − Expense ₹0.00 − Dues written off ₹100.00 = Profit ₹100.00');
    expect(year).toContain('Dues written off ₹100.00: taken off the profit, no money moved');
  });
});
