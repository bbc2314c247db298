import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDate } from '../../shared/format.js';

export const DEMO_PASSWORD = 'Demo@1234';
export const SIGN_IN_FAILED = 'User Name, Password Wrong. Please enter valid Credential';

/** What the app keeps in localStorage (frontend/src/lib/session.ts). */
export interface StoredSession {
  token: string;
  refreshToken?: string;
  expiresAt: number;
  expiresAtMs: number;
  isCustomer: boolean;
}

export const test = base.extend({
  // The stack's port is known only after global setup, which runs after this config was read.
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
});
export { expect };

/** `n` random decimal digits (unique names and numbers for each test's own records). */
/**
 * Types a date into a date field as a user does, dd/mm/yyyy (from an API date YYYY-MM-DD), and closes its calendar so
 * it covers nothing the test clicks next.
 */
export async function fillDate(field: Locator, isoDate: string): Promise<void> {
  await field.fill(formatDate(isoDate));
  await field.press('Escape');
}

/**
 * Runs the paused page clock forward a little at a time until `locator` shows: while paused, the page's timers (a
 * message's second, a receipt's second before the next screen, the query cache's updates) move only as far as the
 * test moves them, so what stays a second on screen is seen however slowly the machine runs. The clock must have been
 * installed before the app loaded (`page.clock.install()`) and paused (`page.clock.pauseAt`); `page.clock.resume()`
 * lets the page's time run again.
 */
export async function runClockUntilVisible(page: Page, locator: Locator) {
  await expect
    .poll(async () => {
      await page.clock.runFor(20);
      return locator.isVisible();
    })
    .toBe(true);
}

export const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** An ID token of a demo shop user, through the API. */
export async function demoTokenOf(http: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await http.post('/api/token/generate', { headers: { 'X-TenantID': 'demo' }, data: { username, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * A customer who signed up in the demo shop just now, named `<prefix><8 digits>`; each test has its own, so parallel
 * tests never share a cart or a wishlist. Signs in with `password` as `userName`.
 */
export async function signUpCustomer(http: APIRequestContext, prefix: string, password: string) {
  const name = `${prefix}${digits(8)}`;
  const mobileNumber = `${6 + Math.floor(Math.random() * 4)}${digits(9)}`;
  const answer = await http.post('/api/customer/signUp', {
    data: {
      tenantId: 'demo',
      customerName: name,
      mobileNumber,
      emailId: `${name.toLowerCase()}@example.in`,
      address: '7, Church Street, Bengaluru 560001',
      password,
      passwordVerify: password,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const customer = (await answer.json()) as { customerId: number; customerName: string };
  return { userName: customer.customerName.toLowerCase(), customerId: customer.customerId, mobileNumber };
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAndLand(page: Page, username: string, landing: '/home' | '/customerHome' = '/home') {
  await signIn(page, username);
  await expect(page).toHaveURL(landing);
}

export const storedSession = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('shopdesk.session');
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  });

interface SentMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** The newest mail the SES emulator holds for an address, waiting for it to arrive. */
export async function latestMailTo(address: string, timeoutMs = 10_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${process.env.E2E_SES_URL}/store`);
    const { emails } = (await response.json()) as { emails: SentMail[] };
    const mail = emails.filter((e) => e.destination.to.includes(address)).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
