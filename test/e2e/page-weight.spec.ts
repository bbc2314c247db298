import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.js';

/**
 * The JavaScript a first visit downloads, in Chromium over the network as a person's browser gets it (brotli, as
 * the gateway and CloudFront send it; the bytes on the wire, response headers included), counted until the page is
 * usable and the network is quiet. The service worker is kept out so that every file is counted as downloaded
 * (once it takes over, files come through it and the page's own count misses them).
 *
 * Budgets in KB. The goals are 150 KB for sign-in and 250 KB for Place Order and the storefront home; a page that
 * meets its goal has the goal as its budget, one still above it what it weighs today plus about 2% (docs/web-app.md,
 * "Page weight"), so that it can only get lighter. Lower a budget when a page gets lighter; never raise one to let a change through.
 */
const KB = 1024;

interface Target {
  path: string;
  user?: string;
  /** What the user waits for. */
  usable: (page: Page) => Promise<void>;
  budgetKb: number;
}

const targets: Record<string, Target> = {
  'the sign-in page': {
    path: '/login',
    usable: (page) => expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled(),
    budgetKb: 150,
  },
  'Place Order': {
    path: '/purchaseUpdated/new',
    user: 'cashier@demo.shop',
    usable: (page) => expect(page.getByLabel('Name/Code, row 1')).toBeEditable(),
    budgetKb: 250,
  },
  'the storefront home': {
    path: '/customerHome',
    user: 'customer@demo.shop',
    usable: (page) => expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem').first()).toBeVisible(),
    budgetKb: 250,
  },
};

/** The browser storage of a user signed in through the sign-in screen. */
async function signedInState(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('shopdesk.session') ?? '{}').user !== undefined)).toBe(true);
  const state = await context.storageState();
  await context.close();
  return state;
}

for (const [name, target] of Object.entries(targets)) {
  test(`${name} downloads at most ${target.budgetKb} KB of JavaScript on a first visit`, async ({ browser, baseURL }) => {
    const storageState = target.user ? await signedInState(browser, baseURL!, target.user) : undefined;
    const context = await browser.newContext({ baseURL, storageState, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; encoding: string; bytes: number }>();
    cdp.on('Network.responseReceived', (event) => {
      const encoding = Object.entries(event.response.headers).find(([header]) => header.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
      if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, encoding, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.bytes = event.encodedDataLength;
    });
    await page.goto(target.path);
    await target.usable(page);
    await page.waitForLoadState('networkidle');

    const files = [...scripts.values()];
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    // Every file came over the network, compressed as a phone gets it (none from a cache).
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.encoding !== 'br' || file.bytes === 0)).toEqual([]);
    const listing = files
      .sort((a, b) => b.bytes - a.bytes)
      .map((file) => `${(file.bytes / KB).toFixed(1)} KB ${new URL(file.url).pathname}`)
      .join('\n');
    expect(total / KB, `${files.length} files:\n${listing}`).toBeLessThanOrEqual(target.budgetKb);
    await context.close();
  });
}

/**
 * The app loads Mantine's styles per component (frontend/src/app/mantine-styles.css). A component used in code but
 * missing from that list would show unstyled: every Mantine class name in the built code must have its style file
 * listed, in the order Mantine's whole `styles.css` has them (which decides which rule wins).
 */
test('every Mantine component the app uses has its styles, in Mantine\'s order', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const webRoot = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'frontend', 'dist');
  const assets = path.join(webRoot, 'assets');
  const builtCode = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
  const usedClasses = new Set(builtCode.match(/\bm_[0-9a-f]{8}\b/g));
  expect(usedClasses.size).toBeGreaterThan(0);

  const whole = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
  const styleDir = path.join(path.dirname(whole), 'styles');
  const wholeText = readFileSync(whole, 'utf8');
  const styleFiles = readdirSync(styleDir).filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'));
  // styles.css is the per-component files one after the other: each file's place is where its text starts there.
  const placeOf = new Map(styleFiles.map((file) => [file, wholeText.indexOf(readFileSync(path.join(styleDir, file), 'utf8').trim().slice(0, 200))]));
  const globals = ['baseline.css', 'default-css-variables.css', 'global.css'];
  const needed = styleFiles
    .filter((file) => globals.includes(file) || (readFileSync(path.join(styleDir, file), 'utf8').match(/\.m_[0-9a-f]{8}\b/g) ?? []).some((c) => usedClasses.has(c.slice(1))))
    .sort((a, b) => placeOf.get(a)! - placeOf.get(b)!);

  const listText = readFileSync(path.join(root, 'frontend', 'src', 'app', 'mantine-styles.css'), 'utf8');
  const listed = [...listText.matchAll(/@import '@mantine\/core\/styles\/([^']+)';/g)].map((match) => match[1]!);
  expect(needed.filter((file) => !listed.includes(file)), 'style files to add to frontend/src/app/mantine-styles.css').toEqual([]);
  expect(listed.every((file) => placeOf.get(file)! >= 0)).toBe(true);
  expect(listed, "the list in the order of Mantine's styles.css").toEqual([...listed].sort((a, b) => placeOf.get(a)! - placeOf.get(b)!));
});
