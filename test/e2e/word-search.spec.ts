import { expect, signInAndLand, test } from './fixtures.js';
import { addProduct } from './pos-helpers.js';

// Search by any word of a name, as a cashier and a shopper use it (docs/catalogue.md, "Search").
test.describe.configure({ timeout: 120_000 });

test("the till's suggestion finds India Gate Basmati Rice by 'Basmati', a word in the middle of its name", async ({ page }) => {
  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await addProduct(page, 1, 'Basmati', 'India Gate Basmati Rice');
});

test("the storefront's category search finds Edible Oils by 'oil'", async ({ page }) => {
  await signInAndLand(page, 'customer@demo.shop', '/customerHome');
  await page.getByRole('textbox', { name: 'Search categories' }).fill('oil');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('article', { name: 'Edible Oils' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search categories' }).fill('ils');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText("No category has a word starting with 'ils'.")).toBeVisible({ timeout: 30_000 });
});

test("the public catalogue finds Edible Oils by 'oil' for a visitor who has not signed in, and a product of it by a later word", async ({ page }) => {
  await page.goto('/shop/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop by category' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search categories' }).fill('oil');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const oils = page.getByRole('link', { name: /Edible Oils/ });
  await expect(oils).toBeVisible({ timeout: 30_000 });
  await oils.click();
  await expect(page.getByText('Fortune Sunflower Oil', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search products' }).fill('mustard');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Dhara Kachi Ghani Mustard Oil', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Fortune Sunflower Oil', { exact: true })).toBeHidden();
  await page.getByRole('textbox', { name: 'Search products' }).fill('ils');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText("No product has a word starting with 'ils'.")).toBeVisible({ timeout: 30_000 });
});

test("the stock list's search finds India Gate Basmati Rice's lines by 'Basmati', a later word of the name", async ({ page }) => {
  await signInAndLand(page, 'admin@demo.shop');
  await page.goto('/stock');
  await page.getByRole('textbox', { name: 'Search by product name or artcode' }).fill('Basmati');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Stock' }).getByRole('row').filter({ hasText: 'India Gate Basmati Rice' });
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
});
