import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { demoTenant } from '../infra/local/seed.js';
import { startLocalStack } from '../infra/local/stack.js';
import { launchChromium, signedInState } from './browser.js';
import { printTable, timingOf } from './lib.js';

/**
 * `npm run bench -- keyboard-bill`: a cashier bills 10 lines on Place Order in Chromium with the keyboard alone, as
 * a keyboard-wedge scanner and the till's keys make it: the walk-in customer's mobile, 10 seeded artcodes each typed
 * and Enter, F8 (Calculate), F10 (Print off), F9 (Save), until the receipt is on screen. Per bill: the time from the
 * first scan to the receipt on screen, from F9 to the receipt, and the save's own call (POST /purchase, request sent
 * to answer received, as the browser timed it). Needs a build (`npm run build`, or WEB_ROOT).
 *
 * KEYBOARD_BILL_ROUNDS (default 10) timed bills after one untimed.
 */
const webRoot = path.resolve(process.env.WEB_ROOT ?? fileURLToPath(new URL('../frontend/dist', import.meta.url)));
const ROUNDS = Number(process.env.KEYBOARD_BILL_ROUNDS ?? 10);
/** Seeded stock lines with units enough for every round (every fifth seeded line is kept low). */
const ARTCODES = ['HSN1001', 'HSN1002', 'HSN1003', 'HSN1005', 'HSN1006', 'HSN1007', 'HSN1008', 'HSN1010', 'HSN1011', 'HSN1012'];
const walkIn = demoTenant.walkInCustomers![0]!;

interface BillTiming {
  firstScanToReceipt: number;
  saveKeyToReceipt: number;
  saveCall: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function keyboardBill(page: Page): Promise<BillTiming> {
  await page.goto('/purchaseUpdated/new');
  const mobile = page.getByRole('combobox', { name: 'Mobile Number' });
  await mobile.waitFor({ timeout: 60_000 });
  // The till opens with the focus on the mobile number.
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.placeholder === '10 digits');
  await page.keyboard.type(walkIn.mobileNumber);
  await page.getByLabel('Customer Name').and(page.locator('[readonly]')).waitFor({ timeout: 60_000 });
  const products = page.getByRole('table', { name: 'Products' });
  const start = now();
  for (const artcode of ARTCODES) {
    await page.keyboard.type(artcode);
    await page.keyboard.press('Enter');
    await products.getByText(artcode, { exact: true }).waitFor({ timeout: 60_000 });
  }
  await page.keyboard.press('F8');
  await page.getByRole('button', { name: 'Save' }).waitFor();
  await page.keyboard.press('F10');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/purchase');
  const saveAt = now();
  await page.keyboard.press('F9');
  const answer = await saved;
  if (answer.status() !== 200) throw new Error(`Save answered ${answer.status()}: ${await answer.text()}`);
  await page.getByRole('dialog').getByText('80 mm roll').waitFor({ timeout: 120_000 });
  const end = now();
  const timing = answer.request().timing();
  return { firstScanToReceipt: end - start, saveKeyToReceipt: end - saveAt, saveCall: timing.responseStart - timing.requestStart };
}

export async function keyboardBillBenchmark(): Promise<void> {
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`No web build in ${webRoot}: run "npm run build" first`);
  console.log(`\nkeyboard-bill: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadAverage()}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-keys-'));
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', shopRequestsPerSecond: 100_000, webRoot });
  const browser = await launchChromium();
  try {
    const storageState = await signedInState(browser, stack.url, 'cashier@demo.shop');
    const context = await browser.newContext({ baseURL: stack.url, storageState });
    const page = await context.newPage();
    await keyboardBill(page);
    const timings: BillTiming[] = [];
    for (let round = 0; round < ROUNDS; round++) timings.push(await keyboardBill(page));
    printTable(`Place Order from the keyboard, ${ARTCODES.length} lines a bill, ${ROUNDS} bills`, [
      timingOf('first scan to receipt on screen', timings.map((t) => t.firstScanToReceipt)),
      timingOf('F9 (Save) to receipt on screen', timings.map((t) => t.saveKeyToReceipt)),
      timingOf('the save call (POST /purchase)', timings.map((t) => t.saveCall)),
    ]);
    console.log(`load average after the bills ${loadAverage()}`);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
