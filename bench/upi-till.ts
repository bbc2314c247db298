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
 * Then, with the shop taking UPI by Razorpay's QR codes, the time from the simulator paying the QR code (its
 * `qr_code.credited` webhook, the till's poll of GET /payment/till-qr/{id}) to the till moving on to the receipt,
 * beside a trivial route's round trip from the same page (GET /payment/till-upi) asked at the same moment.
 *
 * UPI_TILL_ROUNDS (default 10) timed bills of each kind after one untimed.
 */
const webRoot = path.resolve(process.env.WEB_ROOT ?? fileURLToPath(new URL('../frontend/dist', import.meta.url)));
const ROUNDS = Number(process.env.UPI_TILL_ROUNDS ?? 10);
const walkIn = demoTenant.walkInCustomers![0]!;
const ARTCODE = 'HSN1001';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** Sets the shop's UPI ID (and whether Razorpay's QR codes take UPI) through its settings route, as the signed-in admin page. */
async function setShopUpi(page: Page, upiId: string, upiRazorpayQr = false) {
  const status = await page.evaluate(async ({ upiId, upiRazorpayQr }) => {
    const { token } = JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const shop = (await (await fetch('/api/tenant/currentTenant', { headers })).json()) as Record<string, unknown>;
    const { displayName, address, gstNumber, gstRegistered, version } = shop;
    const body = JSON.stringify({ displayName, address, gstNumber, gstRegistered, version, upiId, upiPayeeName: 'Demo Stores', upiRazorpayQr });
    return (await fetch('/api/tenant/demo', { method: 'PUT', headers, body })).status;
  }, { upiId, upiRazorpayQr });
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

/**
 * A UPI bill saved with Razorpay's QR code on screen; the simulator pays the code. Answers the time from the pay
 * call to the receipt on screen (the till moved on by itself), and a trivial route's round trip from the page then.
 */
async function paidToMovedOn(page: Page, razorpayUrl: string): Promise<[number, number]> {
  await page.goto('/purchaseUpdated/new');
  const mobile = page.getByRole('combobox', { name: 'Mobile Number' });
  await mobile.waitFor({ timeout: 60_000 });
  await mobile.fill(walkIn.mobileNumber);
  await page.getByLabel('Customer Name').and(page.locator('[readonly]')).waitFor({ timeout: 60_000 });
  await page.getByLabel('Name/Code, row 1').fill(ARTCODE);
  await page.getByRole('option').first().click({ timeout: 60_000 });
  await page.getByLabel('Online').check();
  await page.getByRole('button', { name: 'Calculate' }).click();
  await page.locator('[data-upi-razorpay]').waitFor({ timeout: 60_000 });
  await page.getByLabel('Print').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByAltText(/^Razorpay UPI QR code for /).waitFor({ timeout: 60_000 });
  const state = (await (await fetch(`${razorpayUrl}/sim/state`)).json()) as { qrCodes: { id: string; status: string }[] };
  const qr = state.qrCodes.filter((q) => q.status === 'active').at(-1)!;
  const start = now();
  const [, trivial] = await Promise.all([
    fetch(`${razorpayUrl}/sim/qr_codes/${qr.id}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string };
      const asked = performance.now();
      await (await fetch('/api/payment/till-upi', { headers: { authorization: `Bearer ${token}` } })).json();
      return performance.now() - asked;
    }),
  ]);
  // The till moved on: the QR dialog gave way to the receipt (which itself leaves for the order list a second later).
  await page.getByRole('dialog', { name: /^Receipt · Bill / }).or(page.getByRole('heading', { level: 1, name: 'Order List' })).first().waitFor({ timeout: 120_000 });
  return [now() - start, trivial];
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

    await setShopUpi(adminPage, 'demostores@okhdfcbank', true);
    await paidToMovedOn(page, stack.razorpayUrl);
    const movedOn: number[] = [];
    const trivial: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [moved, route] = await paidToMovedOn(page, stack.razorpayUrl);
      movedOn.push(moved);
      trivial.push(route);
    }
    printTable(`Razorpay UPI QR, from the simulated payment, ${ROUNDS} bills`, [
      timingOf('Payment to the till moving on (webhook, poll, receipt)', movedOn),
      timingOf('A trivial route asked at the payment (GET /payment/till-upi)', trivial),
    ]);
    console.log(`load average after the Razorpay bills ${loadAverage()}`);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
