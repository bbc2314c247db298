import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { MAX_CART_LINES } from '../../shared/schemas/cart.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { BILL_HELD, ITEMS_AROUND_BILL_LINES, ITEMS_PER_BILL_LINE, MAX_BILL_LINES, TOO_MANY_LINES, TOO_MANY_RETURN_LINES, type HeldBill, type Purchase } from '../../shared/schemas/purchase.js';
import { TOO_LARGE } from '../../functions/purchases/service.js';
import { call, tokenOf } from './client.js';
import { checkout } from './payment-fixtures.js';
import { cashierToken, line, newCustomer, placeBill, pointsOf, stockOf, type Shelf } from './pos-fixtures.js';
import { mustAdd, newShopper, stocked, stockOf as shelfUnits } from './storefront-fixtures.js';

/**
 * The largest bill the schema accepts is saved as one transaction with every optional item there: the idempotency
 * key's marker, the customer's counter and points, and for an offline bill the held copy it settles.
 */
const N = MAX_BILL_LINES;
const STOCK = 10;

/** `count` products of the demo shop, each its own stock line of STOCK units at MRP ₹100.00, sold at ₹90.00, 5% GST. */
async function shelves(count: number): Promise<Shelf[]> {
  const items = Array.from({ length: count }, (_, i) => ({ quantity: STOCK, mrp: 100, sellingPrice: 90, gst: 5, name: `Big Bill Item ${i + 1}` }));
  // The product form saves at most 25 products at a time.
  const made = [];
  for (let i = 0; i < items.length; i += 20) made.push(...(await stocked(items.slice(i, i + 20))));
  return made.map((p) => ({ productId: p.productId, productName: p.productName, artcode: p.artcode, mrp: 100, sellingPrice: 90, cgst: 2.5, sgst: 2.5 }));
}

/** The bill the till sends for `quantity` units of each shelf, its figures worked by the shared bill module. */
function bigBill(customer: Customer, items: Shelf[], quantity: number, extra: Record<string, unknown> = {}) {
  const figures = computeBill({
    lines: items.map((s) => ({ mrp: toPaise(s.mrp), rate: toPaise(s.sellingPrice), quantity, cgstRate: toPaise(s.cgst), sgstRate: toPaise(s.sgst) })),
  });
  const body = {
    mobileNumber: customer.mobileNumber,
    paymentMode: 'Cash',
    purchasedProduct: items.map((s) => line(s, quantity)),
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
    idempotencyKey: randomUUID(),
    ...extra,
  };
  return { body, figures };
}

const customerLines = async (customer: Customer) =>
  (await call<number>('GET', `/purchase/custMobileCount/${customer.mobileNumber}`, { token: await cashierToken() })).body;
const stocks = (items: Shelf[]) => Promise.all(items.map((s) => stockOf(s)));

let items: Shelf[];
let customer: Customer;
beforeAll(async () => {
  items = await shelves(N + 1);
  customer = await newCustomer();
});

describe('a bill of the most lines the till allows', () => {
  it('fits one transaction with every optional item', () => {
    expect(N * ITEMS_PER_BILL_LINE + ITEMS_AROUND_BILL_LINES).toBeLessThanOrEqual(100);
    expect((N + 1) * ITEMS_PER_BILL_LINE + ITEMS_AROUND_BILL_LINES).toBeGreaterThan(100);
  });

  it(`saves ${N} different products with a customer, points and a key in one go, and an edit of every line`, async () => {
    const sold = items.slice(0, N);
    const pointsBefore = await pointsOf(customer);
    const { body, figures } = bigBill(customer, sold, 2);
    const saved = await placeBill(body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.purchasedProduct).toHaveLength(N);
    expect(toPaise(saved.body.netAmount)).toBe(figures.paid);
    expect(await stocks(sold)).toEqual(sold.map(() => STOCK - 2));
    expect(figures.pointsEarned).toBeGreaterThan(0);
    expect(await pointsOf(customer)).toBe(pointsBefore + figures.pointsEarned);
    expect(await customerLines(customer)).toBe(N);

    // Every line edited: 3 units of each instead of 2.
    const edit = bigBill(customer, sold, 3);
    const edited = await call<Purchase & { message?: string }>('PUT', `/purchase/${saved.body.purchaseId}`, { token: await cashierToken(), body: edit.body });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.purchasedProduct.map((l) => l.quantity)).toEqual(sold.map(() => 3));
    expect(toPaise(edited.body.netAmount)).toBe(edit.figures.paid);
    expect(await stocks(sold)).toEqual(sold.map(() => STOCK - 3));
    expect(await pointsOf(customer)).toBe(pointsBefore + edit.figures.pointsEarned);
    expect(await customerLines(customer)).toBe(N);

    // Every line returned at once.
    const returnOf = async (lines: number[]) =>
      call<{ message: string; refund: number }>('POST', `/purchase/return/${saved.body.purchaseId}`, {
        token: await cashierToken(),
        body: { paymentMode: 'CASH', purchasedProduct: lines.map((purchasedProductId) => ({ purchasedProductId, whole: true })), returnAmount: (lines.length * 3 * 9000) / 100 },
      });
    const tooMany = await returnOf(Array.from({ length: N + 1 }, (_, i) => i + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(TOO_MANY_RETURN_LINES);
    const returned = await returnOf(edited.body.purchasedProduct.map((l) => l.purchasedProductId));
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(toPaise(returned.body.refund)).toBe(edit.figures.paid);
    expect(await stocks(sold)).toEqual(sold.map(() => STOCK));
  });

  it(`refuses ${N + 1} products with the message and writes nothing`, async () => {
    const [stockBefore, pointsBefore, linesBefore] = [await stocks(items), await pointsOf(customer), await customerLines(customer)];
    const { body } = bigBill(customer, items, 1);
    const refused = await placeBill(body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TOO_MANY_LINES);
    expect([await stocks(items), await pointsOf(customer), await customerLines(customer)]).toEqual([stockBefore, pointsBefore, linesBefore]);
  });
});

describe('an edit of the biggest bill to other products', () => {
  it('is refused with a message when old and new stock lines need more than one transaction, and writes nothing', async () => {
    const first = items.slice(0, N);
    const others = await shelves(N);
    const saved = await placeBill(bigBill(customer, first, 1).body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [stockBefore, pointsBefore, linesBefore] = [await stocks([...first, ...others]), await pointsOf(customer), await customerLines(customer)];
    const swap = bigBill(customer, others, 1);
    const refused = await call<{ message: string }>('PUT', `/purchase/${saved.body.purchaseId}`, { token: await cashierToken(), body: swap.body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TOO_LARGE);
    expect([await stocks([...first, ...others]), await pointsOf(customer), await customerLines(customer)]).toEqual([stockBefore, pointsBefore, linesBefore]);
  });
});

describe('an offline bill of the most lines', () => {
  it('held for a short shelf, is sold by a manager in one go with the held bill settled', async () => {
    const sold = (await shelves(N)).slice(0, N);
    const offline = { madeOn: new Date(Date.now() - 3_600_000).toISOString(), provisionalNumber: `DEM-T9-${String(Date.now()).slice(-6)}`, deviceId: `till-${randomUUID()}` };
    // 11 units of each: one more than the shelf holds, so the bill is held.
    const { body, figures } = bigBill(customer, sold, STOCK + 1, { offline });
    const pointsBefore = await pointsOf(customer);
    const held = await placeBill(body);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(BILL_HELD);
    const decided = await call<HeldBill>('POST', `/purchase/held/${body.idempotencyKey}/sellAgainstNegativeStock`, {
      token: await tokenOf('manager@demo.shop'),
      body: { reason: 'The shelf count was one short on every line' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.state).toBe('soldAgainstNegativeStock');
    expect(await stocks(sold)).toEqual(sold.map(() => -1));
    expect(await pointsOf(customer)).toBe(pointsBefore + figures.pointsEarned);
    const resent = await placeBill(body);
    expect(resent.status).toBe(200);
    expect(resent.body.purchaseId).toBe(decided.body.purchaseId);
    expect(resent.body.purchasedProduct).toHaveLength(N);
  });
});

describe('a storefront order of a full cart', () => {
  it(`turns ${MAX_CART_LINES} paid lines into one bill`, async () => {
    const products = await stocked(Array.from({ length: MAX_CART_LINES }, (_, i) => ({ quantity: 5, mrp: 50, name: `Full Cart Item ${i + 1}` })));
    const shopper = await newShopper();
    for (const product of products) await mustAdd(shopper, product, 2);
    const { outcome } = await checkout(shopper);
    expect(outcome).toMatchObject({ status: 'Paid', purchaseId: expect.any(Number) });
    expect(await Promise.all(products.map((p) => shelfUnits(p)))).toEqual(products.map(() => 3));
  });
});
