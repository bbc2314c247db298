/**
 * Helpers of the point-of-sale browser tests: customers and bills made through the API as the signed-in page's
 * user, shelf lines read from the suggestions, products added on Place Order.
 */
import type { Page } from '@playwright/test';
import { computeBill } from '../../shared/bill.js';
import { toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import { apiAsPage } from './catalogue-helpers.js';
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
