import { chromium, type Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../infra/local/seed.js';

/** Debian's Chromium, as the browser tests run it, without the background work that would disturb a figure. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Signs a demo user in through the sign-in screen and answers the browser storage that holds the session. */
export async function signedInState(browser: Browser, base: string, username: string) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !/\/login$/.test(url.pathname), { timeout: 120_000 });
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('shopdesk.session') ?? '{}').user !== undefined);
  const state = await context.storageState();
  await context.close();
  return state;
}
