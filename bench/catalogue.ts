import os from 'node:os';
import autocannon from 'autocannon';
import { dynamo } from '../functions/lib/aws.js';
import { productData } from '../functions/products/data.js';
import { categoryData } from '../functions/categories/data.js';
import { loadCatalogue, loadCategory, type BulkProduct } from '../infra/local/bulk-catalogue.js';
import { PRODUCT_SUGGESTIONS } from '../shared/schemas/catalogue.js';
import { measure, printTable, signIn, timingOf, withStack, type Timing } from './lib.js';

/**
 * Catalogue reads at scale, through the local gateway: a shop of 1,000 and then 20,000 products in one category,
 * among 100 shops in the table. Per size: throughput and latency of the storefront's category page (five products,
 * as the screen asks) and of product suggestions at 50 concurrent clients, next to the public `GET /tenant` and the
 * signed-in `GET /product/count` (one counter) at 50 clients in the same minute; DynamoDB requests and items read
 * per category page and suggestion call (counted on the data layer's client); and, at 20,000, the product list's
 * first and 200th page, the product count and a one-letter prefix-search count.
 */

const CONNECTIONS = 50;
const SECONDS = Number(process.env.SECONDS ?? 10);
/** Catalogue sizes measured, in order (`SIZES=20000` measures only the large shop; loading is cumulative). */
const SIZES = (process.env.SIZES ?? '1000,20000').split(',').map(Number);
const PAGE = 5;
const LIST_PAGE = 10;
const OTHER_SHOPS = 97;
const OTHER_SHOP_PRODUCTS = 20;
const PASSWORD = 'Demo@1234';

const WORDS = ['amber', 'basmati', 'cotton', 'dhania', 'elaichi', 'fennel', 'ghee', 'haldi', 'imli', 'jeera', 'kesar', 'lavang', 'masoor', 'neem', 'ooty', 'paneer', 'rajma', 'sooji', 'tulsi', 'urad'];
const nameOf = (n: number) => `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]} pack ${String(n).padStart(6, '0')}`;

function rows(from: number, to: number, categoryId: number, image: string): BulkProduct[] {
  return Array.from({ length: to - from }, (_, i) => ({
    productName: nameOf(from + i),
    categoryId,
    image,
    quantity: 10 + ((from + i) % 40),
    mrp: 10_000 + ((from + i) % 500) * 100,
    sellingPrice: 9_500 + ((from + i) % 500) * 100,
    cgst: 250,
    sgst: 250,
  }));
}

/** DynamoDB requests and items read, counted on the data layer's client for the requests made in between. */
const meter = { requests: 0, itemsRead: 0, pending: 0, byCommand: new Map<string, number>() };
function installMeter() {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      meter.pending += 1;
      const out = await next(args).finally(() => (meter.pending -= 1));
      const name = context.commandName ?? 'unknown';
      meter.requests += 1;
      meter.byCommand.set(name, (meter.byCommand.get(name) ?? 0) + 1);
      const o = out.output as { ScannedCount?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
      if (typeof o.ScannedCount === 'number') meter.itemsRead += o.ScannedCount;
      else if (name === 'GetItemCommand' || name === 'GetCommand') meter.itemsRead += o.Item ? 1 : 0;
      else if (o.Responses) meter.itemsRead += Object.values(o.Responses).reduce((sum, list) => sum + list.length, 0);
      return out;
    },
    { step: 'initialize', name: 'benchMeter' },
  );
}

/**
 * Waits until the server has finished the requests a load left queued (no DynamoDB call for half a second), so
 * one measure's backlog does not land in the next.
 */
async function idle() {
  let quiet = 0;
  while (quiet < 5) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    quiet = meter.pending === 0 ? quiet + 1 : 0;
  }
}

async function metered(work: () => Promise<unknown>) {
  await idle();
  meter.requests = 0;
  meter.itemsRead = 0;
  meter.byCommand.clear();
  await work();
  return { requests: meter.requests, itemsRead: meter.itemsRead, commands: Object.fromEntries(meter.byCommand) };
}

interface Load {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

async function load(name: string, url: string, token?: string): Promise<Load> {
  await idle();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5 ?? result.latency.p99, errors: failed };
}

function printLoads(title: string, loads: Load[]) {
  console.log(`\n${title} (${CONNECTIONS} clients, ${SECONDS} s each)`);
  console.log(`${'route'.padEnd(52)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p97.5 ms'.padStart(9)} ${'errors'.padStart(7)}  vs GET /tenant`);
  const base = loads.find((l) => l.name === 'GET /tenant');
  for (const l of loads) {
    const versus = base && l !== base ? `${(l.rps / base.rps).toFixed(2)}x rps, ${(l.p95 / base.p95).toFixed(1)}x p97.5` : '';
    console.log(`${l.name.padEnd(52)} ${l.rps.toFixed(0).padStart(8)} ${l.p50.toFixed(0).padStart(8)} ${l.p95.toFixed(0).padStart(9)} ${String(l.errors).padStart(7)}  ${versus}`);
  }
}

/** The URL of page `pages` (from 1) reached by following the `X-Next-Page` cursors, as the web app pages; undefined without cursors. */
async function followCursors(url: string, token: string, pages: number): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let page = 1; page < pages; page++) {
    const r = await fetch(cursor ? `${url}&cursor=${cursor}` : url, { headers: { authorization: `Bearer ${token}` } });
    await r.arrayBuffer();
    cursor = r.headers.get('x-next-page') ?? undefined;
    if (!cursor) return undefined;
  }
  return `${url}&cursor=${cursor}`;
}

async function sequential(name: string, url: () => string, token: string, runs: number, next?: (r: Response) => void): Promise<Timing> {
  await idle();
  const samples: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const start = process.hrtime.bigint();
    const r = await fetch(url(), { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    if (i >= 5) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    next?.(r);
  }
  return timingOf(name, samples);
}

export async function catalogueBenchmark(runs: number) {
  console.log(`\ncatalogue: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const actor = { userName: 'admin@demo.shop', now: new Date() };
    installMeter();
    const customer = await signIn(stack.apiUrl, tenantId, 'customer@demo.shop', PASSWORD);
    const admin = await signIn(stack.apiUrl, tenantId, 'admin@demo.shop', PASSWORD);

    const [category] = await categoryData.all(tenantId);
    const [sample] = await productData.byNamePrefix(tenantId, undefined, 1);
    if (!category || !sample?.image) throw new Error('The demo shop has no category or product image');
    const categoryId = category.categoryId;

    // 100 shops in the table: the demo shop, the seed's test shops and 97 more with a small catalogue each.
    for (let shop = 0; shop < OTHER_SHOPS; shop++) {
      const other = `bench${shop}`;
      const shelf = await loadCategory(other, 'Groceries', `t/${other}/images/none.png`, actor);
      await loadCatalogue(other, rows(0, OTHER_SHOP_PRODUCTS, shelf.categoryId, shelf.image), actor);
    }

    let loaded = 0;
    for (const size of SIZES) {
      const started = Date.now();
      for (let from = loaded; from < size; from += 1_000) await loadCatalogue(tenantId, rows(from, Math.min(size, from + 1_000), categoryId, sample.image), actor);
      loaded = size;
      console.log(`\n${size.toLocaleString('en-IN')} products in category ${categoryId} (loaded in ${((Date.now() - started) / 1000).toFixed(0)} s), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

      const categoryUrl = (page: number) => `${stack.apiUrl}/inventory/products/category/${categoryId}?page=${page}&size=${PAGE}`;
      const loads = [
        await load('GET /tenant', `${stack.apiUrl}/tenant`),
        await load(`GET /inventory/products/category/{id} (page 1 of ${PAGE})`, categoryUrl(0), customer),
        await load('GET /product/suggestion/{text} (one letter)', `${stack.apiUrl}/product/suggestion/k`, admin),
        await load('GET /product/suggestion/{text} (four letters)', `${stack.apiUrl}/product/suggestion/kesa`, admin),
        // A signed-in route reading one counter: what any staff call costs (token, the caller's standing) beside the public route.
        await load('GET /product/count (signed in, one counter)', `${stack.apiUrl}/product/count`, admin),
        await load('GET /tenant (again)', `${stack.apiUrl}/tenant`),
      ];
      printLoads(`${size.toLocaleString('en-IN')} products`, loads);

      const authed = (url: string, token: string) => () => fetch(url, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
      const deep = Math.floor(size / PAGE / 2);
      const byCursor = await followCursors(categoryUrl(0), customer, 200);
      const perPage = {
        'category page 1': await metered(authed(categoryUrl(0), customer)),
        [`category page ${deep + 1} (?page=${deep})`]: await metered(authed(categoryUrl(deep), customer)),
        ...(byCursor ? { 'category page 200 (by cursor)': await metered(authed(byCursor, customer)) } : {}),
        'suggestions, one letter': await metered(authed(`${stack.apiUrl}/product/suggestion/k`, admin)),
        'suggestions, four letters': await metered(authed(`${stack.apiUrl}/product/suggestion/kesa`, admin)),
        'GET /tenant': await metered(() => fetch(`${stack.apiUrl}/tenant`).then((r) => r.arrayBuffer())),
      };
      if (!byCursor) console.log('(the category page answers no X-Next-Page cursor)');
      console.log('\nDynamoDB per request (the gateway\'s standing check of the caller included)');
      for (const [name, m] of Object.entries(perPage)) console.log(`${name.padEnd(40)} ${String(m.requests).padStart(4)} requests ${String(m.itemsRead).padStart(7)} items read  ${JSON.stringify(m.commands)}`);

      if (size === 20_000) {
        const list = (page: number) => `${stack.apiUrl}/product/all?page=${page}&size=${LIST_PAGE}`;
        const sampleRuns = Math.max(10, Math.min(runs, 50));
        const listCursor = await followCursors(list(0), admin, 200);
        const rowsOut = [
          await sequential('GET /product/all page 1', () => list(0), admin, sampleRuns),
          await sequential('GET /product/all page 200 (?page=199)', () => list(199), admin, sampleRuns),
          ...(listCursor ? [await sequential('GET /product/all page 200 (by cursor)', () => listCursor, admin, sampleRuns)] : []),
          await sequential('GET /product/count', () => `${stack.apiUrl}/product/count`, admin, sampleRuns),
          await sequential('GET /product/searchCount/{text} (one letter)', () => `${stack.apiUrl}/product/searchCount/k`, admin, sampleRuns),
        ];
        printTable(`20,000 products, one client, page of ${LIST_PAGE}`, rowsOut, {
          'GET /product/all page 200 (?page=199)': 'GET /product/all page 1',
          'GET /product/all page 200 (by cursor)': 'GET /product/all page 1',
          'GET /product/count': 'GET /product/all page 1',
        });
        const listMeter = {
          'product list page 1': await metered(authed(list(0), admin)),
          'product list page 200 (?page=199)': await metered(authed(list(199), admin)),
          ...(listCursor ? { 'product list page 200 (by cursor)': await metered(authed(listCursor, admin)) } : {}),
          'product count': await metered(authed(`${stack.apiUrl}/product/count`, admin)),
          'prefix-search count, one letter': await metered(authed(`${stack.apiUrl}/product/searchCount/k`, admin)),
        };
        for (const [name, m] of Object.entries(listMeter)) console.log(`${name.padEnd(40)} ${String(m.requests).padStart(4)} requests ${String(m.itemsRead).padStart(7)} items read  ${JSON.stringify(m.commands)}`);

        // The suggestion read as it was (a first letter's 500 names) and as it is (20), straight on the emulator, beside the route.
        await idle();
        const suggestionRows = [
          await measure('raw Query, 500 names of one letter', () => productData.suggestions(tenantId, 'k', 500), sampleRuns, 5),
          await measure('raw Query, 20 names of one letter', () => productData.suggestions(tenantId, 'k', PRODUCT_SUGGESTIONS), sampleRuns, 5),
          await sequential('GET /product/suggestion/{text} (one letter)', () => `${stack.apiUrl}/product/suggestion/k`, admin, sampleRuns),
          await sequential('GET /product/count (signed in, one counter)', () => `${stack.apiUrl}/product/count`, admin, sampleRuns),
        ];
        printTable('20,000 products, one client, suggestions', suggestionRows, {
          'raw Query, 20 names of one letter': 'raw Query, 500 names of one letter',
          'GET /product/suggestion/{text} (one letter)': 'GET /product/count (signed in, one counter)',
        });
      }
    }
  });
}
