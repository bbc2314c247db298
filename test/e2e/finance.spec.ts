import { readFile } from 'node:fs/promises';
import { currentFinancialYear, financialYearLabel } from '../../shared/financial-year.js';
import { formatRupees } from '../../shared/format.js';
import type { YearlyReturns } from '../../shared/schemas/expense.js';
import { pdfText } from '../integration/pdf-text.js';
import { apiAsPage, unique } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';

const shopToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

test('an expense added, refused while wrong, edited and deleted in the current month; older months offer no Delete', async ({ page }) => {
  await signInAndLand(page, 'owner@demo.shop');
  await page.goto('/expense');
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible({ timeout: 30_000 });
  const total = page.getByLabel('Expense total');
  await expect(total).toHaveText(/₹/, { timeout: 30_000 });
  const totalBefore = await total.innerText();

  await page.getByRole('link', { name: 'Add Expense' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Expense' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Expense Name is required.')).toBeVisible();
  await expect(page.getByText('Expense Amount is required.')).toBeVisible();

  const name = unique('Water cans');
  await page.getByLabel('Expense Name').fill(name);
  await page.getByLabel('Amount (₹)').fill('12.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the Amount in whole rupees!!!')).toBeVisible();
  await page.getByLabel('Amount (₹)').fill('450');
  await page.locator('label', { hasText: /^Online$/ }).click();
  await expect(page.getByRole('radio', { name: 'Online' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText(`Added ${name} (₹450.00).`)).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Online');
  await expect(row).toContainText('₹450.00');
  await expect(total).not.toHaveText(totalBefore);

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Expense' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Amount (₹)')).toHaveValue('450');
  await page.getByLabel('Amount (₹)').fill('500');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`Saved ${name} (₹500.00).`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('₹500.00');

  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0, { timeout: 30_000 });
  await expect(total).toHaveText(totalBefore, { timeout: 30_000 });

  // A month that is not the current one: its expenses can be edited but not deleted.
  const [year, month] = shopToday().split('-').map(Number) as [number, number];
  const earlier = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  await page.goto(`/expense?month=${earlier.month}&year=${earlier.year}`);
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(MONTHS[earlier.month - 1]!, { timeout: 30_000 });
  await expect(page.getByText('Expenses can be deleted only in the current month.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});

/**
 * Bills and expenses of other browser tests may land while this one runs, so the figures are read from the API,
 * then the screen and the PDF are checked against them, again from the start if something changed in between.
 */
test('yearly returns show the financial year\'s totals, and the PDF opens with the same totals', async ({ page }) => {
  await signInAndLand(page, 'owner@demo.shop');
  // The screen opens on the Indian financial year the shop is in (April to March).
  const startYear = currentFinancialYear(new Date());
  const label = financialYearLabel(startYear);
  await page.goto('/yearlyReturn');
  await expect(page.getByRole('heading', { level: 1, name: 'Yearly Returns' })).toBeVisible({ timeout: 30_000 });

  await expect(async () => {
    const report = await apiAsPage<YearlyReturns>(page, `/expense/yearlyReturns/${startYear}?basis=financial`);
    // The demo shop has this year's seeded sales and expenses, so the figures are not all zero.
    expect(report.totals.soldAmount).toBeGreaterThan(0);
    expect(report.totals.expense).toBeGreaterThan(0);
    await page.reload();
    const totals = page.getByRole('row', { name: 'Totals' });
    await expect(totals).toContainText(formatRupees(report.totals.boughtAmount), { timeout: 15_000 });
    await expect(totals).toContainText(formatRupees(report.totals.soldAmount), { timeout: 1_000 });
    await expect(totals).toContainText(formatRupees(report.totals.expense), { timeout: 1_000 });
    await expect(totals).toContainText(formatRupees(report.profit), { timeout: 1_000 });
    await expect(page.getByRole('region', { name: `Totals of ${label}` })).toContainText(`${report.returnPercentage.toFixed(2)}%`, { timeout: 1_000 });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).split('/');
    expect(file.suggestedFilename()).toBe(`Yearly_Return_${d}_${m}_${y}.pdf`);
    // Lines wrap where the page ends them: the text is read as one.
    const text = (await pdfText(await readFile((await file.path())!))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Yearly Returns · ${label}`);
    const t = report.totals;
    // A year with sales on account (another test's customer credit) works the profit out with them.
    expect(text).toContain(
      t.onAccount !== undefined
        ? `Net sold ${formatRupees(t.soldAmount)} + Sold on account ${formatRupees(t.onAccount)} − Bought ${formatRupees(t.boughtAmount)} − Expense ${formatRupees(t.expense)} − Dues written off ${formatRupees(t.writtenOff ?? 0)} = Profit ${formatRupees(report.profit)}`
        : `Net sold ${formatRupees(t.soldAmount)} · Bought ${formatRupees(t.boughtAmount)} · Expense ${formatRupees(t.expense)} · Profit ${formatRupees(report.profit)}`,
    );
    expect(text).toContain(`Return % ${report.returnPercentage.toFixed(2)}%`);
  }).toPass({ timeout: 90_000 });
});

test('the returns report of this month: summary, pages or Full View, and its PDF', async ({ page }) => {
  await signInAndLand(page, 'owner@demo.shop');
  await page.goto('/return');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible({ timeout: 30_000 });
  const [year, month] = shopToday().split('-').map(Number) as [number, number];
  const table = page.getByRole('table', { name: `Returns of ${MONTHS[month - 1]} ${year}` });
  await expect(async () => {
    const count = await apiAsPage<number>(page, `/expense/returns/count/${month}/${year}`);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Return %', { timeout: 15_000 });
    await expect(table.getByRole('row')).toHaveCount(1 + Math.max(1, Math.min(count, 5)), { timeout: 15_000 });
    await page.getByText('Full View').click();
    await expect(table.getByRole('row')).toHaveCount(1 + Math.max(1, count), { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Return_List_\d\d_\d\d_\d{4}\.pdf$/);
});
