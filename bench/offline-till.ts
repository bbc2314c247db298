import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { categoryData } from '../functions/categories/data.js';
import { receive } from '../functions/inventory/service.js';
import { rootLogger } from '../functions/lib/logger.js';
import { productData } from '../functions/products/data.js';
import { toRupees } from '../shared/money.js';
import { demoTenant } from '../infra/local/seed.js';
import { loadCatalogue, type BulkProduct } from '../infra/local/bulk-catalogue.js';
import { startLocalStack } from '../infra/local/stack.js';
import { launchChromium, signedInState } from './browser.js';
import { printTable, timingOf } from './lib.js';

/**
 * `npm run bench -- offline-till`: a cashier bills 10 lines on Place Order in Chromium, online and offline side by
 * side. Two browser contexts of the same signed-in cashier (each its own device: its own IndexedDB copy and
 * queue); the offline one loads its copy of prices while online, then loses the network
 * (`context.setOffline(true)`). Each round makes one bill on each: the walk-in customer's mobile typed, 10 artcodes
 * typed and Enter (as a scanner sends them), Calculate, Save, until the receipt is on screen. Per bill: the time
 * from the first keystroke to the receipt, and the time of the 10 line lookups alone (from the first character of
 * an artcode to its row filled). At the end the offline device gets its network back and the time until its queue
 * is empty is taken. Needs a build (`npm run build`, or WEB_ROOT).
 *
 * OFFLINE_TILL_ROUNDS (default 10) bills of each kind; OFFLINE_TILL_LINES (default 3,000) more stock lines loaded
 * into the demo shop, so the device's copy is the size of a real shop's.
 */
const webRoot = path.resolve(process.env.WEB_ROOT ?? fileURLToPath(new URL('../frontend/dist', import.meta.url)));
const ROUNDS = Number(process.env.OFFLINE_TILL_ROUNDS ?? 10);
const SHOP_LINES = Number(process.env.OFFLINE_TILL_LINES ?? 3_000);
const LINES_PER_BILL = 10;
const CASHIER = 'cashier@demo.shop';
const walkIn = demoTenant.walkInCustomers![0]!;

interface BillTiming {
  /** First keystroke (the mobile) to the receipt on screen, timed by the bench. */
  total: number;
  /** Per line: the artcode's first character to its row filled, timed by the bench (typing included). */
  typedLines: number[];
  /** Per line: Enter to its row in the page (keydown to the DOM change), timed in the page. */
  lookups: number[];
}

interface LookupWatch {
  lookupMs: Promise<number>;
}

/**
 * Runs in the page before Enter: the time from Enter's keydown to the moment the table shows the artcode's row
 * (a MutationObserver sees the DOM change React commits), so the figure is the lookup alone, without the driving.
 */
function watchLookup(artcode: string) {
  const table = document.querySelector('table[aria-label="Products"]')!;
  (window as unknown as LookupWatch).lookupMs = new Promise<number>((resolve) => {
    let enterAt: number | undefined;
    document.addEventListener('keydown', (e) => { if (e.key === 'Enter') enterAt = performance.now(); }, { capture: true, once: true });
    // No named functions in here: the page has no `__name` helper that the bench's compiler adds to them.
    const observer = new MutationObserver(() => {
      if (enterAt === undefined || ![...table.querySelectorAll('p')].some((node) => node.textContent === artcode)) return;
      observer.disconnect();
      resolve(performance.now() - enterAt);
    });
    observer.observe(table, { childList: true, subtree: true, characterData: true });
  });
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * Stock lines the size of a shop (products with one line each, artcode `BULK<productId>`), and the artcodes of
 * `baskets` bills of 10 lines.
 */
async function loadShop(tenantId: string, baskets: number): Promise<string[][]> {
  const [category] = await categoryData.all(tenantId);
  const [sample] = await productData.byNamePrefix(tenantId, undefined, 1);
  if (!category || !sample?.image) throw new Error('The demo shop has no category or product image');
  const actor = { userName: 'admin@demo.shop', now: new Date() };
  const rows: BulkProduct[] = Array.from({ length: SHOP_LINES }, (_, i) => ({
    productName: `Bench item ${String(i).padStart(5, '0')}`,
    categoryId: category.categoryId,
    image: sample.image,
    quantity: 100,
    mrp: 10_000 + 100 * (i % 50),
    sellingPrice: 9_500 + 100 * (i % 50),
    cgst: 900,
    sgst: 900,
  }));
  const loaded: Awaited<ReturnType<typeof loadCatalogue>> = [];
  for (let from = 0; from < rows.length; from += 1_000) loaded.push(...(await loadCatalogue(tenantId, rows.slice(from, from + 1_000), actor)));
  // Each round's basket is ten other lines spread over the shop (no lookup is answered from an earlier bill's),
  // received through the inventory screen's service: a loaded line has no goods receipt, and Place Order asks for
  // one before selling it.
  const scope = { tenantId, actor, log: rootLogger };
  const step = Math.floor(loaded.length / (LINES_PER_BILL * baskets));
  if (step < 1) throw new Error(`${SHOP_LINES} lines are too few for ${baskets} baskets of ${LINES_PER_BILL}`);
  const artcodes: string[][] = [];
  for (let basket = 0; basket < baskets; basket++) {
    const chosen = Array.from({ length: LINES_PER_BILL }, (_, i) => (i * baskets + basket) * step);
    for (const at of chosen) {
      const row = rows[at]!;
      await receive(scope, {
        productId: loaded[at]!.productId,
        artcode: `BULK${loaded[at]!.productId}`,
        barcode: '',
        vendor: 'Bulk vendor',
        quantity: 10,
        cgst: row.cgst / 100,
        sgst: row.sgst / 100,
        mrp: toRupees(row.mrp),
        buyingPrice: toRupees(Math.round(row.sellingPrice * 0.8)),
        sellingPrice: toRupees(row.sellingPrice),
      });
    }
    artcodes.push(chosen.map((at) => `BULK${loaded[at]!.productId}`));
  }
  return artcodes;
}

/** Place Order open with the device's copy of prices loaded and the app's files kept by the service worker. */
async function openTill(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/purchaseUpdated/new');
  await page.getByLabel('Prices on this device').waitFor({ timeout: 600_000 });
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      const cache = await caches.open('hashed-assets');
      const files = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
      return (await Promise.all(files.map((u) => cache.match(u.pathname)))).every(Boolean);
    },
    undefined,
    { timeout: 120_000, polling: 500 },
  );
  return page;
}

/** One bill as a cashier makes it, timed from the first keystroke to the receipt on screen. */
async function makeBill(page: Page, artcodes: string[]): Promise<BillTiming> {
  await page.getByRole('heading', { level: 1, name: 'Add Products' }).waitFor({ timeout: 60_000 });
  const mobile = page.getByRole('combobox', { name: 'Mobile Number' });
  const products = page.getByRole('table', { name: 'Products' });
  const perLine: number[] = [];
  const lookups: number[] = [];
  const start = now();
  await mobile.pressSequentially(walkIn.mobileNumber);
  await page.getByLabel('Customer Name').and(page.locator('[readonly]')).waitFor({ timeout: 60_000 });
  for (const [i, artcode] of artcodes.entries()) {
    const cell = page.getByLabel(`Name/Code, row ${i + 1}`);
    const typed = now();
    await cell.pressSequentially(artcode);
    await page.evaluate(watchLookup, artcode);
    await cell.press('Enter');
    await products.getByText(artcode, { exact: true }).waitFor({ timeout: 60_000 });
    perLine.push(now() - typed);
    lookups.push(await page.evaluate(() => (window as unknown as LookupWatch).lookupMs));
  }
  await page.getByRole('button', { name: 'Calculate' }).click();
  await page.getByLabel('Print').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  const receipt = page.getByRole('dialog');
  await receipt.getByText('80 mm roll').waitFor({ timeout: 120_000 });
  const total = now() - start;
  return { total, typedLines: perLine, lookups };
}

/** After a bill: online the screen leaves for the order list, whose Place Order opens the next; offline the receipt closes on a fresh bill. */
async function nextBill(page: Page, offline: boolean) {
  if (offline) {
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  } else {
    await page.waitForURL((url) => url.pathname === '/purchase', { timeout: 60_000 });
    // Within the app, as the cashier goes back: a reload would refresh the device's copy of every line each time.
    await page.getByRole('button', { name: 'Place Order' }).click();
  }
}

export async function offlineTillBenchmark(): Promise<void> {
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`No web build in ${webRoot}: run "npm run build" first`);
  console.log(`\noffline-till: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadAverage()}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-till-'));
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', shopRequestsPerSecond: 100_000, webRoot });
  const browser = await launchChromium();
  try {
    // The warm-up round and the timed ones: online and offline bills of a round take the same basket.
    const baskets = await loadShop('demo', ROUNDS + 1);
    const storageState = await signedInState(browser, stack.url, CASHIER);
    const contexts = { online: await browser.newContext({ baseURL: stack.url, storageState }), offline: await browser.newContext({ baseURL: stack.url, storageState }) };
    const pages = { online: await openTill(contexts.online), offline: await openTill(contexts.offline) };
    /** A bill on one device; a bill that goes wrong leaves a screenshot of the screen behind. */
    const billOn = (mode: 'online' | 'offline', basket: string[]) =>
      makeBill(pages[mode], basket).catch(async (error: unknown) => {
        const shot = path.join(os.tmpdir(), `offline-till-${mode}.png`);
        await pages[mode].screenshot({ path: shot, fullPage: true });
        console.error(`The ${mode} bill failed; the screen is in ${shot}`);
        throw error;
      });
    const lines = await pages.offline.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('shopdesk-till');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('lines').objectStore('lines').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    console.log(`device copy: ${lines} stock lines; ${ROUNDS} rounds of a ${LINES_PER_BILL}-line bill, online and offline alternately`);
    await contexts.offline.setOffline(true);
    await pages.offline.getByRole('status', { name: 'Till status' }).getByText('You are offline').waitFor();

    // One untimed bill on each device first: the screens' code and the first lookups are warm in both columns.
    for (const mode of ['online', 'offline'] as const) {
      await billOn(mode, baskets[0]!);
      await nextBill(pages[mode], mode === 'offline');
    }
    const timings: Record<'online' | 'offline', BillTiming[]> = { online: [], offline: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['online', 'offline'] as const) {
        timings[mode].push(await billOn(mode, baskets[round + 1]!));
        await nextBill(pages[mode], mode === 'offline');
      }
    }
    const loadAfterBills = loadAverage();

    // The network comes back: the queue (the warm-up bill and the timed ones) is sent oldest first.
    const queued = ROUNDS + 1;
    const status = pages.offline.getByRole('status', { name: 'Till status' });
    await status.getByText(`${queued} bills waiting`).waitFor();
    const back = now();
    await contexts.offline.setOffline(false);
    await status.waitFor({ state: 'hidden', timeout: 600_000 });
    const drained = now() - back;

    const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(0.9 * values.length))]!;
    const row = (name: string, values: number[]) => ({ ...timingOf(name, values), p95: p90(values) });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    printTable(`Place Order, ${LINES_PER_BILL} lines a bill, ${ROUNDS} bills each (the p95 column is p90)`, [
      row('online: first keystroke to receipt', timings.online.map((t) => t.total)),
      row('offline: first keystroke to receipt', timings.offline.map((t) => t.total)),
      row('online: 10 lookups (Enter to row), a bill', timings.online.map((t) => sum(t.lookups))),
      row('offline: 10 lookups (Enter to row), a bill', timings.offline.map((t) => sum(t.lookups))),
      row('online: one lookup (Enter to row)', timings.online.flatMap((t) => t.lookups)),
      row('offline: one lookup (Enter to row)', timings.offline.flatMap((t) => t.lookups)),
      row('online: one line typed (artcode, Enter, row)', timings.online.flatMap((t) => t.typedLines)),
      row('offline: one line typed (artcode, Enter, row)', timings.offline.flatMap((t) => t.typedLines)),
    ], {
      'offline: first keystroke to receipt': 'online: first keystroke to receipt',
      'offline: 10 lookups (Enter to row), a bill': 'online: 10 lookups (Enter to row), a bill',
      'offline: one lookup (Enter to row)': 'online: one lookup (Enter to row)',
      'offline: one line typed (artcode, Enter, row)': 'online: one line typed (artcode, Enter, row)',
    });
    console.log(`queue of ${queued} offline bills sent after the network came back: ${(drained / 1000).toFixed(2)} s (${(drained / queued).toFixed(0)} ms a bill)`);
    console.log(`load average after the bills ${loadAfterBills}, after the queue ${loadAverage()}`);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
