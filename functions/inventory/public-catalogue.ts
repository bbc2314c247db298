import type { PublicCategory, PublicProduct } from '../../shared/schemas/public-catalogue-answers.js';
import { formatRupees } from '../../shared/format.js';
import { NO_SUCH_SHOP } from '../../shared/schemas/public-catalogue.js';
import type { ShelfProduct } from '../../shared/schemas/inventory.js';
import { categoryData } from '../categories/data.js';
import type { CursorPage, PageRequest } from '../lib/db.js';
import { config } from '../lib/config.js';
import { NotFound } from '../lib/errors.js';
import { HtmlResponse } from '../lib/handler.js';
import { imageUrl } from '../lib/images.js';
import { tenantData } from '../tenants/data.js';
import { byArtcode, categoryProducts } from './shelf.js';

/**
 * The shop's public catalogue (docs/storefront.md, "Public catalogue"): its categories, product lists and product
 * details, readable by anyone. Each answer is built field by field from the catalogue (name, image, price, MRP,
 * whether in stock), so nothing else a record holds can reach it; a closed or unknown shop has none.
 */

/** How long a container trusts that a shop is open: a closed shop's catalogue is gone within this (and the cache's time). */
const OPEN_SHOP_MS = 60_000;
const openShops = new Map<string, number>();

async function openShop(shop: string, now: Date): Promise<void> {
  if ((openShops.get(shop) ?? 0) > now.getTime()) return;
  const tenant = await tenantData.get(shop);
  if (!tenant || tenant.enabled === false) throw new NotFound(NO_SUCH_SHOP);
  openShops.delete(shop);
  openShops.set(shop, now.getTime() + OPEN_SHOP_MS);
  if (openShops.size > 500) openShops.delete(openShops.keys().next().value!);
}

const publicOf = (p: ShelfProduct): PublicProduct => ({
  productId: p.productId,
  productName: p.productName,
  categoryId: p.categoryId,
  artcode: p.artcode,
  ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}),
  size: p.size,
  colour: p.colour,
  description: p.description,
  sellingPrice: p.sellingPrice,
  mrp: p.mrp,
  inStock: p.quantity > 0,
});

/** A page of the shop's categories, or with a search text those with a word of the name starting with it (whole words first). */
export async function publicCategories(shop: string, search: string, request: PageRequest, now: Date): Promise<CursorPage<PublicCategory>> {
  await openShop(shop, now);
  const page = search ? await categoryData.searchPage(shop, search, request) : await categoryData.page(shop, request);
  const items = await Promise.all(
    page.items.map(async (c): Promise<PublicCategory> => {
      const url = await imageUrl(c.image);
      return { categoryId: c.categoryId, categoryName: c.categoryName, ...(url ? { imageUrl: url } : {}) };
    }),
  );
  return { items, next: page.next };
}

/** A page of a category's products, or with a search text those with a word of the name starting with it (whole words first). */
export async function publicCategoryProducts(shop: string, categoryId: number, search: string, request: PageRequest, now: Date): Promise<CursorPage<PublicProduct>> {
  await openShop(shop, now);
  const page = await categoryProducts(shop, categoryId, search, request);
  return { items: page.items.map(publicOf), next: page.next };
}

export const PRODUCT_NOT_FOUND = 'This product is not in the shop.';

/** The product with this artcode: its line with the most units, as the storefront shows it. */
export async function publicProduct(shop: string, artcode: string, now: Date): Promise<PublicProduct> {
  await openShop(shop, now);
  const [best] = (await byArtcode(shop, artcode)).sort((a, b) => b.quantity - a.quantity);
  if (!best) throw new NotFound(PRODUCT_NOT_FOUND);
  return publicOf(best);
}

/** The web app's origin for absolute addresses: the configured one, else the host the request came to. */
export function siteOrigin(headers: Record<string, string | undefined>): string {
  const configured = config.siteOrigin();
  if (configured) return configured.replace(/\/+$/, '');
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost';
  const proto = headers['x-forwarded-proto'] ?? (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The storefront's product page (the React app) and the shared link's own address, for a shop and artcode. */
export const productPagePath = (shop: string, artcode: string) => `/shop/${shop}/product/${encodeURIComponent(artcode)}`;
export const productSharePath = (shop: string, artcode: string) => `/api/public/${shop}/share/product/${encodeURIComponent(artcode)}`;

/**
 * A shared product link (docs/storefront.md, "Public storefront"): HTML that link previews read without running
 * JavaScript (Open Graph title, price and stock as the description, absolute image and address), and that sends
 * a browser on to the storefront's product page. Every value is HTML-escaped.
 */
export async function publicProductPage(shop: string, artcode: string, origin: string, now: Date): Promise<HtmlResponse> {
  const product = await publicProduct(shop, artcode, now);
  const price = formatRupees(product.sellingPrice);
  const stock = product.inStock ? 'In stock' : 'Out of stock';
  const description = [price, stock, product.description].filter(Boolean).join(' · ');
  const image = product.imageUrl ? new URL(product.imageUrl, `${origin}/`).toString() : undefined;
  const page = `${origin}${productPagePath(shop, product.artcode)}`;
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const html = [
    '<!doctype html>',
    '<html lang="en-IN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(product.productName)} - ${escapeHtml(price)}</title>`,
    meta('og:type', 'product'),
    meta('og:title', product.productName),
    meta('og:description', description),
    ...(image ? [meta('og:image', image)] : []),
    meta('og:url', `${origin}${productSharePath(shop, product.artcode)}`),
    meta('product:price:amount', product.sellingPrice.toFixed(2)),
    meta('product:price:currency', 'INR'),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<link rel="canonical" href="${escapeHtml(page)}">`,
    `<meta http-equiv="refresh" content="0;url=${escapeHtml(page)}">`,
    '</head><body>',
    `<p><a href="${escapeHtml(page)}">${escapeHtml(product.productName)}</a> ${escapeHtml(price)}</p>`,
    '</body></html>',
  ].join('\n');
  return new HtmlResponse(html);
}
