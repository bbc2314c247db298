import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports.js';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import type { Ports } from '../../infra/local/stack.js';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { STOCK_CHANGED } from '../../functions/stock/changes.js';
import type { Stock, StockMovement } from '../../shared/schemas/inventory.js';
import { callAt, type ApiAnswer, type CallOptions } from './client.js';

/**
 * The whole local stack (every emulator, the simulators and the gateway: the product on a laptop) killed with
 * SIGKILL while tills are billing and goods are being received, then started again on the same folder: every write
 * that was answered 2xx is there, no bill is without its stock change or the reverse, the counters equal the items
 * they count, and the tills' unanswered bills, sent again with their idempotency keys, are saved once each.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
let child: ChildProcess | undefined;

/** The stack and everything it started: its process group. */
function killStack(): Promise<void> {
  const running = child;
  if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
  process.kill(-running.pid, 'SIGKILL');
  return exited;
}

afterAll(async () => {
  await killStack();
  rmSync(dir, { recursive: true, force: true });
});

async function startStack(ports: Ports): Promise<string> {
  // One process (tsx as a loader, not a wrapper that forks), leading its own group so that SIGKILL reaches it all.
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/integration/processes/stack.ts'), JSON.stringify(ports), dir], {
    cwd: root,
    detached: true,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = child;
  const line = await new Promise<string>((resolve, reject) => {
    started.once('exit', (code) => reject(new Error(`the stack process exited (${code})`)));
    createInterface({ input: started.stdout! }).once('line', resolve);
  });
  return (JSON.parse(line) as { apiUrl: string }).apiUrl;
}

const TENANT = 'demo';
const RECEIVED = 5;
/** Outcome of one request sent when the stack may die under it: its answer, or that none came. */
type Sent<T> = { answered: true; answer: ApiAnswer<T> } | { answered: false };

describe('the whole local stack killed with SIGKILL under billing load', () => {
  it('keeps every answered write, whole, and takes the unanswered bills once when the tills send them again', async () => {
    const ports: Ports = {
      gateway: await freePort(),
      dynamodb: await freePort(),
      cognito: await freePort(),
      s3: await freePort(),
      ses: await freePort(),
      whatsapp: await freePort(),
      razorpay: await freePort(),
    };
    let api = await startStack(ports);
    const send = <T>(method: string, p: string, options: CallOptions = {}) => callAt<T>(api, method, p, options);
    const signIn = async (username: string) => {
      const answer = await send<{ token: string }>('POST', '/token/generate', { body: { username, password: DEMO_PASSWORD }, headers: { 'x-tenantid': TENANT } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.token;
    };
    let admin = await signIn(`admin@${TENANT}.shop`);
    let cashier = await signIn(`cashier@${TENANT}.shop`);

    // A shelf of a seeded product under a new artcode, and a customer.
    const [seeded] = (await send<Stock[]>('GET', '/stock?page=0&size=1', { token: admin })).body;
    const artcode = `CRASH${Date.now().toString(36).toUpperCase()}`;
    const receipt = (quantity: number) => ({
      productId: seeded!.productId,
      vendor: 'Crash Wholesale',
      artcode,
      barcode: '8901234567897',
      quantity,
      cgst: 2.5,
      sgst: 2.5,
      mrp: 50,
      buyingPrice: 30,
      sellingPrice: 50,
    });
    const START = 5000;
    expect((await send('POST', '/inventory/save', { token: admin, body: receipt(START) })).status).toBe(200);
    const shelf = (await send<Stock>('GET', `/stock/${seeded!.productId}/${artcode}`, { token: admin })).body;
    const customer = (
      await send<Customer>('POST', '/customer/save', {
        token: cashier,
        body: { customerName: 'Crash Customer', mobileNumber: `7${String(Date.now()).slice(-9)}`, emailId: 'crash@example.in', address: 'Jayanagar, Bengaluru' },
      })
    ).body;
    const figures = computeBill({ lines: [{ mrp: toPaise(50), rate: toPaise(50), quantity: 1, cgstRate: toPaise(2.5), sgstRate: toPaise(2.5) }] });
    const bill = (key: string) => ({
      mobileNumber: customer.mobileNumber,
      paymentMode: 'Cash',
      purchasedProduct: [{ productId: shelf.productId, productName: shelf.productName, artcode, quantity: 1, sellingPrice: 50 }],
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: toRupees(figures.paid),
      idempotencyKey: key,
    });
    const today = (await send<{ saleDate: string }>('POST', '/purchase', { token: cashier, body: bill(`crash-first-${Date.now()}`) })).body.saleDate;
    const dayBefore = (await send<{ bills: number }>('GET', `/purchase/todayTotals/${today}`, { token: admin })).body.bills;
    const receiptsBefore = (await send<number>('GET', '/inventory/count', { token: admin })).body;

    // Six tills billing and receiving until the stack is killed, after at least 250 answered writes.
    const bills = new Map<string, Sent<{ purchaseId: number }>>();
    const receipts: Sent<unknown>[] = [];
    let answered = 0;
    let killed = false;
    const kill = (async () => {
      while (answered < 250) await new Promise((resolve) => setTimeout(resolve, 20));
      killed = true;
      await killStack();
    })();
    const till = async (till: number) => {
      for (let i = 0; !killed; i++) {
        if (i % 5 === 4) {
          const index = receipts.push({ answered: false }) - 1;
          const answer = await send('POST', '/inventory/save', { token: admin, body: receipt(RECEIVED) }).catch(() => undefined);
          if (answer) {
            receipts[index] = { answered: true, answer };
            answered++;
          }
        } else {
          const key = `crash-${till}-${i}-${Math.random().toString(36).slice(2, 10)}`;
          bills.set(key, { answered: false });
          const answer = await send<{ purchaseId: number }>('POST', '/purchase', { token: cashier, body: bill(key) }).catch(() => undefined);
          if (answer) {
            bills.set(key, { answered: true, answer });
            answered++;
          }
        }
      }
    };
    await Promise.all([kill, ...Array.from({ length: 6 }, (_, t) => till(t))]);
    const acknowledged = [...bills.values()].flatMap((b) => (b.answered && b.answer.status === 200 ? [b.answer.body.purchaseId] : []));
    const receivedOk = receipts.filter((r) => r.answered && r.answer.status === 200).length;
    // A write is accepted, or refused plainly: on a machine loaded enough, a bill can run out of its time for lost
    // races on the busy shelf ('The stock changed while saving. Please try again.'). A refused bill must then not be
    // there, and the till sends it again below like an unanswered one.
    const refused = (answer: ApiAnswer<unknown>) => answer.status === 409 && (answer.body as { message: string }).message === STOCK_CHANGED;
    for (const b of bills.values()) if (b.answered && b.answer.status !== 200) expect(refused(b.answer), `bill: ${JSON.stringify(b.answer.body)}`).toBe(true);
    for (const r of receipts) if (r.answered && r.answer.status !== 200) expect(refused(r.answer), `receipt: ${JSON.stringify(r.answer.body)}`).toBe(true);
    expect(acknowledged.length + receivedOk).toBeGreaterThanOrEqual(200);

    api = await startStack(ports);
    admin = await signIn(`admin@${TENANT}.shop`);
    cashier = await signIn(`cashier@${TENANT}.shop`);

    /** Every movement of the shelf, following the list's pages (cursor or number). */
    async function movements(): Promise<StockMovement[]> {
      const all: StockMovement[] = [];
      for (let page = 0, cursor: string | null = null; ; page++) {
        const query: string = cursor ? `cursor=${encodeURIComponent(cursor)}&size=100` : `page=${page}&size=100`;
        const answer = await send<StockMovement[]>('GET', `/stock/movements/${shelf.stockId}?${query}`, { token: admin });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        all.push(...answer.body);
        cursor = answer.headers.get('x-next-page');
        if (!cursor && answer.body.length < 100) return all;
      }
    }
    const billOf = (ref: string) => Number(/^Bill (\d+)$/.exec(ref)?.[1]);
    async function check() {
      const moves = await movements();
      const sold = new Set(moves.filter((m) => m.reason === 'sale').map((m) => billOf(m.ref)));
      const receivedNow = moves.filter((m) => m.reason === 'receipt').length - 1;
      const stock = (await send<Stock>('GET', `/stock/${seeded!.productId}/${artcode}`, { token: admin })).body.quantity;
      // Every bill of the shelf is on the customer's list and has its sale movement, and the reverse.
      const lines = (await send<number>('GET', `/purchase/custMobileCount/${customer.mobileNumber}`, { token: admin })).body;
      expect(sold.size, 'bills with a sale movement = bill lines of the customer').toBe(lines);
      // The movements chain: numbered by the line's version without a gap, each starting where the one before ended,
      // the last ending at the stock on the shelf.
      const chain = [...moves].sort((a, b) => a.version - b.version);
      const breaks = chain.flatMap((m, i) => (i > 0 && (m.version !== chain[i - 1]!.version + 1 || m.before !== chain[i - 1]!.after) ? [{ at: m, previous: chain[i - 1] }] : []));
      expect(breaks, 'movements follow one another').toEqual([]);
      expect(chain.at(-1)?.after, 'the last movement ends at the stock').toBe(stock);
      expect(stock, 'stock = its movements').toBe(START + RECEIVED * receivedNow - sold.size);
      // The day's counter of bills and the shop's counter of receipts equal what they count.
      expect((await send<{ bills: number }>('GET', `/purchase/todayTotals/${today}`, { token: admin })).body.bills - dayBefore, 'day counter of bills').toBe(sold.size - 1);
      expect((await send<number>('GET', '/inventory/count', { token: admin })).body - receiptsBefore, 'receipt counter').toBe(receivedNow);
      return { sold, receivedNow };
    }

    const after = await check();
    for (const id of acknowledged) {
      expect(after.sold.has(id), `answered bill ${id} is kept`).toBe(true);
      expect((await send('GET', `/purchase/${id}`, { token: admin })).status).toBe(200);
    }
    expect(after.receivedNow).toBeGreaterThanOrEqual(receivedOk);
    expect(after.receivedNow).toBeLessThanOrEqual(receipts.length);

    // The tills send their unanswered bills again with the same keys: each is saved once.
    for (const [key, sent] of bills) {
      if (sent.answered && sent.answer.status === 200) continue;
      const again = await send('POST', '/purchase', { token: cashier, body: bill(key) });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    }
    const final = await check();
    expect(final.sold.size - 1).toBe(bills.size);
  }, 240_000);
});
