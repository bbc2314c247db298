import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { created, queryCount, transact } from '../../functions/lib/db.js';
import { tenantPk } from '../../functions/lib/keys.js';
import { Conflict } from '../../functions/lib/errors.js';
import { productData } from '../../functions/products/data.js';
import { lowCountWrites, stockChangeItems, transactWithStock } from '../../functions/stock/changes.js';
import { stockData } from '../../functions/stock/data.js';
import { pngDataUrl } from '../../infra/local/seed-catalogue.js';
import { indiaToday } from '../../shared/leave-days.js';
import { ENTER_NUMBER } from '../../shared/schemas/catalogue.js';
import {
  ADD_IN_INVENTORY,
  ARTCODE_REQUIRED,
  BARCODE_REQUIRED,
  SELLING_ABOVE_MRP,
  SUGGESTION_LENGTH,
  VALID_PRODUCT,
  type Inventory,
  type InventorySuggestion,
  type ShelfProduct,
  type Stock,
  type StockMovement,
} from '../../shared/schemas/inventory.js';
import { apiUrl, call, tokenOf } from './client.js';
import { injectDynamoFaults } from './faults.js';
import { bill, line, mustPlace, newCustomer, placeBill, stockedProduct, type Shelf } from './pos-fixtures.js';
import { pdfText } from './pdf-text.js';

const receiveBody = (productId: number, artcode: string, quantity: number | string, more: Record<string, unknown> = {}) => ({
  productId,
  vendor: 'Test Traders',
  artcode,
  barcode: `BC-${artcode}`,
  quantity,
  cgst: 2.5,
  sgst: 2.5,
  mrp: 120,
  buyingPrice: 95.5,
  ...more,
});

let admin: string;
let cashier: string;
let customer: string;
let productId: number;
let otherProductId: number;
const today = indiaToday(new Date());

const receive = (body: unknown, token = admin) => call<{ inventory: Inventory; stock: Stock; message?: string }>('POST', '/inventory/save', { token, body });
const stockOf = (id: number, artcode: string, token = admin) => call<Stock & { message?: string }>('GET', `/stock/${id}/${encodeURIComponent(artcode)}`, { token });
const movementsOf = async (stockId: number) => (await call<StockMovement[]>('GET', `/stock/movements/${stockId}?page=0&size=100`, { token: admin })).body;

beforeAll(async () => {
  [admin, cashier, customer] = await Promise.all([tokenOf('admin@demo.shop'), tokenOf('cashier@demo.shop'), tokenOf('customer@demo.shop')]);
  const [rice, atta] = await Promise.all([productData.byNamePrefix('demo', 'India Gate', 1), productData.byNamePrefix('demo', 'Aashirvaad', 1)]);
  productId = rice[0]!.productId;
  otherProductId = atta[0]!.productId;
});

describe('inventory add', () => {
  it.each([
    ['no product', { ...receiveBody(0, 'X1', 1), productId: undefined }, VALID_PRODUCT],
    ['a product of no shop', receiveBody(999_999, 'X1', 1), VALID_PRODUCT],
    ['a quantity that is not a number', receiveBody(1, 'X1', 'ten'), ENTER_NUMBER],
    ['an empty cgst', receiveBody(1, 'X1', 1, { cgst: '' }), ENTER_NUMBER],
    ['a buying price that is not a number', receiveBody(1, 'X1', 1, { buyingPrice: 'abc' }), ENTER_NUMBER],
    ['no artcode', receiveBody(1, '', 1), ARTCODE_REQUIRED],
    ['no barcode', receiveBody(1, 'X1', 1, { barcode: ' ' }), BARCODE_REQUIRED],
    ['a selling price above the MRP', receiveBody(1, 'X1', 1, { sellingPrice: 121 }), SELLING_ABOVE_MRP],
  ])('refuses %s with the screen’s message and saves nothing', async (_, body, message) => {
    const before = (await call<number>('GET', '/inventory/count', { token: admin })).body;
    const answer = await receive(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect((await call<number>('GET', '/inventory/count', { token: admin })).body).toBe(before);
  });

  it('records the receipt and raises the line’s stock in the same write, with a movement saying who, when and why', async () => {
    const inventoryBefore = (await call<number>('GET', '/inventory/count', { token: admin })).body;
    const dayBefore = (await call<number>('GET', `/inventory/byDateCount/${today}`, { token: admin })).body;
    const stockCountBefore = (await call<number>('GET', '/stock/count', { token: admin })).body;

    const first = await receive(receiveBody(productId, 'T-ADD-1', 10));
    expect(first.status).toBe(200);
    expect(first.body.inventory).toMatchObject({ productId, productName: 'India Gate Basmati Rice', quantity: 10, mrp: 120, buyingPrice: 95.5, sellingPrice: 120, cgst: 2.5, inventoryDate: today, createdBy: 'admin@demo.shop' });
    expect(first.body.stock).toMatchObject({ productId, artcode: 'T-ADD-1', quantity: 10, productPrice: 120, low: false, version: 1 });
    const second = await receive(receiveBody(productId, 't-add-1', 4, { sellingPrice: 110 }));
    expect(second.body.stock).toMatchObject({ stockId: first.body.stock.stockId, quantity: 14, productPrice: 110, version: 2, inventoryId: second.body.inventory.inventoryId });

    expect((await stockOf(productId, 'T-ADD-1')).body.quantity).toBe(14);
    expect((await call<number>('GET', '/inventory/count', { token: admin })).body).toBe(inventoryBefore + 2);
    expect((await call<number>('GET', `/inventory/byDateCount/${today}`, { token: admin })).body).toBe(dayBefore + 2);
    expect((await call<number>('GET', '/stock/count', { token: admin })).body).toBe(stockCountBefore + 1);
    expect((await call<string[]>('GET', '/inventory/dates', { token: admin })).body[0]).toBe(today);

    const moves = await movementsOf(first.body.stock.stockId);
    expect(moves.map((m) => [m.reason, m.delta, m.before, m.after, m.by])).toEqual([
      ['receipt', 4, 10, 14, 'admin@demo.shop'],
      ['receipt', 10, 0, 10, 'admin@demo.shop'],
    ]);
    expect(moves[0]!.ref).toBe(`Inventory ${second.body.inventory.inventoryId}`);
  });

  it('lists receipts newest first, by day and by search, five to a page', async () => {
    const page = await call<Inventory[]>('GET', '/inventory/all?page=0&size=5', { token: cashier });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    expect(page.body[0]!.inventoryId).toBeGreaterThan(page.body[4]!.inventoryId);
    const day = await call<Inventory[]>('GET', `/inventory/byDate/${today}?page=0&size=5`, { token: admin });
    expect(day.body).toHaveLength(5);
    expect(day.body.every((r) => r.inventoryDate === today)).toBe(true);
    expect(day.body[0]!.inventoryId).toBeGreaterThan(day.body[4]!.inventoryId);
    const found = await call<Inventory[]>('GET', '/inventory/search/t-add?page=0&size=5', { token: admin });
    expect(found.body.map((r) => r.artcode)).toEqual(['T-ADD-1', 'T-ADD-1']);
    expect((await call<number>('GET', '/inventory/searchCount/india gate', { token: admin })).body).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/inventory/search/%20', { token: admin })).body).toEqual({ message: 'Search text should not be empty!', details: expect.any(Array) });
  });

  it('keeps a line right when many receipts arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => receive(receiveBody(productId, 'T-RACE', 3))));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const line = (await stockOf(productId, 'T-RACE')).body;
    expect(line.quantity).toBe(24);
    const moves = await movementsOf(line.stockId);
    expect(moves).toHaveLength(8);
    // Each movement starts where the one before it ended.
    const chain = [...moves].reverse();
    chain.forEach((m, i) => expect(m.before).toBe(i === 0 ? 0 : chain[i - 1]!.after));
  });
});

describe('stock changes for a bill (the point of sale)', () => {
  const actor = () => ({ userName: 'cashier@demo.shop', now: new Date() });

  it('takes units off in the bill’s own transaction and records the sale', async () => {
    const line = (await receive(receiveBody(otherProductId, 'T-SALE', 6))).body.stock;
    await transactWithStock(async () => {
      const change = await stockChangeItems('demo', { productId: otherProductId, artcode: 'T-SALE', delta: -4, reason: 'sale', ref: 'Bill 1', actor: actor() });
      return { items: [...change.items, ...lowCountWrites('demo', [change])], messages: change.messages };
    });
    expect((await stockOf(otherProductId, 'T-SALE')).body).toMatchObject({ quantity: 2, low: true });
    expect((await movementsOf(line.stockId))[0]).toMatchObject({ reason: 'sale', ref: 'Bill 1', delta: -4, before: 6, after: 2, by: 'cashier@demo.shop' });
  });

  it("refuses to sell more than the shelf holds ('Only n in Stock') and changes nothing", async () => {
    await expect(stockChangeItems('demo', { productId: otherProductId, artcode: 'T-SALE', delta: -3, reason: 'sale', ref: 'Bill 2', actor: actor() })).rejects.toThrow(
      'Only 2 in Stock for Aashirvaad Whole Wheat Atta (T-SALE).',
    );
    await expect(stockChangeItems('demo', { productId: otherProductId, artcode: 'NEVER', delta: -1, reason: 'sale', ref: 'Bill 2', actor: actor() })).rejects.toThrow(ADD_IN_INVENTORY);
    expect((await stockOf(otherProductId, 'T-SALE')).body.quantity).toBe(2);
  });

  it('leaves the stock as it was when another write of the bill fails', async () => {
    const line = await stockData.byProduct('demo', otherProductId, 'T-SALE');
    const clash = { Put: { TableName: process.env.TABLE_NAME!, Item: { pk: 'T#demo#TEST', sk: 'bill-clash', ...created(actor()) } } };
    await transact([clash]);
    await expect(
      transactWithStock(async () => {
        const change = await stockChangeItems('demo', { productId: otherProductId, artcode: 'T-SALE', delta: -1, reason: 'sale', ref: 'Bill 3', actor: actor() });
        return { items: [...change.items, { Put: { ...clash.Put, ConditionExpression: 'attribute_not_exists(pk)' } }], messages: [...change.messages, 'Bill exists'] };
      }),
    ).rejects.toThrow(Conflict);
    const after = await stockData.byProduct('demo', otherProductId, 'T-SALE');
    expect(after).toEqual(line);
    expect(await stockData.movementCount('demo', line!.stockId)).toBe(2);
  });

  it('explains every stock figure: a line’s quantity is the sum of its movements', async () => {
    const lines = await stockData.first('demo', 1000);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      const moves = await stockData.movements('demo', line.stockId);
      expect(moves.reduce((sum, m) => sum + m.delta, 0), `${line.productName} ${line.artcode}`).toBe(line.quantity);
      expect(moves.at(-1)?.after ?? 0).toBe(line.quantity);
    }
  });
});

describe('stock list and form', () => {
  it('pages the current stock, counts it, and shows the full and low views', async () => {
    const page = await call<Stock[]>('GET', '/stock?page=0&size=5', { token: cashier });
    expect(page.body).toHaveLength(5);
    const full = (await call<Stock[]>('GET', '/stock/all', { token: cashier })).body;
    expect(full.length).toBe((await call<number>('GET', '/stock/count', { token: cashier })).body);
    const low = (await call<Stock[]>('GET', '/stock/low', { token: cashier })).body;
    expect(low.map((s) => s.stockId).sort()).toEqual(full.filter((s) => s.quantity <= 5).map((s) => s.stockId).sort());
    expect(low.every((s) => s.low)).toBe(true);
    // The seed leaves one line out of stock and a few low.
    expect(low.some((s) => s.quantity === 0)).toBe(true);
    expect(low.filter((s) => s.quantity > 0).length).toBeGreaterThanOrEqual(3);
  });

  it("answers each line of Current Stock with its product's HSN code, unit and kind of supply (the till's copy bills offline with them)", async () => {
    const [nilRated, plain] = await Promise.all([
      stockedProduct({ name: 'Copy Rice', quantity: 4, mrp: 400, buyingPrice: 300, gst: 0 }),
      stockedProduct({ name: 'Copy Salt', quantity: 4, mrp: 28, buyingPrice: 20, gst: 0 }),
    ]);
    const [product] = (await call<Record<string, unknown>[]>('GET', `/product/listOfProducts/${nilRated.productId}`, { token: admin })).body;
    const saved = await call('PUT', '/product/listOfProducts', { token: admin, body: [{ ...product, hsnCode: '1006', unit: 'BAG', taxability: 'nil-rated' }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const lines: Stock[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 100; pages += 1) {
      const path: string = `/stock?size=100${cursor ? `&cursor=${cursor}` : ''}`;
      const answer = await call<Stock[]>('GET', path, { token: cashier });
      expect(answer.status).toBe(200);
      lines.push(...answer.body);
      cursor = answer.headers.get('x-next-page');
    }
    expect(lines.find((l) => l.productId === nilRated.productId)).toMatchObject({ hsnCode: '1006', unit: 'BAG', taxability: 'nil-rated' });
    // A product that never chose a kind nor a code answers none: the till files it as the server does (nil-rated at 0 %).
    const never = lines.find((l) => l.productId === plain.productId)!;
    expect([never.hsnCode, never.taxability]).toEqual([undefined, undefined]);
  });

  it('lists the lines received on a day with the units received that day', async () => {
    const count = (await call<number>('GET', `/stock/byDateCount/${today}`, { token: admin })).body;
    const lines: Stock[] = [];
    for (let page = 0; page * 100 < count; page++) {
      lines.push(...(await call<Stock[]>('GET', `/stock/byDate/${today}?page=${page}&size=100`, { token: admin })).body);
    }
    expect(lines).toHaveLength(count);
    expect(lines.find((l) => l.artcode === 'T-RACE')).toMatchObject({ receivedOnDate: 24 });
    expect((await call('GET', '/stock/byDate/2026-13-40', { token: admin })).status).toBe(400);
  });

  it('searches by any word of the product name or by artcode', async () => {
    const byName = (await call<Stock[]>('GET', '/stock/search/india?page=0&size=50', { token: admin })).body;
    expect(byName.length).toBeGreaterThanOrEqual(3);
    expect(byName.every((s) => s.productName.startsWith('India Gate'))).toBe(true);
    const byArtcode = (await call<Stock[]>('GET', '/stock/search/t-race?page=0&size=5', { token: admin })).body;
    expect(byArtcode.map((s) => s.artcode)).toEqual(['T-RACE']);
    // 't-' is the start of the word T-Shirt (the seeded Boys Round Neck T-Shirt) and of three artcodes: the name first.
    const byCode = (await call<Stock[]>('GET', '/stock/search/t-?page=0&size=10', { token: admin })).body;
    expect(byCode.map((s) => (s.productName.endsWith('T-Shirt') ? 'T-Shirt' : s.artcode))).toEqual(['T-Shirt', 'T-ADD-1', 'T-RACE', 'T-SALE']);
    expect((await call<number>('GET', '/stock/searchCount/t-', { token: admin })).body).toBe(4);
  });

  it("answers 'Add in inventory' for a product and artcode never received", async () => {
    const answer = await stockOf(productId, 'NO-SUCH-CODE', cashier);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(ADD_IN_INVENTORY);
  });

  it('adds and edits stock on the form, each quantity change a movement, a stale edit refused', async () => {
    const added = await call<Stock & { message?: string }>('POST', '/stock', { token: admin, body: { productId, artcode: 'T-FORM', quantity: 9, productPrice: 99.5 } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ quantity: 9, productPrice: 99.5, version: 1 });
    const again = await call<{ message: string }>('POST', '/stock', { token: admin, body: { productId, artcode: 't-form', quantity: 1, productPrice: 1 } });
    expect(again.status).toBe(409);

    const edited = await call<Stock>('PUT', `/stock/${added.body.stockId}`, { token: admin, body: { quantity: 5, productPrice: 101, version: 1 } });
    expect(edited.body).toMatchObject({ quantity: 5, productPrice: 101, version: 2, low: true, updatedBy: 'admin@demo.shop' });
    const stale = await call<{ message: string }>('PUT', `/stock/${added.body.stockId}`, { token: admin, body: { quantity: 50, productPrice: 101, version: 1 } });
    expect(stale.status).toBe(409);
    expect((await movementsOf(added.body.stockId)).map((m) => [m.reason, m.before, m.after])).toEqual([
      ['edit', 9, 5],
      ['edit', 0, 9],
    ]);
    expect((await call<Stock[]>('GET', '/stock/low', { token: admin })).body.map((s) => s.stockId)).toContain(added.body.stockId);
    await call('PUT', `/stock/${added.body.stockId}`, { token: admin, body: { quantity: 6, productPrice: 101 } });
    expect((await call<Stock[]>('GET', '/stock/low', { token: admin })).body.map((s) => s.stockId)).not.toContain(added.body.stockId);
  });

  it('leaves stock editing to inventory staff', async () => {
    expect((await call('PUT', '/stock/1', { token: cashier, body: { quantity: 1, productPrice: 1 } })).status).toBe(403);
    expect((await call('GET', '/stock/1', { token: cashier })).status).toBe(200);
  });
});

describe('suggestions', () => {
  const suggest = (all: boolean, text: string) => call<InventorySuggestion[] & { message?: string }>('GET', `/inventory/anyList/${all}/${encodeURIComponent(text)}`, { token: cashier });

  it.each(['ind', 'india gate b'])('answers 400 for %j (4 to 10 characters)', async (text) => {
    const answer = await suggest(false, text);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SUGGESTION_LENGTH);
  });

  it('matches the start of the product name, the artcode or the barcode, with the latest prices', async () => {
    const byName = (await suggest(false, 'india')).body;
    expect(byName.find((s) => s.artcode === 'T-ADD-1')).toMatchObject({
      productId,
      productName: 'India Gate Basmati Rice',
      barcode: 'BC-t-add-1',
      mrp: 120,
      sellingPrice: 110,
      buyingPrice: 95.5,
      gst: 5,
      cgst: 2.5,
      sgst: 2.5,
      nrp: 104.76,
      quantity: 14,
    });
    expect((await suggest(false, 't-ra')).body.map((s) => s.artcode)).toEqual(['T-RACE']);
    expect((await suggest(false, 'bc-t-s')).body.map((s) => s.artcode)).toEqual(['T-SALE']);
    expect((await suggest(false, 'zzzz')).body).toEqual([]);
  });

  it("adds catalogue products never received when asked for 'true'", async () => {
    const [product] = await productData.byNamePrefix('demo', 'Handloom', 1);
    const received = await stockData.ofProduct('demo', product!.productId);
    expect(received.length).toBeGreaterThan(0);
    const saved = await call<{ productId: number }[]>('POST', '/product/saveAll', {
      token: admin,
      body: [{ productName: 'Zafrani Kesar Tin', categoryId: product!.categoryId, description: 'Saffron', size: '1 g', colour: 'Red', imageContent: pngDataUrl([200, 40, 40]) }],
    });
    expect(saved.status).toBe(200);
    expect((await suggest(false, 'zafrani')).body).toEqual([]);
    expect((await suggest(true, 'zafrani')).body).toEqual([expect.objectContaining({ productName: 'Zafrani Kesar Tin', inventoryId: 0, quantity: 0 })]);
  });
});

describe('storefront products', () => {
  it('answers a category’s products with price, MRP, image and stock, and no bought price', async () => {
    const [product] = await productData.byNamePrefix('demo', 'India Gate', 1);
    const page = await call<ShelfProduct[]>('GET', `/inventory/products/category/${product!.categoryId}?page=0&size=5`, { token: customer });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    expect(page.body.every((p) => p.categoryId === product!.categoryId)).toBe(true);
    const search = await call<ShelfProduct[]>('GET', `/inventory/products/${product!.categoryId}/india?page=0&size=5`, { token: customer });
    expect(search.body.map((p) => p.productName)).toEqual(['India Gate Basmati Rice']);
    const rice = search.body[0]!;
    expect(rice).toMatchObject({ productName: 'India Gate Basmati Rice', quantity: expect.any(Number), mrp: expect.any(Number), sellingPrice: expect.any(Number) });
    expect(rice.imageUrl).toMatch(/^\/media\/t\/demo\/images\//);
    expect(JSON.stringify([...page.body, ...search.body])).not.toMatch(/buyingPrice|vendor/);
    expect((await call<ShelfProduct[]>('GET', `/inventory/category/${product!.categoryId}`, { token: customer })).body.length).toBeGreaterThan(1);
    expect((await call<ShelfProduct[]>('GET', '/inventory/artcode/t-race', { token: customer })).body).toEqual([expect.objectContaining({ quantity: 24 })]);
    const byName = (await call<ShelfProduct[]>('GET', '/inventory/productName/india gate basmati rice', { token: customer })).body;
    expect(byName.map((p) => p.artcode)).toEqual(expect.arrayContaining(['T-ADD-1', 'T-RACE']));
  });
});

describe('stock report downloads', () => {
  const download = async (path: string) => {
    const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${admin}` } });
    return { status: response.status, type: response.headers.get('content-type'), name: response.headers.get('content-disposition'), body: new Uint8Array(await response.arrayBuffer()) };
  };
  const fileDate = today.split('-').reverse().join('-');

  it('downloads Stock_<date>.pdf that opens and shows the lines in rupees', async () => {
    const file = await download('/stock/download/pdf?view=low');
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.name).toBe(`attachment; filename="Stock_${fileDate}.pdf"`);
    expect((await PDFDocument.load(file.body)).getPageCount()).toBeGreaterThanOrEqual(1);
    const text = (await pdfText(file.body)).join('\n');
    const low = (await call<Stock[]>('GET', '/stock/low', { token: admin })).body;
    expect(text).toContain('Low Quantity (5 or less)');
    for (const line of low) expect(text).toContain(line.artcode);
    const sold = low.find((l) => l.artcode === 'T-SALE')!;
    expect(text).toContain(`₹${sold.productPrice.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  });

  it('downloads Stock_<date>.xlsx with numbers in Indian rupee format and day/month/year dates', async () => {
    const file = await download('/stock/download/excel?view=full');
    expect(file.status).toBe(200);
    expect(file.name).toBe(`attachment; filename="Stock_${fileDate}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Stock')!;
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => rows.push(row));
    const race = rows.find((r) => r.getCell(3).value === 'T-RACE')!;
    expect(race.getCell(5).value).toBe(24);
    // Lakh and crore grouping (exceljs reads the format back without its backslashes).
    expect(race.getCell(6).numFmt).toMatch(/^\[>=10000000\]"₹"##\\?,##\\?,##\\?,##0\.00;\[>=100000\]/);
    expect(race.getCell(8).numFmt).toBe('dd/mm/yyyy');
    const full = (await call<Stock[]>('GET', '/stock/all', { token: admin })).body;
    const totals = rows.at(-1)!;
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(5).value).toBe(full.reduce((sum, s) => sum + s.quantity, 0));
  });

  it('refuses an unknown format or a day view without a day', async () => {
    expect((await download('/stock/download/csv')).status).toBe(400);
    expect((await download('/stock/download/pdf?view=date')).status).toBe(400);
  });
});

describe('the count of low stock lines', () => {
  /** The lines of 5 or fewer units as the sparse index holds them: what the counter must equal. */
  const indexed = () => queryCount({ index: 'gsi4', pk: tenantPk('demo', 'STOCK_LOW') });
  async function expectLow(expected: number) {
    expect(await stockData.lowCount('demo')).toBe(expected);
    expect(await indexed()).toBe(expected);
  }
  const plain = (who: { mobileNumber: string }, lines: [Shelf, number][]) => {
    const total = lines.reduce((sum, [, units]) => sum + 100 * units, 0);
    return bill(who, lines.map(([shelf, units]) => line(shelf, units)), { grossAmount: total, discount: 0, tax: 0, netAmount: total });
  };

  it('moves when a receipt, a bill, a return or the stock form takes a line across 5 units, not on a refused bill, and is one read', async () => {
    const base = await indexed();
    await expectLow(base);
    const tea = await stockedProduct({ name: 'Low Count Tea', quantity: 3, mrp: 100, buyingPrice: 80, gst: 0 });
    await expectLow(base + 1);
    const salt = await stockedProduct({ name: 'Low Count Salt', quantity: 8, mrp: 100, buyingPrice: 80, gst: 0 });
    await expectLow(base + 1);
    // One bill: the tea stays low (3 → 2), the salt becomes low (8 → 4).
    const buyer = await newCustomer();
    const sale = await mustPlace(plain(buyer, [[tea, 1], [salt, 4]]));
    await expectLow(base + 2);
    // More than the shelf holds: refused, nothing moves.
    expect((await placeBill(plain(buyer, [[salt, 99]]))).status).toBe(409);
    await expectLow(base + 2);
    // The salt comes back (4 → 8) and leaves the low lines.
    const returned = await call('POST', `/purchase/return/${sale.purchaseId}`, {
      token: await tokenOf('cashier@demo.shop'),
      body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, returnQuantity: 4 }], returnAmount: 400 },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await expectLow(base + 1);
    // A receipt of more tea (2 → 12) takes it out; the stock form sets the salt to 5, which is low.
    expect((await receive(receiveBody(tea.productId, tea.artcode, 10, { sellingPrice: 100 }))).status).toBe(200);
    await expectLow(base);
    const saltLine = (await stockOf(salt.productId, salt.artcode)).body;
    expect((await call('PUT', `/stock/${saltLine.stockId}`, { token: admin, body: { quantity: 5, productPrice: 100 } })).status).toBe(200);
    await expectLow(base + 1);

    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      expect(await stockData.lowCount('demo')).toBe(base + 1);
      expect(recorder.commands()).toEqual(['GetCommand']);
    } finally {
      recorder.restore();
    }
  });
});
