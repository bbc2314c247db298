import type { Page } from '@playwright/test';
import { formatRupees } from '../../shared/format.js';
import { apiAsPage } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';

// A sale, an edit and their receipts are many round trips on a busy machine.
test.describe.configure({ timeout: 180_000 });

interface ShelfLine {
  productId: number;
  productName: string;
  artcode: string;
  mrp: number;
  sellingPrice: number;
  quantity: number;
}

interface SavedBill {
  purchaseId: number;
  netAmount: number;
  version: number;
  purchasedProduct: { purchasedProductId: number; quantity: number; sellingPrice: number }[];
}

/** Products no other browser test sells, so their shelves move only by this test's bills. */
const CANDIDATES: [typed: string, name: string][] = [
  ['Haldiram', "Haldiram's Aloo Bhujia"],
  ['Tata Tea', 'Tata Tea Gold'],
  ['Lifebuoy', 'Lifebuoy Total Soap'],
  ['Clinic', 'Clinic Plus Shampoo'],
  ['Fortune', 'Fortune Sunflower Oil'],
];

async function shelfWithUnits(page: Page, units: number): Promise<{ typed: string; line: ShelfLine }> {
  for (const [typed, name] of CANDIDATES) {
    const lines = await apiAsPage<ShelfLine[]>(page, `/inventory/anyList/false/${encodeURIComponent(typed)}`);
    const line = Array.isArray(lines) ? lines.find((l) => l.productName === name && l.quantity >= units) : undefined;
    if (line) return { typed, line };
  }
  throw new Error(`No product with ${units} units on the shelf`);
}

const unitsOf = async (page: Page, line: ShelfLine) => (await apiAsPage<{ quantity: number }>(page, `/stock/${line.productId}/${line.artcode}`)).quantity;

/** A customer registered at the till through the API, under a name no earlier run used. */
async function registerCustomer(page: Page, name: string): Promise<{ mobileNumber: string }> {
  const mobileNumber = `6${String(Date.now()).slice(-9)}`;
  const saved = await page.evaluate(
    async (body) => {
      const session = JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string };
      const response = await fetch('/api/customer/save', {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { customerName: name, mobileNumber, emailId: `${name.toLowerCase()}@example.in`, address: 'Basavanagudi, Bengaluru' },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { mobileNumber };
}

test('a saved bill is corrected from the order list: Edit, a quantity changed, Save; the new total listed and the stock moved by the difference only', async ({ page }) => {
  await signInAndLand(page, 'cashier@demo.shop');
  const name = `Edit${Date.now().toString(36)}`;
  const customer = await registerCustomer(page, name);
  const { typed, line } = await shelfWithUnits(page, 5);
  const unitsAtStart = await unitsOf(page, line);

  // The bill as first saved: 2 units at the shelf's selling price.
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Mobile Number' }).fill(customer.mobileNumber);
  await expect(page.getByLabel('Customer Name')).toHaveValue(name, { timeout: 30_000 });
  await page.getByLabel('Name/Code, row 1').fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${line.productName}`) }).first().click({ timeout: 30_000 });
  await page.getByLabel('Quantity, row 1').fill('2');
  await expect(page.getByLabel('Rate, row 1')).toHaveValue(String(line.sellingPrice));
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByLabel('Gross Amount')).toHaveText(formatRupees(line.mrp * 2));
  await page.getByLabel('Print').uncheck();
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/purchase');
  await page.getByRole('button', { name: 'Save' }).click();
  const first = (await (await posted).json()) as SavedBill;
  expect(first.netAmount).toBe(line.sellingPrice * 2);
  await expect(page).toHaveURL('/purchase', { timeout: 30_000 });
  expect(await unitsOf(page, line)).toBe(unitsAtStart - 2);

  // Today's order list offers Edit on the bill, which opens it in Place Order.
  const orders = page.getByRole('table', { name: 'Orders' });
  const listed = orders.getByRole('row').filter({ hasText: name });
  await expect(listed).toContainText(formatRupees(line.sellingPrice * 2), { timeout: 30_000 });
  await listed.getByRole('button', { name: `Edit bill ${first.purchaseId}` }).click({ timeout: 30_000 });

  await expect(page).toHaveURL(`/purchaseEdit/${first.purchaseId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Products' })).toBeVisible();
  await expect(page.getByText(`Bill ${first.purchaseId}`)).toBeVisible();
  await expect(page.getByLabel('Customer Name')).toHaveValue(name);
  await expect(page.getByRole('table', { name: 'Products' }).getByText(line.productName, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Quantity, row 1')).toHaveValue('2');

  await page.getByLabel('Quantity, row 1').fill('3');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByLabel('Gross Amount')).toHaveText(formatRupees(line.mrp * 3));
  await expect(page.getByLabel('Net Amount')).toHaveText(formatRupees(line.sellingPrice * 3));
  await page.getByLabel('Print').uncheck();
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/purchase/${first.purchaseId}`);
  await page.getByRole('button', { name: 'Save' }).click();
  const edited = await put;
  expect(edited.status()).toBe(200);
  await expect(page).toHaveURL('/purchase', { timeout: 30_000 });

  // The same bill, one line, now 3 units and its new total; no second bill for the customer.
  const after = orders.getByRole('row').filter({ hasText: name });
  await expect(after).toHaveCount(1);
  await expect(after).toContainText(String(first.purchaseId));
  await expect(after).toContainText(formatRupees(line.sellingPrice * 3), { timeout: 30_000 });
  const bill = await apiAsPage<SavedBill>(page, `/purchase/${first.purchaseId}`);
  expect(bill).toMatchObject({ purchaseId: first.purchaseId, netAmount: line.sellingPrice * 3, version: first.version + 1 });
  expect(bill.purchasedProduct.map((l) => l.quantity)).toEqual([3]);

  // The edit took only the one unit more from the shelf.
  expect(await unitsOf(page, line)).toBe(unitsAtStart - 3);
});
