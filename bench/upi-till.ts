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
 * `npm run bench -- upi-till`: Place Order in Chromium with the demo shop's UPI ID set. Per bill (the walk-in
 * customer, one scanned line): the time from Calculate to the figures and Save on screen for a Cash bill (no QR), and
 * from Calculate to the UPI QR code drawn for an Online bill paid by UPI (the figures, the upi://pay link and the QR's
 * encoding, the encoder loaded on the first QR of the page). Needs a build (`npm run build`, or WEB_ROOT).
 *
 * UPI_TILL_ROUNDS (default 10) timed bills of each kind after one untimed.
 */
const webRoot = path.resolve(process.env.WEB_ROOT ?? fileURLToPath(new URL('../frontend/dist', import.meta.url)));
const ROUNDS = Number(process.env.UPI_TILL_ROUNDS ?? 10);
const walkIn = demoTenant.walkInCustomers![0]!;
const ARTCODE = 'HSN1001';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** Sets the shop's UPI ID through its settings route, as the signed-in admin page. */
async function setShopUpi(page: Page, upiId: string) {
  const status = await page.evaluate(async (upiId) => {
    const { token } = JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const shop = (await (await fetch('/api/tenant/currentTenant', { headers })).json()) as Record<string, unknown>;
    const { displayName, address, gstNumber, gstRegistered, version } = shop;
    const body = JSON.stringify({ displayName, address, gstNumber, gstRegistered, version, upiId, upiPayeeName: 'Demo Stores' });
    return (await fetch('/api/tenant/demo', { method: 'PUT', headers, body })).status;
  }, upiId);
  if (status !== 200) throw new Error(`Setting the UPI ID answered ${status}`);
}

/** One bill up to Calculate, then the time until what the cashier waits for is on screen. */
async function calculateTo(page: Page, upi: boolean): Promise<number> {
  await page.goto('/purchaseUpdated/new');
  const mobile = page.getByRole('combobox', { name: 'Mobile Number' });
  await mobile.waitFor({ timeout: 60_000 });
  await mobile.fill(walkIn.mobileNumber);
  await page.getByLabel('Customer Name').and(page.locator('[readonly]')).waitFor({ timeout: 60_000 });
  await page.getByLabel('Name/Code, row 1').fill(ARTCODE);
  await page.getByRole('option').first().click({ timeout: 60_000 });
  if (upi) await page.getByLabel('Online').check();
  const start = now();
  await page.getByRole('button', { name: 'Calculate' }).click();
  if (upi) await page.getByAltText(/^UPI QR code for /).waitFor({ timeout: 60_000 });
  else await page.getByRole('button', { name: 'Save' }).waitFor({ timeout: 60_000 });
  return now() - start;
}

export async function upiTillBenchmark(): Promise<void> {
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`No web build in ${webRoot}: run "npm run build" first`);
  console.log(`\nupi-till: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadAverage()}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-upi-'));
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', shopRequestsPerSecond: 100_000, webRoot });
  const browser = await launchChromium();
  try {
    const admin = await browser.newContext({ baseURL: stack.url, storageState: await signedInState(browser, stack.url, 'admin@demo.shop') });
    const adminPage = await admin.newPage();
    await adminPage.goto('/home');
    await setShopUpi(adminPage, 'demostores@okhdfcbank');
    const context = await browser.newContext({ baseURL: stack.url, storageState: await signedInState(browser, stack.url, 'cashier@demo.shop') });
    const page = await context.newPage();
    await calculateTo(page, false);
    await calculateTo(page, true);
    const cash: number[] = [];
    const upi: number[] = [];
    // Side by side: a Cash bill then a UPI bill, each round.
    for (let round = 0; round < ROUNDS; round++) {
      cash.push(await calculateTo(page, false));
      upi.push(await calculateTo(page, true));
    }
    printTable(`Place Order, Calculate to what the cashier waits for, ${ROUNDS} bills each`, [
      timingOf('Cash bill: Calculate to figures and Save', cash),
      timingOf('UPI bill: Calculate to QR code drawn', upi),
    ]);
    console.log(`load average after the bills ${loadAverage()}`);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
