import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Product } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import { INVENTORY_TEMPLATE_COLUMNS } from '../../shared/spreadsheets.js';
import { pngDataUrl, samplePng } from '../../infra/local/seed-catalogue.js';
import { call, webUrl } from './client.js';

/** Names made unique per run, so the tests never collide with the seed or with records of an earlier file. */
export const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

export const png = (colour: readonly [number, number, number] = [30, 140, 90]) => samplePng(colour);
export const imageContent = (colour: readonly [number, number, number] = [30, 140, 90]) => pngDataUrl(colour);

export async function createCategory(token: string, name = unique('Category')): Promise<Category> {
  const answer = await call<Category>('POST', '/category/save', { token, body: { categoryName: name, imageContent: imageContent() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export const productRow = (categoryId: number, productName = unique('Product')) => ({
  productName,
  categoryId,
  description: 'Test product',
  size: '1 kg',
  colour: 'White',
  imageContent: imageContent([200, 180, 40]),
});

export async function createProducts(token: string, rows: ReturnType<typeof productRow>[]): Promise<Product[]> {
  const answer = await call<Product[]>('POST', '/product/saveAll', { token, body: rows });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export type InventoryRow = Partial<Record<(typeof INVENTORY_TEMPLATE_COLUMNS)[number]['name'], string | number>>;

/** An inventory upload as a shop fills the template: the header row, then one row per receipt, as a form's file. */
export async function inventoryUploadForm(rows: InventoryRow[], fileName = 'Inventory.xlsx'): Promise<FormData> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inventory');
  const headers = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? null));
  const body = new FormData();
  body.append('file', new Blob([(await book.xlsx.writeBuffer()) as ArrayBuffer]), fileName);
  return body;
}

/** Fetches a URL the API answered for the browser (an image path on the web origin, a presigned download URL). */
export async function fetchUrl(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(new URL(url, webUrl()));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}
