import os from 'node:os';
import { categoryData } from '../functions/categories/data.js';
import { suggestions } from '../functions/inventory/service.js';
import { productData } from '../functions/products/data.js';
import { stockData } from '../functions/stock/data.js';
import { stockSearchPage } from '../functions/stock/search.js';
import { loadCatalogue, type BulkProduct } from '../infra/local/bulk-catalogue.js';
import { PRODUCT_SUGGESTIONS } from '../shared/schemas/catalogue.js';
import { printTable, signIn, timingOf, withStack, type Timing } from './lib.js';

/**
 * Search by any word at 20,000 products (one shop, one category, each product received so it has a stock line):
 * the till's suggestion and the product suggestion by the word index, side by side in one run with the prefix
 * suggestion they replaced (the name index's `begins_with`, and the till's three prefix reads), and the till's
 * suggestion as the word index first shipped it (the word index, then the shelf items), for a text that starts
 * names and one that is only a later word of them. One client; the calls of a group take turns.
 */

const SIZE = Number(process.env.SIZE ?? 20_000);
const WORDS = ['amber', 'basmati', 'cotton', 'dhania', 'elaichi', 'fennel', 'ghee', 'haldi', 'imli', 'jeera', 'kesar', 'lavang', 'masoor', 'neem', 'ooty', 'paneer', 'rajma', 'sooji', 'tulsi', 'urad'];
const nameOf = (n: number) => `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]} pack ${String(n).padStart(6, '0')}`;

const rows = (from: number, to: number, categoryId: number, image: string): BulkProduct[] =>
  Array.from({ length: to - from }, (_, i) => ({
    productName: nameOf(from + i),
    categoryId,
    image,
    quantity: 10 + ((from + i) % 40),
    mrp: 10_000 + ((from + i) % 500) * 100,
    sellingPrice: 9_500 + ((from + i) % 500) * 100,
    cgst: 250,
    sgst: 250,
  }));

/** The till's suggestion read as it was: lines whose name, artcode or barcode starts with the text. */
const prefixTill = (tenantId: string, text: string) =>
  Promise.all([stockData.byName(tenantId, text, 20), stockData.byArtcode(tenantId, text, 20), stockData.byBarcode(tenantId, text, 20)]);

/** The till's suggestion read as the word index first shipped it: the word index, then the products' shelf items. */
const wordThenShelves = (tenantId: string, text: string) =>
  Promise.all([
    productData.suggestions(tenantId, text, 20).then((products) => productData.shelves(tenantId, products.map((p) => p.productId))),
    stockData.byArtcode(tenantId, text, 20),
    stockData.byBarcode(tenantId, text, 20),
  ]);

/** Times several calls taking turns (one of each, `runs` rounds after 5 untimed), so load moves them alike. */
async function alternated(runs: number, calls: [string, () => Promise<unknown>][]): Promise<Timing[]> {
  const samples = calls.map(() => [] as number[]);
  for (let round = 0; round < runs + 5; round++) {
    for (const [i, [, work]] of calls.entries()) {
      const start = process.hrtime.bigint();
      await work();
      if (round >= 5) samples[i]!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return calls.map(([name], i) => timingOf(name, samples[i]!));
}

export async function wordSearchBenchmark(runs: number) {
  const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`\nword-search: ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${loadAverage()}`);
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const actor = { userName: 'admin@demo.shop', now: new Date() };
    const [category] = await categoryData.all(tenantId);
    const [sample] = await productData.byNamePrefix(tenantId, undefined, 1);
    if (!category || !sample?.image) throw new Error('The demo shop has no category or product image');
    const started = Date.now();
    for (let from = 0; from < SIZE; from += 1_000) await loadCatalogue(tenantId, rows(from, Math.min(SIZE, from + 1_000), category.categoryId, sample.image), actor);
    console.log(`${SIZE.toLocaleString('en-IN')} products loaded in ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
    const admin = await signIn(stack.apiUrl, tenantId, 'admin@demo.shop', 'Demo@1234');
    const n = Math.max(20, Math.min(runs, 200));
    const till = (text: string) => async () => {
      const r = await fetch(`${stack.apiUrl}/inventory/anyList/false/${text}`, { headers: { authorization: `Bearer ${admin}` } });
      if (r.status !== 200 || !((await r.json()) as unknown[]).length) throw new Error(`GET /inventory/anyList/false/${text}: ${r.status}`);
    };
    // The cursor of a deep page of the stock list's search, walked to once before the timing.
    let deepCursor: string | undefined;
    for (let page = 0; page < 50; page++) deepCursor = (await stockSearchPage(tenantId, 'basm', { page, size: 20, cursor: deepCursor })).next;
    if (!deepCursor) throw new Error("The stock list's search for 'basm' has fewer than 51 pages");
    // Each group's calls alternate, one of each in turn, so the machine's load moves them alike.
    const table: Timing[] = [
      ...(await alternated(n, [
        ["product suggestion, prefix index, 'kesa' (before)", () => productData.prefixSuggestions(tenantId, 'kesa', PRODUCT_SUGGESTIONS)],
        ["product suggestion, word index, 'kesa' (after)", () => productData.suggestions(tenantId, 'kesa', PRODUCT_SUGGESTIONS)],
        ["product suggestion, word index, 'basm' (a later word)", () => productData.suggestions(tenantId, 'basm', PRODUCT_SUGGESTIONS)],
      ])),
      ...(await alternated(n, [
        ["till suggestion, three prefix reads, 'kesa' (before)", () => prefixTill(tenantId, 'kesa')],
        ["till suggestion, word index then shelves, 'kesa' (first word version)", () => wordThenShelves(tenantId, 'kesa')],
        ["till suggestion, word index beside lines by name, 'kesa' (after)", () => suggestions(tenantId, 'kesa', false)],
        ["till suggestion, word index beside lines by name, 'basm' (a later word)", () => suggestions(tenantId, 'basm', false)],
      ])),
      ...(await alternated(n, [
        ["stock list, a page of 20 lines by name prefix, 'kesa' (before)", () => stockData.byNamePage(tenantId, 'kesa', { page: 0, size: 20 })],
        ["stock list search by any word, first page of 20, 'kesa' (after)", () => stockSearchPage(tenantId, 'kesa', { page: 0, size: 20 })],
        ["stock list search by any word, first page of 20, 'basm' (a later word)", () => stockSearchPage(tenantId, 'basm', { page: 0, size: 20 })],
        ["stock list search by any word, page 50 of 20 by its cursor, 'basm'", () => stockSearchPage(tenantId, 'basm', { page: 50, size: 20, cursor: deepCursor })],
      ])),
      ...(await alternated(n, [
        ['GET /inventory/anyList/false/kesa (after, through the gateway)', till('kesa')],
        ['GET /inventory/anyList/false/basmati (after, a later whole word)', till('basmati')],
      ])),
    ];
    printTable(`${SIZE.toLocaleString('en-IN')} products, one client`, table, {
      "product suggestion, word index, 'kesa' (after)": "product suggestion, prefix index, 'kesa' (before)",
      "product suggestion, word index, 'basm' (a later word)": "product suggestion, prefix index, 'kesa' (before)",
      "till suggestion, word index then shelves, 'kesa' (first word version)": "till suggestion, three prefix reads, 'kesa' (before)",
      "till suggestion, word index beside lines by name, 'kesa' (after)": "till suggestion, three prefix reads, 'kesa' (before)",
      "till suggestion, word index beside lines by name, 'basm' (a later word)": "till suggestion, three prefix reads, 'kesa' (before)",
      "stock list search by any word, first page of 20, 'kesa' (after)": "stock list, a page of 20 lines by name prefix, 'kesa' (before)",
      "stock list search by any word, first page of 20, 'basm' (a later word)": "stock list, a page of 20 lines by name prefix, 'kesa' (before)",
      "stock list search by any word, page 50 of 20 by its cursor, 'basm'": "stock list, a page of 20 lines by name prefix, 'kesa' (before)",
    });
    console.log(`load average at the end ${loadAverage()}`);
  });
}
