import type { Page } from '@playwright/test';
import { apiAsPage } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';
import { addProduct, chooseCustomer, registerCustomer, sendAsPage } from './pos-helpers.js';

// The machine running the browser tests is busy: a sale is several round trips and a receipt.
test.describe.configure({ timeout: 180_000 });

interface Shop {
  displayName: string;
  address: string;
  gstNumber: string;
  gstRegistered?: boolean;
  version?: number;
}

/** Sets (or with '' removes) the demo shop's UPI ID as its admin. */
async function setShopUpi(page: Page, upiId: string, upiPayeeName: string) {
  const shop = await apiAsPage<Shop>(page, '/tenant/currentTenant');
  const saved = await sendAsPage<Shop>(page, 'PUT', '/tenant/demo', {
    displayName: shop.displayName,
    address: shop.address,
    gstNumber: shop.gstNumber,
    gstRegistered: shop.gstRegistered,
    version: shop.version,
    upiId,
    upiPayeeName,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

test('a bill paid ₹100 by UPI through the shop’s QR code and the rest in cash: the receipt lists both parts', async ({ browser }) => {
  const admin = await browser.newPage();
  await signInAndLand(admin, 'admin@demo.shop');
  await setShopUpi(admin, 'demostores@okhdfcbank', 'Demo Stores');
  try {
    const page = await browser.newPage();
    await signInAndLand(page, 'cashier@demo.shop');
    const name = `Upi${Date.now().toString(36)}`;
    const customer = await registerCustomer(page, name, '7');
    await page.goto('/purchaseUpdated/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
    await chooseCustomer(page, customer.mobileNumber, name);
    await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
    await page.getByLabel('Quantity, row 1').fill('2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    // Seeded shelf: Parle-G MRP ₹90.00, selling price ₹86.00: 2 × 86.
    await expect(page.getByLabel('Net Amount')).toHaveText('₹172.00');

    await page.getByRole('button', { name: 'Add part' }).click();
    await page.getByLabel('Part 1 amount').fill('100');
    await expect(page.getByText('Rest ₹72.00 by Cash')).toBeVisible();
    const qr = page.getByAltText('UPI QR code for ₹100.00 to demostores@okhdfcbank');
    await expect(qr).toBeVisible({ timeout: 30_000 });
    expect(await page.locator('[data-upi-qr]').getAttribute('data-upi-qr')).toMatch(/^upi:\/\/pay\?pa=demostores%40okhdfcbank&pn=Demo%20Stores&am=100\.00&cu=INR&tr=BILL-/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByLabel('UPI ₹100.00 received').check();
    await page.getByRole('button', { name: 'Save' }).click();

    const receipt = page.getByRole('dialog');
    await expect(receipt.getByText('Payment Status: Paid')).toBeVisible({ timeout: 30_000 });
    await expect(receipt.getByText('Paid by UPI (ref BILL-', { exact: false })).toBeVisible();
    await expect(receipt.getByText('Paid by Cash')).toBeVisible();
  } finally {
    await setShopUpi(admin, '', '');
  }
});

/** Turns the demo shop's Razorpay UPI QR codes on or off as its admin. */
async function setRazorpayQr(page: Page, upiRazorpayQr: boolean) {
  const shop = await apiAsPage<Shop>(page, '/tenant/currentTenant');
  const saved = await sendAsPage<Shop>(page, 'PUT', '/tenant/demo', {
    displayName: shop.displayName,
    address: shop.address,
    gstNumber: shop.gstNumber,
    gstRegistered: shop.gstRegistered,
    version: shop.version,
    upiRazorpayQr,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

test('a bill paid ₹100 by UPI through Razorpay’s QR code moves on to its receipt by itself once the payment arrives', async ({ browser }) => {
  const admin = await browser.newPage();
  await signInAndLand(admin, 'admin@demo.shop');
  await setRazorpayQr(admin, true);
  try {
    const page = await browser.newPage();
    await signInAndLand(page, 'cashier@demo.shop');
    const name = `Rzp${Date.now().toString(36)}`;
    const customer = await registerCustomer(page, name, '7');
    await page.goto('/purchaseUpdated/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
    await chooseCustomer(page, customer.mobileNumber, name);
    await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
    await page.getByLabel('Quantity, row 1').fill('2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByLabel('Net Amount')).toHaveText('₹172.00');
    await page.getByRole('button', { name: 'Add part' }).click();
    await page.getByLabel('Part 1 amount').fill('100');
    // No QR and no "UPI received" before saving: Razorpay's code comes with the saved bill.
    await expect(page.locator('[data-upi-razorpay]')).toContainText('UPI ₹100.00');
    const made = page.waitForResponse((r) => r.url().endsWith('/api/payment/till-qr') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    const qr = (await (await made).json()) as { qrId: string; imageUrl: string; amount: number };
    expect(qr.amount).toBe(100);
    await expect(page.getByAltText('Razorpay UPI QR code for ₹100.00')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Waiting for the payment')).toBeVisible();

    // The customer pays: the simulator's webhook confirms the part, and the till moves on without a click.
    const simulator = new URL(qr.imageUrl).origin;
    const paid = await page.request.post(`${simulator}/sim/qr_codes/${qr.qrId}/pay`, { data: {} });
    expect(paid.status()).toBe(200);
    const receipt = page.getByRole('dialog', { name: /^Receipt · Bill / });
    await expect(receipt.getByText('Payment Status: Paid')).toBeVisible({ timeout: 30_000 });
    await expect(receipt.getByText('Paid by UPI (ref pay_', { exact: false })).toBeVisible();
    await expect(receipt.getByText('to be confirmed', { exact: false })).toHaveCount(0);
  } finally {
    await setRazorpayQr(admin, false);
  }
});
