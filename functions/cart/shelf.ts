import { imageUrl } from '../lib/images.js';
import { productData, type StoredProduct } from '../products/data.js';
import { stockData, type StoredStock } from '../stock/data.js';

/** Which stock line of a product the listing showed: the line itself, else its latest receipt. */
export interface ShelfPick {
  stockId?: number;
  inventoryId?: number;
}

/**
 * The stock line a storefront action is about. The listing shows a product by its fullest line (functions/inventory
 * shelf.ts), so that is the default; a `stockId` of another product finds nothing.
 */
export async function shelfLine(tenantId: string, productId: number, pick: ShelfPick): Promise<StoredStock | undefined> {
  const lines = await stockData.ofProduct(tenantId, productId);
  if (pick.stockId !== undefined) return lines.find((l) => l.stockId === pick.stockId);
  const byReceipt = pick.inventoryId ? lines.find((l) => l.inventoryId === pick.inventoryId) : undefined;
  return byReceipt ?? [...lines].sort((a, b) => b.quantity - a.quantity || b.inventoryId - a.inventoryId)[0];
}

export async function productOf(tenantId: string, productId: number): Promise<StoredProduct | undefined> {
  return (await productData.byIds(tenantId, [productId]))[0];
}

/** Stock lines and products of many lines at once, with each product's image URL. */
export async function shelvesOf(tenantId: string, lines: { stockId: number; productId: number }[]) {
  const [stock, products] = await Promise.all([
    stockData.byIds(tenantId, lines.map((l) => l.stockId)),
    productData.byIds(tenantId, [...new Set(lines.map((l) => l.productId))]),
  ]);
  const images = new Map(await Promise.all(products.map(async (p) => [p.productId, await imageUrl(p.image)] as const)));
  return {
    stock: new Map(stock.map((s) => [s.stockId, s])),
    products: new Map(products.map((p) => [p.productId, p])),
    images,
  };
}
