import { randomUUID } from 'node:crypto';
import { computeBill } from '../../shared/bill.js';
import { toBasisPoints, toPaise, toRupees } from '../../shared/money.js';
import { demoTokenOf, expect, signInAndLand, test } from './fixtures.js';
import { productOnShelf } from './pos-helpers.js';

// A held bill, the manager's screens and the resend are several round trips on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('a bill made offline for stock another till sold meanwhile is held, and the manager sells it against negative stock', async ({ page, request }) => {
  const cashier = { authorization: `Bearer ${await demoTokenOf(request, 'cashier@demo.shop')}` };
  const admin = { authorization: `Bearer ${await demoTokenOf(request, 'admin@demo.shop')}` };
  // A product of its own with 3 packets on the shelf, so no other test's stock goes below zero.
  const { productId, productName, artcode, mrp, cgst, sgst } = await productOnShelf(request, admin, 'Marie Biscuits', 3);
  const line = { quantity: 3 };
  // The till sold more packets than the shelf now holds: another till sold them meanwhile.
  const quantity = line.quantity + 2;
  const rate = mrp;
  const figures = computeBill({ lines: [{ mrp: toPaise(mrp), rate: toPaise(rate), quantity, cgstRate: toBasisPoints(cgst), sgstRate: toBasisPoints(sgst) }] });
  const provisionalNumber = `DEM-T9-${Date.now().toString().slice(-6)}`;
  const body = {
    // A walk-in customer of the demo shop's seed.
    mobileNumber: '9740055667',
    paymentMode: 'Cash',
    purchasedProduct: [{ productId, productName, artcode, quantity, price: mrp, sellingPrice: rate, cgst, sgst }],
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
    idempotencyKey: randomUUID(),
    offline: { madeOn: new Date(Date.now() - 3_600_000).toISOString(), provisionalNumber, deviceId: `till-${randomUUID()}` },
  };
  const refused = await request.post('/api/purchase', { headers: cashier, data: body });
  expect(refused.status(), await refused.text()).toBe(409);

  await signInAndLand(page, 'manager@demo.shop');
  await expect(page.getByRole('status').filter({ hasText: /offline bills? waits? for your decision/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Open held bills' }).click();
  await page.getByRole('link', { name: provisionalNumber }).click();
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(`${productName} (${artcode}): ${quantity} asked, ${line.quantity} in stock`);
  await page.getByLabel('Reason').fill('The packets had left the shop with the customer');
  await page.getByRole('button', { name: 'Sell against negative stock' }).click();
  await expect(page.getByRole('status')).toContainText('Sold against negative stock by manager@demo.shop', { timeout: 30_000 });

  // The till's queue sends the bill again and is answered the bill the manager saved, with its invoice number.
  const resent = await request.post('/api/purchase', { headers: cashier, data: body });
  expect(resent.status(), await resent.text()).toBe(200);
  const saved = (await resent.json()) as { invoiceNumber?: string };
  expect(saved.invoiceNumber).toBeTruthy();
  await expect(page.getByRole('status')).toContainText(saved.invoiceNumber!);
  const stock = (await (await request.get(`/api/stock/${productId}/${artcode}`, { headers: cashier })).json()) as { quantity: number };
  expect(stock.quantity).toBe(-2);
});
