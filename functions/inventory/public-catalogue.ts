import type { PublicCategory, PublicProduct } from '../../shared/schemas/public-catalogue-answers.js';
import { NO_SUCH_SHOP } from '../../shared/schemas/public-catalogue.js';
import type { ShelfProduct } from '../../shared/schemas/inventory.js';
import { categoryData } from '../categories/data.js';
import type { CursorPage, PageRequest } from '../lib/db.js';
import { NotFound } from '../lib/errors.js';
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

export async function publicCategories(shop: string, request: PageRequest, now: Date): Promise<CursorPage<PublicCategory>> {
  await openShop(shop, now);
  const page = await categoryData.page(shop, request);
  const items = await Promise.all(
    page.items.map(async (c): Promise<PublicCategory> => {
      const url = await imageUrl(c.image);
      return { categoryId: c.categoryId, categoryName: c.categoryName, ...(url ? { imageUrl: url } : {}) };
    }),
  );
  return { items, next: page.next };
}

export async function publicCategoryProducts(shop: string, categoryId: number, request: PageRequest, now: Date): Promise<CursorPage<PublicProduct>> {
  await openShop(shop, now);
  const page = await categoryProducts(shop, categoryId, '', request);
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
