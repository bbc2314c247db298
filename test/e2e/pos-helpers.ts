/**
 * Helpers of the point-of-sale browser tests: customers and bills made through the API as the signed-in page's
 * user, shelf lines read from the suggestions, products added on Place Order.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { computeBill } from '../../shared/bill.js';
import { toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import { apiAsPage, tinyPng, unique } from './catalogue-helpers.js';
import { expect } from './fixtures.js';

export interface ShelfLine {
  productId: number;
  productName: string;
  artcode: string;
  mrp: number;
  cgst: number;
  sgst: number;
  quantity: number;
}

export interface Customer {
  customerId: number;
  mobileNumber: string;
  creditPoints: number;
}

/** A write call as the signed-in page's user. */
export async function sendAsPage<T>(page: Page, method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string };
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** A mobile number no earlier run used: a first digit per test, then the time. */
export const mobileOfNow = (first: string) => `${first}${String(Date.now()).slice(-9)}`;

export async function registerCustomer(page: Page, name: string, first: string): Promise<Customer> {
  const mobileNumber = mobileOfNow(first);
  const saved = await sendAsPage<Customer>(page, 'POST', '/customer/save', {
    customerName: name,
    mobileNumber,
    emailId: `${name.toLowerCase()}@example.in`,
    address: 'Malleshwaram, Bengaluru',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

/** A received stock line of the product with at least `units` on the shelf. */
export async function shelfLine(page: Page, typed: string, productName: string, units: number): Promise<ShelfLine> {
  const lines = await apiAsPage<ShelfLine[]>(page, `/inventory/anyList/false/${encodeURIComponent(typed)}`);
  const line = lines.find((l) => l.productName === productName && l.quantity >= units);
  expect(line, `${productName} with ${units} units on the shelf`).toBeDefined();
  return line!;
}

/** Goods worth exactly ₹12,000.00 at a rate within the MRP, from whichever of the dearer products has enough units. */
export async function twelveThousandRupees(page: Page): Promise<{ line: ShelfLine; quantity: number; rate: number }> {
  const choices: [typed: string, name: string, quantity: number, rate: number][] = [
    ['Handloom', 'Handloom Cotton Saree', 5, 2400],
    ['Cotton', 'Cotton Kurta', 10, 1200],
    ['Sona', 'Sona Masoori Rice', 10, 1200],
    ['Saffola', 'Saffola Gold Oil', 12, 1000],
  ];
  for (const [typed, name, quantity, rate] of choices) {
    const lines = await apiAsPage<ShelfLine[]>(page, `/inventory/anyList/false/${encodeURIComponent(typed)}`);
    expect(Array.isArray(lines), JSON.stringify(lines)).toBe(true);
    const line = lines.find((l) => l.productName === name && l.quantity >= quantity && l.mrp >= rate);
    if (line) return { line, quantity, rate };
  }
  throw new Error('No dear product has enough units for a ₹12,000.00 bill');
}

/** A bill made through the API at a rate of our choosing, its figures worked by the shared bill arithmetic. */
export async function billThroughApi(page: Page, customer: Customer, line: ShelfLine, quantity: number, rate: number) {
  const figures = computeBill({
    lines: [{ mrp: toPaise(line.mrp), rate: toPaise(rate), quantity, cgstRate: toBasisPoints(line.cgst), sgstRate: toBasisPoints(line.sgst) }],
  });
  const saved = await sendAsPage<{ purchaseId: number; netAmount: number }>(page, 'POST', '/purchase', {
    mobileNumber: customer.mobileNumber,
    paymentMode: 'Cash',
    purchasedProduct: [{ productId: line.productId, productName: line.productName, artcode: line.artcode, quantity, sellingPrice: rate }],
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

export const customerNow = (page: Page, mobile: string) => apiAsPage<Customer>(page, `/customer/validate/${mobile}`);
export const stockOf = async (page: Page, line: ShelfLine) => (await apiAsPage<{ quantity: number }>(page, `/stock/${line.productId}/${line.artcode}`)).quantity;

export async function addProduct(page: Page, row: number, typed: string, name: string) {
  await page.getByLabel(`Name/Code, row ${row}`).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Products' }).getByText(name, { exact: true })).toBeVisible();
}

/** The till is ready to work offline: its copy of prices is on the device and the service worker keeps its files. */
export async function readyForOffline(page: Page) {
  await expect(page.getByLabel('Prices on this device')).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return 'not controlled';
          const cache = await caches.open('hashed-assets');
          const files = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
          const missing = await Promise.all(files.map(async (u) => ((await cache.match(u.pathname)) ? '' : u.pathname)));
          return missing.filter(Boolean).join(' ') || 'kept';
        }),
      { timeout: 60_000 },
    )
    .toBe('kept');
}

export async function chooseCustomer(page: Page, mobile: string, name: string | RegExp) {
  await page.getByRole('combobox', { name: 'Mobile Number' }).fill(mobile);
  await expect(page.getByLabel('Customer Name')).toHaveValue(name, { timeout: 30_000 });
}

/** Calculate and Save; the provisional receipt opens, and closing it leaves a fresh bill. */
export async function saveOffline(page: Page, print: boolean): Promise<string> {
  if (!print) await page.getByLabel('Print').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  const receipt = page.getByRole('dialog');
  await expect(receipt.getByText('Provisional — tax invoice number follows')).toBeVisible({ timeout: 30_000 });
  const title = await receipt.getByText(/^Receipt · Provisional P-/).textContent();
  await receipt.getByRole('button').first().click();
  await expect(receipt).toBeHidden();
  return title!.replace('Receipt · Provisional ', '');
}

export interface OwnProduct extends Omit<ShelfLine, 'quantity'> {
  /** Units received on the shelf. */
  received: number;
}

/** A product's GST as the catalogue and the receipt of its stock give it: rates (percent), HSN code, unit and kind. */
export interface OwnGst {
  cgst: number;
  sgst: number;
  hsnCode?: string;
  unit?: string;
  taxability?: 'taxable' | 'nil-rated' | 'exempt' | 'non-gst';
}

/**
 * A product of the test's own, received with `units` on the shelf at an MRP of ₹40 (GST 18% unless `gst` says
 * otherwise), so a test that sells it below zero never touches another test's stock. `admin` is the headers of a user
 * who adds products and stock.
 */
export async function productOnShelf(request: APIRequestContext, admin: Record<string, string>, name: string, units: number, gst: OwnGst = { cgst: 9, sgst: 9 }): Promise<OwnProduct> {
  const productName = unique(name);
  const { cgst, sgst, ...kind } = gst;
  const made = await request.post('/api/product/saveAll', {
    headers: admin,
    data: [{ productName, categoryId: 1, description: 'Tea biscuits', size: '250 g', colour: 'Brown', ...kind, imageContent: `data:image/png;base64,${tinyPng([200, 160, 90]).toString('base64')}` }],
  });
  expect(made.status(), await made.text()).toBe(200);
  const [{ productId }] = (await made.json()) as [{ productId: number }];
  const artcode = `HB${Date.now().toString().slice(-8)}`;
  const mrp = 40;
  const received = await request.post('/api/inventory/save', {
    headers: admin,
    data: { productId, vendor: 'Test Wholesale', artcode, barcode: `89${Date.now().toString().slice(-11)}`, quantity: units, cgst, sgst, mrp, buyingPrice: 30, sellingPrice: mrp },
  });
  expect(received.status(), await received.text()).toBe(200);
  return { productId, productName, artcode, mrp, cgst, sgst, received: units };
}
