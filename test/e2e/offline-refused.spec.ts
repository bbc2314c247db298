import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { computeBill } from '../../shared/bill.js';
import { toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import { demoTokenOf, expect, signInAndLand, test } from './fixtures.js';
import { addProduct, chooseCustomer, productOnShelf, saveOffline, type OwnProduct } from './pos-helpers.js';

// A bill made offline, a sale at another till, the queue's answer and a fix or a manager's decision: many round
// trips on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** A walk-in customer of the demo shop's seed. */
const WALK_IN = { mobile: '9740055667' };

const bearer = async (request: APIRequestContext, user: string) => ({ authorization: `Bearer ${await demoTokenOf(request, user)}` });

/** Another till of the shop sells `quantity` units of the product, online, at its MRP. */
async function soldAtAnotherTill(request: APIRequestContext, product: OwnProduct, quantity: number) {
  const figures = computeBill({
    lines: [{ mrp: toPaise(product.mrp), rate: toPaise(product.mrp), quantity, cgstRate: toBasisPoints(product.cgst), sgstRate: toBasisPoints(product.sgst) }],
  });
  const sold = await request.post('/api/purchase', {
    headers: await bearer(request, 'cashier@demo.shop'),
    data: {
      mobileNumber: WALK_IN.mobile,
      paymentMode: 'Cash',
      purchasedProduct: [{ productId: product.productId, productName: product.productName, artcode: product.artcode, quantity, sellingPrice: product.mrp }],
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: toRupees(figures.paid),
    },
  });
  expect(sold.status(), await sold.text()).toBe(200);
}

const stockNow = async (request: APIRequestContext, product: OwnProduct) => {
  const answer = await request.get(`/api/stock/${product.productId}/${product.artcode}`, { headers: await bearer(request, 'cashier@demo.shop') });
  return ((await answer.json()) as { quantity: number }).quantity;
};

/**
 * The cashier bills `quantity` units of the product with the network gone; meanwhile another till sells `soldMeanwhile`
 * of them; the network comes back and the queue screen shows the bill refused with the shortage. Answers the bill's
 * provisional number and its row on the queue screen.
 */
async function refusedOfflineBill(page: Page, context: BrowserContext, request: APIRequestContext, product: OwnProduct, quantity: number, soldMeanwhile: number) {
  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  // Looked up online once, so the customer is on the device; the product came with the device's copy of the stock.
  await chooseCustomer(page, WALK_IN.mobile, /\S/);
  await expect(page.getByLabel('Prices on this device')).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Till status' })).toContainText('You are offline', { timeout: 30_000 });
  await addProduct(page, 1, product.artcode, product.productName);
  await page.getByLabel('Quantity, row 1').fill(String(quantity));
  await page.getByRole('button', { name: 'Calculate' }).click();
  const provisionalNumber = await saveOffline(page, false);

  await soldAtAnotherTill(request, product, soldMeanwhile);
  await context.setOffline(false);
  await page.goto('/purchase/queue');
  const row = page.getByRole('table', { name: 'Bills on this device' }).getByRole('row').filter({ hasText: provisionalNumber });
  await expect(row).toContainText('Refused', { timeout: 60_000 });
  const left = product.received - soldMeanwhile;
  await expect(row.getByRole('list', { name: 'What the server found' })).toContainText(`${product.productName} (${product.artcode}): ${quantity} asked, ${left} in stock`);
  return { provisionalNumber, row };
}

test('a bill refused because another till sold the stock is fixed on Place Order and resent: sent with its tax invoice number', async ({ page, context, request }) => {
  const product = await productOnShelf(request, await bearer(request, 'admin@demo.shop'), 'Glucose Biscuits', 3);
  const { row } = await refusedOfflineBill(page, context, request, product, 3, 2);

  await row.getByRole('button', { name: 'Fix and resend' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fix and resend' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'What differs' })).toContainText(`${product.productName} (${product.artcode}): 3 billed, 1 in stock now — lower the quantity`);
  await expect(page.getByLabel('Quantity, row 1')).toHaveValue('3');
  await page.getByLabel('Quantity, row 1').fill('1');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByLabel('Gross Amount')).toHaveText('₹40.00');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Bills on this device' })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(/Sent\s*Tax invoice \S+/, { timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Fix and resend' })).toHaveCount(0);
  // The fixed bill took the one packet left; nothing was sold below zero.
  expect(await stockNow(request, product)).toBe(0);
});

test("a refused bill the manager sells against negative stock shows the manager's decision on the cashier's queue", async ({ page, context, request, browser }) => {
  const product = await productOnShelf(request, await bearer(request, 'admin@demo.shop'), 'Cream Biscuits', 2);
  const { provisionalNumber, row } = await refusedOfflineBill(page, context, request, product, 2, 1);
  await expect(row).toContainText('Waiting for the manager');

  const managers = await browser.newContext();
  try {
    const manager = await managers.newPage();
    await signInAndLand(manager, 'manager@demo.shop');
    await manager.goto('/heldBills');
    await manager.getByRole('link', { name: provisionalNumber }).click({ timeout: 30_000 });
    await manager.getByLabel('Reason').fill('The customer had left with both packets');
    await manager.getByRole('button', { name: 'Sell against negative stock' }).click();
    await expect(manager.getByRole('status')).toContainText('Sold against negative stock by manager@demo.shop', { timeout: 30_000 });
  } finally {
    await managers.close();
  }

  // The cashier opens the queue again: it asks the server about the bill it holds and shows the outcome.
  await page.reload();
  await expect(row).toContainText(/Sold against negative stock by manager@demo\.shop \(The customer had left with both packets\): saved as tax invoice \S+/, { timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Fix and resend' })).toHaveCount(0);
  expect(await stockNow(request, product)).toBe(-1);
});
