import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE } from '../../shared/images.js';
import { MAX_BULK_ROWS, PRODUCT_EXISTS, SELECT_PRODUCTS, type Product } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import { productData } from '../../functions/products/data.js';
import { queryCount } from '../../functions/lib/db.js';
import { tenantPk } from '../../functions/lib/keys.js';
import { wordRank } from '../../shared/words.js';
import { call, tokenOf } from './client.js';
import { injectDynamoFaults } from './faults.js';
import { createCategory, createProducts, fetchUrl, imageContent, productRow, unique } from './catalogue-fixtures.js';

const admin = () => tokenOf('admin@demo.shop');
const count = async () => (await call<number>('GET', '/product/count', { token: await admin() })).body;
const categoryCount = async (categoryId: number) => (await call<number>('GET', `/product/count/category/${categoryId}`, { token: await admin() })).body;

let category: Category;
beforeAll(async () => {
  category = await createCategory(await admin());
});

describe('product bulk add', () => {
  it('saves every row with its image, drops rows with an empty name, and counts them', async () => {
    const token = await admin();
    const before = await count();
    const rows = [productRow(category.categoryId), { ...productRow(category.categoryId), productName: '   ' }, productRow(category.categoryId)];
    const saved = await createProducts(token, rows);
    expect(saved.map((p) => p.productName)).toEqual([rows[0]!.productName, rows[2]!.productName]);
    expect(saved[1]!.productId).toBe(saved[0]!.productId + 1);
    expect(saved[0]).toMatchObject({ categoryId: category.categoryId, size: '1 kg', colour: 'White', createdBy: 'admin@demo.shop', version: 1 });
    expect((await fetchUrl(saved[0]!.imageUrl!)).type).toBe('image/png');
    expect(await count()).toBe(before + 2);
    expect(await categoryCount(category.categoryId)).toBeGreaterThanOrEqual(2);
  });

  it("refuses names that exist in any letter case, or repeat another row, naming the rows; nothing is saved", async () => {
    const token = await admin();
    const before = await count();
    const fresh = unique('Kesar Badam Milk');
    const rows = [
      productRow(category.categoryId, fresh),
      productRow(category.categoryId, 'PARLE-G biscuits'),
      productRow(category.categoryId, fresh.toUpperCase()),
    ];
    const answer = await call<{ message: string; details: unknown[] }>('POST', '/product/saveAll', { token, body: rows });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`Row 2: ${PRODUCT_EXISTS}`);
    expect(answer.body.details).toEqual([
      { row: 2, path: 'productName', message: PRODUCT_EXISTS },
      { row: 3, path: 'productName', message: PRODUCT_EXISTS },
    ]);
    expect(await count()).toBe(before);
    expect((await call('GET', `/product/searchCount/${encodeURIComponent(fresh)}`, { token })).body).toBe(0);
  });

  it.each([
    ['a missing field', { size: undefined }, 'Row 3: Size is required.'],
    ['a missing image', { imageContent: undefined }, 'Row 3: Image is required.'],
    ['a non-image file', { imageContent: `data:image/jpeg;base64,${Buffer.from('%PDF-1.4').toString('base64')}` }, `Row 3: ${NOT_AN_IMAGE}`],
    ['an unknown category', { categoryId: 999_999 }, 'Row 3: Category not found.'],
  ])('saves nothing when one row has %s, and says which row and why', async (_, change, message) => {
    const token = await admin();
    const before = await count();
    const names = [unique('Good A'), unique('Good B'), unique('Bad C')];
    const rows = names.map((name) => productRow(category.categoryId, name));
    Object.assign(rows[2]!, change);
    const answer = await call<{ message: string }>('POST', '/product/saveAll', { token, body: rows });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await count()).toBe(before);
    for (const name of names) expect((await call('GET', `/product/searchCount/${encodeURIComponent(name)}`, { token })).body).toBe(0);
  });

  it('refuses more rows than one all-or-nothing save can hold', async () => {
    const rows = Array.from({ length: MAX_BULK_ROWS + 1 }, () => productRow(category.categoryId));
    const answer = await call<{ message: string }>('POST', '/product/saveAll', { token: await admin(), body: rows });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`You can save at most ${MAX_BULK_ROWS} products at a time.`);
  });

  it('lets exactly one of two simultaneous saves of one name win', async () => {
    const token = await admin();
    const name = unique('Ghee');
    const answers = await Promise.all([name, name.toLowerCase()].map((n) => call('POST', '/product/saveAll', { token, body: [productRow(category.categoryId, n)] })));
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
    expect(answers.map((a) => a.status).filter((s) => s !== 200)[0]).toBeGreaterThanOrEqual(400);
    expect((await call('GET', `/product/searchCount/${encodeURIComponent(name)}`, { token })).body).toBe(1);
  });

  it('needs ProductEdit: a cashier can list products but not add them', async () => {
    const cashier = await tokenOf('cashier@demo.shop');
    expect((await call('GET', '/product/all?page=0&size=5', { token: cashier })).status).toBe(200);
    expect((await call('POST', '/product/saveAll', { token: cashier, body: [productRow(category.categoryId)] })).status).toBe(403);
    expect((await call('DELETE', '/product/deleteAllById', { token: await tokenOf('manager@demo.shop'), body: [] })).body).toEqual({
      message: SELECT_PRODUCTS,
      details: [{ path: '', message: SELECT_PRODUCTS }],
    });
  });
});

describe('product lists', () => {
  it('pages by 5 with the count, searches by any word of the name in any letter case, and suggests names by any word', async () => {
    const token = await admin();
    const total = await count();
    expect(total).toBeGreaterThanOrEqual(20);
    const page = await call<Product[]>('GET', '/product/all', { token });
    expect(page.body).toHaveLength(5);
    expect(page.body[0]!.imageUrl).toBeTruthy();
    const second = await call<Product[]>('GET', '/product/all?page=1&size=5', { token });
    expect(second.body[0]!.productId).toBeGreaterThan(page.body[4]!.productId);

    const found = await call<Product[]>('GET', '/product/search/TATA', { token });
    expect(found.body.map((p) => p.productName)).toEqual(expect.arrayContaining(['Tata Sampann Toor Dal', 'Tata Tea Gold']));
    for (const p of found.body) expect(wordRank(p.productName, 'tata')).toBeDefined();
    expect((await call('GET', '/product/searchCount/tata', { token })).body).toBe(found.body.length);

    const everything = await call<Product[]>('GET', '/product', { token: await tokenOf('manager@demo.shop') });
    expect(everything.body).toHaveLength(total);
    const names = everything.body.map((p) => p.productName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(everything.body[0]!.imageUrl).toBeUndefined();

    const suggestions = await call<{ productName: string; productId: number }[]>('GET', '/product/suggestion/b', { token: await tokenOf('cashier@demo.shop') });
    expect(suggestions.body.length).toBeGreaterThanOrEqual(3);
    for (const s of suggestions.body) expect(wordRank(s.productName, 'b')).toBeDefined();
    expect(suggestions.body.map((s) => s.productName)).toContain('India Gate Basmati Rice');
    expect(Object.keys(suggestions.body[0]!).sort()).toEqual(['categoryId', 'productId', 'productName']);
  });

  it('loads the selected products by ids, in the order asked, from the path or the body', async () => {
    const token = await admin();
    const saved = await createProducts(token, [productRow(category.categoryId), productRow(category.categoryId)]);
    const ids = [saved[1]!.productId, saved[0]!.productId];
    const byPath = await call<Product[]>('GET', `/product/listOfProducts/${ids.join(',')}`, { token });
    expect(byPath.body.map((p) => p.productId)).toEqual(ids);
    const byBody = await call<Product[]>('POST', '/product', { token, body: ids });
    expect(byBody.body.map((p) => p.productName)).toEqual([saved[1]!.productName, saved[0]!.productName]);
    expect((await call('GET', `/product/listOfProducts/${ids[0]},999999`, { token })).status).toBe(404);
  });

  it('gives the storefront per-category counts', async () => {
    const customer = await tokenOf('customer@demo.shop');
    const groceries = await call<number>('GET', '/product/count/category/1', { token: customer });
    expect(groceries.status).toBe(200);
    expect(groceries.body).toBeGreaterThanOrEqual(5);
    expect((await call('GET', `/product/count/category/${category.categoryId}`, { token: customer })).body).toBe(await categoryCount(category.categoryId));
    expect((await call('GET', '/product/searchCount/1/india%20gate', { token: customer })).body).toBe(1);
    expect((await call('GET', '/product/all', { token: customer })).status).toBe(403);
  });
});

describe('product bulk edit and delete', () => {
  it('saves every edited row, moves category counts, and keeps or replaces images', async () => {
    const token = await admin();
    const other = await createCategory(token);
    const [a, b] = await createProducts(token, [productRow(category.categoryId), productRow(category.categoryId)]);
    const before = { from: await categoryCount(category.categoryId), to: await categoryCount(other.categoryId) };
    const answer = await call<Product[]>('PUT', '/product/listOfProducts', {
      token,
      body: [
        { ...productRow(other.categoryId, `${a!.productName} Premium`), productId: a!.productId, imageContent: undefined, image: a!.image, version: 1 },
        { ...productRow(category.categoryId, b!.productName.toUpperCase()), productId: b!.productId, colour: 'Green', imageContent: imageContent([0, 200, 0]) },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toMatchObject({ productName: `${a!.productName} Premium`, categoryId: other.categoryId, image: a!.image, version: 2, updatedBy: 'admin@demo.shop' });
    expect(answer.body[1]).toMatchObject({ productName: b!.productName.toUpperCase(), colour: 'Green', version: 2 });
    expect(answer.body[1]!.image).not.toBe(b!.image);
    expect((await fetchUrl(b!.imageUrl!)).status).toBe(404);
    expect(await categoryCount(category.categoryId)).toBe(before.from - 1);
    expect(await categoryCount(other.categoryId)).toBe(before.to + 1);
    // The old name is free for a new product, the new one is taken.
    expect((await call('POST', '/product/saveAll', { token, body: [productRow(category.categoryId, a!.productName)] })).status).toBe(200);
  });

  it("refuses a new name that belongs to another product, or a stale row, and saves no row", async () => {
    const token = await admin();
    const [a, b] = await createProducts(token, [productRow(category.categoryId), productRow(category.categoryId)]);
    const edit = (p: Product, changes: Record<string, unknown>) => ({ ...productRow(p.categoryId, p.productName), productId: p.productId, ...changes });
    const clash = await call<{ message: string }>('PUT', '/product/listOfProducts', {
      token,
      body: [edit(a!, { description: 'changed' }), edit(b!, { productName: a!.productName.toLowerCase() })],
    });
    expect(clash).toMatchObject({ status: 400, body: { message: `Row 2: ${PRODUCT_EXISTS}` } });
    const stale = await call<{ message: string }>('PUT', '/product/listOfProducts', { token, body: [edit(a!, { description: 'changed' }), edit(b!, { version: 7 })] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Row 2: This record was changed by someone else/);
    const now = await call<Product[]>('GET', `/product/listOfProducts/${a!.productId}`, { token });
    expect(now.body[0]).toMatchObject({ description: 'Test product', version: 1 });
  });

  it('deletes the selected products with their images, or none when one id is not a product of the shop', async () => {
    const token = await tokenOf('manager@demo.shop');
    const saved = await createProducts(await admin(), [productRow(category.categoryId), productRow(category.categoryId)]);
    const ids = saved.map((p) => p.productId);
    const before = { all: await count(), inCategory: await categoryCount(category.categoryId) };

    expect((await call('DELETE', '/product/deleteAllById', { token, body: [ids[0], 999_999] })).status).toBe(404);
    expect(await count()).toBe(before.all);

    expect(await call('DELETE', '/product/deleteAllById', { token, body: ids })).toEqual({ status: 200, body: ids });
    expect(await count()).toBe(before.all - 2);
    expect(await categoryCount(category.categoryId)).toBe(before.inCategory - 2);
    expect((await call('GET', `/product/listOfProducts/${ids.join(',')}`, { token })).status).toBe(404);
    expect((await fetchUrl(saved[0]!.imageUrl!)).status).toBe(404);
    // A deleted product's name can be used again.
    expect((await call('POST', '/product/saveAll', { token: await admin(), body: [productRow(category.categoryId, saved[0]!.productName)] })).status).toBe(200);
  });

  it("answers 404 for another shop's products and never changes them", async () => {
    const [mine] = await createProducts(await admin(), [productRow(category.categoryId)]);
    const other = await tokenOf('admin@beta.shop');
    expect((await call('GET', `/product/listOfProducts/${mine!.productId}`, { token: other })).status).toBe(404);
    expect((await call('DELETE', '/product/deleteAllById', { token: other, body: [mine!.productId] })).status).toBe(404);
    const edit = await call('PUT', '/product/listOfProducts', { token: other, body: [{ ...productRow(1, 'Hijack'), productId: mine!.productId }] });
    expect(edit.status).toBe(404);
    const still = await call<Product[]>('GET', `/product/listOfProducts/${mine!.productId}`, { token: await admin() });
    expect(still.body[0]!.productName).toBe(mine!.productName);
  });
});

describe('the count of products without an HSN code', () => {
  /** The products the sparse index lists as without a code: what the counter must equal. */
  const indexed = () => queryCount({ index: 'gsi3', pk: tenantPk('demo', 'PRODUCT_WITHOUT_HSN') });
  async function expectWithout(expected: number) {
    expect((await call<number>('GET', '/product/withoutHsn/count', { token: await admin() })).body).toBe(expected);
    expect(await indexed()).toBe(expected);
  }
  const edit = (p: Product, more: Record<string, unknown>) => ({
    ...productRow(p.categoryId, p.productName),
    productId: p.productId,
    imageContent: undefined,
    image: p.image,
    version: p.version,
    ...more,
  });

  it('moves with products created or deleted without one and codes set or cleared, not with a refused save, and is one read', async () => {
    const token = await admin();
    const base = await indexed();
    await expectWithout(base);
    const [plain, coded] = await createProducts(token, [productRow(category.categoryId), { ...productRow(category.categoryId), hsnCode: '10063020' } as never]);
    await expectWithout(base + 1);
    // The plain one is given a code, the coded one loses it: the count stays; then the plain one loses it too.
    const swapped = await call<Product[]>('PUT', '/product/listOfProducts', { token, body: [edit(plain!, { hsnCode: '10063020' }), edit(coded!, { hsnCode: undefined })] });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    await expectWithout(base + 1);
    const cleared = await call<Product[]>('PUT', '/product/listOfProducts', { token, body: [edit(swapped.body[0]!, { hsnCode: undefined })] });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    await expectWithout(base + 2);
    // A stale edit is refused and moves nothing.
    const stale = await call('PUT', '/product/listOfProducts', { token, body: [edit(swapped.body[1]!, { hsnCode: '10063020', version: 1 })] });
    expect(stale.status).toBe(409);
    await expectWithout(base + 2);
    // A refused add (a name that exists) moves nothing either.
    expect((await call('POST', '/product/saveAll', { token, body: [productRow(category.categoryId, plain!.productName)] })).status).toBe(400);
    await expectWithout(base + 2);
    expect((await call('DELETE', '/product/deleteAllById', { token, body: [plain!.productId, coded!.productId] })).status).toBe(200);
    await expectWithout(base);

    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      expect(await productData.withoutHsnCount('demo')).toBe(base);
      expect(recorder.commands()).toEqual(['GetCommand']);
    } finally {
      recorder.restore();
    }
  });
});
