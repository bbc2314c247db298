import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws.js';
import { tableName } from '../../functions/lib/db.js';
import { idSk, tenantPk } from '../../functions/lib/keys.js';
import { productData } from '../../functions/products/data.js';
import { stockData } from '../../functions/stock/data.js';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { BAD_CURSOR } from '../../shared/schemas/common.js';
import type { Product } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import type { ShelfProduct } from '../../shared/schemas/inventory.js';
import { loadCatalogue } from '../../infra/local/bulk-catalogue.js';
import { createCategory, createProducts, fetchUrl, png, productRow, unique } from './catalogue-fixtures.js';
import { call, tokenOf, webUrl } from './client.js';
import { cashierToken, newCustomer, type Shelf } from './pos-fixtures.js';

/**
 * Catalogue reads at scale: opaque page cursors (signed, inside the caller's shop), shelf figures copied onto the
 * product by the stock transactions, stable image URLs under /media and the caching headers of customer reads.
 */

const admin = () => tokenOf('admin@demo.shop');
const customer = () => tokenOf('customer@demo.shop');
const alphaAdmin = () => tokenOf('admin@alpha.shop');
const actor = { userName: 'admin@demo.shop', now: new Date() };

let category: Category;
let products: (Product & { stockId: number })[];

/** Follows `X-Next-Page` from the first page to the end, answering every page's items. */
async function everyPage<T>(path: string, token: string, size: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const answer: Awaited<ReturnType<typeof call<T[]>>> = await call<T[]>('GET', `${path}?size=${size}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(answer.body);
    cursor = answer.headers.get('x-next-page');
  } while (cursor && pages.length < 100);
  return pages.filter((page) => page.length);
}

beforeAll(async () => {
  const token = await admin();
  category = await createCategory(token, unique('Cursor Category'));
  const [sample] = await createProducts(token, [productRow(category.categoryId, unique('Cursor sample'))]);
  // Products written by the same items the product and stock transactions write, in one go (the benchmark's loader).
  products = await loadCatalogue(
    'demo',
    Array.from({ length: 11 }, (_, i) => ({
      productName: `Cursor item ${String(i).padStart(2, '0')} ${unique('')}`,
      categoryId: category.categoryId,
      image: sample!.image!,
      quantity: 3 + i,
      mrp: 10_000 + i * 100,
      sellingPrice: 9_000 + i * 100,
      cgst: 250,
      sgst: 250,
    })),
    actor,
  );
});

describe('page cursors', () => {
  it('walk a category page by page with the same products as page and size, once each', async () => {
    const path = `/inventory/products/category/${category.categoryId}`;
    const byCursor = (await everyPage<ShelfProduct>(path, await customer(), 4)).flat();
    const byNumber: ShelfProduct[] = [];
    for (let page = 0; page < 3; page++) {
      const answer = await call<ShelfProduct[]>('GET', `${path}?page=${page}&size=4`, { token: await customer() });
      byNumber.push(...answer.body);
    }
    expect(byCursor.map((p) => p.productId)).toEqual(byNumber.map((p) => p.productId));
    expect(new Set(byCursor.map((p) => p.productId)).size).toBe(12);
    const loaded = byCursor.find((p) => p.productId === products[4]!.productId)!;
    expect(loaded).toMatchObject({ quantity: 7, sellingPrice: 94, mrp: 104, tax: 5, stockId: products[4]!.stockId });
  });

  it('page on from a page asked by number, and the last page answers no cursor', async () => {
    const token = await admin();
    const second = await call<Product[]>('GET', '/product/all?page=1&size=3', { token });
    const third = await call<Product[]>('GET', `/product/all?size=3&cursor=${second.headers.get('x-next-page')}`, { token });
    const byNumber = await call<Product[]>('GET', '/product/all?page=2&size=3', { token });
    expect(third.body.map((p) => p.productId)).toEqual(byNumber.body.map((p) => p.productId));
    const pages = await everyPage<Product>(`/inventory/products/category/${category.categoryId}`, await customer(), 12);
    expect(pages).toHaveLength(1);
  });

  it('refuse a changed cursor, a cursor of another list and a cursor of another shop with 400', async () => {
    const token = await admin();
    const first = await call<Product[]>('GET', '/product/all?size=2', { token });
    const cursor = first.headers.get('x-next-page')!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, string>;
    const steered = Buffer.from(JSON.stringify({ ...key, sk: '000000000000' }), 'base64url').toString('base64url');
    const otherShop = Buffer.from(JSON.stringify({ ...key, pk: key.pk!.replace('T#demo#', 'T#alpha#') }), 'base64url').toString('base64url');
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [`${steered}.${signature}`, `${otherShop}.${signature}`, flipped, 'bm90LWEta2V5.bm8', 'no-dot-here']) {
      const answer = await call<{ message: string }>('GET', `/product/all?size=2&cursor=${encodeURIComponent(bad)}`, { token });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(BAD_CURSOR);
    }
    // The same cursor on another list (search) or in another shop (alpha's admin) is not that list's cursor.
    expect((await call('GET', `/product/search/c?size=2&cursor=${cursor}`, { token })).status).toBe(400);
    const alpha = await call<{ message: string }>('GET', `/product/all?size=2&cursor=${cursor}`, { token: await alphaAdmin() });
    expect(alpha.status).toBe(400);
    expect(alpha.body.message).toBe(BAD_CURSOR);
  });
});

describe('shelf figures on the product', () => {
  /** The product's shelf item against its stock lines, figure by figure. */
  async function expectShelfInStep(productId: number) {
    const [shelves, lines] = await Promise.all([productData.shelves('demo', [productId]), stockData.ofProduct('demo', productId)]);
    const pick = (l: { stockId: number; inventoryId: number; artcode: string; sellingPrice: number; mrp: number; cgst: number; sgst: number; quantity: number; barcode?: string; buyingPrice?: number }) => ({
      // The barcode and buying price too: the till's suggestions show them from the shelf.
      barcode: l.barcode,
      buyingPrice: l.buyingPrice,
      stockId: l.stockId,
      inventoryId: l.inventoryId,
      artcode: l.artcode,
      sellingPrice: l.sellingPrice,
      mrp: l.mrp,
      cgst: l.cgst,
      sgst: l.sgst,
      quantity: l.quantity,
    });
    const byId = (a: { stockId: number }, b: { stockId: number }) => a.stockId - b.stockId;
    expect((shelves.get(productId) ?? []).map(pick).sort(byId)).toEqual(lines.map(pick).sort(byId));
    return lines;
  }

  it('follow receipts, a price edit and a bill selling two artcodes of one product in one transaction', async () => {
    const token = await admin();
    const [product] = await createProducts(token, [productRow(category.categoryId, unique('Shelf kettle'))]);
    const productId = product!.productId;
    expect((await productData.shelves('demo', [productId])).get(productId)).toEqual([]);

    const receive = (artcode: string, quantity: number, mrp: number) =>
      call('POST', '/inventory/save', {
        token,
        body: { productId, vendor: 'Kettle Traders', artcode, barcode: `89${String(Math.random()).slice(2, 13).padEnd(11, '0')}`, quantity, cgst: 9, sgst: 9, mrp, buyingPrice: mrp - 200, sellingPrice: mrp - 50 },
      });
    const artcodes = [`KT${Date.now() % 100000}A`, `KT${Date.now() % 100000}B`];
    for (const [artcode, quantity, mrp] of [[artcodes[0]!, 6, 1200], [artcodes[1]!, 9, 1500]] as const) {
      const received = await receive(artcode, quantity, mrp);
      expect(received.status, JSON.stringify(received.body)).toBe(200);
    }
    let lines = await expectShelfInStep(productId);
    expect(lines).toHaveLength(2);

    const [first] = lines.filter((l) => l.artcode === artcodes[0]);
    const edited = await call('PUT', `/stock/${first!.stockId}`, { token, body: { quantity: 6, productPrice: 1099, version: first!.version } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expectShelfInStep(productId);

    const buyer = await newCustomer();
    const shelves: (Shelf & { quantity: number })[] = (await stockData.ofProduct('demo', productId)).map((l) => ({
      productId,
      productName: product!.productName,
      artcode: l.artcode,
      mrp: toRupees(l.mrp),
      sellingPrice: toRupees(l.sellingPrice),
      cgst: l.cgst / 100,
      sgst: l.sgst / 100,
      quantity: 2,
    }));
    const figures = computeBill({
      lines: shelves.map((s) => ({ mrp: toPaise(s.mrp), rate: toPaise(s.sellingPrice), quantity: s.quantity, cgstRate: toPaise(s.cgst), sgstRate: toPaise(s.sgst) })),
    });
    const sold = await call('POST', '/purchase', {
      token: await cashierToken(),
      body: {
        mobileNumber: buyer.mobileNumber,
        paymentMode: 'Cash',
        purchasedProduct: shelves.map((s) => ({ productId, productName: s.productName, artcode: s.artcode, quantity: 2, price: s.mrp, sellingPrice: s.sellingPrice, cgst: s.cgst, sgst: s.sgst })),
        grossAmount: toRupees(figures.totals.gross),
        discount: toRupees(figures.totals.discount),
        tax: toRupees(figures.totals.tax),
        netAmount: toRupees(figures.paid),
      },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    lines = await expectShelfInStep(productId);
    expect(lines.map((l) => l.quantity).sort()).toEqual([4, 7]);

    // A line's history pages by cursor too, newest first, the same as by page number.
    const history = (await everyPage<{ version: number }>(`/stock/movements/${lines[0]!.stockId}`, token, 1)).flat();
    const byNumber = await call<{ version: number }[]>('GET', `/stock/movements/${lines[0]!.stockId}?page=0&size=10`, { token });
    expect(history).toHaveLength(2);
    expect(history).toEqual(byNumber.body);

    // The storefront shows the line with the most units, from the shelf item.
    const listed = await call<ShelfProduct[]>('GET', `/inventory/products/${category.categoryId}/${encodeURIComponent(product!.productName)}`, { token: await customer() });
    expect(listed.body).toEqual([expect.objectContaining({ productId, artcode: artcodes[1], quantity: 7, mrp: 1500, sellingPrice: 1450, tax: 18 })]);
  });

  it('are written from the lines the first time a product stored before shelves is listed (read repair)', async () => {
    const product = products[4]!;
    const path = `/inventory/products/category/${category.categoryId}?size=20`;
    const before = (await call<ShelfProduct[]>('GET', path, { token: await customer() })).body.find((p) => p.productId === product.productId);
    // Data saved before shelves were kept: the product without its shelf item.
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: tenantPk('demo', 'PRODUCT_SHELF'), sk: idSk(product.productId) } }));
    expect((await productData.shelves('demo', [product.productId])).has(product.productId)).toBe(false);

    const after = (await call<ShelfProduct[]>('GET', path, { token: await customer() })).body.find((p) => p.productId === product.productId);
    expect(after).toEqual(before);
    expect((await productData.shelves('demo', [product.productId])).has(product.productId)).toBe(true);
    await expectShelfInStep(product.productId);
  });
});

describe('images and caching', () => {
  it('are served from a stable /media URL, cached for a year, the same on every answer', async () => {
    const token = await customer();
    const path = `/inventory/products/category/${category.categoryId}?size=3`;
    const [once, again] = [await call<ShelfProduct[]>('GET', path, { token }), await call<ShelfProduct[]>('GET', path, { token })];
    expect(once.body[0]!.imageUrl).toMatch(/^\/media\/t\/demo\/images\/[0-9a-f-]+\.png$/);
    expect(again.body.map((p) => p.imageUrl)).toEqual(once.body.map((p) => p.imageUrl));
    const image = await fetch(new URL(once.body[0]!.imageUrl!, webUrl()));
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(png([200, 180, 40]))).toBe(true);
    const cards = await call<Category[]>('GET', '/category/image?size=50', { token });
    expect(cards.body.find((c) => c.categoryId === category.categoryId)!.imageUrl).toMatch(/^\/media\/t\/demo\/images\//);
  });

  it('never serve a private file under /media, whatever path is asked', async () => {
    const token = await admin();
    const templates = await call<{ downloadUrl: string }[]>('GET', '/template', { token });
    const templateKey = decodeURIComponent(new URL(templates.body[0]!.downloadUrl).pathname.split('/').slice(2).join('/'));
    expect(templateKey).toMatch(/^t\/demo\/templates\//);
    const upload = await call<{ key: string; uploadUrl: string; headers: Record<string, string> }>('POST', '/upload/image', {
      token,
      body: { contentType: 'image/png', size: png().length },
    });
    expect((await fetch(upload.body.uploadUrl, { method: 'PUT', headers: upload.body.headers, body: new Uint8Array(png()) })).status).toBe(200);
    const alphaTemplates = await call<{ downloadUrl: string }[]>('GET', '/template', { token: await alphaAdmin() });
    const alphaTemplate = decodeURIComponent(new URL(alphaTemplates.body[0]!.downloadUrl).pathname.split('/').slice(2).join('/'));
    for (const key of [templateKey, upload.body.key, alphaTemplate, `t/demo/images/../templates/${templateKey.split('/').pop()}`, `t/demo/images/%2e%2e/templates/x.png`]) {
      const answer = await fetch(`${webUrl()}/media/${key}`);
      expect(answer.status, key).toBe(404);
    }
    // Private files keep their presigned links, signed for the one key they name.
    expect(templates.body[0]!.downloadUrl).toMatch(/X-Amz-Signature=/);
  });

  it('give customer catalogue reads an ETag, and a repeat holding it gets 304 without a body', async () => {
    const token = await customer();
    const path = `/inventory/products/category/${category.categoryId}?size=3`;
    const first = await call('GET', path, { token });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const repeat = await call('GET', path, { token, headers: { 'if-none-match': etag } });
    expect(repeat.status).toBe(304);
    expect(repeat.body).toBeNull();
    const cards = await call('GET', '/category/image?size=5', { token });
    expect(cards.headers.get('cache-control')).toBe('private, max-age=60');
    expect((await fetchUrl((await call<Category[]>('GET', '/category/image?size=5', { token })).body[0]!.imageUrl!)).status).toBe(200);
  });
});
