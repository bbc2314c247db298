import { expect, signInAndLand, test } from './fixtures.js';

test.describe.configure({ timeout: 180_000 });

/** Ten seeded stock lines with units enough for a bill (every fifth seeded line is kept low: HSN1004, HSN1009). */
const ARTCODES = ['HSN1001', 'HSN1002', 'HSN1003', 'HSN1005', 'HSN1006', 'HSN1007', 'HSN1008', 'HSN1010', 'HSN1011', 'HSN1012'];
const WALK_IN = { mobile: '9880011223', name: 'AnjaliRao' };

interface SavedBill {
  purchaseId: number;
}

test('a bill of 10 lines from the keyboard alone: a scanner sends each code and Enter, the cashier only keys, at most 3 keystrokes a line', async ({ page }) => {
  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Keys' })).toContainText('F9 Save');

  // The cashier's keys, one by one; a scan is what a keyboard-wedge scanner sends on one pull of its trigger.
  let keystrokes = 0;
  const key = async (k: string) => {
    keystrokes += 1;
    await page.keyboard.press(k);
  };
  const scan = async (code: string) => {
    keystrokes += 1;
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };
  const products = page.getByRole('table', { name: 'Products' });

  await expect(page.getByRole('combobox', { name: 'Mobile Number' })).toBeFocused();
  for (const digit of WALK_IN.mobile) await key(digit);
  await expect(page.getByLabel('Customer Name')).toHaveValue(WALK_IN.name, { timeout: 30_000 });
  await expect(page.getByLabel('Name/Code, row 1', { exact: true })).toBeFocused();

  // Each scan fills its line at quantity 1 and leaves the focus on the next row's search, where the next scan goes.
  for (const [i, artcode] of ARTCODES.entries()) {
    await scan(artcode);
    await expect(products.getByText(artcode, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel(`Quantity, row ${i + 1}`, { exact: true })).toHaveValue('1');
    await expect(page.getByLabel(`Name/Code, row ${i + 2}`, { exact: true })).toBeFocused();
  }
  // The first product scanned again adds 1 to its line; F2 changes the last line's quantity.
  await scan(ARTCODES[0]!);
  await expect(page.getByLabel('Quantity, row 1', { exact: true })).toHaveValue('2');
  await key('F2');
  await expect(page.getByLabel('Quantity, row 10', { exact: true })).toBeFocused();
  await key('3');
  await key('Enter');
  await expect(page.getByLabel('Name/Code, row 11', { exact: true })).toBeFocused();

  await key('F8');
  await expect(page.getByLabel('Gross Amount')).toHaveText(/₹\d/);
  await key('F10');
  await expect(page.getByLabel('Print')).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/purchase');
  await key('F9');
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  const bill = (await answer.json()) as SavedBill;
  await expect(page.getByRole('dialog', { name: `Receipt · Bill ${bill.purchaseId}` }).or(page.getByRole('heading', { level: 1, name: 'Order List' })).first()).toBeVisible({ timeout: 30_000 });

  const sent = JSON.parse(answer.request().postData() ?? '{}') as { purchasedProduct: { artcode: string; quantity: number }[] };
  expect(sent.purchasedProduct.map((l) => `${l.artcode}×${l.quantity}`)).toEqual(ARTCODES.map((a, i) => `${a}×${i === 0 ? 2 : i === 9 ? 3 : 1}`));
  // 10 digits of the mobile, 11 scans, F2 3 Enter, F8, F10, F9: 27 keystrokes for 10 lines.
  expect(keystrokes).toBe(27);
  expect(keystrokes / ARTCODES.length).toBeLessThanOrEqual(3);
});
