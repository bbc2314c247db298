/** The inventory and stock screens (issue 5) for `npm run screenshots`. */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { INVENTORY_TEMPLATE_COLUMNS, XLSX_TYPE } from '../shared/spreadsheets.js';

interface InventoryShot {
  name: string;
  path: string;
  user?: string;
  prepare?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}

const ADMIN = 'admin@demo.shop';

const waitForRows = (page: Page) => page.locator('tbody tr td').nth(1).waitFor();

/** A file as a shop fills the default template; `bad` spoils two rows. */
async function receiptsFile(bad: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inventory');
  const headers = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name);
  sheet.addRow(headers);
  const rows = [
    { productName: 'Moong Dal', vendor: 'Sri Balaji Traders', artcode: 'HSN2201', barcode: '8906001234561', quantity: 40, cgst: 2.5, sgst: 2.5, mrp: 142, buyingPrice: 118 },
    { productName: 'Tata Tea Gold', vendor: 'Sri Balaji Traders', artcode: bad ? '' : 'HSN2202', barcode: '8906001234562', quantity: bad ? 'two dozen' : 24, cgst: 2.5, sgst: 2.5, mrp: 320, buyingPrice: 268 },
    { productName: 'Bru Instant Coffee', vendor: 'Sri Balaji Traders', artcode: 'HSN2203', barcode: '8906001234563', quantity: 12, cgst: 9, sgst: 9, mrp: bad ? 'abc' : 345, buyingPrice: 290 },
  ];
  for (const row of rows) sheet.addRow(headers.map((h) => (row as Record<string, unknown>)[h] ?? null));
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

/** Made once, so the same bytes can be sent again for the 'Upload it again?' picture. */
const files = new Map<boolean, Buffer>();

async function uploadFile(page: Page, name: string, bad: boolean) {
  if (!files.has(bad)) files.set(bad, await receiptsFile(bad));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Inventory File/ }).click();
  await (await chooser).setFiles({ name, mimeType: XLSX_TYPE, buffer: files.get(bad)! });
  await page.getByRole('button', { name: 'Upload' }).click();
}

async function chooseTataTea(page: Page) {
  await page.getByRole('textbox', { name: /^Product/ }).fill('tata tea');
  await page.getByRole('option', { name: /Tata Tea Gold/ }).first().click();
  await page.getByRole('textbox', { name: /^Quantity/ }).fill('24');
}

export const inventoryShots: InventoryShot[] = [
  { name: 'inventory-list', path: '/inventory', user: ADMIN, fullPage: true, prepare: waitForRows },
  {
    name: 'inventory-add',
    path: '/inventory/new',
    user: ADMIN,
    fullPage: true,
    prepare: async (page) => {
      await page.getByRole('textbox', { name: /^Product/ }).fill('tata');
      await page.getByRole('option').first().waitFor();
    },
  },
  { name: 'inventory-add-chosen', path: '/inventory/new', user: ADMIN, fullPage: true, prepare: chooseTataTea },
  {
    name: 'inventory-add-errors',
    path: '/inventory/new',
    user: ADMIN,
    fullPage: true,
    prepare: async (page) => {
      await page.getByRole('textbox', { name: /^Product/ }).fill('Tata Tea');
      await page.getByRole('textbox', { name: /^Quantity/ }).fill('ten');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter the Valid Product!!!').waitFor();
    },
  },
  { name: 'inventory-upload', path: '/inventoryFile', user: ADMIN },
  {
    name: 'inventory-upload-refused',
    path: '/inventoryFile',
    user: ADMIN,
    fullPage: true,
    prepare: async (page) => {
      await uploadFile(page, 'June receipts.xlsx', true);
      await page.getByRole('table', { name: 'Problems in the file' }).waitFor();
    },
  },
  {
    name: 'inventory-upload-done',
    path: '/inventoryFile',
    user: ADMIN,
    fullPage: true,
    prepare: async (page) => {
      await uploadFile(page, 'June receipts.xlsx', false);
      // The second width's picture sends the file again.
      const again = page.getByRole('button', { name: 'Upload again' });
      await again.or(page.getByText('Upload complete')).first().waitFor();
      if (await again.isVisible()) await again.click();
      await page.getByText('Upload complete').waitFor();
    },
  },
  {
    name: 'inventory-upload-again',
    path: '/inventoryFile',
    user: ADMIN,
    prepare: async (page) => {
      await uploadFile(page, 'June receipts.xlsx', false);
      await page.getByRole('dialog', { name: 'Upload this file again?' }).waitFor();
    },
  },
  { name: 'stock-list', path: '/stock', user: ADMIN, fullPage: true, prepare: waitForRows },
  {
    name: 'stock-low',
    path: '/stock',
    user: ADMIN,
    fullPage: true,
    prepare: async (page) => {
      await page.getByRole('combobox', { name: 'View' }).selectOption('low');
      await page.getByText(/^\d+ records?$/).waitFor();
    },
  },
  {
    name: 'stock-history',
    path: '/stock',
    user: ADMIN,
    prepare: async (page) => {
      await waitForRows(page);
      await page.getByRole('button', { name: /^History of/ }).first().click();
      await page.getByRole('dialog').locator('tbody tr td').nth(1).waitFor();
    },
  },
  {
    name: 'stock-download',
    path: '/stock',
    user: ADMIN,
    prepare: async (page) => {
      await waitForRows(page);
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByRole('menuitem', { name: 'Download as PDF' }).waitFor();
    },
  },
  { name: 'stock-add', path: '/stock/new', user: ADMIN },
  { name: 'stock-edit', path: '/stock/2', user: ADMIN, prepare: (page) => page.getByRole('textbox', { name: /^Quantity/ }).waitFor() },
];
