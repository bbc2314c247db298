import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { computeBill } from '../shared/bill.js';
import { toRupees } from '../shared/money.js';
import type { Customer } from '../shared/schemas/customer.js';
import type { PaymentOutcome, ProviderOrder } from '../shared/schemas/payment.js';
import { rootLogger } from '../functions/lib/logger.js';
import { stockData } from '../functions/stock/data.js';
import { categoryData } from '../functions/categories/data.js';
import { startLocalStack } from '../infra/local/stack.js';
import { DEMO_PASSWORD, demoTenant } from '../infra/local/seed.js';
import { signIn, stockedLines, timingOf } from './lib.js';

/**
 * A sale day on the local stack with the limits as shipped (no lifted share): `SHOPPERS` concurrent shoppers (200)
 * browsing category pages and product details, the first `BUYERS` of them (signed-up customers) also adding to cart
 * and checking out through the payment simulator, while 3 tills save bills continuously, for `SECONDS` (60).
 * Before it, the 3 tills alone for `ALONE_SECONDS` (15) in the same run. Browsing goes to the public catalogue
 * (`/public/{shop}/...`) when the stack has one, else to the signed-in storefront reads with a customer's token.
 * A shopper looks at each page for `THINK_MS` (1,000) before the next; each till bills its own 3 stock lines to its own
 * walk-in customer (two bills of one line or one customer at the same instant conflict, which is not what this
 * measures).
 * After it, `GET /tenant` and the category page at 50 clients for 10 s each.
 */
const SHOPPERS = Number(process.env.SHOPPERS ?? 200);
const BUYERS = Number(process.env.BUYERS ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 60);
const ALONE_SECONDS = Number(process.env.ALONE_SECONDS ?? 15);
/** A shopper looks at each page this long before the next (milliseconds). */
const THINK_MS = Number(process.env.THINK_MS ?? 1000);
const TILLS = ['cashier@demo.shop', 'suresh@demo.shop', 'lakshmi@demo.shop'];
const SHOPPER_PASSWORD = 'Shopper@2024';
const tenantId = 'demo';

const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statuses seen per kind of request, and which budget refused the 429s (by their message). */
class Tally {
  readonly statuses = new Map<string, Map<number, number>>();
  readonly refusals = new Map<string, number>();
  add(kind: string, status: number, message?: string) {
    const byStatus = this.statuses.get(kind) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.statuses.set(kind, byStatus);
    if (status === 429) this.refusals.set(`${kind}: ${message ?? '?'}`, (this.refusals.get(`${kind}: ${message ?? '?'}`) ?? 0) + 1);
  }
  count(kind: string, ok: (status: number) => boolean) {
    return [...(this.statuses.get(kind) ?? new Map<number, number>())].filter(([s]) => ok(s)).reduce((sum, [, n]) => sum + n, 0);
  }
}

export async function saledayBenchmark() {
  console.log(`\nsaleday: ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${loadavg()}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  // The limits as shipped: no shopRequestsPerSecond given.
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', clientLimitFactor: 1000 });
  try {
    const api = stack.apiUrl;
    const scope = { tenantId, actor: { userName: 'admin@demo.shop', now: new Date() }, log: rootLogger };
    const lines = await stockedLines(scope, 3 * TILLS.length + 2, 100_000);
    const cartLines = lines.slice(3 * TILLS.length);
    const [category] = await categoryData.all(tenantId);
    if (!category) throw new Error('The demo shop has no category');
    const publicCatalogue = (await fetch(`${api}/public/${tenantId}/category`)).status === 200;
    console.log(`browsing: ${publicCatalogue ? 'the public catalogue' : 'the signed-in storefront reads (no public catalogue)'}`);

    // Each till its own customer too: two bills of one customer at the same instant conflict on the customer's record.
    const billOf = (tillLines: typeof lines, t: number) => {
      const figures = computeBill({ lines: tillLines.map((l) => ({ mrp: l.mrp, rate: l.sellingPrice, quantity: 1, cgstRate: l.cgst, sgstRate: l.sgst })) });
      return JSON.stringify({
        mobileNumber: demoTenant.walkInCustomers![t % demoTenant.walkInCustomers!.length]!.mobileNumber,
      paymentMode: 'Cash',
      purchasedProduct: tillLines.map((l) => ({ productId: l.productId, productName: l.productName, artcode: l.artcode, quantity: 1, sellingPrice: toRupees(l.sellingPrice) })),
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: toRupees(figures.paid),
      });
    };
    const bills = TILLS.map((_, t) => billOf(lines.slice(3 * t, 3 * t + 3), t));
    const tillTokens = await Promise.all(TILLS.map((user) => signIn(api, tenantId, user, DEMO_PASSWORD)));

    // Buyers sign up on the storefront, 5 at a time.
    const run = Date.now() % 100_000;
    const buyers: { customer: Customer; token: string }[] = [];
    for (let from = 0; from < BUYERS; from += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, BUYERS - from) }, async (_, k) => {
          const i = from + k;
          const name = `Saleshopper${run}x${i}`;
          const r = await fetch(`${api}/customer/signUp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              tenantId, customerName: name, mobileNumber: `7${String(run).padStart(5, '0')}${String(i).padStart(4, '0')}`,
              emailId: `${name.toLowerCase()}@example.in`, address: '7, Church Street, Bengaluru 560001', password: SHOPPER_PASSWORD, passwordVerify: SHOPPER_PASSWORD,
            }),
          });
          if (r.status !== 200) throw new Error(`sign-up ${r.status}: ${await r.text()}`);
          const customer = (await r.json()) as Customer;
          return { customer, token: await signIn(api, tenantId, customer.customerName.toLowerCase(), SHOPPER_PASSWORD) };
        }),
      );
      buyers.push(...batch);
    }

    const tally = new Tally();
    const call = async (kind: string, method: string, url: string, token?: string, body?: string) => {
      let r: Response;
      try {
        r = await fetch(url, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
      } catch (error) {
        // No answer at all (a connection reset under load): counted as status 0, not the end of the run.
        tally.add(kind, 0, (error as Error).message);
        return { status: 0, text: '', retryAfter: 1 };
      }
      const text = await r.text();
      let message: string | undefined;
      if (r.status !== 200 && r.status !== 304) message = (() => { try { return (JSON.parse(text) as { message?: string }).message; } catch { return text.slice(0, 80); } })();
      tally.add(kind, r.status, message);
      return { status: r.status, text, retryAfter: Number(r.headers.get('retry-after') ?? 0) };
    };

    let stop = false;
    const tillSamples: number[] = [];
    const till = async (token: string, t: number) => {
      while (!stop) {
        const start = process.hrtime.bigint();
        const r = await call('till bill save', 'POST', `${api}/purchase`, token, bills[t]);
        if (r.status === 200) tillSamples.push(Number(process.hrtime.bigint() - start) / 1e6);
        else await sleep(100);
      }
    };

    // The tills alone.
    let tills = tillTokens.map((token, t) => till(token, t));
    await sleep(ALONE_SECONDS * 1000);
    stop = true;
    await Promise.all(tills);
    const alone = timingOf('till bill save, tills alone', tillSamples.splice(0));
    const aloneRefused = tally.count('till bill save', (s) => s !== 200);
    tally.statuses.clear();
    tally.refusals.clear();

    // The sale: tills and shoppers together.
    stop = false;
    const browseUrl = (n: number) => {
      const line = lines[n % lines.length]!;
      if (publicCatalogue) {
        return n % 2 === 0
          ? `${api}/public/${tenantId}/category/${category.categoryId}/products?page=${n % 3}&size=5`
          : `${api}/public/${tenantId}/product/${encodeURIComponent(line.artcode)}`;
      }
      return n % 2 === 0 ? `${api}/inventory/products/category/${category.categoryId}?page=${n % 3}&size=5` : `${api}/inventory/artcode/${encodeURIComponent(line.artcode)}`;
    };
    let checkouts = 0;
    let paymentsWithoutOrder = 0;
    const shopper = async (i: number) => {
      const buyer = i < buyers.length ? buyers[i] : undefined;
      const browseToken = publicCatalogue ? undefined : buyers[i % buyers.length]!.token;
      let n = i;
      while (!stop) {
        n += 1;
        const page = await call('shopper browse', 'GET', browseUrl(n), browseToken);
        await sleep(page.status === 429 ? 1000 * (page.retryAfter || 1) : THINK_MS);
        if (!buyer || n % 5 !== 0) continue;
        const line = cartLines[n % cartLines.length]!;
        const add = await call('shopper cart add', 'POST', `${api}/cart/save`, buyer.token, JSON.stringify({ customerId: buyer.customer.customerId, productId: line.productId, stockId: line.stockId, cartQuantity: 1 }));
        if (add.status === 429) await sleep(1000 * (add.retryAfter || 1));
        if (add.status !== 200 || n % 15 !== 0) continue;
        const order = await call('shopper checkout', 'POST', `${api}/payment/order/external`, buyer.token, JSON.stringify({ currency: 'INR' }));
        if (order.status !== 200) continue;
        const provider = JSON.parse(order.text) as ProviderOrder;
        const done = await fetch(`${stack.razorpayUrl}/sim/checkout/complete`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: provider.id, outcome: 'success', webhook: false }),
        }).then((r) => r.json() as Promise<{ kind: string; response: Record<string, string> }>);
        if (done.kind !== 'success') continue;
        let paid = await call('shopper checkout', 'POST', `${api}/payment/order/internal`, buyer.token, JSON.stringify({ payment: done.response, status: 'Paid', deliveryCharge: 100 }));
        // A paid checkout is posted back until it is answered: a refusal here must not lose the order.
        while (paid.status === 429 || paid.status === 503) {
          await sleep(1000 * (paid.retryAfter || 1));
          paid = await call('shopper checkout', 'POST', `${api}/payment/order/internal`, buyer.token, JSON.stringify({ payment: done.response, status: 'Paid', deliveryCharge: 100 }));
        }
        const outcome = paid.status === 200 ? (JSON.parse(paid.text) as PaymentOutcome) : undefined;
        if (outcome?.orderStatus === 'OrderSuccess' && outcome.purchaseId) checkouts += 1;
        else paymentsWithoutOrder += 1;
      }
    };
    const saleStarted = Date.now();
    tills = tillTokens.map((token, t) => till(token, t));
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => shopper(i));
    await sleep(SECONDS * 1000);
    stop = true;
    await Promise.all([...tills, ...shoppers]);
    const saleSeconds = (Date.now() - saleStarted) / 1000;
    const during = timingOf('till bill save, during the sale', tillSamples.splice(0));

    const stock = await stockData.byIds(tenantId, lines.map((l) => l.stockId));
    const oversold = stock.filter((s) => s.quantity < 0).length + lines.length - stock.length;

    // Throughput at 50 clients, 10 s each: GET /tenant against a category page.
    const cannon = async (url: string, token?: string) => {
      await sleep(2000);
      const r = await autocannon({ url, connections: 50, duration: 10, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { rps: r.requests.average, p50: r.latency.p50, p97: r.latency.p97_5, non2xx: r.non2xx + r.errors + r.timeouts };
    };
    const tenantLoad = await cannon(`${api}/tenant`);
    const pageLoad = await cannon(browseUrl(0), publicCatalogue ? undefined : buyers[0]!.token);

    const served = tally.count('shopper browse', (s) => s === 200 || s === 304);
    console.log(`\nSale day: ${SHOPPERS} shoppers (${buyers.length} buying, ${THINK_MS} ms a page), ${TILLS.length} tills, ${saleSeconds.toFixed(0)} s; load average ${loadavg()}`);
    console.log(`${'measure'.padEnd(40)} ${'runs'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const t of [alone, during]) console.log(`${t.name.padEnd(40)} ${String(t.runs).padStart(6)} ${t.p50.toFixed(1).padStart(8)} ${t.p95.toFixed(1).padStart(8)}`);
    console.log(`till p50 during / alone: ${(during.p50 / alone.p50).toFixed(2)}x, p95: ${(during.p95 / alone.p95).toFixed(2)}x`);
    console.log(`till requests refused: alone ${aloneRefused}, during the sale ${tally.count('till bill save', (s) => s !== 200)}`);
    for (const [kind, byStatus] of tally.statuses) console.log(`${kind.padEnd(20)} ${JSON.stringify(Object.fromEntries(byStatus))}`);
    console.log(`shopper browse served: ${served} (${(served / saleSeconds).toFixed(0)} /s)`);
    for (const [what, n] of tally.refusals) console.log(`429 ${n.toString().padStart(6)}  ${what}`);
    console.log(`checkouts completed: ${checkouts}; paid without an order: ${paymentsWithoutOrder}; stock lines oversold (below zero): ${oversold}`);
    console.log(`50 clients, 10 s: GET /tenant ${tenantLoad.rps.toFixed(0)} req/s (p50 ${tenantLoad.p50} ms, p97.5 ${tenantLoad.p97} ms, non-2xx ${tenantLoad.non2xx}); ` +
      `${publicCatalogue ? 'public' : 'signed-in'} category page ${pageLoad.rps.toFixed(0)} req/s (p50 ${pageLoad.p50} ms, p97.5 ${pageLoad.p97} ms, non-2xx ${pageLoad.non2xx}): ${(pageLoad.rps / tenantLoad.rps).toFixed(2)}x`);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
