import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '../../shared/bill.js';
import { ACCOUNT_UNPAID_STEP } from '../../shared/credit.js';
import { toPaise } from '../../shared/money.js';
import type { AccountView, LedgerEntry, Receivables } from '../../shared/schemas/account.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { purchaseBody } from '../../shared/schemas/purchase.js';
import { accountData, type StoredAccount } from '../../functions/accounts/data.js';
import { receivables } from '../../functions/accounts/receivables.js';
import { unpaidBills, unpaidByDay } from '../../functions/accounts/unpaid.js';
import { upgradeUnpaid } from '../../functions/accounts/upgrade.js';
import { dynamo } from '../../functions/lib/aws.js';
import { op, tableName, transact } from '../../functions/lib/db.js';
import { upgradeStepKey } from '../../functions/lib/keys.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { placeBill as saveBill } from '../../functions/purchases/service.js';
import { call, tokenOf } from './client.js';
import { accountBill, adminToken, cashierToken, demoScopeAt, newCustomer, placeBill, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * What an account owes by shop day (docs/customer-credit.md, "Receivables"): kept on the account item in the same
 * transaction as each ledger entry, oldest days settled first, given to accounts made before it by the shop upgrade,
 * so the receivables read the accounts alone.
 */
const managerToken = () => tokenOf('manager@demo.shop');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const dayOf = (days: number) => shopDay(new Date(daysAgo(days)));

let shelf: Shelf;
beforeAll(async () => {
  shelf = await stockedProduct({ name: 'Udhaar Atta 10kg', quantity: 500, mrp: 200, buyingPrice: 150, gst: 0 });
});

const onAccountDaysAgo = (customer: Customer, bags: number, days: number) => saveBill(demoScopeAt(daysAgo(days)), purchaseBody.parse(accountBill(shelf, customer, bags)));

async function creditCustomer(limit: number): Promise<Customer> {
  const customer = await newCustomer();
  const set = await call<AccountView>('PUT', `/account/${customer.customerId}`, { token: await managerToken(), body: { onAccount: true, limit } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return customer;
}

const stored = (customer: Customer) => inTenant('demo', () => accountData.get('demo', customer.customerId, true)) as Promise<StoredAccount>;

async function ledgerOf(customer: Customer): Promise<LedgerEntry[]> {
  const answer = await call<LedgerEntry[]>('GET', `/account/${customer.customerId}/entries?size=100`, { token: await managerToken() });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The map kept on the account is what its ledger's unpaid bills say, and accounts for every entry. */
async function expectKeptAsLedger(customer: Customer) {
  const account = await stored(customer);
  const bills = (await ledgerOf(customer)).filter((e) => e.kind === 'bill' && e.amount > 0).map((e) => ({ day: e.day, amount: toPaise(e.amount) }));
  expect(account.unpaid).toEqual(unpaidByDay(unpaidBills(account.balance, bills)));
  expect(account.unpaidEntries).toBe(account.entries);
  return account.unpaid;
}

const pay = async (customer: Customer, amount: number) => {
  const paid = await call<LedgerEntry>('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body: { tenders: [{ method: 'cash', amount }] } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
};

/** The account as the release before the map left it: no map, or one behind its entries. */
async function asBeforeTheMap(customer: Customer, map?: { unpaid: Record<string, number>; unpaidEntries: number }) {
  const key = accountData.key('demo', customer.customerId);
  await inTenant('demo', () =>
    dynamo().send(
      new UpdateCommand(
        map
          ? { TableName: tableName(), Key: key, UpdateExpression: 'SET unpaid = :u, unpaidEntries = :n', ExpressionAttributeValues: { ':u': map.unpaid, ':n': map.unpaidEntries } }
          : { TableName: tableName(), Key: key, UpdateExpression: 'REMOVE unpaid, unpaidEntries' },
      ),
    ),
  );
}

const rowOf = (answer: Receivables, customer: Customer) => answer.rows.find((r) => r.customerId === customer.customerId);

describe('what an account owes by day', () => {
  it('is kept by each bill, payment, return to account and write-off, the oldest day settled first', async () => {
    const customer = await creditCustomer(5000);
    await onAccountDaysAgo(customer, 5, 40); // ₹1,000 forty days ago
    await onAccountDaysAgo(customer, 2, 10); // ₹400 ten days ago
    const today = await placeBill(accountBill(shelf, customer, 2)); // ₹400 today
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(await expectKeptAsLedger(customer)).toEqual({ [dayOf(40)]: 100_000, [dayOf(10)]: 40_000, [dayOf(0)]: 40_000 });

    await pay(customer, 300);
    expect(await expectKeptAsLedger(customer)).toEqual({ [dayOf(40)]: 70_000, [dayOf(10)]: 40_000, [dayOf(0)]: 40_000 });

    const back = await call('POST', `/purchase/return/${today.body.purchaseId}`, {
      token: await cashierToken(),
      body: { refundTenders: [{ method: 'account', amount: 200 }], purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 200 },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await expectKeptAsLedger(customer)).toEqual({ [dayOf(40)]: 50_000, [dayOf(10)]: 40_000, [dayOf(0)]: 40_000 });

    const off = await call('POST', `/account/${customer.customerId}/writeOff`, { token: await adminToken(), body: { amount: 600, reason: 'Settled in kind' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await expectKeptAsLedger(customer)).toEqual({ [dayOf(10)]: 30_000, [dayOf(0)]: 40_000 });

    // An advance clears the map; the next bill owes only what the advance does not cover.
    const advance = await call('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body: { tenders: [{ method: 'cash', amount: 800 }], advance: true } });
    expect(advance.status, JSON.stringify(advance.body)).toBe(200);
    expect(await expectKeptAsLedger(customer)).toEqual({});
    expect((await placeBill(accountBill(shelf, customer, 1))).status).toBe(200);
    expect(await expectKeptAsLedger(customer)).toEqual({ [dayOf(0)]: 10_000 });
  });

  it('is given to accounts made before it by the shop upgrade, once, and the receivables and entries meanwhile work it from the ledger', async () => {
    const bare = await creditCustomer(5000);
    await onAccountDaysAgo(bare, 3, 70);
    await onAccountDaysAgo(bare, 1, 20);
    await pay(bare, 100);
    const behind = await creditCustomer(5000);
    await onAccountDaysAgo(behind, 4, 95);
    await pay(behind, 500);
    const paidMeanwhile = await creditCustomer(5000);
    await onAccountDaysAgo(paidMeanwhile, 2, 50);
    await onAccountDaysAgo(paidMeanwhile, 2, 5);
    const expected = {
      bare: { [dayOf(70)]: 50_000, [dayOf(20)]: 20_000 },
      behind: { [dayOf(95)]: 30_000 },
    };
    await asBeforeTheMap(bare);
    await asBeforeTheMap(behind, { unpaid: { [dayOf(95)]: 80_000 }, unpaidEntries: 1 });
    await asBeforeTheMap(paidMeanwhile);

    // Before the upgrade: the receivables age these accounts from their ledgers.
    const before = await inTenant('demo', () => receivables('demo', new Date()));
    expect(rowOf(before, bare)).toMatchObject({ balance: 700, aged: { d0to30: 200, d31to60: 0, d61to90: 500, d90plus: 0 }, oldestUnpaid: dayOf(70) });
    expect(rowOf(before, behind)).toMatchObject({ balance: 300, aged: { d90plus: 300 }, oldestUnpaid: dayOf(95) });
    // An entry on an account without its map writes the map worked from the ledger.
    await pay(paidMeanwhile, 500);
    expect(await expectKeptAsLedger(paidMeanwhile)).toEqual({ [dayOf(5)]: 30_000 });

    const mark = upgradeStepKey('demo', ACCOUNT_UNPAID_STEP);
    await inTenant('demo', () => transact([op.remove(mark)]));
    const first = await inTenant('demo', () => upgradeUnpaid('demo'));
    expect(first?.written).toBeGreaterThanOrEqual(2);
    expect(await expectKeptAsLedger(bare)).toEqual(expected.bare);
    expect(await expectKeptAsLedger(behind)).toEqual(expected.behind);
    expect(await expectKeptAsLedger(paidMeanwhile)).toEqual({ [dayOf(5)]: 30_000 });
    // Marked done: the next deploy's run does nothing; run again unmarked, it finds every map kept.
    expect(await inTenant('demo', () => upgradeUnpaid('demo'))).toBeUndefined();
    await inTenant('demo', () => transact([op.remove(mark)]));
    expect(await inTenant('demo', () => upgradeUnpaid('demo'))).toEqual({ written: 0 });
    expect(await expectKeptAsLedger(bare)).toEqual(expected.bare);

    const after = await call<Receivables>('GET', '/accounts/receivables', { token: await managerToken() });
    expect(rowOf(after.body, bare)).toEqual(rowOf(before, bare));
    expect(rowOf(after.body, behind)).toEqual(rowOf(before, behind));
  });
});

describe('the receivables', () => {
  /** The DynamoDB requests of one receivables answer, made in process. */
  async function requestsOf(): Promise<{ command?: string; index?: string }[]> {
    const seen: { command?: string; index?: string }[] = [];
    const name = `receivablesRequests${Math.random()}`;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        seen.push({ command: context.commandName, index: (args.input as { IndexName?: string }).IndexName });
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await inTenant('demo', () => receivables('demo', new Date()));
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    return seen;
  }

  it('reads the accounts alone, in the same requests however many customers owe', async () => {
    const owing = await creditCustomer(5000);
    await onAccountDaysAgo(owing, 2, 35);
    const first = await requestsOf();
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((r) => r.command === 'QueryCommand' && r.index === 'gsi1')).toBe(true);
    for (let i = 0; i < 5; i++) await onAccountDaysAgo(await creditCustomer(5000), 1, 10 * i);
    expect(await requestsOf()).toEqual(first);
  });
});
