import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { formatDate } from '../../shared/format.js';
import { indiaToday } from '../../shared/leave-days.js';
import { ENTER_NUMBER } from '../../shared/schemas/catalogue.js';
import { ARTCODE_REQUIRED, type Stock } from '../../shared/schemas/inventory.js';
import { INVENTORY_TEMPLATE_COLUMNS, XLSX_TYPE } from '../../shared/spreadsheets.js';
import { expect, signInAndLand, storedSession, test } from './fixtures.js';

type Row = Record<string, string | number>;

const PRODUCT = 'Moong Dal';
const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

async function api<T>(page: Page, path: string): Promise<T> {
  const { token } = (await storedSession(page))!;
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The header row of the shop's current template, with the default columns: the upload wants every column of the
 * current template, and the template test may replace the shop's template for a moment while this runs.
 */
async function templateHeaders(page: Page): Promise<string[]> {
  const { token } = (await storedSession(page))!;
  const response = await page.request.get('/api/template/get', { headers: { Authorization: `Bearer ${token}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await response.body()) as unknown as ExcelJS.Buffer);
  const current: string[] = [];
  book.worksheets[0]?.getRow(1).eachCell((cell) => current.push(String(cell.value)));
  const defaults = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name);
  return [...defaults, ...current.filter((h) => !defaults.some((d) => d.toLowerCase() === h.toLowerCase()))];
}

async function workbook(headers: string[], rows: Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inventory');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? null));
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Inventory File/ }).click();
  await (await chooser).setFiles({ name, mimeType: XLSX_TYPE, buffer });
}

/**
 * Chooses the file and presses Upload; the rows are written into a new workbook (exceljs stamps its time in it, so
 * each is a new file) unless the very bytes of an earlier one are given. Once more if the shop's template changed
 * under the test (row 1 refused).
 */
async function upload(page: Page, name: string, rows: Row[] | Buffer): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    const headers = await templateHeaders(page);
    const buffer = Buffer.isBuffer(rows) ? rows : await workbook(headers, rows);
    await chooseFile(page, name, buffer);
    await page.getByRole('button', { name: 'Upload' }).click();
    // Whatever the answer: saving (the progress bar), a refusal, or the question about a file seen before.
    await expect(page.getByRole('progressbar').or(page.getByRole('alert')).or(page.getByRole('dialog')).first()).toBeVisible();
    const refusedForColumns = page.getByRole('table', { name: 'Problems in the file' }).getByRole('row').filter({ hasText: 'This column of the inventory template is missing.' });
    if (attempt === 3 || (await refusedForColumns.count()) === 0) return buffer;
    // The template changed under the test: once the shop's template is no longer the one the file was made for.
    await expect.poll(async () => (await templateHeaders(page)).join('|')).not.toBe(headers.join('|'));
  }
}

/** The stock list searched for a text, and the quantity shown on the line with this artcode. */
async function shelfQuantity(page: Page, search: string, artcode: string): Promise<number> {
  await page.goto('/stock');
  await page.getByRole('textbox', { name: 'Search by product name or artcode' }).fill(search);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('table', { name: 'Stock' }).getByRole('row').filter({ hasText: artcode });
  await expect(row).toHaveCount(1);
  return Number((await row.getByRole('cell').nth(4).innerText()).replace(/[^\d]/g, ''));
}

test.describe('inventory spreadsheet upload', () => {
  test('a good file is saved batch by batch, the stock rises, and the same file again is asked about', async ({ page }) => {
    await signInAndLand(page, 'admin@demo.shop');
    const [line] = await api<Stock[]>(page, `/stock/search/${encodeURIComponent(PRODUCT)}?page=0&size=5`);
    const before = await shelfQuantity(page, PRODUCT, line!.artcode);
    expect(before).toBe(line!.quantity);

    const run = runId();
    const vendor = `E2E Traders ${run}`;
    const newArtcode = `E2E-${run}`;
    const common = { productName: PRODUCT, vendor, cgst: line!.cgst, sgst: line!.sgst, mrp: line!.mrp, buyingPrice: line!.buyingPrice };
    const rows: Row[] = [
      { ...common, artcode: line!.artcode, barcode: line!.barcode, quantity: 6 },
      { ...common, artcode: newArtcode, barcode: `89${run}`, quantity: 7, sellingPrice: line!.mrp },
    ];

    await page.goto('/inventory');
    await page.getByRole('link', { name: 'Upload Inventory' }).click();
    await expect(page).toHaveURL('/inventoryFile');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Inventory' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the template (Template.xlsx)' }).click();
    expect((await download).suggestedFilename()).toBe('Template.xlsx');

    const fileName = `Receipts ${run}.xlsx`;
    const file = await upload(page, fileName, rows);
    await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Saved 2 rows from ${fileName}`)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Rows saved' })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('2 of 2 rows saved')).toBeVisible();

    // The same bytes again: the screen asks, and No leaves the stock alone.
    await page.getByRole('button', { name: 'Upload another file' }).click();
    await upload(page, `Copy of ${fileName}`, file);
    const dialog = page.getByRole('dialog', { name: 'Upload this file again?' });
    await expect(dialog).toContainText(`This file was already uploaded on ${formatDate(indiaToday(new Date()))} by admin@demo.shop. Upload it again?`);
    await dialog.getByRole('button', { name: 'Don’t upload' }).click();
    await expect(page.getByText('The file was not uploaded again.')).toBeVisible();

    expect(await shelfQuantity(page, PRODUCT, line!.artcode)).toBe(before + 6);
    expect(await shelfQuantity(page, newArtcode, newArtcode)).toBe(7);

    // Today's receipts on the inventory list carry the file's vendor.
    await page.goto('/inventory');
    await page.getByRole('textbox', { name: 'Search by product name or artcode' }).fill(newArtcode);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Inventory' }).getByRole('row').filter({ hasText: vendor })).toHaveCount(1);
  });

  test('a file with a bad row lists the row’s problems and saves nothing', async ({ page }) => {
    await signInAndLand(page, 'admin@demo.shop');
    const [line] = await api<Stock[]>(page, `/stock/search/${encodeURIComponent(PRODUCT)}?page=0&size=5`);
    const run = runId();
    const goodArtcode = `E2E-OK-${run}`;
    const common = { productName: PRODUCT, vendor: 'E2E Traders', cgst: 2.5, sgst: 2.5, mrp: line!.mrp, buyingPrice: line!.buyingPrice };

    await page.goto('/inventoryFile');
    await upload(page, `Bad ${run}.xlsx`, [
      { ...common, artcode: goodArtcode, barcode: `88${run}`, quantity: 4 },
      { ...common, artcode: '', barcode: `87${run}`, quantity: 'lots' },
    ]);

    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toContainText('Row 3, artcode: Artcode is required.');
    const problems = page.getByRole('table', { name: 'Problems in the file' }).getByRole('row');
    await expect(problems).toHaveCount(3);
    await expect(problems.nth(1)).toHaveText(['3', 'artcode', ARTCODE_REQUIRED].join(''));
    await expect(problems.nth(2)).toHaveText(['3', 'quantity', ENTER_NUMBER].join(''));
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    // Not even the good row was saved.
    await page.goto('/stock');
    await page.getByRole('textbox', { name: 'Search by product name or artcode' }).fill(goodArtcode);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`No product name has a word starting with “${goodArtcode}”, and no artcode starts with it.`)).toBeVisible();
  });
});

test.describe('inventory add and stock history', () => {
  test('a scanned barcode picks the line, Enter saves, and the stock line explains the change', async ({ page }) => {
    await signInAndLand(page, 'admin@demo.shop');
    const [line] = await api<Stock[]>(page, `/stock/search/${encodeURIComponent('Bru Instant Coffee')}?page=0&size=5`);

    await page.goto('/inventory/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Inventory' })).toBeVisible();
    // A USB scanner types the code and Enter into the focused field.
    const product = page.getByRole('textbox', { name: /^Product/ });
    await expect(product).toBeFocused();
    await page.keyboard.type(line!.barcode);
    await page.keyboard.press('Enter');
    await expect(product).toHaveValue('Bru Instant Coffee');
    await expect(page.getByRole('textbox', { name: /^Artcode/ })).toHaveValue(line!.artcode);
    await expect(page.getByRole('textbox', { name: /^Quantity/ })).toBeFocused();
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText(`Received 9 of Bru Instant Coffee (${line!.artcode}). Stock now ${line!.quantity + 9}.`);
    await expect(product).toBeFocused();

    await page.goto('/stock');
    await page.getByRole('textbox', { name: 'Search by product name or artcode' }).fill('Bru Instant');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('table', { name: 'Stock' }).getByRole('row').filter({ hasText: line!.artcode });
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(line!.quantity + 9));
    await row.getByRole('button', { name: /^History of/ }).click();
    const latest = page.getByRole('dialog', { name: 'Stock history' }).getByRole('table').getByRole('row').nth(1);
    await expect(latest).toContainText('admin@demo.shop');
    await expect(latest).toContainText('Received');
    await expect(latest).toContainText(`${line!.quantity} → ${line!.quantity + 9}`);
  });
});
