import { describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE } from '../../shared/images.js';
import { CATEGORY_EXISTS } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import { call, tokenOf } from './client.js';
import { createCategory, createProducts, fetchUrl, imageContent, png, productRow, unique } from './catalogue-fixtures.js';

const admin = () => tokenOf('admin@demo.shop');

describe('category create', () => {
  it('saves the name and image, stamps who created it, and answers a URL that shows the image', async () => {
    const name = unique('Dry Fruits');
    const answer = await call<Category>('POST', '/category/save', { token: await admin(), body: { categoryName: `  ${name} `, imageContent: imageContent() } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ categoryName: name, createdBy: 'admin@demo.shop', version: 1 });
    expect(answer.body.image).toMatch(/^t\/demo\/images\/[0-9a-f-]+\.png$/);
    const shown = await fetchUrl(answer.body.imageUrl!);
    expect(shown.status).toBe(200);
    expect(shown.bytes.equals(png())).toBe(true);
    const read = await call<Category>('GET', `/category/${answer.body.categoryId}`, { token: await admin() });
    expect(read.body).toMatchObject({ categoryId: answer.body.categoryId, categoryName: name, image: answer.body.image });
  });

  it("refuses a name that exists in any letter case with 'Category Name already exists!!!' and saves nothing", async () => {
    const token = await admin();
    const name = unique('Frozen Foods');
    await createCategory(token, name);
    const before = (await call<number>('GET', '/category/count', { token })).body;
    const again = await call('POST', '/category/save', { token, body: { categoryName: name.toUpperCase(), imageContent: imageContent() } });
    expect(again).toEqual({ status: 409, body: { message: CATEGORY_EXISTS } });
    expect((await call<number>('GET', '/category/count', { token })).body).toBe(before);
    expect((await call('GET', `/category/isExist/${encodeURIComponent(name.toLowerCase())}`, { token })).body).toBe(true);
    expect((await call('GET', `/category/isExist/${encodeURIComponent(unique('Nothing'))}`, { token })).body).toBe(false);
  });

  it('lets exactly one of two simultaneous saves of one name win', async () => {
    const token = await admin();
    const name = unique('Pooja Items');
    const answers = await Promise.all(
      [name, name.toLowerCase()].map((categoryName) => call('POST', '/category/save', { token, body: { categoryName, imageContent: imageContent() } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const found = await call<Category[]>('GET', `/category/search/${encodeURIComponent(name)}`, { token });
    expect(found.body).toHaveLength(1);
  });

  it.each([
    ['no image', {}, 'Image is required.'],
    ['a text file as the image', { imageContent: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}` }, NOT_AN_IMAGE],
    ['a file that claims to be a PNG but is not', { imageContent: `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}` }, NOT_AN_IMAGE],
    ['no name', { categoryName: '  ', imageContent: imageContent() }, 'Category Name is required.'],
  ])('refuses %s', async (_, body, message) => {
    const answer = await call('POST', '/category/save', { token: await admin(), body: { categoryName: unique('Bad'), ...body } });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message }) });
  });

  // Within the 10 MB a request may carry (API Gateway's limit, kept by the local gateway too).
  it('refuses a 5 MB image with a message naming its size', async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024);
    png().copy(huge);
    const answer = await call('POST', '/category/save', {
      token: await admin(),
      body: { categoryName: unique('Huge'), imageContent: `data:image/png;base64,${huge.toString('base64')}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: 'The image is too large (5.0 MB). Please choose an image under 2 MB.' });
  });

  it('needs CategoryEdit: a cashier may list but not create', async () => {
    const cashier = await tokenOf('cashier@demo.shop');
    expect((await call('GET', '/category?page=0&size=5', { token: cashier })).status).toBe(200);
    expect((await call('POST', '/category/save', { token: cashier, body: { categoryName: unique('X'), imageContent: imageContent() } })).status).toBe(403);
  });
});

describe('category lists', () => {
  it('pages by 5 by default, with the count, and searches by name prefix in any letter case', async () => {
    const token = await admin();
    const count = (await call<number>('GET', '/category/count', { token })).body;
    expect(count).toBeGreaterThanOrEqual(6);
    const first = await call<Category[]>('GET', '/category', { token });
    expect(first.body).toHaveLength(5);
    expect(first.body.map((c) => c.categoryId)).toEqual([...first.body.map((c) => c.categoryId)].sort((a, b) => a - b));
    const pages = Math.ceil(count / 5);
    const last = await call<Category[]>('GET', `/category?page=${pages - 1}&size=5`, { token });
    expect(last.body).toHaveLength(count - (pages - 1) * 5);

    const found = await call<Category[]>('GET', '/category/search/edible', { token });
    expect(found.body.map((c) => c.categoryName)).toEqual(['Edible Oils']);
    expect((await call('GET', '/category/searchCount/EDIBLE', { token })).body).toBe(1);
    expect((await call('GET', '/category/search/%20', { token })).body).toMatchObject({ message: 'Search text should not be empty!' });
  });

  it('gives customers the storefront cards with image URLs, and the names map to product screens', async () => {
    const customer = await tokenOf('customer@demo.shop');
    const cards = await call<Category[]>('GET', '/category/image?page=0&size=5', { token: customer });
    expect(cards.status).toBe(200);
    expect(cards.body).toHaveLength(5);
    for (const card of cards.body) expect((await fetchUrl(card.imageUrl!)).type).toBe('image/png');
    const searched = await call<Category[]>('GET', '/category/image/search/apparel', { token: customer });
    expect(searched.body.map((c) => c.categoryName)).toEqual(['Apparel']);
    expect(searched.body[0]!.imageUrl).toBeTruthy();
    expect((await call('GET', '/category/count', { token: customer })).status).toBe(200);
    expect((await call('GET', '/category/all', { token: customer })).status).toBe(403);

    const map = await call<Record<string, string>>('GET', '/category/map', { token: await tokenOf('manager@demo.shop') });
    expect(Object.values(map.body)).toEqual(expect.arrayContaining(['Rice, Atta & Dal', 'Apparel']));
    const all = await call<Category[]>('GET', '/category/all', { token: await tokenOf('manager@demo.shop') });
    expect(all.body.map((c) => c.categoryName)).toEqual([...all.body.map((c) => c.categoryName)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('category edit and delete', () => {
  it('renames keeping the image when the current key is sent back, and replaces it when a new one is sent', async () => {
    const token = await admin();
    const category = await createCategory(token);
    const renamed = await call<Category>('PUT', `/category/${category.categoryId}`, {
      token,
      body: { categoryName: `${category.categoryName} New`, image: category.image, version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ image: category.image, version: 2, updatedBy: 'admin@demo.shop', createdBy: 'admin@demo.shop' });
    // The old name is free again, the new one is taken.
    expect((await call('GET', `/category/isExist/${encodeURIComponent(category.categoryName)}`, { token })).body).toBe(false);

    const replaced = await call<Category>('PUT', `/category/${category.categoryId}`, {
      token,
      body: { categoryName: renamed.body.categoryName, imageContent: imageContent([10, 20, 200]) },
    });
    expect(replaced.body.image).not.toBe(category.image);
    expect((await fetchUrl(replaced.body.imageUrl!)).bytes.equals(png([10, 20, 200]))).toBe(true);
    expect((await fetchUrl(renamed.body.imageUrl!)).status).toBe(404);

    const stale = await call('PUT', `/category/${category.categoryId}`, { token, body: { categoryName: 'Whatever', image: replaced.body.image, version: 1 } });
    expect(stale.status).toBe(409);
  });

  it("refuses renaming to another category's name", async () => {
    const token = await admin();
    const category = await createCategory(token);
    const answer = await call('PUT', `/category/${category.categoryId}`, { token, body: { categoryName: 'apparel', image: category.image } });
    expect(answer).toEqual({ status: 409, body: { message: CATEGORY_EXISTS } });
  });

  it('deletes an empty category with its image, and refuses one that still has products', async () => {
    const token = await admin();
    const empty = await createCategory(token);
    expect(await call('DELETE', `/category/${empty.categoryId}`, { token })).toEqual({ status: 200, body: { categoryId: empty.categoryId } });
    expect((await call('GET', `/category/${empty.categoryId}`, { token })).status).toBe(404);
    expect((await fetchUrl(empty.imageUrl!)).status).toBe(404);

    const used = await createCategory(token);
    await createProducts(token, [productRow(used.categoryId)]);
    const refused = await call<{ message: string }>('DELETE', `/category/${used.categoryId}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This category has 1 product(s). Please move them to another category or delete them first.');
    expect((await call('GET', `/category/${used.categoryId}`, { token })).status).toBe(200);
  });

  it("gives a customer the category's card by id (the storefront listing opened by its address), never another shop's", async () => {
    const category = await createCategory(await admin());
    const card = await call<Category>('GET', `/category/image/${category.categoryId}`, { token: await tokenOf('customer@demo.shop') });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ categoryId: category.categoryId, categoryName: category.categoryName });
    expect((await fetchUrl(card.body.imageUrl!)).status).toBe(200);
    expect((await call('GET', `/category/image/${category.categoryId}`, { token: await tokenOf('customer@beta.shop') })).status).toBe(404);
    // The back-office read stays with the category features.
    expect((await call('GET', `/category/${category.categoryId}`, { token: await tokenOf('customer@demo.shop') })).status).toBe(403);
  });

  it("answers 404 for another shop's category and never changes it", async () => {
    const category = await createCategory(await admin());
    const other = await tokenOf('admin@beta.shop');
    expect((await call('GET', `/category/${category.categoryId}`, { token: other })).status).toBe(404);
    expect((await call('PUT', `/category/${category.categoryId}`, { token: other, body: { categoryName: 'Hijack', imageContent: imageContent() } })).status).toBe(404);
    expect((await call('DELETE', `/category/${category.categoryId}`, { token: other })).status).toBe(404);
    const still = await call<Category>('GET', `/category/${category.categoryId}`, { token: await admin() });
    expect(still.body.categoryName).toBe(category.categoryName);
  });
});
