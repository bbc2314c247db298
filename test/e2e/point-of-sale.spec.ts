import { apiAsPage } from './catalogue-helpers.js';
import { expect, runClockUntilVisible, signInAndLand, test } from './fixtures.js';
import { addProduct } from './pos-helpers.js';

// The machine running the browser tests is busy: a sale is several round trips and a receipt.
test.describe.configure({ timeout: 180_000 });

interface OrderRow {
  purchaseId: number;
  customerName: string;
  productName: string;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test('a full sale to a new customer: register inline, two products, Calculate, Save, receipt, the bill on the day list', async ({ page }) => {
  // The receipt stays a second before the order list: the page's clock is the test's to hold (installed before the
  // app loads) while the receipt is read.
  await page.clock.install();
  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });

  const mobile = `9${String(Date.now()).slice(-9)}`;
  const name = `Ravi${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('dialog', { name: 'Check the bill' })).toContainText('Customer Detail is required.');
  await page.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('combobox', { name: 'Mobile Number' }).fill(mobile);
  await expect(page.getByText('Customer not found! Please Register')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Customer Name').fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.in`);
  await page.getByLabel('Address').fill('12, MG Road, Bengaluru');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer not found! Please Register')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByLabel('Customer Name')).toHaveValue(name);

  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('dialog', { name: 'Check the bill' })).toContainText('Please add product(s).');
  await page.getByRole('button', { name: 'OK' }).click();

  await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
  await addProduct(page, 2, 'Mysore', 'Mysore Sandal Soap');
  await page.getByLabel('Quantity, row 1').fill('2');

  await page.getByRole('button', { name: 'Calculate' }).click();
  // Seeded shelf prices: Parle-G MRP ₹90, Mysore Sandal MRP ₹96, sold at MRP: 2 × 90 + 96.
  await expect(page.getByLabel('Gross Amount')).toHaveText('₹276.00');
  await expect(page.getByLabel('Net Amount')).toHaveText(/₹\d/);
  await expect(page.getByLabel('Redeem')).toBeDisabled();
  await page.getByLabel('Online').check();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Save' }).click();

  const receipt = page.getByRole('dialog');
  await runClockUntilVisible(page, receipt.getByText('Payment Status: Paid'));
  await expect(receipt.getByText(/GSTIN/)).toBeVisible();
  await expect(receipt.getByText('Mysore Sandal Soap')).toBeVisible();
  await page.clock.resume();
  await expect(page).toHaveURL('/purchase', { timeout: 30_000 });

  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible({ timeout: 30_000 });
  await expect(orders.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Mysore Sandal Soap' })).toBeVisible({ timeout: 30_000 });
  await expect(orders.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Parle-G Biscuits' })).toContainText('Online');

  const rows = await apiAsPage<OrderRow[]>(page, `/purchase/today/${today()}?page=0&size=10`);
  const mine = rows.filter((r) => r.customerName.startsWith(name));
  expect(mine.map((r) => r.productName).sort()).toEqual(['Mysore Sandal Soap', 'Parle-G Biscuits']);
});
