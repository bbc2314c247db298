import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { returnAndMail } from '../../functions/purchases/service.js';
import { dailyReport } from '../../functions/reports/daily-mail.js';
import { tenantData } from '../../functions/tenants/data.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { ReturnRow, ReturnsSummary, YearlyReturns } from '../../shared/schemas/expense.js';
import type { SalesSummary } from '../../shared/schemas/figures.js';
import { returnBody, type MonthlySales, type OrderRow, type SalesRow } from '../../shared/schemas/purchase.js';
import type { PurchaseReport, SalesReport } from '../../shared/schemas/report.js';
import { apiUrl, call, tokenOf } from './client.js';
import { pdfText } from './pdf-text.js';
import { demoScopeAt, newCustomer, sellOn, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * One month of one shop, February 2011 in the demo shop (no other test writes there), with every figure worked by
 * hand below and then read from every screen's API answer and every exported file. Products (MRP includes GST):
 *   P: MRP ₹1,000, bought at ₹600;   Q: MRP ₹250, bought at ₹150.
 * Bills:
 *   03/02 Cash   P×12 at ₹1,000            goods 12,000  paid 12,000 cash     cost 7,200  (earns 120 points)
 *   05/02 Online Q×4 at ₹225 (10% off)     goods    900  120 points redeemed, paid 780 online   cost 600
 *   10/02 Cash   P×1 at ₹950 (5% off), Q×2  goods  1,450  paid 1,450 cash     cost 900
 *   12/02 two P of the 03/02 bill come back: ₹2,000 refunded in cash (their cost ₹1,200 back to stock)
 * Expenses: 07/02 rent ₹3,000 in cash; 15/02 internet ₹1,200 online; 20/02 tea ₹150 in cash.
 *
 * By hand (rupees):
 *   goods billed 12,000 + 900 + 1,450 = 14,350; points redeemed 120
 *   sold = 14,350 − 120 = 14,230 (cash 12,000 + 1,450 = 13,450; online 780)
 *   returns 2,000 (cash), booked on 12/02; net sold 14,230 − 2,000 = 12,230 (cash 11,450; online 780)
 *   units 12 + 4 + 3 = 19 sold, 2 returned, 17 net; MRP value 12,000 + 1,000 + 1,500 = 14,500, discount 150
 *   cost 7,200 + 600 + 900 = 8,700, returned 1,200, net 7,500
 *   expenses 3,000 + 150 = 3,150 in cash, 1,200 online, 4,350 in all
 *   cash in hand 13,450 − 2,000 − 3,150 = 8,300; online balance 780 − 0 − 1,200 = −420
 *   profit 12,230 − 7,500 − 4,350 = 380; return % 2,000 × 100 / 8,700 = 22.988… → 22.99
 *   net goods value (sales report) 14,350 − 2,000 = 12,350: P 12,000 + 950 − 2,000 = 10,950, Q 900 + 500 = 1,400
 */
const OWNER = 'owner@demo.shop';
const YEAR = 2011;
const MONTH = 2;

const month: SalesSummary = {
  bills: { cash: 2, online: 1, total: 3 },
  units: { sold: 19, returned: 2, net: 17 },
  goodsBilled: 14_350,
  pointsRedeemed: 120,
  sold: { cash: 13_450, online: 780, total: 14_230 },
  returns: { cash: 2_000, online: 0, total: 2_000 },
  returnCount: 1,
  returnedGoods: 2_000,
  netSold: { cash: 11_450, online: 780, total: 12_230 },
  cost: { billed: 8_700, returned: 1_200, net: 7_500 },
};
const cashSummary = {
  cash: { takings: 13_450, refunds: 2_000, expenses: 3_150, inHand: 8_300 },
  online: { takings: 780, refunds: 0, expenses: 1_200, balance: -420 },
};
const rows: SalesRow[] = [
  { transactionDate: '2011-02-03', transaction: 1, paymentMode: 'Cash', credit: 12_000, debit: 7_200, returns: 0 },
  { transactionDate: '2011-02-05', transaction: 1, paymentMode: 'Online', credit: 780, debit: 600, returns: 0 },
  { transactionDate: '2011-02-10', transaction: 1, paymentMode: 'Cash', credit: 1_450, debit: 900, returns: 0 },
  { transactionDate: '2011-02-12', transaction: 0, paymentMode: 'Cash', credit: 0, debit: 0, returns: 2_000 },
];
const february = {
  boughtAmount: 7_500,
  onlineCredit: 780,
  cashCredit: 13_450,
  returns: 2_000,
  soldAmount: 12_230,
  expense: 4_350,
  profit: 380,
  grossSold: 14_230,
  pointsRedeemed: 120,
  cost: 8_700,
};
/** The lines every file words the month's figures with. */
const monthLines = [
  'Goods billed ₹14,350.00 − points redeemed ₹120.00 = Sold ₹14,230.00 (cash ₹13,450.00, online ₹780.00)',
  'Sold ₹14,230.00 − Returns ₹2,000.00 (refunds booked on the day of the return) = Net sold ₹12,230.00',
  'Units sold 19 − returned 2 = net 17 · Cost ₹8,700.00 − returned ₹1,200.00 = net cost ₹7,500.00',
];

let productP: Shelf;
let productQ: Shelf;
let buyer: Customer;

async function get<T>(path: string): Promise<T> {
  const answer = await call<T>('GET', path, { token: await tokenOf(OWNER) });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}
async function file(path: string): Promise<Buffer> {
  const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${await tokenOf(OWNER)}` } });
  expect(response.status, path).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
const pdf = async (path: string) => (await pdfText(await file(path))).join('\n');

/** The .xlsx as rows of cell values, and the number beside a label of the figures under the table. */
async function sheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file(path)) as unknown as ArrayBuffer);
  const values = Array.from(workbook.worksheets[0]!.getSheetValues(), (row) => (Array.isArray(row) ? row.slice(1) : []));
  const figure = (label: string) => values.find((r) => r[0] === label)?.[1];
  return { values, figure };
}

beforeAll(async () => {
  productP = await stockedProduct({ name: 'Figures Mixer Grinder', quantity: 20, mrp: 1_000, buyingPrice: 600, gst: 5 });
  productQ = await stockedProduct({ name: 'Figures Steel Plate', quantity: 10, mrp: 250, buyingPrice: 150, gst: 12 });
  buyer = await newCustomer();
  // 10:30 IST and later: every bill is on the shop day written in the hand-worked table.
  const first = await sellOn(buyer, '2011-02-03T05:00:00Z', 'Cash', [[productP, 12, 1_000]]);
  await sellOn(buyer, '2011-02-05T05:00:00Z', 'Online', [[productQ, 4, 225]], 120);
  await sellOn(buyer, '2011-02-10T05:00:00Z', 'Cash', [[productP, 1, 950], [productQ, 2, 250]]);
  await returnAndMail(demoScopeAt('2011-02-12T06:00:00Z'), first.purchaseId, returnBody.parse({ paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 2 }], returnAmount: 2_000 }));
  const token = await tokenOf(OWNER);
  for (const expense of [
    { expenseName: 'Figures rent', paymentMode: 'Cash', expenseDate: '2011-02-07', expenseAmount: 3_000 },
    { expenseName: 'Figures internet', paymentMode: 'Online', expenseDate: '2011-02-15', expenseAmount: 1_200 },
    { expenseName: 'Figures tea', paymentMode: 'Cash', expenseDate: '2011-02-20', expenseAmount: 150 },
  ]) {
    expect((await call('POST', '/expense/save', { token, body: expense })).status).toBe(200);
  }
}, 120_000);

describe('one month, the same figures on every screen and in every file', () => {
  it('monthly sales report: rows with returns, sold by mode, every figure and the cash summary', async () => {
    const report = await get<MonthlySales>(`/purchase/monthly/${MONTH}/${YEAR}`);
    expect(report).toEqual({ month: MONTH, year: YEAR, rows, online: 780, cash: 13_450, total: 14_230, figures: month, cashSummary });
    const text = await pdf(`/purchase/monthly/${MONTH}/${YEAR}/pdf`);
    for (const line of monthLines) expect(text).toContain(line);
    expect(text).toContain('Cash in hand ₹8,300.00 = cash takings ₹13,450.00 − cash refunds ₹2,000.00 − expenses paid in cash ₹3,150.00');
    expect(text).toContain('Online balance -₹420.00 = online takings ₹780.00 − online refunds ₹0.00 − expenses paid online ₹1,200.00');
    // The rows with their Returns column, and the totals row: 3 bills, sold ₹14,230.00, returns ₹2,000.00.
    expect(text).toMatch(/^12\/02\/2011\n0\nCash\n₹0\.00\n₹2,000\.00$/m);
    expect(text).toMatch(/^Total\n3\n₹14,230\.00\n₹2,000\.00$/m);
  });

  it('returns report: the same rows, and a summary of sold, returns, net, points and the return percentage', async () => {
    const numbered: ReturnRow[] = rows.map((r, i) => ({ returnId: i + 1, ...r }));
    expect(await get<ReturnRow[]>(`/expense/returns/${MONTH}/${YEAR}?page=0&size=100`)).toEqual(numbered);
    expect(await get<ReturnsSummary>(`/expense/returns/summary/${MONTH}/${YEAR}`)).toEqual({
      month: MONTH,
      year: YEAR,
      rows: 4,
      transaction: 3,
      credit: 14_230,
      debit: 8_700,
      returns: 2_000,
      net: 12_230,
      pointsRedeemed: 120,
      returnPercentage: 22.99,
    });
    const text = await pdf(`/expense/returns/pdf/${MONTH}/${YEAR}`);
    for (const line of monthLines) expect(text).toContain(line);
    expect(text).toContain('Returns ₹2,000.00 · Cost ₹8,700.00 · Return % 22.99% (returns × 100 / cost)');
  });

  it('yearly returns: the month and the year, by calendar year and by financial year, with its PDF', async () => {
    const calendar = await get<YearlyReturns>(`/expense/yearlyReturns/${YEAR}`);
    expect(calendar.rows.find((r) => r.transactionMonth === '2011-02')).toEqual({ transactionMonth: '2011-02', ...february });
    expect(calendar.totals).toEqual(february);
    expect(calendar).toMatchObject({ profit: 380, returnPercentage: 22.99, label: '2011' });
    // February 2011 is in FY 2010-11 (April 2010 to March 2011).
    const fy = await get<YearlyReturns>(`/expense/yearlyReturns/2010?basis=financial`);
    expect(fy.totals).toEqual(february);
    expect(fy).toMatchObject({ label: 'FY 2010-11', profit: 380, returnPercentage: 22.99 });
    expect(fy.rows.at(-1)?.transactionMonth).toBe('2011-03');
    const text = await pdf(`/expense/yearlyReturns/2010/pdf?basis=financial`);
    expect(text).toContain('Yearly Returns · FY 2010-11');
    expect(text).toContain('Sold ₹14,230.00 − Returns ₹2,000.00 = Net sold ₹12,230.00 (points redeemed ₹120.00 not counted as sold)');
    expect(text).toContain('Net sold ₹12,230.00 · Bought ₹7,500.00 · Expense ₹4,350.00 · Profit ₹380.00');
    expect(text).toContain('Returns ₹2,000.00 · Cost ₹8,700.00 · Return % 22.99%');
  });

  it('purchase report: the month’s totals and figures, and a refund booked on its own day', async () => {
    const report = await get<PurchaseReport>('/report/purchase/2011-02-01/2011-02-28?size=10');
    expect(report.count).toBe(4);
    expect(report.totals).toMatchObject({ lines: 4, bills: 3, units: 19, gross: 14_500, discount: 150, net: 14_350, redeemed: 120, cash: 13_450, online: 780, refunds: 2_000 });
    expect(report.figures).toEqual(month);
    // The bill's day keeps its sale whole; the refund is on the 12th, where there was no sale.
    expect((await get<PurchaseReport>('/report/purchase/2011-02-03/2011-02-03')).figures).toMatchObject({
      sold: { total: 12_000 },
      returns: { total: 0 },
      netSold: { total: 12_000 },
      units: { sold: 12, returned: 0, net: 12 },
    });
    expect((await get<PurchaseReport>('/report/purchase/2011-02-12/2011-02-12')).figures).toMatchObject({
      sold: { total: 0 },
      returns: { total: 2_000 },
      netSold: { total: -2_000 },
      units: { sold: 0, returned: 2, net: -2 },
    });
    const text = await pdf('/report/purchase/2011-02-01/2011-02-28?format=pdf');
    for (const line of monthLines) expect(text).toContain(line);
  });

  it('sales report: net units and net goods value per product, with the money beside them', async () => {
    const report = await get<SalesReport>('/report/sales/2011-02-01/2011-02-28?size=10');
    expect(report.rows.map((r) => [r.productName, r.purchaseQuantity, r.soldPrice])).toEqual([
      [productP.productName, 11, 10_950],
      [productQ.productName, 6, 1_400],
    ]);
    // Net units 17 and net goods value 14,350 − 2,000 = 12,350 (points included: goods, not money), net cost 7,500.
    expect(report.totals).toMatchObject({ products: 2, sold: month.units.net, soldPrice: month.goodsBilled - month.returnedGoods, cost: month.cost.net });
    expect(report.figures).toEqual(month);
    const text = await pdf('/report/sales/2011-02-01/2011-02-28?format=pdf');
    for (const line of monthLines) expect(text).toContain(line);
    expect(text).toContain('net 17 unit(s) sold, goods value ₹12,350.00 at the rates billed, net of returns (bought for ₹7,500.00)');
  });

  it("the day's purchase export: the bill's day as billed, the refund on the day it was made", async () => {
    const saleDay = await sheet('/purchase/export/2011-02-03?format=xlsx');
    const header = saleDay.values.find((r) => r[0] === 'Id');
    expect(header?.at(-1)).toBe('Price as billed');
    const line = saleDay.values.find((r) => r[3] === productP.artcode);
    // Order Qty 12, Return Qty 2 (shown), valued as billed: 12 × 1,000.
    expect([line?.[7], line?.[8], line?.[10]]).toEqual([12, 2, 12_000]);
    expect(saleDay.values.find((r) => r[0] === 'Total')?.[10]).toBe(12_000);
    expect(saleDay.figure('Goods billed')).toBe(12_000);
    expect(saleDay.figure('Points redeemed')).toBe(0);
    expect(saleDay.figure('Sold (money received)')).toBe(12_000);
    expect(saleDay.figure('Returns (refunds booked this day)')).toBe(0);
    expect(saleDay.figure('Net sold')).toBe(12_000);
    expect(saleDay.figure('Units sold')).toBe(12);

    const redeemDay = await sheet('/purchase/export/2011-02-05?format=xlsx');
    expect([redeemDay.figure('Goods billed'), redeemDay.figure('Points redeemed'), redeemDay.figure('Sold online'), redeemDay.figure('Net sold')]).toEqual([900, 120, 780, 780]);

    const refundDay = await sheet('/purchase/export/2011-02-12?format=xlsx');
    expect(refundDay.figure('Sold (money received)')).toBe(0);
    expect(refundDay.figure('Returns (refunds booked this day)')).toBe(2_000);
    expect(refundDay.figure('Net sold')).toBe(-2_000);
    expect(refundDay.figure('Units returned this day')).toBe(2);

    const text = await pdf('/purchase/export/2011-02-12?format=pdf');
    expect(text).toContain('Sold ₹0.00 − Returns ₹2,000.00 (refunds booked on the day of the return) = Net sold -₹2,000.00');
  });

  it("today's order list screen: lines valued as billed, the total row the day's goods billed, the day's money beside it", async () => {
    type DayTotals = { price: number; billed: number; returned: number; returnQuantity: number; figures: SalesSummary };
    const days = ['2011-02-03', '2011-02-05', '2011-02-10', '2011-02-12'];
    const totals = await Promise.all(days.map((d) => get<DayTotals>(`/purchase/todayTotals/${d}`)));
    const [saleDay, redeemDay, , refundDay] = totals;
    // The 03/02 bill as billed (12 × 1,000), although two came back on 12/02; the export's Total agrees.
    expect(saleDay).toMatchObject({ price: 12_000, billed: 12_000, returned: 2_000, returnQuantity: 2 });
    expect(saleDay!.figures).toMatchObject({ goodsBilled: 12_000, returns: { total: 0 }, netSold: { total: 12_000 } });
    const lines = await get<OrderRow[]>('/purchase/today/2011-02-03');
    expect(lines.map((l) => [l.originalQuantity, l.returnQuantity, l.billedPrice])).toEqual([[12, 2, 12_000]]);
    expect(await get(`/purchase/searchTotals/${productP.artcode}?date=2011-02-03`)).toMatchObject({ price: 12_000, billed: 12_000, returned: 2_000 });
    expect(redeemDay!.figures).toMatchObject({ goodsBilled: 900, pointsRedeemed: 120, sold: { online: 780 } });
    // The refund is booked on 12/02, the day it was made.
    expect(refundDay).toMatchObject({ price: 0, figures: { returns: { cash: 2_000, total: 2_000 }, netSold: { total: -2_000 } } });
    // The days add up to the month of every other report.
    const sum = (pick: (t: DayTotals) => number) => totals.reduce((all, t) => all + pick(t), 0);
    expect(sum((t) => t.price)).toBe(month.goodsBilled);
    expect(sum((t) => t.figures.sold.total)).toBe(month.sold.total);
    expect(sum((t) => t.figures.returns.total)).toBe(month.returns.total);
    expect(sum((t) => t.figures.netSold.total)).toBe(month.netSold.total);
  });

  it("the customer's order list and its export: the price after returns, with what was billed and returned beside it", async () => {
    // Billed 12,000 + 900 + 950 + 500 = 14,350 (the month's goods billed), returned 2 × 1,000: 12,350 after returns,
    // the sales report's net goods value.
    const after = month.goodsBilled - month.returnedGoods;
    expect(await get(`/purchase/custMobileTotals/${buyer.mobileNumber}`)).toEqual({
      rows: 4,
      orderQuantity: month.units.sold,
      returnQuantity: month.units.returned,
      price: after,
      billed: month.goodsBilled,
      returned: month.returnedGoods,
    });
    const exported = await sheet(`/purchase/custMobile/${buyer.mobileNumber}/export?format=xlsx`);
    expect(exported.values.find((r) => r[0] === 'Id')?.at(-1)).toBe('Price after returns');
    expect(exported.values.find((r) => r[0] === 'Total')?.[10]).toBe(after);
    expect([exported.figure('Billed (rate × units billed)'), exported.figure('Returned (rate × units returned)'), exported.figure('Price after returns')]).toEqual([
      month.goodsBilled,
      month.returnedGoods,
      after,
    ]);
    const text = await pdf(`/purchase/custMobile/${buyer.mobileNumber}/export?format=pdf`);
    expect(text).toContain('Billed ₹14,350.00 − returned ₹2,000.00 = Price after returns ₹12,350.00');
  });

  it("the daily report e-mail: each day's sold, returns and cash in hand", async () => {
    const tenant = (await tenantData.get('demo'))!;
    const refundDay = await dailyReport(tenant, '2011-02-12', new Date('2011-02-12T15:30:00Z'));
    expect(refundDay.text).toContain('Sold ₹0.00 − Returns ₹2,000.00 (refunds booked on the day of the return) = Net sold -₹2,000.00');
    expect(refundDay.text).toContain('Cash in hand -₹2,000.00 = cash takings ₹0.00 − cash refunds ₹2,000.00 − expenses paid in cash ₹0.00');
    const redeemDay = await dailyReport(tenant, '2011-02-05', new Date('2011-02-05T15:30:00Z'));
    expect(redeemDay.text).toContain('Goods billed ₹900.00 − points redeemed ₹120.00 = Sold ₹780.00 (cash ₹0.00, online ₹780.00)');
    const rentDay = await dailyReport(tenant, '2011-02-07', new Date('2011-02-07T15:30:00Z'));
    expect(rentDay.text).toContain('Cash in hand -₹3,000.00 = cash takings ₹0.00 − cash refunds ₹0.00 − expenses paid in cash ₹3,000.00');
  });
});
