import os from 'node:os';
import { cartData, type StoredCartLine } from '../functions/cart/data.js';
import { putItem, type Item } from '../functions/lib/db.js';
import { partnerData } from '../functions/partners/data.js';
import { ORDER_STATUSES } from '../shared/schemas/cart.js';
import { countReads, printTable, readsOf, signIn, timingOf, withStack, type Timing } from './lib.js';

/**
 * Lists merged from several queries at depth, through the local gateway: partner search (by name and by company,
 * 2,000 partners, each matching both) and the shop's orders across four statuses (2,000 orders). Per list, page 1, page
 * 200 asked by number and page 200 reached by the `X-Next-Page` cursor, next to `GET /tenant`: latency (one
 * client) and DynamoDB requests and items read per request (the gateway's standing check of the caller included).
 */

const PARTNERS = 2_000;
const ORDERS = 2_000;
const PAGE = 5;
const DEEP = 200;
const PASSWORD = 'Demo@1234';

async function loadPartners(tenantId: string) {
  for (let i = 0; i < PARTNERS; i++) {
    const id = 100_000 + i;
    const partner = {
      businessPartnersId: id,
      name: `Merge Supplier ${String(i).padStart(5, '0')}`,
      // Right after its own name in key order: every partner is in both queries and shows once.
      companyName: `Merge Supplier ${String(i).padStart(5, '0')} Co`,
      emailId: `merge${i}@supplier.example`,
      mobileNumber: `7${String(i).padStart(9, '0')}`,
      productDetail: 'Rice',
      address: 'Market Yard',
      version: 1,
    };
    await putItem(partnerData.toItem(tenantId, partner as never));
  }
}

async function loadOrders(tenantId: string) {
  for (let i = 0; i < ORDERS; i++) {
    const when = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    const line: StoredCartLine = {
      customerCartId: 500_000 + i,
      customerId: 1,
      productId: 1,
      inventoryId: 1,
      stockId: 1,
      productName: `Order ${i}`,
      artcode: 'BENCH',
      cartQuantity: 1,
      price: 10_000,
      mrp: 12_000,
      cgst: 250,
      sgst: 250,
      status: ORDER_STATUSES[i % ORDER_STATUSES.length]!,
      paymentDate: when,
      mobileNumber: `9${String(i).padStart(9, '0')}`,
      version: 1,
      createdBy: 'bench',
      createdOn: when,
    };
    await putItem(cartData.createWrite(tenantId, line).Put!.Item as Item);
  }
}

/** The URL of page `pages` (from 1) reached by following the `X-Next-Page` cursors, as the web app pages. */
async function followCursors(url: string, token: string, pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let page = 1; page < pages; page++) {
    const r = await fetch(cursor ? `${url}&cursor=${cursor}` : url, { headers: { authorization: `Bearer ${token}` } });
    await r.arrayBuffer();
    cursor = r.headers.get('x-next-page') ?? undefined;
    if (!cursor) throw new Error(`${url}: no cursor after page ${page}`);
  }
  return `${url}&cursor=${cursor}`;
}

async function sequential(name: string, url: string, token: string | undefined, runs: number): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = process.hrtime.bigint();
    const r = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    if (i >= 3) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return timingOf(name, samples);
}

export async function mergedListsBenchmark(runs: number) {
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`\nmerged-lists: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${load()}`);
  await withStack(async (stack) => {
    const tenantId = 'demo';
    countReads();
    await loadPartners(tenantId);
    await loadOrders(tenantId);
    const admin = await signIn(stack.apiUrl, tenantId, 'admin@demo.shop', PASSWORD);
    const sampleRuns = Math.max(10, Math.min(runs, 30));
    const lists = {
      'partner search': `${stack.apiUrl}/businessPartners/search/merge?size=${PAGE}`,
      'orders, 4 statuses': `${stack.apiUrl}/cart/order/${ORDER_STATUSES.join(',')}?size=${PAGE}`,
    };
    const timings: Timing[] = [await sequential('GET /tenant', `${stack.apiUrl}/tenant`, undefined, sampleRuns)];
    const baseline: Record<string, string> = {};
    const reads: [string, Awaited<ReturnType<typeof readsOf>>][] = [];
    const authed = (url: string, token?: string) => () => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then((r) => r.arrayBuffer());
    reads.push(['GET /tenant', await readsOf(authed(`${stack.apiUrl}/tenant`))]);
    for (const [name, url] of Object.entries(lists)) {
      const deepCursor = await followCursors(url, admin, DEEP);
      const asked = { [`${name} page 1`]: `${url}&page=0`, [`${name} page ${DEEP} (?page=${DEEP - 1})`]: `${url}&page=${DEEP - 1}`, [`${name} page ${DEEP} (cursor)`]: deepCursor };
      for (const [measure, target] of Object.entries(asked)) {
        timings.push(await sequential(measure, target, admin, sampleRuns));
        reads.push([measure, await readsOf(authed(target, admin))]);
        baseline[measure] = 'GET /tenant';
      }
    }
    printTable(`Merged lists, pages of ${PAGE}, one client (load average ${load()})`, timings, baseline);
    console.log('\nDynamoDB per request');
    for (const [name, r] of reads) console.log(`${name.padEnd(46)} ${String(r.requests).padStart(4)} requests ${String(r.items).padStart(7)} items read`);
  });
  console.log(`load average at the end ${load()}`);
}
