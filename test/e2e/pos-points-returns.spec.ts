import { expect, runClockUntilVisible, signInAndLand, test } from './fixtures.js';
import { addProduct, billThroughApi, customerNow, registerCustomer, shelfLine, stockOf, twelveThousandRupees } from './pos-helpers.js';

// A sale or a return is several round trips and a receipt on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('a sale redeems credit points above 100: the figures by hand, the receipt, and the points left', async ({ page }) => {
  // The receipt stays a second before the order list: the page's clock is the test's to hold (installed before the
  // app loads) while the receipt is read.
  await page.clock.install();
  await signInAndLand(page, 'cashier@demo.shop');
  const name = `Kavya${Date.now().toString(36)}`;
  const customer = await registerCustomer(page, name, '8');
  // ₹12,000.00 paid in cash (e.g. 5 sarees at ₹2,400.00), one point per full ₹100 -> 120 points.
  const { line, quantity, rate } = await twelveThousandRupees(page);
  await billThroughApi(page, customer, line, quantity, rate);
  expect((await customerNow(page, customer.mobileNumber)).creditPoints).toBe(120);

  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Mobile Number' }).fill(customer.mobileNumber);
  await expect(page.getByLabel('Customer Name')).toHaveValue(name, { timeout: 30_000 });
  await expect(page.getByText('Credit Points: 120').first()).toBeVisible();

  await addProduct(page, 1, 'Parle', 'Parle-G Biscuits');
  await addProduct(page, 2, 'Mysore', 'Mysore Sandal Soap');
  await page.getByLabel('Quantity, row 1').fill('2');
  await page.getByLabel('Rate, row 1').fill('85');
  await page.getByLabel('Rate, row 2').fill('96');
  // (₹90.00 − ₹85.00) / ₹90.00 = 5.6%, rounded up.
  await expect(page.getByLabel('Discount, row 1')).toHaveText('6%');
  await page.getByRole('button', { name: 'Calculate' }).click();

  // By hand: MRP 2 × ₹90.00 + ₹96.00 = ₹276.00; sold 2 × ₹85.00 + ₹96.00 = ₹266.00, so ₹10.00 off.
  // GST 18% inside the price, in equal halves: ₹170.00 × 9 / 118 = ₹12.97 twice -> tax ₹25.94; ₹96.00 × 9 / 118 = ₹7.32
  // twice -> tax ₹14.64.
  await expect(page.getByLabel('Gross Amount')).toHaveText('₹276.00');
  await expect(page.getByLabel('Discount', { exact: true })).toHaveText('₹10.00');
  await expect(page.getByLabel('Tax', { exact: true })).toHaveText('₹40.58');
  await expect(page.getByLabel('Net Amount')).toHaveText('₹266.00');
  await expect(page.getByLabel('Net Price, row 1')).toHaveText('₹170.00');

  // 120 points are below the net: all are used, ₹120.00 off, ₹146.00 to pay and no points left.
  await expect(page.getByLabel('Redeem')).toBeEnabled();
  await page.getByLabel('Redeem').check();
  await expect(page.getByLabel('Net Amount')).toHaveText('₹146.00');
  await expect(page.getByText('Redeemed ₹120.00')).toBeVisible();
  await expect(page.getByText('Credit Points: 0')).toBeVisible();
  await page.getByLabel('Redeem').uncheck();
  await expect(page.getByLabel('Net Amount')).toHaveText('₹266.00');
  await page.getByLabel('Redeem').check();
  await page.getByLabel('Print').uncheck();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Save' }).click();

  const receipt = page.getByRole('dialog');
  await runClockUntilVisible(page, receipt.getByText('Payment Status: Paid'));
  await expect(receipt.getByText('Redeemed')).toBeVisible();
  await expect(receipt.getByText('₹120.00')).toBeVisible();
  await expect(receipt.getByText('₹146.00').last()).toBeVisible();
  await page.clock.resume();
  await expect(page).toHaveURL('/purchase', { timeout: 30_000 });

  // ₹146.00 paid in money earns 1 point.
  expect((await customerNow(page, customer.mobileNumber)).creditPoints).toBe(1);
});

test('a return from the customer order list: two of three units back, Return done., the stock up by two', async ({ page }) => {
  await signInAndLand(page, 'cashier@demo.shop');
  const name = `Arjun${Date.now().toString(36)}`;
  const customer = await registerCustomer(page, name, '7');
  const paste = await shelfLine(page, 'Colgate', 'Colgate Strong Teeth', 3);
  const bill = await billThroughApi(page, customer, paste, 3, paste.mrp);
  const stockBefore = await stockOf(page, paste);

  await page.goto('/customerPurchase/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Order List' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Mobile Number' }).fill(customer.mobileNumber);
  await expect(page).toHaveURL(`/customerPurchase/${customer.mobileNumber}`);
  await expect(page.getByLabel('Customer Name')).toHaveValue(name, { timeout: 30_000 });
  const orders = page.getByRole('table', { name: 'Customer Orders' });
  const row = orders.getByRole('row').filter({ hasText: 'Colgate Strong Teeth' });
  await expect(row).toContainText(String(bill.purchaseId));
  await row.getByRole('link', { name: 'Return Product' }).click();

  await expect(page).toHaveURL(`/productReturn/${bill.purchaseId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Return Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('dialog', { name: 'Check the return' })).toContainText('Please select the product(s) to return.');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Return Colgate Strong Teeth').check();
  const quantity = page.getByLabel('Return Quantity of Colgate Strong Teeth');
  await expect(quantity).toHaveValue('3');
  await quantity.fill('4');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByText(`Return Quantity of Colgate Strong Teeth (${paste.artcode}) should not be more than 3.`).first()).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await quantity.fill('2');
  await page.getByRole('button', { name: 'Calculate' }).click();
  // 2 × ₹134.00
  await expect(page.getByLabel('Return Amount')).toHaveText('₹268.00');
  await page.getByLabel('CASH').check();
  // Print prints what the return issued: its credit note (the printer is counted, not opened).
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await page.getByLabel('Print').check();
  await page.getByRole('button', { name: 'Submit' }).click();

  const done = page.getByRole('dialog');
  await expect(done.getByText('Return done.')).toBeVisible({ timeout: 30_000 });
  // ₹402.00 paid earned 4 points; ₹134.00 kept earns 1, so 3 are taken back.
  await expect(done.getByText('Refund ₹268.00 (CASH); 3 points earned on this bill taken back.')).toBeVisible();
  const note = done.getByLabel('Credit note');
  await expect(note).toContainText('Credit Note No:');
  await expect(note).toContainText(/Against invoice [A-Z]+\/\d{2}-\d{2}\/\d{6}/);
  await expect(note).toContainText('Credit note value ₹268.00');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The invoice, which never changes, is not what was printed.
  await expect(done.getByText('Payment Status: Paid')).toHaveCount(0);
  await done.getByRole('button', { name: 'OK' }).click();

  await expect(page).toHaveURL(`/customerPurchase/${customer.mobileNumber}`);
  const after = page.getByRole('table', { name: 'Customer Orders' }).getByRole('row').filter({ hasText: 'Colgate Strong Teeth' });
  await expect(after).toContainText('Partly Returned', { timeout: 30_000 });
  await expect(after).toContainText('₹134.00');
  expect(await stockOf(page, paste)).toBe(stockBefore + 2);
  expect((await customerNow(page, customer.mobileNumber)).creditPoints).toBe(1);
});
