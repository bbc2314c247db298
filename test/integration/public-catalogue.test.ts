import { describe, expect, it } from 'vitest';
import { allRoutes, routeKey } from '../../shared/routes/index.js';
import { NO_SUCH_SHOP } from '../../shared/schemas/public-catalogue.js';
import { publicCategory, publicProduct, type PublicCategory, type PublicProduct } from '../../shared/schemas/public-catalogue-answers.js';
import { apiUrl } from './client.js';

/** Reads through the local gateway without a token, as a visitor (or WhatsApp's link preview) does. */
const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${apiUrl()}${path}`, { headers });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
};

/** Every page of a list, following the `X-Next-Page` cursors. */
async function allPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const r = await get(`${path}?size=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    items.push(...(r.body as T[]));
    cursor = r.headers.get('x-next-page');
  } while (cursor);
  return items;
}

const PUBLIC_CATALOGUE = ['GET /public/{shop}/category', 'GET /public/{shop}/category/{categoryId}/products', 'GET /public/{shop}/product/{artcode}'];

describe('the public catalogue', () => {
  it('is exactly these public, shared-cache routes (a new one must join the walk below)', () => {
    const shared = allRoutes.filter((e) => e.route.cache?.shared).map((e) => routeKey(e.route));
    expect(shared.sort()).toEqual([...PUBLIC_CATALOGUE].sort());
    for (const e of allRoutes.filter((r) => r.route.cache?.shared)) expect(e.route.access).toBe('public');
  });

  it('answers without sign-in: categories, a category page and a product, with a public cache-control and an ETag', async () => {
    const categories = await get('/public/demo/category');
    expect(categories.status).toBe(200);
    expect(categories.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=30');
    expect(categories.headers.get('etag')).toMatch(/^W\/"/);
    const [first] = categories.body as PublicCategory[];
    expect(first).toBeDefined();
    const products = await get(`/public/demo/category/${first!.categoryId}/products?size=5`);
    expect(products.status).toBe(200);
    const [product] = products.body as PublicProduct[];
    expect(product).toMatchObject({ categoryId: first!.categoryId, inStock: expect.any(Boolean), sellingPrice: expect.any(Number) });
    const withArtcode = (await allPages<PublicProduct>(`/public/demo/category/${first!.categoryId}/products`)).find((p) => p.artcode);
    const details = await get(`/public/demo/product/${encodeURIComponent(withArtcode!.artcode)}`);
    expect(details).toMatchObject({ status: 200, body: { productName: withArtcode!.productName, artcode: withArtcode!.artcode } });
  });

  it('answers If-None-Match with 304 and no body, and serves repeats from the cache', async () => {
    const first = await get('/public/demo/category?size=3');
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${apiUrl()}/public/demo/category?size=3`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const repeat = await get('/public/demo/category?size=3');
    expect(repeat.headers.get('x-cache')).toBe('Hit');
    expect(repeat.body).toEqual(first.body);
  });

  it('has nothing for an unknown or closed shop, and refuses an address that names no shop', async () => {
    expect(await get('/public/nosuchshop/category')).toMatchObject({ status: 404, body: { message: NO_SUCH_SHOP } });
    expect((await get('/public/Not_A_Shop/category')).status).toBe(400);
    const unknown = await get('/public/demo/product/NO-SUCH-ARTCODE-1');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('never answers a field beyond the catalogue: every category, every product page and every product of the demo shop', async () => {
    const categories = await allPages<PublicCategory>('/public/demo/category');
    expect(categories.length).toBeGreaterThan(0);
    for (const c of categories) publicCategory.parse(c);
    let walked = 0;
    for (const c of categories) {
      const products = await allPages<PublicProduct>(`/public/demo/category/${c.categoryId}/products`);
      for (const p of products) {
        publicProduct.parse(p);
        walked += 1;
        if (!p.artcode) continue;
        const details = await get(`/public/demo/product/${encodeURIComponent(p.artcode)}`);
        expect(details.status).toBe(200);
        publicProduct.parse(details.body);
      }
    }
    expect(walked).toBeGreaterThan(0);
  });
});
