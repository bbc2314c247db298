import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { tinyPng } from './catalogue-helpers.js';
import { demoTokenOf, digits, expect, signIn, signUpCustomer, test } from './fixtures.js';

// Several round trips (sign-up, catalogue, stock) before the browser starts, on a busy machine.
test.describe.configure({ timeout: 180_000 });

const SHOPPER_PASSWORD = 'Browser@2024';

async function callAs<T>(http: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await http.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/**
 * A category of the test's own with two products received by the shop's admin: a jaggery with 20 units at ₹110
 * (MRP ₹120) and a honey with 2 units left.
 */
async function stockedCategory(http: APIRequestContext) {
  const admin = await demoTokenOf(http, 'admin@demo.shop');
  const tag = `${Date.now().toString(36)}${digits(3)}`;
  const imageContent = `data:image/png;base64,${tinyPng([180, 120, 40]).toString('base64')}`;
  const categoryName = `Browse ${tag}`;
  const category = await callAs<{ categoryId: number }>(http, admin, '/category/save', { categoryName, imageContent });
  const products = await callAs<{ productId: number; productName: string }[]>(http, admin, '/product/saveAll', [
    { productName: `Browse Jaggery ${tag}`, categoryId: category.categoryId, description: 'Kolhapuri jaggery', size: '1 kg', colour: 'Brown', imageContent },
    { productName: `Browse Honey ${tag}`, categoryId: category.categoryId, description: 'Forest honey', size: '500 g', colour: 'Amber', imageContent },
  ]);
  const receive = (productId: number, quantity: number, artcode: string) =>
    callAs(http, admin, '/inventory/save', {
      productId,
      vendor: 'Browse Wholesale',
      artcode,
      barcode: `89${digits(11)}`,
      quantity,
      cgst: 2.5,
      sgst: 2.5,
      mrp: 120,
      buyingPrice: 80,
      sellingPrice: 110,
    });
  const jaggeryArtcode = `BJ${digits(7)}`;
  await receive(products[0]!.productId, 20, jaggeryArtcode);
  await receive(products[1]!.productId, 2, `BH${digits(7)}`);
  return { categoryId: category.categoryId, categoryName, jaggery: products[0]!.productName, honey: products[1]!.productName, jaggeryArtcode };
}

test('a customer browses a category, searches, adds to the cart and keeps a product on the wishlist', async ({ page }) => {
  const http = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const [userName, shop] = await Promise.all([signUpCustomer(http, 'Browser', SHOPPER_PASSWORD).then((c) => c.userName), stockedCategory(http)]);

  await signIn(page, userName, SHOPPER_PASSWORD);
  await expect(page).toHaveURL('/customerHome', { timeout: 30_000 });
  const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await expect(cartLink).toHaveAccessibleName('Cart, 0 items', { timeout: 30_000 });
  const panel = page.getByRole('complementary', { name: 'Your cart' });
  await expect(panel.getByTestId('mini-cart-items')).toHaveText('0');

  // The landing pages the shop's categories five at a time; the new one is found by name.
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveCount(5, { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search categories' }).fill(shop.categoryName);
  await page.getByRole('textbox', { name: 'Search categories' }).press('Enter');
  await page.getByRole('link', { name: shop.categoryName }).click();
  await expect(page).toHaveURL(`/cart/${shop.categoryId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add To Cart' })).toBeVisible();
  await expect(page.getByText(shop.categoryName, { exact: true })).toBeVisible();

  const honey = page.getByRole('article', { name: shop.honey });
  await expect(honey.getByRole('status')).toHaveText('Only 2 item(s) left.', { timeout: 30_000 });

  await page.getByRole('textbox', { name: 'Search products' }).fill('Browse Jag');
  await page.getByRole('textbox', { name: 'Search products' }).press('Enter');
  await expect(honey).toHaveCount(0, { timeout: 30_000 });
  const jaggery = page.getByRole('article', { name: shop.jaggery });
  await expect(jaggery).toContainText('Size: 1 kg');
  await expect(jaggery).toContainText('Color: Brown');
  await expect(jaggery.getByLabel('Price ₹110.00')).toBeVisible();
  await expect(jaggery.getByLabel('MRP ₹120.00')).toHaveCSS('text-decoration-line', 'line-through');

  const quantity = jaggery.getByRole('textbox', { name: `Quantity of ${shop.jaggery}` });
  await quantity.fill('25');
  await expect(quantity).toHaveValue('20');
  await expect(jaggery.getByRole('status')).toHaveText('20 in Stock');
  await quantity.fill('2');
  await jaggery.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(jaggery.getByRole('link', { name: 'In cart(2)' })).toBeVisible({ timeout: 30_000 });
  await expect(jaggery.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(cartLink).toHaveAccessibleName('Cart, 2 items');
  await expect(panel.getByTestId('mini-cart-items')).toHaveText('2');
  await expect(panel.getByTestId('mini-cart-subtotal')).toHaveText('₹220.00');

  await jaggery.getByRole('button', { name: 'Add to wishlist' }).click();
  await jaggery.getByRole('link', { name: 'Added to wishlist' }).click();
  await expect(page).toHaveURL('/wish');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  const wished = page.getByRole('article', { name: shop.jaggery });
  await expect(wished).toBeVisible({ timeout: 30_000 });
  await expect(wished.getByRole('link', { name: 'In cart(2)' })).toBeVisible();

  // The product's details: the same cart count and the wishlist toggle taking it off the list.
  await wished.getByRole('link', { name: shop.jaggery }).click();
  await expect(page).toHaveURL(`/productDetails/${shop.jaggeryArtcode}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.jaggery })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'In cart(2)' })).toBeVisible();
  // The toggle changes at once; the page is reloaded only after the server has the removal.
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/wish'));
  await page.getByRole('button', { name: `Remove ${shop.jaggery} from wishlist` }).click();
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  expect((await removed).ok()).toBe(true);
  await page.goto('/wish');
  await expect(page.getByText('Your wishlist is empty.', { exact: false })).toBeVisible({ timeout: 30_000 });

  // Back on the landing the side panel still counts the cart.
  await page.goto('/customerHome');
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByTestId('mini-cart-items')).toHaveText('2', { timeout: 30_000 });
  await http.dispose();
});
