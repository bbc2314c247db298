import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Template } from '../../shared/schemas/template.js';
import { FILE_REQUIRED, INVENTORY_TEMPLATE_COLUMNS, NOT_A_SPREADSHEET, UNREADABLE_SPREADSHEET, XLSX_TYPE } from '../../shared/spreadsheets.js';
import { apiUrl, call, tokenOf } from './client.js';
import { fetchUrl, unique } from './catalogue-fixtures.js';

const admin = () => tokenOf('admin@demo.shop');

async function workbook(title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Stock').addRow(['productName', 'quantity', title]);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

const form = (bytes: Uint8Array, fileName: string, field = 'file') => {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)]), fileName);
  return body;
};

async function download(token: string): Promise<{ status: number; disposition: string | null; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${apiUrl()}/template/get`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    disposition: response.headers.get('content-disposition'),
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function headerRow(bytes: Buffer): Promise<unknown[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  return (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
}

describe('spreadsheet templates', () => {
  it('every new shop starts with the inventory template, downloaded as Template.xlsx with the upload columns', async () => {
    const token = await admin();
    const list = await call<Template[]>('GET', '/template', { token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body[0]).toMatchObject({ templateId: 1, templateName: 'Inventory Template.xlsx', createdBy: 'system' });
    const file = await download(token);
    expect(file.status).toBe(200);
    expect(file.disposition).toBe('attachment; filename="Template.xlsx"');
    expect(file.type).toBe(XLSX_TYPE);
    expect(await headerRow(file.bytes)).toEqual(INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name));
    // The inventory screens may download it too; a customer may not.
    expect((await download(await tokenOf('manager@demo.shop'))).status).toBe(200);
    expect((await download(await tokenOf('customer@demo.shop'))).status).toBe(403);
    expect((await fetchUrl(list.body[0]!.downloadUrl!)).bytes.equals(file.bytes)).toBe(true);
  });

  it('uploads a new template, which becomes the one downloaded, and lists it with a download URL', async () => {
    const token = await admin();
    const bytes = await workbook('June');
    const created = await call<Template>('POST', '/template/new', { token, body: form(bytes, 'Stock June.xlsx') });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ templateName: 'Stock June.xlsx', size: bytes.length, createdBy: 'admin@demo.shop', version: 1 });
    expect((await download(token)).bytes.equals(bytes)).toBe(true);
    const fromUrl = await fetchUrl(created.body.downloadUrl!);
    expect(fromUrl.bytes.equals(bytes)).toBe(true);
    const list = await call<Template[]>('GET', '/template', { token });
    expect(list.body.map((t) => t.templateId)).toContain(created.body.templateId);
    expect((await call<Template>('GET', `/template/${created.body.templateId}`, { token })).body.templateName).toBe('Stock June.xlsx');
  });

  it('replaces a template file, and the replaced one is what downloads', async () => {
    const token = await admin();
    const created = (await call<Template>('POST', '/template/new', { token, body: form(await workbook('v1'), 'Price list.xlsx') })).body;
    const v2 = await workbook('v2');
    const replaced = await call<Template>('PUT', `/template/${created.templateId}`, { token, body: form(v2, 'Price list v2.xlsx') });
    expect(replaced.body).toMatchObject({ templateId: created.templateId, templateName: 'Price list v2.xlsx', version: 2, updatedBy: 'admin@demo.shop' });
    expect(await headerRow((await download(token)).bytes)).toEqual(['productName', 'quantity', 'v2']);
    expect((await fetchUrl(created.downloadUrl!)).status).toBe(404);
  });

  it('takes an .xls file too, and serves it under its own extension', async () => {
    const token = await admin();
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const created = await call<Template>('POST', '/template/new', { token, body: form(xls, 'Old format.XLS') });
    expect(created.body).toMatchObject({ contentType: 'application/vnd.ms-excel' });
    const file = await download(token);
    expect(file.disposition).toBe('attachment; filename="Template.xls"');
    expect(file.bytes.equals(xls)).toBe(true);
    await call('DELETE', `/template/${created.body.templateId}`, { token });
  });

  it.each([
    ['no file', () => new FormData(), FILE_REQUIRED],
    ['the file in another field', async () => form(await workbook('x'), 'a.xlsx', 'upload'), FILE_REQUIRED],
    ['a CSV file', () => form(Buffer.from('productName,quantity\nRice,5\n'), 'stock.csv'), NOT_A_SPREADSHEET],
    ['a picture named .xlsx', () => form(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]), 'photo.xlsx'), UNREADABLE_SPREADSHEET],
    ['a damaged .xlsx', () => form(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]), 'broken.xlsx'), UNREADABLE_SPREADSHEET],
    ['an empty .xls', () => form(Buffer.alloc(0), 'empty.xls'), UNREADABLE_SPREADSHEET],
  ])('refuses %s and stores nothing', async (_, body, message) => {
    const token = await admin();
    const before = (await call<Template[]>('GET', '/template', { token })).body.length;
    const answer = await call('POST', '/template/new', { token, body: await body() });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message }) });
    expect((await call<Template[]>('GET', '/template', { token })).body).toHaveLength(before);
  });

  it('refuses a JSON body and a create aimed at an existing id', async () => {
    const token = await admin();
    expect((await call('POST', '/template/new', { token, body: { file: 'template.xlsx' } })).status).toBe(400);
    const answer = await call<{ message: string }>('POST', '/template/1', { token, body: form(await workbook('x'), 'a.xlsx') });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Use PUT /template/{id} to replace an existing template.' } });
  });

  it("deletes a template; the shop's previous template downloads again; another shop's id answers 404", async () => {
    const token = await admin();
    const first = await download(token);
    const created = (await call<Template>('POST', '/template/new', { token, body: form(await workbook(unique('temp')), 'Temp.xlsx') })).body;
    expect((await download(token)).bytes.equals(first.bytes)).toBe(false);
    const other = await tokenOf('admin@beta.shop');
    expect((await call('GET', `/template/${created.templateId}`, { token: other })).status).toBe(404);
    expect((await call('DELETE', `/template/${created.templateId}`, { token: other })).status).toBe(404);
    expect((await call('PUT', `/template/${created.templateId}`, { token: other, body: form(await workbook('x'), 'x.xlsx') })).status).toBe(404);

    expect(await call('DELETE', `/template/${created.templateId}`, { token })).toEqual({ status: 200, body: { templateId: created.templateId } });
    expect((await call('GET', `/template/${created.templateId}`, { token })).status).toBe(404);
    expect((await download(token)).bytes.equals(first.bytes)).toBe(true);
  });
});
