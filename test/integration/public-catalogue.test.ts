import { describe, expect, it } from 'vitest';
import { allRoutes, routeKey } from '../../shared/routes/index.js';
import { formatRupees } from '../../shared/format.js';
import { NO_SUCH_SHOP } from '../../shared/schemas/public-catalogue.js';
import { publicCategory, publicProduct, type PublicCategory, type PublicProduct } from '../../shared/schemas/public-catalogue-answers.js';
import { createCategory, createProducts, productRow } from './catalogue-fixtures.js';
import { apiUrl, call, tokenOf, webUrl } from './client.js';

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

const PUBLIC_CATALOGUE = [
  'GET /public/{shop}/category',
  'GET /public/{shop}/category/{categoryId}/products',
  'GET /public/{shop}/product/{artcode}',
  'GET /public/{shop}/share/product/{artcode}',
];

/** A shared product link's HTML, and its Open Graph tags (`property` -> `content`, entities still escaped). */
async function sharePage(shop: string, artcode: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${apiUrl()}/public/${shop}/share/product/${encodeURIComponent(artcode)}`, { headers });
  const html = await r.text();
  const og = Object.fromEntries([...html.matchAll(/<meta property="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
  return { status: r.status, headers: r.headers, html, og };
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The only tags a shared link may carry, each built from the public product answer (nothing beyond the catalogue). */
const OG_TAGS = ['og:type', 'og:title', 'og:description', 'og:image', 'og:url', 'product:price:amount', 'product:price:currency'];


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
        const product = publicProduct.parse(details.body);
        const share = await sharePage('demo', p.artcode);
        expect(share.status).toBe(200);
        for (const tag of Object.keys(share.og)) expect(OG_TAGS).toContain(tag);
        expect(unescapeHtml(share.og['og:title']!)).toBe(product.productName);
        expect(unescapeHtml(share.og['og:description']!)).toBe(
          [formatRupees(product.sellingPrice), product.inStock ? 'In stock' : 'Out of stock', product.description].filter(Boolean).join(' · '),
        );
      }
    }
    expect(walked).toBeGreaterThan(0);
  });

  it('answers a shared product link with HTML whose Open Graph tags carry the name, price and image, escaped, and opens the storefront', async () => {
    const token = await tokenOf('admin@demo.shop');
    const category = await createCategory(token);
    const name = `Tom & "Jerry's" <b>mug</b> ${Math.random().toString(36).slice(2, 6)}`;
    const [product] = await createProducts(token, [productRow(category.categoryId, name)]);
    const artcode = `OG${Date.now() % 1000000}`;
    const received = await call('POST', '/inventory/save', {
      token,
      body: { productId: product!.productId, vendor: 'Mug Traders', artcode, barcode: `89${String(Math.random()).slice(2, 13).padEnd(11, '0')}`, quantity: 4, cgst: 9, sgst: 9, mrp: 150000, buyingPrice: 100000, sellingPrice: 123456.5 },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);

    const page = await sharePage('demo', artcode);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=30');
    expect(page.headers.get('etag')).toMatch(/^W\/"/);
    // The name is escaped wherever it appears: no raw markup or quote breaks out of an attribute or the text.
    expect(page.html).not.toContain('<b>');
    expect(page.html).not.toContain('"Jerry');
    expect(page.og['og:title']).toBe(name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    expect(unescapeHtml(page.og['og:title']!)).toBe(name);
    expect(page.og['og:description']).toBe('₹1,23,456.50 · In stock · Test product');
    expect(page.og['og:image']).toMatch(new RegExp(`^${webUrl()}/media/t/demo/images/`));
    expect(page.og['og:url']).toBe(`${webUrl()}/api/public/demo/share/product/${artcode}`);
    expect(page.og['og:type']).toBe('product');
    const appPage = `${webUrl()}/shop/demo/product/${artcode}`;
    expect(page.html).toContain(`<meta http-equiv="refresh" content="0;url=${appPage}">`);
    // The image is really there for the preview to fetch.
    expect((await fetch(page.og['og:image']!)).status).toBe(200);

    const again = await fetch(`${apiUrl()}/public/demo/share/product/${artcode}`, { headers: { 'if-none-match': page.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await sharePage('nosuchshop', artcode)).status).toBe(404);
    expect((await sharePage('demo', 'NO-SUCH-ARTCODE-1')).status).toBe(404);
  });
});
