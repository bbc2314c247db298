import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountTerms, AccountView, LedgerEntry } from '../../shared/schemas/account.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { call, tokenOf } from './client.js';
import { accountBill, cashierToken, newCustomer, placeBill, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * Customer credit offline (docs/customer-credit.md, "Offline"): the till's copy of every account's terms and balance
 * is read page by page, and a payment received offline, sent from the device's queue, is recorded once however
 * often (and from however many tabs) it is sent.
 */
let shelf: Shelf;
beforeAll(async () => {
  shelf = await stockedProduct({ name: 'Khata Dal 1kg', quantity: 200, mrp: 150, buyingPrice: 100, gst: 0 });
});

async function creditCustomer(limit: number): Promise<Customer> {
  const customer = await newCustomer();
  const set = await call<AccountView>('PUT', `/account/${customer.customerId}`, { token: await tokenOf('manager@demo.shop'), body: { onAccount: true, limit } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return customer;
}

/** A bill of `quantity` packs, all of it on account. */
async function billOnAccount(customer: Customer, quantity: number) {
  const body = accountBill(shelf, customer, quantity);
  const saved = await placeBill(body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return body.netAmount;
}

async function termsOf(customerId: number): Promise<AccountTerms | undefined> {
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await call<AccountTerms[]>('GET', `/accounts/terms?size=100${cursor ? `&cursor=${cursor}` : ''}`, { token: await cashierToken() });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const found = page.body.find((a) => a.customerId === customerId);
    if (found) return found;
    cursor = page.headers.get('x-next-page') ?? undefined;
    pages += 1;
  } while (cursor && pages < 1000);
  return undefined;
}

describe("the till's copy of the accounts", () => {
  it('lists each account’s terms and balance page by page for the till (a cashier may read it)', async () => {
    const customer = await creditCustomer(2500);
    const owed = await billOnAccount(customer, 3);
    expect(await termsOf(customer.customerId)).toEqual({ customerId: customer.customerId, onAccount: true, limit: 2500, balance: owed });
    const small = await call<AccountTerms[]>('GET', '/accounts/terms?size=1', { token: await cashierToken() });
    expect(small.status).toBe(200);
    expect(small.body).toHaveLength(1);
    expect(small.headers.get('x-next-page')).toBeTruthy();
  });
});

describe('a payment received offline', () => {
  it('sent from two tabs at once and again later is recorded once; money already received past the server’s balance is kept as an advance', async () => {
    const customer = await creditCustomer(5000);
    const owed = await billOnAccount(customer, 2);
    const key = randomUUID();
    // The body as the device's queue sends it (keep-offline-payment.ts): an advance when it passes the balance.
    const body = { tenders: [{ method: 'cash', amount: 100 }, { method: 'upi', amount: owed }], advance: true, note: 'Received offline, receipt P-ABC123-000042', idempotencyKey: key };
    const send = async () => call<LedgerEntry>('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.entryNo).toBe(first.body.entryNo);
    expect(first.body).toMatchObject({ kind: 'payment', amount: -(owed + 100), balanceAfter: -100, advance: true, note: 'Received offline, receipt P-ABC123-000042' });
    const again = await send();
    expect(again.body.entryNo).toBe(first.body.entryNo);

    const entries = await call<LedgerEntry[]>('GET', `/account/${customer.customerId}/entries?size=10`, { token: await tokenOf('manager@demo.shop') });
    expect(entries.body.map((e) => [e.kind, e.balanceAfter])).toEqual([
      ['payment', -100],
      ['bill', owed],
    ]);
    const account = await call<AccountView>('GET', `/account/${customer.customerId}`, { token: await cashierToken() });
    expect(account.body.balance).toBe(-100);
  });
});
