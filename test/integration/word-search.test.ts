import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, loadCategory } from '../../infra/local/bulk-catalogue.js';
import { queryAll, transact, op } from '../../functions/lib/db.js';
import { upgradeStepKey, wordPk } from '../../functions/lib/keys.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { upgradeWords } from '../../functions/tenants/word-upgrade.js';
import type { Product } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import type { InventorySuggestion } from '../../shared/schemas/inventory.js';
import { CATEGORY_PRODUCT_WORDS_STEP, WORDS_STEP } from '../../shared/words.js';
import { categoryProductWords } from '../../functions/products/data.js';
import { createCategory, createProducts, productRow } from './catalogue-fixtures.js';
import { call, tokenOf } from './client.js';

/**
 * Search by any word of a name (docs/catalogue.md, "Search"): the till's suggestions, the product suggestion and the
 * back office's product and category lists, and the storefront's category search find a word in the middle of a
 * name and the start of a later word, whole words first; a code by its exact artcode or barcode; never another
 * shop's names; and a rename or delete takes the old words away in its own transaction. Shops saved before the index
 * get their words from the shop upgrade, once.
 */

const admin = () => tokenOf('admin@demo.shop');
const cashier = () => tokenOf('cashier@demo.shop');
const customer = () => tokenOf('customer@demo.shop');
/** A word no seeded or earlier record has (letters only). */
const word = () => `w${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 7)}`;
const enc = encodeURIComponent;
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

let category: Category;
beforeAll(async () => {
  category = await createCategory(await admin(), `Words ${word()}`);
});

async function received(productId: number) {
  const artcode = `WS${randomDigits(6)}`;
  const barcode = `89${randomDigits(11)}`;
  const answer = await call('POST', '/inventory/save', {
    token: await admin(),
    body: { productId, vendor: 'Test Wholesale', artcode, barcode, quantity: 5, cgst: 2.5, sgst: 2.5, mrp: 120, buyingPrice: 90, sellingPrice: 110 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { artcode, barcode };
}

const till = async (text: string) => {
  const answer = await call<InventorySuggestion[]>('GET', `/inventory/anyList/false/${enc(text)}`, { token: await cashier() });
  expect(answer.status).toBe(200);
  return answer.body;
};
const productSuggestions = async (text: string, token?: string) =>
  (await call<{ productName: string }[]>('GET', `/product/suggestion/${enc(text)}`, { token: token ?? (await admin()) })).body.map((s) => s.productName);

describe("the till's suggestions", () => {
  it("find the demo shop's India Gate Basmati Rice by 'Basmati', a word in the middle of its name", async () => {
    const found = await till('Basmati');
    expect(found.map((s) => s.productName)).toContain('India Gate Basmati Rice');
  });

  it('find a word in the middle and the start of a later word, whole words first, and a line by its exact artcode or barcode', async () => {
    // The till asks for 4 to 10 characters.
    const w = word().slice(0, 7);
    const [whole, prefixed] = await createProducts(await admin(), [productRow(category.categoryId, `Sona ${w} Rice`), productRow(category.categoryId, `Sona ${w}x Atta`)]);
    const codes = await received(whole!.productId);
    await received(prefixed!.productId);
    expect((await till(w)).map((s) => s.productName)).toEqual([`Sona ${w} Rice`, `Sona ${w}x Atta`]);
    expect((await till(w.slice(0, 5))).map((s) => s.productName).sort()).toEqual([`Sona ${w} Rice`, `Sona ${w}x Atta`].sort());
    expect((await till(`${w} ri`)).map((s) => s.productName)).toEqual([`Sona ${w} Rice`]);
    expect((await till(w.slice(1))).length).toBe(0);
    const byArtcode = await till(codes.artcode);
    expect(byArtcode[0]).toMatchObject({ productName: `Sona ${w} Rice`, artcode: codes.artcode });
    const byBarcode = await till(codes.barcode.slice(0, 10));
    expect(byBarcode[0]).toMatchObject({ productName: `Sona ${w} Rice`, barcode: codes.barcode });
  });
});

describe('product search and suggestions', () => {
  it('find any word, rank whole words first, and a rename or delete takes the old words away', async () => {
    const w = word();
    const renamed = word();
    const token = await admin();
    const [a, b] = await createProducts(token, [productRow(category.categoryId, `Tata ${w}ab Salt`), productRow(category.categoryId, `Aashirvaad Select ${w}`)]);
    expect(await productSuggestions(w)).toEqual([`Aashirvaad Select ${w}`, `Tata ${w}ab Salt`]);
    const page = await call<Product[]>('GET', `/product/search/${enc(w)}?page=0&size=10`, { token });
    expect(page.body.map((p) => p.productName)).toEqual([`Aashirvaad Select ${w}`, `Tata ${w}ab Salt`]);
    expect((await call('GET', `/product/searchCount/${enc(w)}`, { token })).body).toBe(2);

    const edit = await call<Product[]>('PUT', '/product/listOfProducts', {
      token,
      body: [{ ...productRow(category.categoryId, `Tata ${renamed} Salt`), productId: a!.productId, imageContent: undefined, image: a!.image, version: 1 }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await productSuggestions(w)).toEqual([`Aashirvaad Select ${w}`]);
    expect(await productSuggestions(renamed)).toEqual([`Tata ${renamed} Salt`]);
    expect((await call('DELETE', '/product/deleteAllById', { token, body: [b!.productId] })).status).toBe(200);
    expect(await productSuggestions(w)).toEqual([]);
    expect((await call('GET', `/product/searchCount/${enc(w)}`, { token })).body).toBe(0);
  });

  it("of another shop never show, though a word of its names matches", async () => {
    const w = word();
    const actor = { userName: 'admin@alpha.shop', now: new Date() };
    const shelf = await inTenant('alpha', () => loadCategory('alpha', `Words ${w}`, 't/alpha/images/none.png', actor));
    await inTenant('alpha', () => loadCatalogue('alpha', [{ productName: `Alpha ${w} Dal`, categoryId: shelf.categoryId, image: shelf.image, quantity: 3, mrp: 5000, sellingPrice: 5000, cgst: 0, sgst: 0 }], actor));
    expect(await productSuggestions(w)).toEqual([]);
    expect(await till(w)).toEqual([]);
    expect(await productSuggestions(w, await tokenOf('admin@alpha.shop'))).toEqual([`Alpha ${w} Dal`]);
    const categories = await call<Category[]>('GET', `/category/search/${enc(w)}?page=0&size=10`, { token: await admin() });
    expect(categories.body).toEqual([]);
  });
});

describe('category search', () => {
  it("finds the demo shop's Edible Oils by 'oil' on the storefront, and a category by a later word; a rename moves its words", async () => {
    const storefront = await call<Category[]>('GET', '/category/image/search/oil?page=0&size=12', { token: await customer() });
    expect(storefront.status).toBe(200);
    expect(storefront.body.map((c) => c.categoryName)).toContain('Edible Oils');
    const w = word();
    const made = await createCategory(await admin(), `Pooja ${w} Items`);
    const staff = await call<Category[]>('GET', `/category/search/${enc(`${w} it`)}?page=0&size=10`, { token: await admin() });
    expect(staff.body.map((c) => c.categoryName)).toEqual([`Pooja ${w} Items`]);
    const renamed = await call('PUT', `/category/${made.categoryId}`, { token: await admin(), body: { categoryName: `Pooja Samagri ${w}z`, image: made.image, version: made.version } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await call<Category[]>('GET', `/category/search/${enc(`${w} it`)}?page=0&size=10`, { token: await admin() })).body).toEqual([]);
    expect((await call<Category[]>('GET', `/category/search/samagri?page=0&size=10`, { token: await admin() })).body.map((c) => c.categoryName)).toContain(`Pooja Samagri ${w}z`);
  });
});

describe("a category's product search on the storefront", () => {
  const inCategory = async (categoryId: number, text: string) => {
    const answer = await call<{ productName: string }[]>('GET', `/inventory/products/${categoryId}/${enc(text)}?page=0&size=10`, { token: await customer() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.map((p) => p.productName);
  };
  const countIn = async (categoryId: number, text: string) => (await call<number>('GET', `/product/searchCount/${categoryId}/${enc(text)}`, { token: await customer() })).body;

  it('finds any word of a name in that category only, whole words first; a rename or a move to another category moves the words in its save', async () => {
    const w = word();
    const token = await admin();
    const other = await createCategory(token, `Words ${word()}`);
    const [later, whole, elsewhere] = await createProducts(token, [
      productRow(category.categoryId, `Sona ${w}x Atta`),
      productRow(category.categoryId, `India Gate ${w} Rice`),
      productRow(other.categoryId, `Kohinoor ${w} Rice`),
    ]);
    expect(await inCategory(category.categoryId, w)).toEqual([`India Gate ${w} Rice`, `Sona ${w}x Atta`]);
    expect(await inCategory(category.categoryId, `${w} ri`)).toEqual([`India Gate ${w} Rice`]);
    expect(await countIn(category.categoryId, w)).toBe(2);
    expect(await inCategory(other.categoryId, w)).toEqual([`Kohinoor ${w} Rice`]);
    expect(await inCategory(category.categoryId, w.slice(1))).toEqual([]);

    const moved = await call('PUT', '/product/listOfProducts', {
      token,
      body: [{ ...productRow(other.categoryId, `Sona Chakki ${w}z Atta`), productId: later!.productId, imageContent: undefined, image: later!.image, version: 1 }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await inCategory(category.categoryId, w)).toEqual([`India Gate ${w} Rice`]);
    expect(await inCategory(other.categoryId, w)).toEqual([`Kohinoor ${w} Rice`, `Sona Chakki ${w}z Atta`]);
    expect(await inCategory(other.categoryId, 'chakki')).toEqual([`Sona Chakki ${w}z Atta`]);
    expect((await call('DELETE', '/product/deleteAllById', { token, body: [whole!.productId, elsewhere!.productId] })).status).toBe(200);
    expect(await inCategory(category.categoryId, w)).toEqual([]);
    expect(await countIn(other.categoryId, w)).toBe(1);
  });
});

describe("the stock list's search", () => {
  type Line = { stockId: number; productName: string; artcode: string };
  const stockSearch = async (text: string, query = 'page=0&size=10') => {
    const answer = await call<Line[]>('GET', `/stock/search/${enc(text)}?${query}`, { token: await admin() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer;
  };
  const names = async (text: string) => (await stockSearch(text)).body.map((l) => l.productName);

  it("finds lines by any word of the product's name, whole words first and a product's lines together, then by artcode only; pages by cursor as by number; never another shop's", async () => {
    const w = word();
    const token = await admin();
    const [prefixed, whole] = await createProducts(token, [productRow(category.categoryId, `Sona ${w}x Atta`), productRow(category.categoryId, `India Gate ${w} Rice`)]);
    await received(prefixed!.productId);
    const first = await received(whole!.productId);
    const second = await received(whole!.productId);
    const found = (await stockSearch(w)).body;
    expect(found.map((l) => l.productName)).toEqual([`India Gate ${w} Rice`, `India Gate ${w} Rice`, `Sona ${w}x Atta`]);
    expect(found.slice(0, 2).map((l) => l.artcode).sort()).toEqual([first.artcode, second.artcode].sort());
    expect((await call<number>('GET', `/stock/searchCount/${enc(w)}`, { token })).body).toBe(3);
    expect(await names(`gate ${w} r`)).toEqual([`India Gate ${w} Rice`, `India Gate ${w} Rice`]);
    expect(await names(w.slice(1))).toEqual([]);

    // Two lines a page: the cursor continues inside a product's lines as well as after them.
    const one = await stockSearch(w, 'page=0&size=1');
    const cursor = one.headers.get('x-next-page')!;
    expect(cursor).toBeTruthy();
    const two = await stockSearch(w, `page=1&size=1&cursor=${cursor}`);
    const three = await stockSearch(w, `page=2&size=1&cursor=${two.headers.get('x-next-page')}`);
    expect([...one.body, ...two.body, ...three.body].map((l) => l.stockId)).toEqual(found.map((l) => l.stockId));
    expect(three.headers.get('x-next-page')).toBeNull();
    expect((await stockSearch(w, 'page=1&size=2')).body.map((l) => l.stockId)).toEqual(found.slice(2).map((l) => l.stockId));

    // A line found by its artcode only: after the lines found by name.
    const byCode = (await stockSearch(first.artcode)).body;
    expect(byCode.map((l) => l.artcode)).toEqual([first.artcode]);

    const actor = { userName: 'admin@alpha.shop', now: new Date() };
    const shelf = await inTenant('alpha', () => loadCategory('alpha', `Words ${word()}`, 't/alpha/images/none.png', actor));
    await inTenant('alpha', () => loadCatalogue('alpha', [{ productName: `Alpha ${w} Dal`, categoryId: shelf.categoryId, image: shelf.image, quantity: 3, mrp: 5000, sellingPrice: 5000, cgst: 0, sgst: 0 }], actor));
    expect(await names(w)).not.toContain(`Alpha ${w} Dal`);
    const alpha = await call<Line[]>('GET', `/stock/search/${w}?page=0&size=10`, { token: await tokenOf('admin@alpha.shop') });
    expect(alpha.body.map((l) => l.productName)).toEqual([`Alpha ${w} Dal`]);
  });

  it("follows a product's rename: its lines are found by the new words, not the old, from the rename's own transaction", async () => {
    const w = word();
    const renamed = word();
    const token = await admin();
    const [product] = await createProducts(token, [productRow(category.categoryId, `Tata ${w} Salt`)]);
    await received(product!.productId);
    expect(await names(w)).toEqual([`Tata ${w} Salt`]);
    const edit = await call('PUT', '/product/listOfProducts', {
      token,
      body: [{ ...productRow(category.categoryId, `Tata ${renamed} Salt`), productId: product!.productId, imageContent: undefined, image: product!.image, version: 1 }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await names(w)).toEqual([]);
    expect((await stockSearch(renamed)).body).toHaveLength(1);
  });
});

describe("the inventory list's search", () => {
  type Receipt = { inventoryId: number; productName: string; artcode: string };
  const receipts = async (text: string, query = 'page=0&size=10', token?: string) => {
    const answer = await call<Receipt[]>('GET', `/inventory/search/${enc(text)}?${query}`, { token: token ?? (await admin()) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer;
  };

  it("finds receipts by any word of the product's name, a product's receipts together, then by artcode only; pages by cursor inside a product's receipts; a rename keeps them found; never another shop's", async () => {
    const w = word();
    const token = await admin();
    const [prefixed, whole] = await createProducts(token, [productRow(category.categoryId, `Sona ${w}x Atta`), productRow(category.categoryId, `India Gate ${w} Rice`)]);
    await received(prefixed!.productId);
    const first = await received(whole!.productId);
    await received(whole!.productId);
    // A second delivery on the first line: a line's receipts in the order received.
    const again = await call('POST', '/inventory/save', {
      token,
      body: { productId: whole!.productId, vendor: 'Test Wholesale', artcode: first.artcode, barcode: first.barcode, quantity: 2, cgst: 2.5, sgst: 2.5, mrp: 120, buyingPrice: 90, sellingPrice: 110 },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const found = (await receipts(w)).body;
    expect(found.map((r) => r.productName)).toEqual([`India Gate ${w} Rice`, `India Gate ${w} Rice`, `India Gate ${w} Rice`, `Sona ${w}x Atta`]);
    expect((await call<number>('GET', `/inventory/searchCount/${enc(w)}`, { token })).body).toBe(4);
    expect((await receipts(w.slice(1))).body).toEqual([]);

    // One receipt a page: the cursor continues inside a line's receipts, across the product's lines, then to the next product.
    const pages: Receipt[][] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 4; page++) {
      const answer = await receipts(w, `page=${page}&size=1${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(answer.body);
      cursor = answer.headers.get('x-next-page');
    }
    expect(pages.flat().map((r) => r.inventoryId)).toEqual(found.map((r) => r.inventoryId));
    expect(cursor).toBeNull();
    expect((await receipts(w, 'page=1&size=2')).body.map((r) => r.inventoryId)).toEqual(found.slice(2).map((r) => r.inventoryId));
    expect((await receipts(first.artcode)).body.map((r) => r.artcode)).toEqual([first.artcode, first.artcode]);

    // Received under the earlier name, the receipts are the renamed product's, found by its new words.
    const renamed = word();
    const edit = await call('PUT', '/product/listOfProducts', {
      token,
      body: [{ ...productRow(category.categoryId, `Sona ${renamed} Atta`), productId: prefixed!.productId, imageContent: undefined, image: prefixed!.image, version: 1 }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await receipts(renamed)).body.map((r) => r.productName)).toEqual([`Sona ${w}x Atta`]);
    expect((await receipts(w)).body.map((r) => r.inventoryId)).toEqual(found.slice(0, 3).map((r) => r.inventoryId));

    expect((await receipts(w, 'page=0&size=10', await tokenOf('admin@alpha.shop'))).body).toEqual([]);
  });
});

describe('the public catalogue', () => {
  it("finds the demo shop's Edible Oils by 'oil' without sign-in, and a category's products by any word; never another shop's", async () => {
    const categories = await call<{ categoryName: string; categoryId: number }[]>('GET', '/public/demo/category?size=24&search=oil');
    expect(categories.status, JSON.stringify(categories.body)).toBe(200);
    expect(categories.body.map((c) => c.categoryName)).toContain('Edible Oils');
    expect((await call<unknown[]>('GET', '/public/demo/category?size=24&search=ils')).body).toEqual([]);

    const w = word();
    const [product] = await createProducts(await admin(), [productRow(category.categoryId, `Fortune ${w} Oil`)]);
    await received(product!.productId);
    const products = await call<{ productName: string; inStock: boolean }[]>('GET', `/public/demo/category/${category.categoryId}/products?size=24&search=${w}`);
    expect(products.status, JSON.stringify(products.body)).toBe(200);
    expect(products.body).toEqual([expect.objectContaining({ productName: `Fortune ${w} Oil`, inStock: true })]);

    const actor = { userName: 'admin@alpha.shop', now: new Date() };
    await inTenant('alpha', () => loadCategory('alpha', `Alpha ${w} Shelf`, 't/alpha/images/none.png', actor));
    expect((await call<unknown[]>('GET', `/public/demo/category?size=24&search=${w}`)).body).toEqual([]);
    expect((await call<{ categoryName: string }[]>('GET', `/public/alpha/category?size=24&search=${w}`)).body.map((c) => c.categoryName)).toEqual([`Alpha ${w} Shelf`]);
  });
});

describe('customer search', () => {
  it('finds a customer by any word of the name as typed and by the sign-in name made from it, each once; a delete takes the words away', async () => {
    const w = word();
    const mobileNumber = `9${randomDigits(9)}`;
    const saved = await call<{ customerId: number; customerName: string }>('POST', '/customer/save', {
      token: await cashier(),
      body: { customerName: `Kaveri ${w} Traders`, mobileNumber, emailId: `kaveri${mobileNumber}@example.in`, address: 'Jayanagar, Bengaluru' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const search = async (text: string) =>
      (await call<{ customerId: number }[]>('GET', `/customer/search/${enc(text)}?page=0&size=10`, { token: await cashier() })).body.map((c) => c.customerId);
    expect(await search(`${w} tr`)).toEqual([saved.body.customerId]);
    expect(await search(`kaveri${w}`)).toEqual([saved.body.customerId]);
    expect((await call('GET', `/customer/searchCount/${enc(w)}`, { token: await cashier() })).body).toBe(1);
    expect(await search(mobileNumber.slice(0, 7))).toContain(saved.body.customerId);
    expect((await call('DELETE', `/customer/${saved.body.customerId}`, { token: await admin() })).status).toBe(200);
    expect(await search(w)).toEqual([]);
  });
});

describe('the shop upgrade', () => {
  it("writes the words of records saved before the index, once, and running it again changes nothing", async () => {
    const tenantId = 'alpha';
    const w = word();
    const actor = { userName: 'admin@alpha.shop', now: new Date() };
    const shelf = await inTenant(tenantId, () => loadCategory(tenantId, `Older ${w} Shelf`, 't/alpha/images/none.png', actor));
    await inTenant(tenantId, () => loadCatalogue(tenantId, [{ productName: `Older ${w} Jaggery`, categoryId: shelf.categoryId, image: shelf.image, quantity: 3, mrp: 5000, sellingPrice: 5000, cgst: 0, sgst: 0 }], actor));
    const items = (kind: string) => inTenant(tenantId, () => queryAll<{ pk: string; sk: string }>({ pk: wordPk(tenantId, kind), skPrefix: 'older ' }));
    // As an earlier release left the shop: no word items, and no mark of the upgrade step.
    const before = [...(await items('PRODUCT')), ...(await items('CATEGORY'))];
    expect(before.length).toBeGreaterThanOrEqual(2);
    const all = await inTenant(tenantId, () => queryAll<{ pk: string; sk: string }>({ pk: wordPk(tenantId, 'PRODUCT') }));
    const allCategories = await inTenant(tenantId, () => queryAll<{ pk: string; sk: string }>({ pk: wordPk(tenantId, 'CATEGORY') }));
    const removals = [...all, ...allCategories, upgradeStepKey(tenantId, WORDS_STEP)].map((item) => op.remove({ pk: item.pk, sk: item.sk }));
    for (let i = 0; i < removals.length; i += 100) await inTenant(tenantId, () => transact(removals.slice(i, i + 100)));
    const alpha = await tokenOf('admin@alpha.shop');
    expect(await productSuggestions(w, alpha)).toEqual([]);

    const first = await inTenant(tenantId, () => upgradeWords(tenantId));
    expect(first?.written).toBeGreaterThanOrEqual(all.length + allCategories.length);
    expect(await productSuggestions(w, alpha)).toEqual([`Older ${w} Jaggery`]);
    expect((await call<Category[]>('GET', `/category/search/${w}?page=0&size=5`, { token: alpha })).body.map((c) => c.categoryName)).toEqual([`Older ${w} Shelf`]);
    expect(await inTenant(tenantId, () => upgradeWords(tenantId))).toBeUndefined();
    const after = await inTenant(tenantId, () => queryAll<{ pk: string; sk: string }>({ pk: wordPk(tenantId, 'PRODUCT') }));
    expect(after.map((i) => i.sk).sort()).toEqual(all.map((i) => i.sk).sort());
  });

  it("writes each category's product words for products saved before that index (words#2), once", async () => {
    const tenantId = 'alpha';
    const w = word();
    const actor = { userName: 'admin@alpha.shop', now: new Date() };
    const shelf = await inTenant(tenantId, () => loadCategory(tenantId, `Older ${w} Shelf`, 't/alpha/images/none.png', actor));
    await inTenant(tenantId, () => loadCatalogue(tenantId, [{ productName: `Older ${w} Jaggery`, categoryId: shelf.categoryId, image: shelf.image, quantity: 3, mrp: 5000, sellingPrice: 5000, cgst: 0, sgst: 0 }], actor));
    const kind = categoryProductWords(shelf.categoryId);
    const items = await inTenant(tenantId, () => queryAll<{ pk: string; sk: string }>({ pk: wordPk(tenantId, kind) }));
    expect(items.length).toBe(3);
    // As the release before this index left the shop: the category's product words absent, the step not marked.
    const removals = [...items, upgradeStepKey(tenantId, CATEGORY_PRODUCT_WORDS_STEP)].map((item) => op.remove({ pk: item.pk, sk: item.sk }));
    await inTenant(tenantId, () => transact(removals));
    const alpha = await tokenOf('admin@alpha.shop');
    const search = async () =>
      (await call<{ productName: string }[]>('GET', `/inventory/products/${shelf.categoryId}/${w}?page=0&size=5`, { token: alpha })).body.map((p) => p.productName);
    expect(await search()).toEqual([]);

    const first = await inTenant(tenantId, () => upgradeWords(tenantId));
    expect(first?.steps).toEqual([CATEGORY_PRODUCT_WORDS_STEP]);
    expect(await search()).toEqual([`Older ${w} Jaggery`]);
    expect(await inTenant(tenantId, () => upgradeWords(tenantId))).toBeUndefined();
    const after = await inTenant(tenantId, () => queryAll<{ pk: string; sk: string }>({ pk: wordPk(tenantId, kind) }));
    expect(after.map((i) => i.sk).sort()).toEqual(items.map((i) => i.sk).sort());
  });
});
