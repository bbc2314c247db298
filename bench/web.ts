import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { startLocalStack } from '../infra/local/stack.js';
import { launchChromium, signedInState } from './browser.js';

/**
 * `npm run bench -- web`: the first visit of three pages as a phone on a slow network gets them, in Chromium with
 * 4x CPU throttling and Lighthouse's slow-4G profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), an empty
 * HTTP cache and no service worker yet. Per page: the JavaScript transferred (bytes on the wire, compressed),
 * first contentful paint, and the time until the page is usable (what the user waits for). Then a second visit of
 * the same page, served by the service worker and the HTTP cache. Needs a build (`npm run build`, or WEB_ROOT).
 */
const webRoot = path.resolve(process.env.WEB_ROOT ?? fileURLToPath(new URL('../frontend/dist', import.meta.url)));
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = 3;

interface Page {
  name: string;
  path: string;
  /** Signs in first (unthrottled) and keeps the session, so the measured visit is that of a signed-in user. */
  user?: string;
  /** A CSS selector of what the user waits for. */
  usable: string;
}

const pages: Page[] = [
  { name: 'sign-in', path: '/login', usable: 'form[aria-label="Sign in"] button[type="submit"]:not([disabled]):not([data-loading])' },
  { name: 'POS billing', path: '/purchaseUpdated/new', user: 'cashier@demo.shop', usable: 'input[aria-label="Name/Code, row 1"]:not([disabled])' },
  { name: 'storefront home', path: '/customerHome', user: 'customer@demo.shop', usable: '[role="list"][aria-label="Categories"] > *' },
];

interface Visit {
  scriptBytes: number;
  scriptFiles: number;
  fcp: number;
  usable: number;
}

async function visit(context: BrowserContext, url: string, usable: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const scripts = new Set<string>();
  let scriptBytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'commit' });
  const usableAt = await page.waitForFunction((selector) => document.querySelector(selector) && performance.now(), usable, { timeout: 120_000, polling: 'raf' });
  const usableMs = Number(await usableAt.jsonValue());
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2000);
      }),
  );
  const result = { scriptBytes, scriptFiles: scripts.size, fcp, usable: usableMs };
  await page.close();
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function webBenchmark(): Promise<void> {
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`No web build in ${webRoot}: run "npm run build" first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-web-'));
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', shopRequestsPerSecond: 100_000, webRoot });
  const browser = await launchChromium();
  try {
    console.log(`\nWeb: first visit, Chromium ${browser.version()}, ${CPU_SLOWDOWN}x CPU slowdown, slow 4G (150 ms, 1.6 Mbit/s); median of ${RUNS}`);
    console.log('| page | JS files | JS transferred | first contentful paint | usable | second visit usable |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const target of pages) {
      const storageState = target.user ? await signedInState(browser, stack.url, target.user) : undefined;
      const visits: Visit[] = [];
      const again: Visit[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A fresh context: empty HTTP cache, no service worker, as a first visit.
        const context = await browser.newContext({ baseURL: stack.url, storageState });
        visits.push(await visit(context, `${stack.url}${target.path}`, target.usable));
        // The service worker took control during the first visit; this one loads from the device.
        again.push(await visit(context, `${stack.url}${target.path}`, target.usable));
        await context.close();
      }
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
      console.log(
        `| ${target.name} | ${median(visits.map((v) => v.scriptFiles))} | ${kb(median(visits.map((v) => v.scriptBytes)))} | ` +
          `${ms(median(visits.map((v) => v.fcp)))} | ${ms(median(visits.map((v) => v.usable)))} | ${ms(median(again.map((v) => v.usable)))} |`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
