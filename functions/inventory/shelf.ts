import { toRupees } from '../../shared/money.js';
import type { ShelfProduct } from '../../shared/schemas/inventory.js';
import { searchKey } from '../lib/keys.js';
import { imageUrl } from '../lib/images.js';
import type { CursorPage, PageRequest } from '../lib/db.js';
import { productData, type ShelfLine, type StoredProduct } from '../products/data.js';
import { stockData } from '../stock/data.js';
import { toPercent } from '../stock/view.js';

/**
 * The storefront's products (spec 1 sections 3 and 7): catalogue products with the price, MRP, tax and stock of
 * their stock line. A product received under several artcodes shows its line with the most units; a product never
 * received shows with no price and quantity 0 ('Out of Stock'). No bought price or vendor leaves this module, so
 * customers may read it.
 */

/** Products on the storefront's home strip of a category. */
const CATEGORY_STRIP = 20;
/** Lines one artcode or name lookup answers. */
const LOOKUP_LIMIT = 50;

async function shelfOf(product: StoredProduct, lines: ShelfLine[]): Promise<ShelfProduct> {
  const line = [...lines].sort((a, b) => b.quantity - a.quantity || b.inventoryId - a.inventoryId)[0];
  return {
    productId: product.productId,
    inventoryId: line?.inventoryId ?? 0,
    stockId: line?.stockId ?? 0,
    productName: product.productName,
    categoryId: product.categoryId,
    artcode: line?.artcode ?? '',
    image: product.image || undefined,
    imageUrl: await imageUrl(product.image),
    size: product.size,
    colour: product.colour,
    description: product.description,
    sellingPrice: toRupees(line?.sellingPrice ?? 0),
    mrp: toRupees(line?.mrp ?? 0),
    tax: toPercent((line?.cgst ?? 0) + (line?.sgst ?? 0)),
    quantity: line?.quantity ?? 0,
  };
}

/**
 * The products with the figures of their lines: one BatchGetItem of their shelf items, which the stock
 * transactions keep in step with the lines. A product stored before shelves were kept has none: its lines are read
 * as before and its shelf item written from them (read repair), so it costs the extra reads once.
 */
async function withLines(tenantId: string, products: StoredProduct[]): Promise<ShelfProduct[]> {
  const shelves = await productData.shelves(tenantId, products.map((p) => p.productId));
  const older = products.filter((p) => !shelves.has(p.productId));
  const olderLines = await Promise.all(older.map((p) => stockData.ofProduct(tenantId, p.productId)));
  older.forEach((p, i) => shelves.set(p.productId, olderLines[i]!));
  await Promise.all(older.map((p, i) => productData.repairShelf(tenantId, p.productId, olderLines[i]!)));
  return Promise.all(products.map((p) => shelfOf(p, shelves.get(p.productId) ?? [])));
}

/** A page of a category's products in name order (one Query and one BatchGetItem), and the next page's cursor. */
export async function categoryProducts(tenantId: string, categoryId: number, text: string, request: PageRequest): Promise<CursorPage<ShelfProduct>> {
  const page = await productData.categoryPage(tenantId, categoryId, text, request);
  return { items: await withLines(tenantId, page.items), next: page.next };
}

export const categoryStrip = async (tenantId: string, categoryId: number) =>
  (await categoryProducts(tenantId, categoryId, '', { page: 0, size: CATEGORY_STRIP })).items;

/** Lines with exactly this artcode (any letter case), one entry per line. */
export async function byArtcode(tenantId: string, artcode: string): Promise<ShelfProduct[]> {
  const lines = await stockData.withArtcode(tenantId, artcode, LOOKUP_LIMIT);
  const products = new Map((await productData.byIds(tenantId, [...new Set(lines.map((l) => l.productId))])).map((p) => [p.productId, p]));
  const shown = lines.filter((l) => products.has(l.productId));
  return Promise.all(shown.map((l) => shelfOf(products.get(l.productId)!, [l])));
}

/** The product with exactly this name (any letter case): one entry per stock line, or one without stock. */
export async function byProductName(tenantId: string, name: string): Promise<ShelfProduct[]> {
  const owners = await productData.nameOwners(tenantId, [name]);
  const productId = owners.get(searchKey(name));
  if (productId === undefined) return [];
  const [product] = await productData.byIds(tenantId, [productId]);
  if (!product) return [];
  const lines = (await stockData.ofProduct(tenantId, productId)).slice(0, LOOKUP_LIMIT);
  if (!lines.length) return [await shelfOf(product, [])];
  return Promise.all(lines.map((l) => shelfOf(product, [l])));
}
