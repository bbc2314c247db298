/**
 * `npm run screenshots`: PNGs of the main screens at desktop and phone widths in screenshots/, for review. The
 * npm script builds the web app first; this starts the local stack with demo data and drives Debian's Chromium.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { launchStack } from '../test/e2e/launch-stack.js';
import { catalogueShots } from './screenshots-catalogue.js';
import { inventoryShots } from './screenshots-inventory.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'screenshots');
const PASSWORD = 'Demo@1234';

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof viewports;

interface Shot {
  name: string;
  path: string;
  /** Sign in as this user first. */
  user?: string;
  /** Something to do on the page before the picture. */
  prepare?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}

const openMeMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Me menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
};

/** Leave form helpers: dates picked relative to today, so the pictures stay meaningful on any day. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (date: string, days: number) => isoDay(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

async function chooseCasualLeave(page: Page) {
  const select = page.getByLabel('Leave Type');
  await select.locator('option', { hasText: 'Casual Leave' }).waitFor({ state: 'attached' });
  await select.selectOption((await select.locator('option', { hasText: 'Casual Leave' }).getAttribute('value'))!);
}

/** Three working days around the next public holiday on a weekday: the form counts 2 and names the holiday. */
async function applyAroundHoliday(page: Page) {
  const today = isoDay(new Date());
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string }).token);
  const year = Number(today.slice(0, 4));
  const holidays: { date: string }[] = [];
  for (const y of [year, year + 1]) {
    const response = await page.request.get(`/api/publicHolidays?year=${y}`, { headers: { Authorization: `Bearer ${token}` } });
    holidays.push(...((await response.json()) as { date: string }[]));
  }
  const holiday = holidays.find((h) => h.date > daysFrom(today, 7) && weekdayOf(h.date) >= 2 && weekdayOf(h.date) <= 4)!.date;
  await chooseCasualLeave(page);
  await page.getByLabel('Start Date').fill(daysFrom(holiday, -1));
  await page.getByLabel('End Date').fill(daysFrom(holiday, 1));
  await page.getByText('Excluded 1 Public Holidays!!!').waitFor();
  await page.getByLabel('Reason').fill('Family function in Mysuru');
}

async function applyOnWeekend(page: Page) {
  let saturday = daysFrom(isoDay(new Date()), 1);
  while (weekdayOf(saturday) !== 6) saturday = daysFrom(saturday, 1);
  await chooseCasualLeave(page);
  await page.getByLabel('Start Date').fill(saturday);
  await page.getByLabel('End Date').fill(daysFrom(saturday, 1));
  await page.getByRole('alert').waitFor();
}

async function managerView(page: Page) {
  await page.getByText('MANAGER', { exact: true }).click();
  await page.getByRole('heading', { name: 'Reportees Leaves' }).waitFor();
  await page.getByRole('link', { name: /^Approve/ }).first().waitFor();
}

/** People screens: a taken user name, a new employee's temporary password, a role's features, a taken mobile. */
async function employeeNameTaken(page: Page) {
  await page.getByLabel('User Name').fill('cashier');
  await page.getByText('Name Already Exists!!!').waitFor();
}

async function registerEmployee(page: Page) {
  await page.getByLabel('User Name').fill(`Asha ${Date.now().toString(36).slice(-4)}`);
  await page.getByLabel('E-mail').fill('asha.verma@example.in');
  await page.getByLabel('Mobile Number').fill('9845012345');
  await page.getByLabel('Date of Birth').fill('1996-08-14');
  await page.getByLabel('Date of Joining').fill('2026-01-05');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Address').fill('14, Residency Road, Bengaluru 560025');
  await page.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'CASHIER' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Manager' }).selectOption({ label: 'manager@demo.shop' });
  await page.getByRole('combobox', { name: 'HR' }).selectOption({ label: 'hr@demo.shop' });
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('dialog', { name: 'Employee registered' }).waitFor();
}

async function chooseRoleFeatures(page: Page) {
  await page.getByLabel('Role Name').fill('store keeper');
  await page.getByRole('group', { name: 'IMS features' }).getByLabel('IMS · Inventory').check();
  await page.getByRole('group', { name: 'ERP features' }).getByLabel('Leave List').check();
}

async function customerMobileTaken(page: Page) {
  await page.getByLabel('Customer Name').fill('Anjali R');
  await page.getByLabel('Mobile Number').fill('9880011223');
  await page.getByText('Mobile Number already Exists !!!').waitFor();
}

const shots: Shot[] = [
  { name: 'sign-in', path: '/login' },
  {
    name: 'sign-in-refused',
    path: '/login',
    prepare: async (page) => {
      await page.getByLabel('User Name').fill('admin@demo.shop');
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'password-reset', path: '/passwordReset' },
  {
    name: 'password-reset-code',
    path: '/passwordReset',
    prepare: async (page) => {
      await page.getByLabel('User Name').fill('hr@demo.shop');
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByLabel('Code from the e-mail').waitFor();
    },
  },
  { name: 'signed-out', path: '/logout' },
  { name: 'error', path: '/error' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'admin-home', path: '/home', user: 'admin@demo.shop', fullPage: true },
  { name: 'admin-me-menu', path: '/home', user: 'admin@demo.shop', prepare: openMeMenu },
  {
    name: 'admin-session-expiring',
    path: '/home',
    user: 'admin@demo.shop',
    prepare: async (page) => {
      const msLeft = await page.evaluate(() => {
        const session = JSON.parse(localStorage.getItem('shopdesk.session')!) as { expiresAtMs: number };
        return session.expiresAtMs - Date.now();
      });
      await page.clock.fastForward(msLeft - 42_000);
      await page.getByText('Your Session is about to expire.').waitFor();
    },
  },
  {
    name: 'admin-session-timed-out',
    path: '/home',
    user: 'admin@demo.shop',
    prepare: async (page) => {
      const msLeft = await page.evaluate(() => {
        const session = JSON.parse(localStorage.getItem('shopdesk.session')!) as { expiresAtMs: number };
        return session.expiresAtMs - Date.now();
      });
      await page.clock.fastForward(msLeft + 2_000);
      await page.getByText('Your Session is Timed Out.').waitFor();
    },
  },
  { name: 'cashier-home', path: '/home', user: 'cashier@demo.shop', fullPage: true },
  { name: 'customer-home', path: '/customerHome', user: 'customer@demo.shop' },
  { name: 'customer-me-menu', path: '/customerHome', user: 'customer@demo.shop', prepare: openMeMenu },
  { name: 'customer-only-guard', path: '/cart', user: 'cashier@demo.shop' },
  { name: 'about', path: '/about', user: 'cashier@demo.shop', fullPage: true },
  { name: 'terms', path: '/terms', user: 'customer@demo.shop', fullPage: true },
  { name: 'leave-list', path: '/leaveSystem', user: 'cashier@demo.shop', fullPage: true },
  { name: 'leave-apply', path: '/leaveSystem/new', user: 'cashier@demo.shop', fullPage: true, prepare: applyAroundHoliday },
  { name: 'leave-apply-weekend', path: '/leaveSystem/new', user: 'cashier@demo.shop', prepare: applyOnWeekend },
  { name: 'leave-manager-view', path: '/leaveSystem', user: 'manager@demo.shop', fullPage: true, prepare: managerView },
  {
    name: 'leave-approve',
    path: '/leaveSystem',
    user: 'manager@demo.shop',
    fullPage: true,
    prepare: async (page) => {
      await managerView(page);
      await page.getByRole('link', { name: /^Approve/ }).first().click();
      await page.getByRole('heading', { name: 'Approve Leave' }).waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Please,Comment on Reason Field!!!').waitFor();
    },
  },
  { name: 'leave-types', path: '/leaveMaster', user: 'hr@demo.shop' },
  { name: 'leave-type-form', path: '/leaveMaster/new', user: 'hr@demo.shop' },
  { name: 'public-holidays', path: '/publicHolidays', user: 'hr@demo.shop', fullPage: true },
  {
    name: 'public-holiday-delete',
    path: '/publicHolidays',
    user: 'hr@demo.shop',
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Delete/ }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'company-holidays', path: '/companyHolidays', user: 'cashier@demo.shop', fullPage: true },
  { name: 'company-holiday-form', path: '/companyHolidays/new', user: 'hr@demo.shop' },
  { name: 'employees', path: '/user', user: 'owner@demo.shop', fullPage: true },
  { name: 'employee-form', path: '/user/new', user: 'owner@demo.shop', fullPage: true, prepare: employeeNameTaken },
  { name: 'employee-registered', path: '/user/new', user: 'owner@demo.shop', prepare: registerEmployee },
  { name: 'employee-view', path: '/account', user: 'cashier@demo.shop', fullPage: true },
  { name: 'roles', path: '/role', user: 'owner@demo.shop', fullPage: true },
  { name: 'role-form', path: '/role/new', user: 'owner@demo.shop', fullPage: true, prepare: chooseRoleFeatures },
  { name: 'tenants', path: '/tenant', user: 'admin@demo.shop', fullPage: true },
  { name: 'tenant-form', path: '/tenant/new', user: 'admin@demo.shop', fullPage: true },
  { name: 'customers', path: '/customer', user: 'owner@demo.shop', fullPage: true },
  { name: 'customer-form', path: '/customer/new', user: 'owner@demo.shop', prepare: customerMobileTaken },
  { name: 'customer-sign-up', path: '/customer/new', fullPage: true },
  { name: 'partners', path: '/businessPartners', user: 'owner@demo.shop', fullPage: true },
  { name: 'partner-form', path: '/businessPartners/new', user: 'owner@demo.shop', fullPage: true },
  { name: 'stock', path: '/stock', user: 'manager@demo.shop', fullPage: true },
  { name: 'inventory', path: '/inventory', user: 'manager@demo.shop', fullPage: true },
  { name: 'products', path: '/product', user: 'manager@demo.shop', fullPage: true },
  { name: 'categories', path: '/category', user: 'manager@demo.shop', fullPage: true },
  { name: 'place-order', path: '/purchaseUpdated/new', user: 'cashier@demo.shop', fullPage: true },
  { name: 'order-list', path: '/purchase', user: 'cashier@demo.shop', fullPage: true },
  { name: 'customer-orders', path: '/customerPurchase/9876543210', user: 'cashier@demo.shop', fullPage: true },
  { name: 'monthly-sales', path: '/monthlyPurchase', user: 'owner@demo.shop', fullPage: true },
  { name: 'storefront-products', path: '/cart/1', user: 'customer@demo.shop', fullPage: true },
  { name: 'storefront-cart', path: '/cart', user: 'customer@demo.shop', fullPage: true },
  { name: 'storefront-wishlist', path: '/wish', user: 'customer@demo.shop', fullPage: true },
  { name: 'storefront-checkout', path: '/payment', user: 'customer@demo.shop', fullPage: true },
  { name: 'storefront-orders', path: '/order', user: 'customer@demo.shop', fullPage: true },
  { name: 'order-tracking', path: '/orderTracking', user: 'manager@demo.shop', fullPage: true },
  { name: 'expenses', path: '/expense', user: 'owner@demo.shop', fullPage: true },
  { name: 'expense-form', path: '/expense/new', user: 'owner@demo.shop', fullPage: true },
  { name: 'returns-report', path: '/return', user: 'owner@demo.shop', fullPage: true },
  { name: 'yearly-returns', path: '/yearlyReturn', user: 'owner@demo.shop', fullPage: true },
  { name: 'report-generation', path: '/reportGeneration', user: 'owner@demo.shop', fullPage: true },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Each user signs in once; later pictures start from the stored session (the app keeps it in localStorage). */
const signedIn = new Map<string, StorageState>();

async function signIn(page: Page, user: string) {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(user);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(home|customerHome)$/);
  signedIn.set(user, await page.context().storageState());
}

async function take(browser: Browser, baseURL: string, viewport: ViewportName, shot: Shot) {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    storageState: shot.user ? signedIn.get(shot.user) : undefined,
  });
  const page = await context.newPage();
  try {
    await page.clock.install();
    if (shot.user && !signedIn.has(shot.user)) await signIn(page, shot.user);
    await page.goto(shot.path);
    // Every screen has one h1; it shows once the screen's code and data have arrived.
    await page.locator('h1').first().waitFor();
    await shot.prepare?.(page);
    // Let menus and modals finish their opening transitions.
    await page.waitForTimeout(400);
    const file = path.join(outDir, `${viewport}-${shot.name}.png`);
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
    return file;
  } finally {
    await context.close();
  }
}

/** `tsx scripts/screenshots.ts product category` takes only the pictures whose names contain those words. */
function chosenShots(): Shot[] {
  const all = [...shots, ...catalogueShots, ...inventoryShots];
  const only = process.argv.slice(2);
  return only.length > 0 ? all.filter((shot) => only.some((word) => shot.name.includes(word))) : all;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  // A full run signs in once per user and takes minutes, longer than the browser tests' short token lifetime.
  const stack = await launchStack({ E2E_TOKEN_MINUTES: process.env.E2E_TOKEN_MINUTES ?? '60' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  let written = 0;
  try {
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      for (const shot of chosenShots()) {
        const file = await take(browser, stack.url, viewport, shot);
        written += 1;
        process.stdout.write(`  ${path.relative(root, file)}\n`);
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.stdout.write(`${written} screenshots in ${path.relative(root, outDir)}/\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`Screenshots failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
