import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../shared/schemas/customer.js';
import { PRODUCT_DELETED } from '../../functions/purchases/service.js';
import { stockData } from '../../functions/stock/data.js';
import { call } from './client.js';
import { adminToken, bill, line, newCustomer, placeBill, stockOf, stockedProduct } from './pos-fixtures.js';

let customer: Customer;

beforeAll(async () => {
  customer = await newCustomer();
});

describe('many tills on one shelf', () => {
  it('40 parallel bills for 10 units make exactly 10 sales; only the real shortage is refused', async () => {
    const shelf = await stockedProduct({ name: 'Contended Ghee 1L', quantity: 10, mrp: 650, buyingPrice: 520, gst: 12 });
    // Forty customers, as at forty tills: the race is for the shelf alone.
    const buyers = await Promise.all(Array.from({ length: 40 }, () => newCustomer()));
    const answers = await Promise.all(buyers.map((buyer) => placeBill(bill(buyer, [line(shelf, 1)], { grossAmount: 650, discount: 0, tax: 69.64, netAmount: 650 }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200), JSON.stringify([...new Set(answers.map((a) => `${a.status} ${a.body.message}`))])).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(30);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/^Only 0 in Stock for /);
    }
    expect(await stockOf(shelf)).toBe(0);
    const stockLine = await stockData.byProduct('demo', shelf.productId, shelf.artcode);
    expect((await stockData.movements('demo', stockLine!.stockId)).filter((m) => m.reason === 'sale')).toHaveLength(10);
  }, 90_000);
});

describe('a deleted product', () => {
  it('cannot be billed at the till, though its stock line remains', async () => {
    const shelf = await stockedProduct({ name: 'Withdrawn Biscuits', quantity: 5, mrp: 40, buyingPrice: 30, gst: 18 });
    const deleted = await call('DELETE', '/product/deleteAllById', { token: await adminToken(), body: [shelf.productId] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const answer = await placeBill(bill(customer, [line(shelf, 1)], { grossAmount: 40, discount: 0, tax: 6.1, netAmount: 40 }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(PRODUCT_DELETED(shelf.productName, shelf.artcode));
    expect(await stockData.byProduct('demo', shelf.productId, shelf.artcode)).toMatchObject({ quantity: 5 });
  });
});
