import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, loadCategory } from '../../infra/local/bulk-catalogue.js';
import { PRODUCT_SUGGESTIONS, SEARCH_COUNT_CAP } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import { createCategory, createProducts, productRow, unique } from './catalogue-fixtures.js';
import { call, tokenOf } from './client.js';

/**
 * Product suggestions and search counts stay a small read at any catalogue size: at most 20 names per text, names
 * with a word starting with the text, whole words first, the caller's shop only; counts stop at 1,000.
 */

const admin = () => tokenOf('admin@demo.shop');
const actor = { userName: 'admin@demo.shop', now: new Date() };
type Suggestion = { productId: number; productName: string; categoryId: number };

/** A prefix no seeded or earlier product has (letters only, so it is a name's first word). */
const prefix = `Sugg${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
const row = (categoryId: number, image: string, productName: string) => ({ productName, categoryId, image, quantity: 5, mrp: 10_000, sellingPrice: 9_000, cgst: 250, sgst: 250 });
let names: string[];

beforeAll(async () => {
  const token = await admin();
  const category: Category = await createCategory(token, unique('Suggestion Category'));
  const [sample] = await createProducts(token, [productRow(category.categoryId, unique('Suggestion sample'))]);
  // 30 names starting with the prefix, loaded out of name order, mixed letter case; two only containing it.
  names = Array.from({ length: 30 }, (_, i) => `${i % 2 ? prefix.toUpperCase() : prefix} item ${String((i * 7) % 30).padStart(2, '0')}`);
  await loadCatalogue('demo', [...names, `Other ${prefix}`, `x${prefix}`].map((name) => row(category.categoryId, sample!.image!, name)), actor);
  // Another shop with names of the same prefix that sort first.
  const alphaShelf = await loadCategory('alpha', unique('Suggestion Category'), 't/alpha/images/none.png', actor);
  await loadCatalogue('alpha', ['0', '1', '2'].map((n) => row(alphaShelf.categoryId, alphaShelf.image, `${prefix} ${n} alpha`)), actor);
});

describe('product suggestions', () => {
  it('answer the first 20 names with a word starting with the text, the name from that word on in order, in any letter case, of the caller\'s shop only', async () => {
    const answer = await call<Suggestion[]>('GET', `/product/suggestion/${prefix.toLowerCase()}`, { token: await tokenOf('cashier@demo.shop') });
    expect(answer.status).toBe(200);
    expect(PRODUCT_SUGGESTIONS).toBe(20);
    const expected = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).slice(0, 20);
    expect(answer.body.map((s) => s.productName)).toEqual(expected);
    expect(answer.body.every((s) => !s.productName.includes('alpha'))).toBe(true);
    expect(Object.keys(answer.body[0]!).sort()).toEqual(['categoryId', 'productId', 'productName']);
  });

  it('narrow as the user types on, and a whole name comes first', async () => {
    const token = await admin();
    const narrowed = await call<Suggestion[]>('GET', `/product/suggestion/${encodeURIComponent(`${prefix}  ITEM 2`)}`, { token });
    expect(narrowed.body.map((s) => s.productName.toLowerCase())).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix} item 2${i}`.toLowerCase()));
    const whole = await call<Suggestion[]>('GET', `/product/suggestion/${encodeURIComponent(`${prefix} item 07`)}`, { token });
    expect(whole.body.map((s) => s.productName.toLowerCase())).toEqual([`${prefix} item 07`.toLowerCase()]);
    expect((await call<Suggestion[]>('GET', `/product/suggestion/${prefix}zz`, { token })).body).toEqual([]);
  });

  it('of another shop never show, though its names match', async () => {
    const answer = await call<Suggestion[]>('GET', `/product/suggestion/${encodeURIComponent(`${prefix} 0`)}`, { token: await admin() });
    expect(answer.body).toEqual([]);
    const alpha = await call<Suggestion[]>('GET', `/product/suggestion/${prefix}`, { token: await tokenOf('admin@alpha.shop') });
    expect(alpha.body.map((s) => s.productName)).toEqual(['0', '1', '2'].map((n) => `${prefix} ${n} alpha`));
  });
});

describe('search counts', () => {
  it('count the names with a word starting with the text in the caller\'s shop, up to 1,000', async () => {
    const token = await admin();
    expect(SEARCH_COUNT_CAP).toBe(1000);
    // The 30 names starting with it and 'Other <prefix>'; not 'x<prefix>', where it is inside a word.
    expect((await call('GET', `/product/searchCount/${prefix.toUpperCase()}`, { token })).body).toBe(31);
    expect((await call('GET', `/product/searchCount/${encodeURIComponent(`${prefix} item 1`)}`, { token })).body).toBe(10);
    const page = await call<{ productName: string }[]>('GET', `/product/search/${prefix}?page=0&size=50`, { token });
    expect(page.body).toHaveLength(31);
    expect(page.body.at(-1)!.productName).toBe(`Other ${prefix}`);
  });
});
