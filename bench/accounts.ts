import os from 'node:os';
import { computeBill } from '../shared/bill.js';
import { toRupees } from '../shared/money.js';
import { rootLogger } from '../functions/lib/logger.js';
import { DEMO_PASSWORD } from '../infra/local/seed.js';
import { countReads, postBill, printTable, readsOf, signIn, stockedLines, timingOf, withStack, type Timing } from './lib.js';

/**
 * `npm run bench -- accounts`: customer credit through the local gateway (docs/customer-credit.md).
 * - A bill on account beside a cash bill of the same line (POST /api/purchase), taken in turns so the load moves them
 *   alike: the account bill reads the account and writes the balance's ADD, the ledger entry, its audit record and
 *   the total-due counter in the bill's transaction.
 * - The ledger's first page and its last page by cursor (GET /account/{id}/entries?size=50) of a customer with
 *   ACCOUNTS_LEDGER_ENTRIES (default 500) more bills on account.
 * - The receivables (GET /accounts/receivables) and the dashboard's total due at N customers owing (ACCOUNTS_CUSTOMERS,
 *   default 200), each with a few bills on account; and the DynamoDB reads of one receivables answer.
 * RUNS (default 200) bills of each kind; the reads 30 times each.
 */
const CUSTOMERS = Number(process.env.ACCOUNTS_CUSTOMERS ?? 200);
const BILLS_EACH = 3;
const LEDGER_ENTRIES = Number(process.env.ACCOUNTS_LEDGER_ENTRIES ?? 500);
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function api<T>(apiUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ body: T; next?: string }> {
  const r = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (r.status !== 200) throw new Error(`${method} ${path} ${r.status}: ${await r.text()}`);
  return { body: (await r.json()) as T, next: r.headers.get('x-next-page') ?? undefined };
}

/** `work` timed `runs` times after 3 untimed runs. */
async function sampled(name: string, work: () => Promise<unknown>, runs: number): Promise<Timing> {
  for (let i = 0; i < 3; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return timingOf(name, samples);
}

export async function accountsBenchmark(runs: number): Promise<void> {
  console.log(`\naccounts: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadAverage()}`);
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const scope = { tenantId, actor: { userName: 'admin@demo.shop', now: new Date() }, log: rootLogger };
    const [shelf] = await stockedLines(scope, 1, 2 * runs + CUSTOMERS * BILLS_EACH + LEDGER_ENTRIES + 100);
    const cashier = await signIn(stack.apiUrl, tenantId, 'cashier@demo.shop', DEMO_PASSWORD);
    const owner = await signIn(stack.apiUrl, tenantId, 'admin@demo.shop', DEMO_PASSWORD);
    const figures = computeBill({ lines: [{ mrp: shelf!.mrp, rate: shelf!.sellingPrice, quantity: 1, cgstRate: shelf!.cgst, sgstRate: shelf!.sgst }] });
    const net = toRupees(figures.paid);
    const billOf = (mobileNumber: string, method: 'cash' | 'account') => ({
      mobileNumber,
      tenders: [{ method, amount: net }],
      purchasedProduct: [{ productId: shelf!.productId, productName: shelf!.productName, artcode: shelf!.artcode, quantity: 1, sellingPrice: toRupees(shelf!.sellingPrice) }],
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: net,
    });

    // N customers allowed on account, each owing a few bills.
    const stamp = Date.now().toString().slice(-4);
    const customers: { customerId: number; mobileNumber: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const mobileNumber = `6${stamp}${String(i).padStart(5, '0')}`;
      const { body } = await api<{ customerId: number }>(stack.apiUrl, owner, 'POST', '/customer/save', {
        customerName: `Khata Bench ${i}`,
        mobileNumber,
        emailId: `khata${i}@example.in`,
        address: 'Jayanagar, Bengaluru',
      });
      await api(stack.apiUrl, owner, 'PUT', `/account/${body.customerId}`, { onAccount: true, limit: 10_000_000 });
      customers.push({ customerId: body.customerId, mobileNumber });
    }
    for (const c of customers) for (let b = 0; b < BILLS_EACH; b++) await postBill(stack.apiUrl, cashier, billOf(c.mobileNumber, 'account'));
    console.log(`${CUSTOMERS} customers owing ${BILLS_EACH} bills each; load average ${loadAverage()}`);

    // Bills in turns: a cash bill, then a bill on account (round-robin over the customers), RUNS of each.
    const cash: number[] = [];
    const account: number[] = [];
    const regular = customers[0]!;
    for (let i = 0; i < 5; i++) {
      await postBill(stack.apiUrl, cashier, billOf(regular.mobileNumber, 'cash'));
      await postBill(stack.apiUrl, cashier, billOf(regular.mobileNumber, 'account'));
    }
    for (let i = 0; i < runs; i++) {
      const who = customers[i % customers.length]!;
      let start = process.hrtime.bigint();
      await postBill(stack.apiUrl, cashier, billOf(who.mobileNumber, 'cash'));
      cash.push(Number(process.hrtime.bigint() - start) / 1e6);
      start = process.hrtime.bigint();
      await postBill(stack.apiUrl, cashier, billOf(who.mobileNumber, 'account'));
      account.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    printTable(`A one-line bill through the gateway, ${runs} of each in turns`, [timingOf('POST /api/purchase, cash', cash), timingOf('POST /api/purchase, on account', account)], {
      'POST /api/purchase, on account': 'POST /api/purchase, cash',
    });

    // The ledger of a regular customer with LEDGER_ENTRIES more bills on account: the first page and the last by cursor.
    const deep = customers[0]!;
    for (let i = 0; i < LEDGER_ENTRIES; i++) await postBill(stack.apiUrl, cashier, billOf(deep.mobileNumber, 'account'));
    const entriesPath = `/account/${deep.customerId}/entries?size=50`;
    let cursor: string | undefined;
    let lastCursor: string | undefined;
    let pages = 0;
    do {
      const page = await api<unknown[]>(stack.apiUrl, owner, 'GET', `${entriesPath}${cursor ? `&cursor=${cursor}` : ''}`);
      cursor = page.next;
      if (cursor) lastCursor = cursor;
      pages += 1;
    } while (cursor);
    const entries = (await api<{ entries: number }>(stack.apiUrl, owner, 'GET', `/account/${deep.customerId}`)).body.entries;
    const samples = Math.min(runs, 30);
    const ledgerRows = [
      await sampled('ledger, first page of 50', () => api(stack.apiUrl, owner, 'GET', entriesPath), samples),
      ...(lastCursor ? [await sampled(`ledger, page ${pages} of 50 by cursor`, () => api(stack.apiUrl, owner, 'GET', `${entriesPath}&cursor=${lastCursor}`), samples)] : []),
    ];
    printTable(`The ledger of a customer with ${entries} entries (${pages} pages)`, ledgerRows);

    // Receivables at N customers owing, and the total due.
    countReads();
    const receivablesRows = [
      await sampled(`GET /accounts/receivables, ${CUSTOMERS} owing`, () => api(stack.apiUrl, owner, 'GET', '/accounts/receivables'), samples),
      await sampled(`GET /accounts/receivables?minAge=30, ${CUSTOMERS} owing`, () => api(stack.apiUrl, owner, 'GET', '/accounts/receivables?minAge=30'), samples),
      await sampled('GET /accounts/totalDue', () => api(stack.apiUrl, owner, 'GET', '/accounts/totalDue'), samples),
    ];
    printTable(`Receivables at ${CUSTOMERS} customers owing`, receivablesRows);
    const reads = await readsOf(() => api(stack.apiUrl, owner, 'GET', '/accounts/receivables'));
    console.log(`receivables: ${reads.requests} DynamoDB requests, ${reads.items} items read, ${reads.scans} scans (the gateway's own reads included when in process)`);
    console.log(`load average at the end ${loadAverage()}`);
  });
}
