import { beforeAll, describe, expect, it } from 'vitest';
import { placeBill as saveBill, returnGoods } from '../../functions/purchases/service.js';
import { computeBill } from '../../shared/bill.js';
import { toRupees } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import type { SalesSummary } from '../../shared/schemas/figures.js';
import { purchaseBody, returnBody, type Receipt, type SalesRow } from '../../shared/schemas/purchase.js';
import { call, tokenOf } from './client.js';
import { bill, cashierToken, demoScopeAt, line, mustPlace, newCustomer, placeBill, stockedProduct, stockOf, type Shelf } from './pos-fixtures.js';

/**
 * Bills paid in parts (docs/point-of-sale.md, "Payments"). The example: 3 × Toor Dal at ₹150.00 (MRP ₹160.00, GST
 * 5%) and 2 × Bath Soap at ₹45.00 (GST 18%): gross ₹570.00, discount ₹30.00, net ₹540.00, paid ₹200.00 in cash and
 * ₹340.00 by UPI. The tax is the shared bill module's.
 */
const figures = computeBill({
  lines: [
    { mrp: 16_000, rate: 15_000, quantity: 3, cgstRate: 250, sgstRate: 250 },
    { mrp: 4_500, rate: 4_500, quantity: 2, cgstRate: 900, sgstRate: 900 },
  ],
});
const TOTALS = { grossAmount: 570, discount: 30, tax: toRupees(figures.totals.tax), netAmount: 540 };

let dal: Shelf;
let soap: Shelf;
let customer: Customer;

beforeAll(async () => {
  dal = await stockedProduct({ name: 'Toor Dal 1kg', quantity: 60, mrp: 160, buyingPrice: 120, sellingPrice: 150, gst: 5 });
  soap = await stockedProduct({ name: 'Bath Soap', quantity: 60, mrp: 45, buyingPrice: 36, gst: 18 });
  customer = await newCustomer();
});

const example = (extra: Record<string, unknown>) => bill(customer, [line(dal, 3), line(soap, 2)], TOTALS, extra);
const split = [
  { method: 'cash', amount: 200 },
  { method: 'upi', amount: 340, reference: '431234567890' },
];

const returnAll = async (purchaseId: number, body: Record<string, unknown>) =>
  call<{ refund: number; creditNote?: { refundTenders?: unknown[] }; message?: string }>('POST', `/purchase/return/${purchaseId}`, {
    token: await cashierToken(),
    body: { purchasedProduct: [{ purchasedProductId: 1, whole: true }], returnAmount: 450, ...body },
  });

describe('a bill paid in parts', () => {
  it('is saved with its parts, its Bill Type the larger part, and its receipt lists them', async () => {
    const saved = await mustPlace(example({ paymentMode: undefined, tenders: split }));
    expect(saved.paymentMode).toBe('Online');
    expect(saved.tenders).toEqual([
      { method: 'cash', label: 'Cash', amount: 200 },
      { method: 'upi', label: 'UPI', amount: 340, reference: '431234567890' },
    ]);
    const receipt = await call<Receipt>('GET', `/purchase/receipt/${saved.purchaseId}`, { token: await cashierToken() });
    expect(receipt.status).toBe(200);
    expect(receipt.body.purchase.tenders).toEqual(saved.tenders);
  });

  it('refuses parts that do not add up to the Net Amount, to the paisa, and writes nothing', async () => {
    const before = await stockOf(dal);
    const answer = await placeBill(example({ tenders: [{ method: 'cash', amount: 200 }, { method: 'upi', amount: 339.99 }] }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The payments add up to ₹539.99 but the customer pays ₹540.00. ₹0.01 is still to be paid.');
    expect(await stockOf(dal)).toBe(before);
    const bad = await placeBill(example({ tenders: [{ method: 'cheque', amount: 540 }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Choose how this part is paid/);
  });

  it('a bill with its Bill Type only is paid whole that way, as before', async () => {
    const saved = await mustPlace(example({ paymentMode: 'Cash' }));
    expect(saved.tenders).toEqual([{ method: 'cash', label: 'Cash', amount: 540 }]);
  });
});

describe('a UPI part of a bill made without network', () => {
  it('is held as UPI, to be confirmed, on the bill and its receipt', async () => {
    const key = `t34offline${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const saved = await mustPlace(
      example({
        tenders: [
          { method: 'cash', amount: 200 },
          { method: 'upi', amount: 340, pending: true },
        ],
        idempotencyKey: key,
        offline: { madeOn: new Date().toISOString(), provisionalNumber: 'T34-1', deviceId: key },
      }),
    );
    expect(saved.tenders).toEqual([
      { method: 'cash', label: 'Cash', amount: 200 },
      { method: 'upi', label: 'UPI', amount: 340, pending: true },
    ]);
  });
});

describe('refunds by the parts chosen at the return', () => {
  it('refunds by UPI up to what UPI paid, the rest in cash; the credit note lists the parts', async () => {
    const saved = await mustPlace(example({ tenders: split }));
    // The dal (₹450.00) back: UPI paid ₹340.00 only.
    const tooMuch = await returnAll(saved.purchaseId, { refundTenders: [{ method: 'upi', amount: 450 }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('UPI can refund at most ₹340.00 of this bill; refund the rest in cash.');
    const card = await returnAll(saved.purchaseId, { refundTenders: [{ method: 'card', amount: 450 }] });
    expect(card.status).toBe(400);
    expect(card.body.message).toMatch(/not paid by Card/);
    const done = await returnAll(saved.purchaseId, { refundTenders: [{ method: 'upi', amount: 340 }, { method: 'cash', amount: 110 }] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.refund).toBe(450);
    expect(done.body.creditNote?.refundTenders).toEqual([
      { method: 'upi', label: 'UPI', amount: 340 },
      { method: 'cash', label: 'Cash', amount: 110 },
    ]);
  });

  it('a return choosing only Online refunds the bill’s online parts first', async () => {
    const saved = await mustPlace(example({ tenders: split }));
    const done = await returnAll(saved.purchaseId, { paymentMode: 'ONLINE' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.creditNote?.refundTenders).toEqual([
      { method: 'upi', label: 'UPI', amount: 340 },
      { method: 'online', label: 'Online', amount: 110 },
    ]);
  });
});

describe('the day’s cash and online follow the parts', () => {
  it('a split bill adds its cash part to cash and the rest to online; a refund by parts likewise', async () => {
    const at = '2007-05-14T06:30:00.000Z';
    const body = purchaseBody.parse(example({ paymentMode: undefined, tenders: [{ method: 'cash', amount: 100 }, { method: 'card', amount: 440 }] }));
    const saved = await saveBill(demoScopeAt(at), body);
    await returnGoods(
      demoScopeAt('2007-05-14T08:30:00.000Z'),
      saved.purchaseId,
      returnBody.parse({ purchasedProduct: [{ purchasedProductId: 2, whole: true }], returnAmount: 90, refundTenders: [{ method: 'cash', amount: 90 }] }),
    );
    const rows = await call<SalesRow[]>('GET', '/expense/returnsAll/5/2007', { token: await tokenOf('manager@demo.shop') });
    expect(rows.status).toBe(200);
    const day = rows.body.filter((r) => r.transactionDate === '2007-05-14');
    expect(day).toEqual([
      expect.objectContaining({ paymentMode: 'Cash', transaction: 0, credit: 100, returns: 90 }),
      expect.objectContaining({ paymentMode: 'Online', transaction: 1, credit: 440, returns: 0 }),
    ]);
    // The month's figures by method: the card part apart from other online; the refund in cash.
    const monthly = await call<{ figures: SalesSummary }>('GET', '/purchase/monthly/5/2007', { token: await tokenOf('manager@demo.shop') });
    expect(monthly.status).toBe(200);
    expect(monthly.body.figures.byMethod).toEqual({
      sold: { cash: 100, upi: 0, card: 440, otherOnline: 0, total: 540 },
      returns: { cash: 90, upi: 0, card: 0, otherOnline: 0, total: 90 },
      netSold: { cash: 10, upi: 0, card: 440, otherOnline: 0, total: 450 },
    });
  });
});

describe('the shop’s UPI ID', () => {
  it('is checked, kept lower-case with its payee name, and removed when sent empty', async () => {
    const token = await tokenOf('admin@demo.shop');
    const current = await call<Tenant>('GET', '/tenant/currentTenant', { token });
    expect(current.status).toBe(200);
    const shop = current.body;
    const put = async (fields: Record<string, unknown>, version: number | undefined) =>
      call<Tenant & { message?: string }>('PUT', '/tenant/demo', {
        token,
        body: { displayName: shop.displayName, address: shop.address, gstNumber: shop.gstNumber, gstRegistered: shop.gstRegistered, version, ...fields },
      });
    const bad = await put({ upiId: 'sharmastores' }, shop.version);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter the UPI ID as name@bank, e.g. sharmastores@okhdfcbank.');
    const saved = await put({ upiId: 'SharmaStores@okhdfcbank', upiPayeeName: 'Sharma Stores' }, shop.version);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ upiId: 'sharmastores@okhdfcbank', upiPayeeName: 'Sharma Stores' });
    const removed = await put({ upiId: '', upiPayeeName: '' }, saved.body.version);
    expect(removed.status).toBe(200);
    expect(removed.body.upiId).toBeUndefined();
  });
});
