import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../shared/schemas/customer.js';
import { keyUsedFor } from '../../shared/schemas/purchase.js';
import { call } from './client.js';
import { bill, cashierToken, line, newCustomer, placeBill, pointsOf, stockedProduct, stockOf, type Shelf } from './pos-fixtures.js';

/**
 * One bill per idempotency key. Figures by hand: 2 × Coconut Oil 500ml, MRP ₹120.00, rate ₹110.00, GST 18% (9 + 9):
 * gross ₹240.00, net ₹220.00, discount ₹20.00 (9% rounded up from 8.33%), taxable ₹186.44, tax ₹33.56; 2 points.
 */
const TOTALS = { grossAmount: 240, discount: 20, tax: 33.56, netAmount: 220 };

let oil: Shelf;
let customer: Customer;

beforeAll(async () => {
  oil = await stockedProduct({ name: 'Coconut Oil 500ml', quantity: 30, mrp: 120, buyingPrice: 90, sellingPrice: 110, gst: 18 });
  customer = await newCustomer();
});

const twoOil = (extra: Record<string, unknown> = {}) => bill(customer, [line(oil, 2)], TOTALS, extra);

async function customerLineCount(): Promise<number> {
  const answer = await call<number>('GET', `/purchase/custMobileCount/${customer.mobileNumber}`, { token: await cashierToken() });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('a save repeated with the same idempotency key', () => {
  it('makes one bill and answers the repeat with the same bill', async () => {
    const [stock, points, lines] = [await stockOf(oil), await pointsOf(customer), await customerLineCount()];
    const key = randomUUID();
    const first = await placeBill(twoOil({ idempotencyKey: key }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ grossAmount: 240, netAmount: 220, tax: 33.56, pointsEarned: 2 });

    const again = await placeBill(twoOil({ idempotencyKey: key }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    expect(await stockOf(oil)).toBe(stock - 2);
    expect(await pointsOf(customer)).toBe(points + 2);
    expect(await customerLineCount()).toBe(lines + 1);
  });

  it('makes one bill of two copies sent at the same moment (a double click)', async () => {
    const stock = await stockOf(oil);
    const key = randomUUID();
    const [one, two] = await Promise.all([placeBill(twoOil({ idempotencyKey: key })), placeBill(twoOil({ idempotencyKey: key, print: true }))]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.body.purchaseId).toBe(one.body.purchaseId);
    expect(await stockOf(oil)).toBe(stock - 2);
  });

  it('refuses the key with another bill, naming the bill it made, and saves nothing', async () => {
    const key = randomUUID();
    const first = await placeBill(twoOil({ idempotencyKey: key }));
    expect(first.status).toBe(200);
    const stock = await stockOf(oil);
    const other = await placeBill(bill(customer, [line(oil, 1)], { grossAmount: 120, discount: 10, tax: 16.78, netAmount: 110 }, { idempotencyKey: key }));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(keyUsedFor(first.body.purchaseId));
    expect(await stockOf(oil)).toBe(stock);
  });

  it('keeps a refused save from using up the key: the corrected bill saves with it', async () => {
    const key = randomUUID();
    const refused = await placeBill(twoOil({ idempotencyKey: key, netAmount: 200 }));
    expect(refused.status).toBe(400);
    const stock = await stockOf(oil);
    const saved = await placeBill(twoOil({ idempotencyKey: key }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await stockOf(oil)).toBe(stock - 2);
  });

  it('saves an edit once: a repeated PUT answers the edited bill instead of a conflict', async () => {
    const saved = await placeBill(twoOil());
    expect(saved.status).toBe(200);
    const stock = await stockOf(oil);
    const edit = bill(customer, [{ ...line(oil, 3), purchasedProductId: 1 }], { grossAmount: 360, discount: 30, tax: 50.34, netAmount: 330 }, {
      version: saved.body.version,
      idempotencyKey: randomUUID(),
    });
    const token = await cashierToken();
    const first = await call('PUT', `/purchase/${saved.body.purchaseId}`, { token, body: edit });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call('PUT', `/purchase/${saved.body.purchaseId}`, { token, body: edit });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stockOf(oil)).toBe(stock - 1);
  });

  it('refuses a key that is not 16 to 64 letters, digits, - or _', async () => {
    const answer = await placeBill(twoOil({ idempotencyKey: 'short' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The idempotency key should be 16 to 64 letters, digits, - or _.');
  });
});
