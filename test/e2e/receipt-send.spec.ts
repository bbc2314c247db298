import { expect, signInAndLand, test } from './fixtures.js';
import { billThroughApi, registerCustomer, shelfLine } from './pos-helpers.js';

// A bill, its receipt and two sends are several round trips on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("a bill's receipt goes to the customer's own e-mail in one click, and to a typed number only after the cashier confirms it", async ({ page }) => {
  await signInAndLand(page, 'cashier@demo.shop');
  const name = `Send${Date.now().toString(36)}`;
  const customer = await registerCustomer(page, name, '7');
  const line = await shelfLine(page, 'Parle', 'Parle-G Biscuits', 1);
  const bill = await billThroughApi(page, customer, line, 1, line.mrp);

  await page.goto(`/receipt?id=${bill.purchaseId}`);
  const send = page.getByRole('region', { name: 'Send the receipt' });
  const email = `${name.toLowerCase()}@example.in`;
  await send.getByRole('button', { name: `E-mail to ${email}` }).click({ timeout: 30_000 });
  await expect(send.getByRole('status')).toHaveText(`Receipt sent by e-mail to ${email}.`, { timeout: 30_000 });

  await send.getByRole('button', { name: 'Send to another address' }).click();
  await send.getByText('WhatsApp', { exact: true }).click();
  await send.getByLabel('Mobile number').fill('98123');
  await send.getByRole('button', { name: 'Next' }).click();
  await expect(send.getByText('Enter the Valid Mobile Number !')).toBeVisible();
  await send.getByLabel('Mobile number').fill('9812345670');
  await send.getByRole('button', { name: 'Next' }).click();
  await expect(send.getByText(`Send bill ${bill.purchaseId}'s receipt by WhatsApp to`)).toContainText('recorded with your name');
  await send.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(send.getByRole('status')).toHaveText('Receipt sent by WhatsApp to 9812345670.', { timeout: 30_000 });
});
