import ExcelJS from 'exceljs';
import { chooseFile, unique } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Stock').addRow(['productName', 'quantity', title]);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

test.describe('spreadsheet templates', () => {
  test('uploads a template as a form, lists it, and downloads the current one as Template.xlsx', async ({ page }) => {
    await signInAndLand(page, 'admin@demo.shop');
    await page.goto('/template/new');
    await expect(page.getByRole('heading', { name: 'Upload Template' })).toBeVisible();

    // Nothing is sent without a file, nor with a file that is not Excel.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please choose a file.')).toBeVisible();
    await chooseFile(page, 'Template File', { name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from('productName,quantity\n') });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please choose an Excel file (.xls or .xlsx).')).toBeVisible();

    const name = `${unique('E2E Stock')}.xlsx`;
    await chooseFile(page, 'Template File', { name, mimeType: XLSX, buffer: await workbook('e2e') });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/template');
    await expect(page.getByRole('status').filter({ hasText: `Uploaded ${name}.` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    expect(book.worksheets[0]!.getRow(1).getCell(3).value).toBe('e2e');

    // Deleted again, so the shop's own template is the current one for any other test.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe('policies', () => {
  // The seeded policies only: another test checks the footer's exact links, so none are added here.
  test('a footer link opens the policy as text, with the shop’s picture of it', async ({ page }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    await page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Return Policy' }).click();
    await expect(page).toHaveURL('/policies/Return%20Policy');
    await expect(page.getByRole('heading', { name: 'Return Policy' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Return Policy' })).toContainText('Products can be returned or replaced within 2 days of delivery');
    const picture = page.getByRole('img', { name: 'Return Policy' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  test('an unknown policy name says so instead of showing an empty page', async ({ page }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    await page.goto('/policies/No%20Such%20Policy');
    await expect(page.getByText('This shop has no policy named “No Such Policy”.', { exact: false })).toBeVisible();
  });
});
