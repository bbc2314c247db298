import type { Page } from '@playwright/test';
import { expect, signInAndLand, test } from './fixtures.js';

test.describe.configure({ timeout: 180_000 });

/** Nothing of the page scrolls sideways, and each field of `labels` lies wholly inside the window. */
async function fitsTheWidth(page: Page, labels: string[]) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const table = page.getByRole('table', { name: 'Products' });
  // The table's own scroller has nothing to its side either: no figure of the bill is hidden off to the right.
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  for (const label of labels) {
    const box = (await page.getByLabel(label, { exact: true }).boundingBox())!;
    expect(box, label).not.toBeNull();
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(width);
  }
}

test('Place Order and its receipt on a phone (390 px) and a 10-inch tablet (768 px): the bill lines fold, Quantity, Rate and Net Price in sight, the receipt (80 mm and A4) wraps, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndLand(page, 'cashier@demo.shop');
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Mobile Number' }).pressSequentially('9880011223');
  await expect(page.getByLabel('Customer Name')).toHaveValue('AnjaliRao', { timeout: 30_000 });
  await page.keyboard.type('HSN1002');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity, row 1', { exact: true })).toHaveValue('1', { timeout: 30_000 });
  await page.keyboard.press('F8');
  await expect(page.getByLabel('Net Price, row 1')).toHaveText(/^₹\d/);

  const figures = ['Quantity, row 1', 'Rate, row 1', 'Net Price, row 1', 'Name/Code, row 2'];
  await fitsTheWidth(page, figures);
  await page.setViewportSize({ width: 768, height: 1024 });
  await fitsTheWidth(page, figures);

  // The bill saved, its receipt at both widths: nothing of it off to the side.
  await page.keyboard.press('F10');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/purchase');
  await page.keyboard.press('F9');
  const { purchaseId } = (await (await saved).json()) as { purchaseId: number };
  for (const size of [{ width: 390, height: 844 }, { width: 768, height: 1024 }]) {
    await page.setViewportSize(size);
    await page.goto(`/receipt?id=${purchaseId}`);
    const receipt = page.locator('[data-receipt]');
    await expect(receipt.getByText('Tax Invoice')).toBeVisible({ timeout: 30_000 });
    // On the till's 80 mm roll and on A4 alike.
    for (const paper of ['80 mm roll', 'A4']) {
      await page.getByRole('radiogroup', { name: 'Paper' }).getByText(paper, { exact: true }).click();
      await expect(page.getByRole('radio', { name: paper })).toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${paper} receipt at ${size.width} px`).toBeLessThanOrEqual(0);
      const box = (await receipt.boundingBox())!;
      expect(box.x + box.width, `${paper} receipt at ${size.width} px`).toBeLessThanOrEqual(size.width);
      expect(await receipt.evaluate((r) => [r, ...r.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')), `${paper} receipt at ${size.width} px scrolls sideways`).toBe(false);
    }
  }
});
