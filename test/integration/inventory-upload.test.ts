import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { OLD_EXCEL_FORMAT } from '../../functions/inventory/spreadsheet.js';
import { inventoryData } from '../../functions/inventory/data.js';
import { NO_ROWS, stagedTooLarge } from '../../functions/inventory/upload.js';
import { putObject, readObject } from '../../functions/lib/storage.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { queryCount } from '../../functions/lib/db.js';
import { searchKey, tenantPk } from '../../functions/lib/keys.js';
import { productData } from '../../functions/products/data.js';
import { stockData } from '../../functions/stock/data.js';
import { HSN_MESSAGE, UNIT_MESSAGE } from '../../shared/gst.js';
import { ENTER_NUMBER } from '../../shared/schemas/catalogue.js';
import { ARTCODE_REQUIRED, type Stock, type UploadProblem, type UploadProgress, type UploadStaged } from '../../shared/schemas/inventory.js';
import { INVENTORY_TEMPLATE_COLUMNS, NOT_A_SPREADSHEET } from '../../shared/spreadsheets.js';
import { call, tokenOf } from './client.js';

type Row = Partial<Record<(typeof INVENTORY_TEMPLATE_COLUMNS)[number]['name'], string | number>>;

/** An upload file as a shop fills the template: the template's header row, then one row per receipt. */
async function workbook(rows: Row[], headers: string[] = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name)): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inventory');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h as keyof Row] ?? null));
  return new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

const form = (bytes: Uint8Array<ArrayBuffer>, fileName = 'Inventory.xlsx') => {
  const body = new FormData();
  body.append('file', new Blob([bytes]), fileName);
  return body;
};

let admin: string;
const upload = (bytes: Uint8Array<ArrayBuffer>, options: { user?: string; confirm?: boolean; fileName?: string; token?: string } = {}) =>
  call<UploadStaged & { message?: string; details?: UploadProblem[] }>(
    'POST',
    `/inventory/saveByFile/${options.user ?? 'admin@demo.shop'}${options.confirm ? '?confirm=true' : ''}`,
    { token: options.token ?? admin, body: form(bytes, options.fileName) },
  );
const commit = (uploadId: string, batch: number) => call<UploadProgress & { message?: string }>('POST', `/inventory/upload/${uploadId}/batch/${batch}`, { token: admin });
const inventoryCount = async () => (await call<number>('GET', '/inventory/count', { token: admin })).body;

const good = (name: string, artcode: string, quantity: number): Row => ({
  productName: name,
  vendor: 'Upload Traders',
  artcode,
  barcode: `89${artcode}`,
  quantity,
  cgst: 2.5,
  sgst: 2.5,
  mrp: 60,
  buyingPrice: 45.25,
  sellingPrice: 58,
});

beforeAll(async () => {
  admin = await tokenOf('admin@demo.shop');
});

describe('inventory file: refused files', () => {
  it('refuses a file with bad rows, listing every problem by row, column and reason, and saves nothing', async () => {
    const before = await inventoryCount();
    const bytes = await workbook([
      good('Parle-G Biscuits', 'UP-OK-1', 5),
      { ...good('Parle-G Biscuits', '', 5) },
      { ...good('Parle-G Biscuits', 'UP-OK-2', 5), quantity: 'many', mrp: 'abc' },
      good('Parle-G Biscuits', 'UP-OK-3', 5),
      { ...good('Brand New Thing', 'UP-NEW-1', 1), category: 'No Such Category', size: '1 kg', colour: 'NA', description: 'x' },
      { ...good('Parle-G Biscuits', 'UP-OK-4', 5), sellingPrice: 75 },
    ]);
    const answer = await upload(bytes);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^The file was not saved: 4 row\(s\) have problems\. Row 3, artcode: Artcode is required\./);
    expect(answer.body.details).toEqual([
      { row: 3, column: 'artcode', reason: ARTCODE_REQUIRED },
      { row: 4, column: 'quantity', reason: ENTER_NUMBER },
      { row: 4, column: 'mrp', reason: ENTER_NUMBER },
      { row: 6, column: 'category', reason: 'Category not found.' },
      { row: 7, column: 'sellingPrice', reason: 'Selling Price should not be more than MRP.' },
    ]);
    expect(await inventoryCount()).toBe(before);
    const [biscuits] = await productData.byNamePrefix('demo', 'Parle-G', 1);
    expect(await stockData.byProduct('demo', biscuits!.productId, 'UP-OK-1')).toBeUndefined();
    expect((await productData.nameOwners('demo', ['Brand New Thing'])).size).toBe(0);
  });

  it('refuses a file missing a column of the template', async () => {
    const headers = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name).filter((h) => h !== 'barcode');
    const answer = await upload(await workbook([good('Parle-G Biscuits', 'UP-X', 1)], headers));
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ row: 1, column: 'barcode', reason: 'This column of the inventory template is missing.' }]);
  });

  it.each([
    ['a file with no rows', async () => workbook([]), 'Inventory.xlsx', NO_ROWS],
    ['an old .xls workbook', async () => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'Old.xls', OLD_EXCEL_FORMAT],
    ['a file that is not Excel', async () => new Uint8Array(Buffer.from('name,quantity\n')), 'stock.csv', NOT_A_SPREADSHEET],
  ])('refuses %s', async (_, bytes, fileName, message) => {
    const answer = await upload(await bytes(), { fileName });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('uploads only as the signed-in user', async () => {
    const answer = await upload(await workbook([good('Parle-G Biscuits', 'UP-X', 1)]), { user: 'manager@demo.shop' });
    expect(answer.status).toBe(403);
  });
});

describe('inventory file: a good file', () => {
  const LINES = 1000;
  const ROWS = 10_000;
  /** 50 new products of 20 artcodes each, every line received in ten consecutive rows (as a delivery lists them). */
  const rows: Row[] = Array.from({ length: ROWS }, (_, k) => {
    const line = Math.floor(k / (ROWS / LINES));
    const product = `Bulk Upload Item ${String(Math.floor(line / 20)).padStart(2, '0')}`;
    return {
      ...good(product, `BU${String(line).padStart(4, '0')}`, 1 + (k % 7)),
      category: 'Rice, Atta & Dal',
      size: '1 kg',
      colour: 'NA',
      description: 'Loose packed staple',
    };
  });
  const expected = new Map<string, number>();
  for (const r of rows) expected.set(String(r.artcode), (expected.get(String(r.artcode)) ?? 0) + Number(r.quantity));
  let bytes: Uint8Array<ArrayBuffer>;
  let staged: UploadStaged;

  beforeAll(async () => {
    bytes = await workbook(rows);
  });

  it('stages 10,000 rows in batches, then saves them batch by batch with progress', { timeout: 600_000 }, async () => {
    const before = await inventoryCount();
    const answer = await upload(bytes, { fileName: 'Bulk.xlsx' });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    staged = answer.body;
    expect(staged).toMatchObject({ fileName: 'Bulk.xlsx', rows: ROWS, batches: 40, batchSize: 250 });
    expect(await inventoryCount()).toBe(before);

    const progress: number[] = [];
    for (let batch = 1; batch <= staged.batches; batch++) {
      const step = await commit(staged.uploadId, batch);
      expect(step.status, JSON.stringify(step.body)).toBe(200);
      progress.push(step.body.savedRows);
    }
    expect(progress).toEqual(Array.from({ length: 40 }, (_, i) => (i + 1) * 250));
    expect(await inventoryCount()).toBe(before + ROWS);

    const owners = await productData.nameOwners('demo', ['Bulk Upload Item 00', 'Bulk Upload Item 49']);
    expect(owners.size).toBe(2);
    const lines = await stockData.byProducts('demo', [
      { productId: owners.get(searchKey('Bulk Upload Item 00'))!, artcode: 'BU0000' },
      { productId: owners.get(searchKey('Bulk Upload Item 49'))!, artcode: 'BU0999' },
    ]);
    for (const line of lines.values()) {
      expect(line.quantity).toBe(expected.get(line.artcode));
      const moves = await stockData.movements('demo', line.stockId);
      expect(moves.every((m) => m.reason === 'upload')).toBe(true);
      expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(line.quantity);
    }
    const found = (await call<Stock[]>('GET', '/stock/search/bulk upload item 0?page=0&size=100', { token: admin })).body;
    expect(found).toHaveLength(100);
  });

  it('never saves a batch twice when the browser sends it again', async () => {
    const before = await inventoryCount();
    const owners = await productData.nameOwners('demo', ['Bulk Upload Item 03']);
    const line = await stockData.byProduct('demo', owners.get(searchKey('Bulk Upload Item 03'))!, 'BU0070');
    const again = await commit(staged.uploadId, 3);
    expect(again.body).toMatchObject({ batch: 3, savedRows: ROWS, done: true });
    expect(await inventoryCount()).toBe(before);
    expect((await stockData.get('demo', line!.stockId))!.quantity).toBe(line!.quantity);
  });

  it('asks before taking the same file again, and takes it when confirmed', { timeout: 120_000 }, async () => {
    const answer = await upload(bytes, { fileName: 'Bulk copy.xlsx' });
    expect(answer.status).toBe(409);
    const day = new Date().toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });
    expect(answer.body.message).toBe(`This file was already uploaded on ${day} by admin@demo.shop. Upload it again?`);
    const confirmed = await upload(bytes, { fileName: 'Bulk copy.xlsx', confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.uploadId).not.toBe(staged.uploadId);
  });

  it('refuses an unknown upload and a batch past the last', async () => {
    expect((await commit('00000000-0000-4000-8000-000000000000', 1)).status).toBe(404);
    expect((await commit(staged.uploadId, 41)).status).toBe(404);
  });
});

describe('inventory file: parts saved in parallel', () => {
  it('raises each line once by its rows when every batch is sent twice at once, parts of one batch meeting on the same lines', { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const ROWS = 600;
    // 30 lines of 3 new products, each line on every 30th row: the parts of a batch all raise the same lines.
    const rows: Row[] = Array.from({ length: ROWS }, (_, k) => ({
      ...good(`Parallel Staple ${stamp} ${k % 3}`, `PAR${stamp}${k % 30}`, 1 + (k % 5)),
      category: 'Rice, Atta & Dal',
      size: '1 kg',
      colour: 'NA',
      description: 'Loose packed staple',
    }));
    const expected = new Map<string, number>();
    for (const r of rows) expected.set(String(r.artcode), (expected.get(String(r.artcode)) ?? 0) + Number(r.quantity));
    const before = await inventoryCount();
    const answer = await upload(await workbook(rows), { fileName: 'Parallel.xlsx' });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const { uploadId, batches } = answer.body;
    expect(batches).toBe(3);
    for (let batch = 1; batch <= batches; batch++) {
      const [first, second] = await Promise.all([commit(uploadId, batch), commit(uploadId, batch)]);
      expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    }
    const last = await commit(uploadId, batches);
    expect(last.body).toMatchObject({ savedRows: ROWS, done: true });
    expect(await inventoryCount()).toBe(before + ROWS);

    const owners = await productData.nameOwners('demo', [0, 1, 2].map((p) => `Parallel Staple ${stamp} ${p}`));
    const lines = await stockData.byProducts(
      'demo',
      Array.from({ length: 30 }, (_, line) => ({ productId: owners.get(searchKey(`Parallel Staple ${stamp} ${line % 3}`))!, artcode: `PAR${stamp}${line}` })),
    );
    expect(lines.size).toBe(30);
    for (const line of lines.values()) {
      expect(line.quantity, line.artcode).toBe(expected.get(line.artcode));
      const moves = await stockData.movements('demo', line.stockId);
      expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(line.quantity);
    }
  });
});

describe('inventory file: lines received before', () => {
  it('packs the rows of lines received before into fewer transactions, each within 100 writes, raising each line once by its rows', { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    // 250 lines of 10 new products; then the same 250 lines again, which exist when the second file is staged.
    const rows = (quantity: number): Row[] =>
      Array.from({ length: 250 }, (_, k) => ({
        ...good(`Packed Staple ${stamp} ${Math.floor(k / 25)}`, `PCK${stamp}${k}`, quantity),
        category: 'Rice, Atta & Dal',
        size: '1 kg',
        colour: 'NA',
        description: 'Loose packed staple',
      }));
    /** Saves the file's one batch and answers how many transactions saved it (each leaves its marker). */
    const saveAll = async (bytes: Uint8Array<ArrayBuffer>, fileName: string) => {
      const answer = await upload(bytes, { fileName });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      expect(answer.body.batches).toBe(1);
      const saved = await commit(answer.body.uploadId, 1);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ savedRows: 250, done: true });
      return queryCount({ pk: tenantPk('demo', 'UPLOAD', answer.body.uploadId) });
    };
    const before = await inventoryCount();
    const newLines = await saveAll(await workbook(rows(2)), 'Packed new.xlsx');
    const knownLines = await saveAll(await workbook(rows(3)), 'Packed again.xlsx');
    // A row of a new line writes its receipt, line, line key, movement, day item and audit record, its product's
    // shelf once and the product itself once: 13 or more rows a transaction. A row of a line received before writes
    // no line key, and its product's shelf is written once however many of its lines a transaction raises: 18 rows.
    expect(newLines).toBeLessThanOrEqual(Math.ceil(250 / 13));
    expect(knownLines).toBe(Math.ceil(250 / 18));
    expect(await inventoryCount()).toBe(before + 500);
    const owners = await productData.nameOwners('demo', Array.from({ length: 10 }, (_, p) => `Packed Staple ${stamp} ${p}`));
    const lines = await stockData.byProducts(
      'demo',
      Array.from({ length: 250 }, (_, k) => ({ productId: owners.get(searchKey(`Packed Staple ${stamp} ${Math.floor(k / 25)}`))!, artcode: `PCK${stamp}${k}` })),
    );
    expect(lines.size).toBe(250);
    for (const line of lines.values()) expect(line.quantity, line.artcode).toBe(5);
  });
});

describe('inventory file: staged by an earlier version of the server', () => {
  it('refuses a part that no longer fits one transaction with what to do, and saves none of it', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const answer = await upload(await workbook([good('Parle-G Biscuits', `OLD${stamp}0`, 1)]), { fileName: 'Old cut.xlsx' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // As a part was cut when a new line was counted one write less: 20 new lines in one transaction.
    const key = inventoryData.stagedKey('demo', answer.body.uploadId, 1);
    await inTenant('demo', async () => {
      const batch = JSON.parse((await readObject(key))!.toString('utf8')) as { batch: number; parts: { row: number; artcode: string }[][] };
      const [row] = batch.parts[0]!;
      const part = Array.from({ length: 20 }, (_, i) => ({ ...row!, row: i + 2, artcode: `OLD${stamp}${i}`, barcode: `89OLD${stamp}${i}` }));
      await putObject(key, Buffer.from(JSON.stringify({ ...batch, parts: [part] })), 'application/json');
    });
    const before = await inventoryCount();
    const refused = await commit(answer.body.uploadId, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(stagedTooLarge(2));
    expect(await inventoryCount()).toBe(before);
  });
});

describe('inventory file: HSN code and unit', () => {
  const newProduct = (name: string, artcode: string): Row => ({
    ...good(name, artcode, 2),
    category: 'Rice, Atta & Dal',
    size: '5 kg',
    colour: 'NA',
    description: 'Sona masoori rice',
  });
  const saveAll = async (bytes: Uint8Array<ArrayBuffer>) => {
    const answer = await upload(bytes, { confirm: true });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    for (let batch = 1; batch <= answer.body.batches; batch++) expect((await commit(answer.body.uploadId, batch)).status).toBe(200);
  };
  const productNamed = async (name: string) => {
    const owner = (await productData.nameOwners('demo', [name])).get(searchKey(name));
    return (await productData.byIds('demo', [owner!]))[0]!;
  };
  const withoutHsn = async () => (await productData.withoutHsn('demo', 1000)).map((p) => p.productName);

  it('uploads a file made before the HSN code and unit columns, leaving the new product without HSN code', async () => {
    const headers = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name).filter((h) => h !== 'hsnCode' && h !== 'unit');
    await saveAll(await workbook([newProduct('Upload Rice Old File', 'UP-HSN-1')], headers));
    const rice = await productNamed('Upload Rice Old File');
    expect(rice.hsnCode).toBeUndefined();
    expect(rice.unit).toBe('NOS');
    expect(await withoutHsn()).toContain('Upload Rice Old File');
  });

  it('gives new products the HSN code and unit of their rows, and updates an existing product given them', async () => {
    const withoutCount = async () => {
      const counted = await productData.withoutHsnCount('demo');
      expect(counted).toBe(await queryCount({ index: 'gsi3', pk: tenantPk('demo', 'PRODUCT_WITHOUT_HSN') }));
      return counted;
    };
    const before = await withoutCount();
    await saveAll(
      await workbook([
        { ...newProduct('Upload Rice New File', 'UP-HSN-2'), hsnCode: 10063020, unit: 'kgs' },
        { ...good('Upload Rice New File', 'UP-HSN-3', 1), hsnCode: '10063020' },
        { ...good('Upload Rice Old File', 'UP-HSN-1', 3), hsnCode: '1006', unit: 'BAG' },
      ]),
    );
    expect(await productNamed('Upload Rice New File')).toMatchObject({ hsnCode: '10063020', unit: 'KGS', version: 1 });
    expect(await productNamed('Upload Rice Old File')).toMatchObject({ hsnCode: '1006', unit: 'BAG', version: 2 });
    expect(await withoutHsn()).not.toContain('Upload Rice Old File');
    // The new product came with its code and the old one was given one: one fewer without.
    expect(await withoutCount()).toBe(before - 1);
    const line = await stockData.byProduct('demo', (await productNamed('Upload Rice Old File')).productId, 'UP-HSN-1');
    expect(line!.quantity).toBe(5);
  });

  it('refuses a bad HSN code or unit, and two rows giving one product different ones, row by row', async () => {
    const answer = await upload(
      await workbook([
        { ...good('Parle-G Biscuits', 'UP-HSN-4', 1), hsnCode: '123' },
        { ...good('Parle-G Biscuits', 'UP-HSN-5', 1), unit: 'bags of 5' },
        { ...newProduct('Upload Rice Third', 'UP-HSN-6'), hsnCode: '1006' },
        { ...good('Upload Rice Third', 'UP-HSN-7', 1), hsnCode: '100630', unit: 'KGS' },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { row: 2, column: 'hsnCode', reason: HSN_MESSAGE },
      { row: 3, column: 'unit', reason: UNIT_MESSAGE },
      { row: 5, column: 'hsnCode', reason: 'Row 4 gives this product the HSN code 1006: one product has one HSN code.' },
    ]);
  });
});
