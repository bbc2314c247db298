import { expect, signInAndLand, test } from './fixtures.js';
import { addProduct, chooseCustomer, registerCustomer } from './pos-helpers.js';

// The machine running the browser tests is busy: a sale is several round trips and a receipt.
test.describe.configure({ timeout: 180_000 });

test('the owner lets a customer buy on account; the cashier bills ₹100 of it on account, then takes ₹60 against the balance, the ledger shows both, and the owner’s reminder of the ₹40.00 left reaches WhatsApp', async ({ browser }) => {
  const owner = await browser.newPage();
  await signInAndLand(owner, 'admin@demo.shop');
  const name = `Khata${Date.now().toString(36)}`;
  const customer = await registerCustomer(owner, name, '8');

  // The owner's terms: on account up to ₹500.
  await owner.goto(`/customerAccount/${customer.customerId}`);
  await expect(owner.getByText(`${name} (${customer.mobileNumber})`)).toBeVisible({ timeout: 30_000 });
  await owner.getByLabel('May buy on account').check();
  await owner.getByLabel('Credit limit').fill('500');
  await owner.getByRole('button', { name: 'Save terms' }).click();
  await expect(owner.getByText('Saved.')).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByText('₹500.00')).toBeVisible();

  // The cashier's bill: ₹172.00, ₹100.00 on account and the rest in cash.
  const page = await browser.newPage();
  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await chooseCustomer(page, customer.mobileNumber, name);
  await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
  await page.getByLabel('Quantity, row 1').fill('2');
  await page.getByRole('button', { name: 'Calculate' }).click();
  // Seeded shelf: Parle-G selling price ₹86.00: 2 × 86.
  await expect(page.getByLabel('Net Amount')).toHaveText('₹172.00');
  await expect(page.getByText('On account: owes ₹0.00 of a ₹500.00 limit')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add part' }).click();
  await page.getByRole('combobox', { name: 'Part 1 method' }).or(page.getByRole('textbox', { name: 'Part 1 method' })).first().click();
  await page.getByRole('option', { name: 'On account', exact: true }).click();
  await page.getByLabel('Part 1 amount').fill('100');
  await expect(page.getByText('Rest ₹72.00 by Cash')).toBeVisible();
  await expect(page.getByText('On account: owes ₹0.00 of a ₹500.00 limit · after this bill ₹100.00')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  const receipt = page.getByRole('dialog', { name: /^Receipt · Bill / });
  await expect(receipt.getByText('Balance on account after this bill')).toBeVisible({ timeout: 30_000 });
  await expect(receipt.locator('[data-account-balance]')).toContainText('₹100.00');
  await expect(receipt.getByText('On account', { exact: true })).toBeVisible();
  await expect(receipt.getByText('Paid by Cash')).toBeVisible();

  // A payment against the balance on the customer's account screen.
  await page.goto(`/customerAccount/${customer.customerId}`);
  await expect(page.locator('[data-account-balance]')).toHaveText('₹100.00', { timeout: 30_000 });
  await page.getByLabel('Payment part 1 amount').fill('60');
  await page.getByRole('button', { name: 'Receive payment' }).click();
  const paid = page.locator('[data-payment-receipt]');
  await expect(paid.getByText('Balance on account now ₹40.00')).toBeVisible({ timeout: 30_000 });
  await expect(paid.getByText(`Received ₹60.00 from ${name}`, { exact: false })).toBeVisible();

  // The ledger, newest first: the payment, then the bill, each with the balance after it.
  const ledger = page.locator('[data-ledger]');
  const payment = ledger.getByRole('row').filter({ hasText: 'Payment received' });
  await expect(payment).toContainText('Cash ₹60.00', { timeout: 30_000 });
  await expect(payment).toContainText('₹40.00');
  const bill = ledger.getByRole('row').filter({ hasText: 'Bill on account' });
  await expect(bill).toContainText('₹100.00');
  await expect(ledger.getByRole('row')).toHaveCount(3);
  await expect(ledger.getByRole('row').nth(1)).toContainText('Payment received');
  await expect(ledger.getByRole('row').nth(2)).toContainText('Bill on account');

  // The owner reminds the customer of what is left; the WhatsApp simulator received the message.
  await owner.reload();
  await expect(owner.locator('[data-account-balance]')).toHaveText('₹40.00', { timeout: 30_000 });
  await owner.getByRole('button', { name: 'Remind', exact: true }).click();
  // The customer has an e-mail address: the reminder goes by e-mail too.
  await expect(owner.getByRole('status').filter({ hasText: 'Reminder sent' })).toHaveText(
    `Reminder sent to ${name} on WhatsApp and by e-mail (${name.toLowerCase()}@example.in).`,
    { timeout: 30_000 },
  );
  const sent = await owner.request.get(`${process.env.E2E_WHATSAPP_URL}/messages`);
  const { messages } = (await sent.json()) as { messages: { to: string; body: { text?: { body: string } } }[] };
  const reminder = messages.filter((m) => m.to === `91${customer.mobileNumber}`).at(-1);
  expect(reminder?.body.text?.body).toContain('you owe ₹40.00 on your account');
});
