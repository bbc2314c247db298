import { expect, signInAndLand, test } from './fixtures.js';
import { billThroughApi, registerCustomer, sendAsPage, shelfLine } from './pos-helpers.js';
import { apiAsPage } from './catalogue-helpers.js';

// A day's close is several screens and round trips on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Whole rupees as ₹500/₹200/₹100 notes and ₹10, ₹5, ₹2, ₹1 coins, largest first: the count the cashier types. */
function piecesOf(rupees: number): [label: string, count: number][] {
  const pieces: [string, number][] = [
    ['₹500 notes', 500],
    ['₹200 notes', 200],
    ['₹100 notes', 100],
    ['₹10 coins', 10],
    ['₹5 coins', 5],
    ['₹2 coins', 2],
    ['₹1 coins', 1],
  ];
  let left = rupees;
  return pieces.flatMap(([label, value]) => {
    const count = Math.floor(left / value);
    left -= count * value;
    return count ? [[label, count] as [string, number]] : [];
  });
}

test('a day’s close with a short: open with a float, a cash bill, a pay-out as an expense, count the drawer, the owner sees the short', async ({ page, browser, baseURL }) => {
  const cashier = 'suresh@demo.shop';
  const till = `Counter ${Date.now().toString(36).slice(-5)}`;
  await signInAndLand(page, cashier);
  // A session an earlier run left open is closed first, so this one opens its own.
  const left = await apiAsPage<{ sessionId: string } | null>(page, '/till/session/current');
  if (left) await sendAsPage(page, 'POST', `/till/session/${left.sessionId}/close`, { count: {}, reason: 'Left open by an earlier run' });

  await page.goto('/till');
  await expect(page.getByRole('heading', { name: 'Open the till' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Till', exact: true }).fill(till);
  await page.getByLabel('Opening float (₹)').fill('1000');
  await page.getByRole('button', { name: 'Open till' }).click();
  await expect(page.getByLabel('Expected in the drawer')).toHaveText('₹1,000.00', { timeout: 30_000 });

  // A cash bill by the cashier moves the session by itself.
  const customer = await registerCustomer(page, `Till${Date.now().toString(36)}`, '7');
  const line = await shelfLine(page, 'Parle', 'Parle-G Biscuits', 1);
  const sale = await billThroughApi(page, customer, line, 1, line.mrp);
  await page.reload();
  const expected = 1000 + sale.netAmount - 50;
  await expect(page.getByLabel('Cash sales')).toHaveText(`₹${sale.netAmount.toFixed(2)}`, { timeout: 30_000 });

  await page.getByLabel('Amount (₹)').fill('50');
  await page.getByLabel('Reason').first().fill('Tea for the staff');
  await page.getByLabel('Record as an expense paid in cash').check();
  await page.getByRole('button', { name: 'Add pay-out' }).click();
  await expect(page.getByRole('table', { name: 'Pay-ins and pay-outs' })).toContainText('Tea for the staff');
  await expect(page.getByLabel('Expected in the drawer')).toHaveText(new RegExp(`₹${expected.toLocaleString('en-IN')}\\.00`));

  // ₹10 short.
  for (const [label, count] of piecesOf(expected - 10)) await page.getByLabel(label).fill(String(count));
  await expect(page.getByText('Short ₹10.00').first()).toBeVisible();
  const close = page.getByRole('button', { name: 'Close till (Short ₹10.00)' });
  await expect(close).toBeDisabled();
  await page.getByRole('textbox', { name: 'Reason' }).last().fill('Gave ₹10 too much change');
  await close.click();
  await expect(page.getByRole('heading', { name: `Till ${till} closed` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Reason: Gave ₹10 too much change')).toBeVisible();
  await expect(page.getByText('The close was mailed to the owner.')).toBeVisible();

  // The owner's month: the close with its short, and the cashier's shorts.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signInAndLand(owner, 'owner@demo.shop');
  await owner.goto('/tillCloses');
  const closes = owner.getByRole('table', { name: 'Closes of the month' });
  const row = closes.getByRole('row').filter({ hasText: till });
  await expect(row).toContainText('Short ₹10.00', { timeout: 30_000 });
  await expect(row).toContainText('Gave ₹10 too much change');
  await expect(owner.getByRole('table', { name: 'Closes per cashier' }).getByRole('row').filter({ hasText: cashier })).toBeVisible();
  await ownerContext.close();
});
