import type { WriteScope } from '../../functions/lib/context.js';
import { receive } from '../../functions/inventory/service.js';
import { searchKey } from '../../functions/lib/keys.js';
import { productData } from '../../functions/products/data.js';
import { stockData } from '../../functions/stock/data.js';
import { updateStock } from '../../functions/stock/service.js';
import type { CatalogueSeed } from './seed-catalogue.js';

/** Shelf prices of the demo shop's products (MRP, bought price in rupees, GST slab in percent). */
const demoPrices: Record<string, { mrp: number; buyingPrice: number; gst: number }> = {
  'India Gate Basmati Rice': { mrp: 899, buyingPrice: 760, gst: 5 },
  'Sona Masoori Rice': { mrp: 1450, buyingPrice: 1240, gst: 5 },
  'Aashirvaad Whole Wheat Atta': { mrp: 545, buyingPrice: 470, gst: 5 },
  'Tata Sampann Toor Dal': { mrp: 189, buyingPrice: 158, gst: 5 },
  'Moong Dal': { mrp: 142, buyingPrice: 118, gst: 5 },
  'Fortune Sunflower Oil': { mrp: 165, buyingPrice: 139, gst: 5 },
  'Saffola Gold Oil': { mrp: 1125, buyingPrice: 960, gst: 5 },
  'Dhara Kachi Ghani Mustard Oil': { mrp: 198, buyingPrice: 166, gst: 5 },
  'Mysore Sandal Soap': { mrp: 96, buyingPrice: 78, gst: 18 },
  'Lifebuoy Total Soap': { mrp: 160, buyingPrice: 131, gst: 18 },
  'Colgate Strong Teeth': { mrp: 134, buyingPrice: 109, gst: 18 },
  'Clinic Plus Shampoo': { mrp: 210, buyingPrice: 172, gst: 18 },
  'Parle-G Biscuits': { mrp: 90, buyingPrice: 76, gst: 18 },
  'Britannia Good Day Cashew': { mrp: 150, buyingPrice: 124, gst: 18 },
  "Haldiram's Aloo Bhujia": { mrp: 110, buyingPrice: 90, gst: 12 },
  'Tata Tea Gold': { mrp: 320, buyingPrice: 268, gst: 5 },
  'Bru Instant Coffee': { mrp: 345, buyingPrice: 290, gst: 18 },
  'Cotton Kurta': { mrp: 1299, buyingPrice: 820, gst: 12 },
  'Handloom Cotton Saree': { mrp: 2499, buyingPrice: 1750, gst: 5 },
  'Boys Round Neck T-Shirt': { mrp: 399, buyingPrice: 240, gst: 5 },
};

/**
 * Goods received over the last days for every catalogue product, through the same service as the inventory add
 * screen, so the stock lines, movements, day lists and counters are the real ones. Every fifth product ends at
 * 5 or fewer units (Low Quantity) and the last one is counted out of stock on the stock form.
 */
export async function seedInventory(scope: WriteScope, catalogue: CatalogueSeed, vendor = 'Local Wholesale'): Promise<void> {
  const { tenantId, actor } = scope;
  const names = catalogue.products.map((p) => p.productName);
  const owners = await productData.nameOwners(tenantId, names);
  const products = await productData.byIds(tenantId, names.flatMap((n) => owners.get(searchKey(n)) ?? []));
  for (const [i, product] of products.entries()) {
    const price = demoPrices[product.productName] ?? { mrp: 100 + 10 * i, buyingPrice: 80 + 8 * i, gst: 5 };
    const low = i % 5 === 3;
    // Oldest first, so the line keeps the prices of its latest receipt; the seed covers today and three days back.
    const receipts = low ? [{ quantity: 3 + (i % 3), daysAgo: i % 4 }] : [{ quantity: 24 + 6 * (i % 4), daysAgo: 1 + (i % 3) }, { quantity: 12 + (i % 5), daysAgo: i % 2 }];
    for (const { quantity, daysAgo } of receipts) {
      const at = new Date(actor.now.getTime() - daysAgo * 86_400_000);
      await receive(
        { ...scope, actor: { userName: actor.userName, now: at } },
        {
          productId: product.productId,
          vendor,
          artcode: `HSN${String(1001 + i)}`,
          barcode: `890${String(1000000000 + product.productId * 7919).slice(0, 10)}`,
          quantity,
          cgst: price.gst / 2,
          sgst: price.gst / 2,
          mrp: price.mrp,
          buyingPrice: price.buyingPrice,
          sellingPrice: i % 3 === 0 ? Math.round(price.mrp * 0.95) : price.mrp,
        },
      );
    }
  }
  const last = products[products.length - 1];
  if (last && products.length > 1) {
    const line = await stockData.byProduct(tenantId, last.productId, `HSN${1000 + products.length}`);
    if (line) await updateStock(scope, line.stockId, { quantity: 0, productPrice: line.sellingPrice / 100, version: line.version });
  }
}
