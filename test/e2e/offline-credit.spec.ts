import type { LedgerEntry } from '../../shared/schemas/account.js';
import { apiAsPage } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';
import { addProduct, chooseCustomer, readyForOffline, registerCustomer, saveOffline, sendAsPage } from './pos-helpers.js';

// Bills and a payment made without a network, then a queue sent on a busy machine.
test.describe.configure({ timeout: 300_000 });

test('offline: a bill on account within the device’s limit is kept, one past it is refused with the limit named, a split payment against the balance is queued with a provisional receipt, and back online both reach the ledger once', async ({ browser, page, context }) => {
  const owner = await browser.newPage();
  await signInAndLand(owner, 'admin@demo.shop');
  const name = `Udhaar${Date.now().toString(36)}`;
  const customer = await registerCustomer(owner, name, '6');
  const terms = await sendAsPage(owner, 'PUT', `/account/${customer.customerId}`, { onAccount: true, limit: 200 });
  expect(terms.status, JSON.stringify(terms.body)).toBe(200);

  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  // Looked up online once: the customer and their account are on the device from then on.
  await chooseCustomer(page, customer.mobileNumber, name);
  await expect(page.getByText('On account: owes ₹0.00 of a ₹200.00 limit')).toBeVisible({ timeout: 30_000 });
  await readyForOffline(page);

  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Till status' })).toContainText('You are offline — 0 bills waiting to be sent.');

  // Bill 1: ₹172.00, ₹100.00 of it on account (within the ₹200.00 limit), the rest in cash.
  await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
  await page.getByLabel('Quantity, row 1').fill('2');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByLabel('Net Amount')).toHaveText('₹172.00');
  await page.getByRole('button', { name: 'Add part' }).click();
  await page.getByRole('combobox', { name: 'Part 1 method' }).or(page.getByRole('textbox', { name: 'Part 1 method' })).first().click();
  await page.getByRole('option', { name: 'On account', exact: true }).click();
  await page.getByLabel('Part 1 amount').fill('100');
  await expect(page.getByText('On account: owes ₹0.00 of a ₹200.00 limit · after this bill ₹100.00')).toBeVisible();
  const bill = await saveOffline(page, false);

  // Bill 2 would put ₹150.00 more on account: the device's copy owes ₹100.00 of ₹200.00, so it is refused.
  await chooseCustomer(page, customer.mobileNumber, name);
  await expect(page.getByText('On account: owes ₹100.00 of a ₹200.00 limit (this device’s copy)')).toBeVisible({ timeout: 30_000 });
  await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
  await page.getByLabel('Quantity, row 1').fill('2');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await page.getByRole('button', { name: 'Add part' }).click();
  await page.getByRole('combobox', { name: 'Part 1 method' }).or(page.getByRole('textbox', { name: 'Part 1 method' })).first().click();
  await page.getByRole('option', { name: 'On account', exact: true }).click();
  await page.getByLabel('Part 1 amount').fill('150');
  await expect(page.getByText(`This bill takes ${name} past the credit limit.`, { exact: false })).toBeVisible();
  await page.getByLabel('Print').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The bill was not saved' })).toContainText(
    `Credit limit exceeded: ${name} owes ₹100.00 of a ₹200.00 limit; this bill puts ₹150.00 on account. A manager can approve it.`,
  );
  await expect(page.getByRole('status', { name: 'Till status' })).toContainText('You are offline — 1 bill waiting to be sent.');

  // A payment against the balance, split: ₹40.00 cash and ₹20.00 UPI, kept on the device with a provisional receipt.
  await page.getByRole('button', { name: 'Take a payment' }).click();
  const dialog = page.getByRole('dialog', { name: /^Take a payment/ });
  await dialog.getByLabel('Payment part 1 amount').fill('40');
  await dialog.getByRole('button', { name: 'Add part' }).click();
  await dialog.getByLabel('Payment part 2 amount').fill('20');
  await dialog.getByRole('button', { name: 'Receive payment' }).click();
  const receipt = dialog.locator('[data-payment-receipt]');
  await expect(receipt.getByText(/^Provisional receipt P-/)).toBeVisible({ timeout: 30_000 });
  await expect(receipt.getByText('Balance on account now ₹40.00')).toBeVisible();
  const paymentNumber = (await receipt.getByText(/^Provisional receipt P-/).textContent())!.replace('Provisional receipt ', '');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('On account: owes ₹40.00 of a ₹200.00 limit (this device’s copy)')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Till status' })).toContainText('You are offline — 1 bill and 1 payment waiting to be sent.');

  // Back online: the bill and the payment are sent, each once, in the order they were made.
  await page.getByRole('link', { name: 'Bills on this device' }).click();
  const queue = page.getByRole('table', { name: 'Bills on this device' });
  await expect(queue.getByRole('row').filter({ hasText: paymentNumber })).toContainText('Payment received ₹60.00');
  await context.setOffline(false);
  await expect(queue.getByRole('row').filter({ hasText: bill })).toContainText(/Sent\s*Tax invoice \S+/, { timeout: 60_000 });
  await expect(queue.getByRole('row').filter({ hasText: paymentNumber })).toContainText(/Sent\s*Receipt No\. 2/, { timeout: 60_000 });

  const entries = await apiAsPage<LedgerEntry[]>(owner, `/account/${customer.customerId}/entries?size=10`);
  expect(entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
    ['payment', -60, 40],
    ['bill', 100, 100],
  ]);
  expect(entries[0]!.note).toBe(`Received offline, receipt ${paymentNumber}`);
  expect(entries[0]!.tenders?.map((t) => [t.label, t.amount])).toEqual([
    ['Cash', 40],
    ['UPI', 20],
  ]);
});
