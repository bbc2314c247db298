import { readFile } from 'node:fs/promises';
import { expect, fillDate, signInAndLand, test } from './fixtures.js';

type Page = import('@playwright/test').Page;
const select = (page: Page, label: string) => page.getByRole('combobox', { name: label }).or(page.getByRole('textbox', { name: label })).first();

async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("a Sales report of the last week: the demo shop's sales in rows and charts, then its PDF", async ({ page }) => {
  await signInAndLand(page, 'owner@demo.shop');
  await page.goto('/reportGeneration');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Generation' })).toBeVisible({ timeout: 30_000 });
  const generate = page.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeDisabled();

  await choose(page, 'Report Type', 'Sales');
  await expect(generate).toBeDisabled();
  await choose(page, 'Filter By', 'Date');
  // The range starts a week back and ends today; an end after today is refused before asking the server.
  const end = page.getByLabel('End Date');
  const today = await end.inputValue();
  await fillDate(end, '2999-01-01');
  await expect(page.getByText('End Date should not be after today.')).toBeVisible();
  await expect(generate).toBeDisabled();
  await end.fill(today);
  await end.press('Escape');
  await expect(generate).toBeEnabled();
  await generate.click();

  await expect(page.getByText(/^Sales Report · \d{2}\/\d{2}\/\d{4} - \d{2}\/\d{2}\/\d{4}$/)).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Sales report' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // The seeded sales: three days of bills, so products sold with a sold value in rupees.
  await expect(table.getByRole('cell', { name: /^₹[\d,]+\.\d{2}$/ }).first()).toBeVisible();
  await expect(page.getByTestId('chart-sales-by-day')).toBeVisible();
  await expect(page.getByTestId('chart-sales-by-day')).toHaveAttribute('aria-label', /^Sales by day\. \d{2}\/\d{2}\/\d{4}: cash ₹/);
  await expect(page.getByTestId('chart-top-products').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('chart-payment-modes')).toHaveAttribute('aria-label', /^Payment modes: Cash ₹[\d,.]+ \(\d+%\), Online ₹/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Sales_\d{2}_\d{2}_\d{4}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Changing the report type resets the filter; an empty range says so.
  await choose(page, 'Report Type', 'Purchase');
  await expect(select(page, 'Filter By')).toHaveValue('');
  await expect(generate).toBeDisabled();
  await choose(page, 'Filter By', 'Date');
  await fillDate(page.getByLabel('Start Date'), '2020-01-01');
  await fillDate(page.getByLabel('End Date'), '2020-01-31');
  await generate.click();
  await expect(page.getByText('No Data Found for 01/01/2020 - 31/01/2020')).toBeVisible({ timeout: 30_000 });
});
