import os from 'node:os';
import { cartData, type StoredCartLine } from '../functions/cart/data.js';
import { customerData } from '../functions/customers/data.js';
import { op, putItem, queryCount, transact, type Item } from '../functions/lib/db.js';
import { counterKey, tenantPk } from '../functions/lib/keys.js';
import { productData, type StoredProduct } from '../functions/products/data.js';
import { stockData, type StoredStock } from '../functions/stock/data.js';
import { userData } from '../functions/users/data.js';
import { wishData, type StoredWish } from '../functions/wish/data.js';
import { countReads, signIn, timeAndCountReads, withStack } from './lib.js';

/**
 * The counts of the storefront, the current stock report and the products without an HSN code at size, through
 * the local gateway where they have a route: a customer with ORDERS paid order lines and WISHES wished products,
 * a shop with LOW stock lines of 5 or fewer units and NO_HSN products without an HSN code. Each count is measured
 * beside `GET /tenant` and beside the query the count used to be (a COUNT of every counted item, sent to the
 * emulator directly), with the DynamoDB requests and items read of one request.
 */

const ORDERS = 2_000;
const WISHES = 2_000;
const LOW = 2_000;
const NO_HSN = 2_000;
const PASSWORD = 'Demo@1234';

const put = (item: unknown) => putItem(item as Item);
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 600_000).toISOString();

async function loadOrders(tenantId: string, customerId: number) {
  const lines: StoredCartLine[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const line: StoredCartLine = {
      customerCartId: 700_000 + i,
      customerId,
      productId: 1,
      inventoryId: 1,
      stockId: 1,
      productName: `Counted Order ${String(i).padStart(5, '0')}`,
      artcode: `ORD${i}`,
      cartQuantity: 1,
      price: 10_000,
      mrp: 10_000,
      cgst: 0,
      sgst: 0,
      status: 'OrderSuccess',
      orderId: `order_bench${i}`,
      paymentDate: at(i),
      mobileNumber: '9000054321',
      version: 1,
      createdBy: 'bench',
      createdOn: at(i),
    };
    await put(cartData.createWrite(tenantId, line).Put!.Item);
    lines.push(line);
  }
  // The counters the order transactions keep, set once as for a table loaded before them.
  await transact(cartData.countWrites(tenantId, lines.map((to) => ({ to }))));
}

async function loadWishes(tenantId: string, customerId: number) {
  for (let i = 0; i < WISHES; i++) {
    const wish: StoredWish = {
      customerWishId: 600_000 + i,
      customerId,
      productId: 600_000 + i,
      inventoryId: 1,
      stockId: 1,
      productName: `Wished Item ${String(i).padStart(5, '0')}`,
      artcode: `WSH${i}`,
      quantity: 1,
      status: 'Wishlist',
      orderDate: at(i),
      createdBy: 'bench',
      createdOn: at(i),
    };
    await put(wishData.createWrites(tenantId, wish)[0]!.Put!.Item);
  }
  await transact([op.count(counterKey(tenantId, `wish#customer#${customerId}`), WISHES)]);
}

async function loadLowLines(tenantId: string) {
  for (let i = 0; i < LOW; i++) {
    const line: StoredStock = {
      stockId: 500_000 + i,
      productId: 500_000 + i,
      productName: `Low Item ${String(i).padStart(5, '0')}`,
      artcode: `LOW${i}`,
      barcode: '',
      vendor: 'bench',
      quantity: 2,
      mrp: 10_000,
      buyingPrice: 8_000,
      sellingPrice: 10_000,
      cgst: 0,
      sgst: 0,
      inventoryId: 0,
      version: 1,
    };
    await put(stockData.createWrites(tenantId, line)[0]!.Put!.Item);
  }
  await transact([stockData.lowCountWrite(tenantId, LOW)]);
}

async function loadWithoutHsn(tenantId: string) {
  const products: StoredProduct[] = [];
  for (let i = 0; i < NO_HSN; i++) {
    const product = {
      productId: 400_000 + i,
      productName: `No Code Item ${String(i).padStart(5, '0')}`,
      categoryId: 1,
      description: 'bench',
      size: '1',
      colour: 'none',
      image: '',
      version: 1,
    } as StoredProduct;
    await put(productData.toItem(tenantId, product));
    products.push(product);
  }
  await transact(productData.withoutHsnCountWrites(tenantId, products.map((after) => ({ after }))).map((w) => w.write));
}

export async function storefrontCountsBenchmark(runs: number) {
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`\nstorefront-counts: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${load()}`);
  await withStack(async (stack) => {
    const tenantId = 'demo';
    countReads();
    const shopper = (await userData.byUserName(tenantId, 'customer@demo.shop'))!;
    const customerId = (await customerData.byAppUser(tenantId, shopper.appUserId))!.customerId;
    await loadOrders(tenantId, customerId);
    await loadWishes(tenantId, customerId);
    await loadLowLines(tenantId);
    await loadWithoutHsn(tenantId);
    const tokens = {
      manager: await signIn(stack.apiUrl, tenantId, 'manager@demo.shop', PASSWORD),
      customer: await signIn(stack.apiUrl, tenantId, 'customer@demo.shop', PASSWORD),
    };
    const get = (path: string, who?: keyof typeof tokens) => async () => {
      const r = await fetch(`${stack.apiUrl}${path}`, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      const body = (await r.json()) as unknown;
      return typeof body === 'number' ? body : ((body as { totals?: unknown }).totals ?? 'ok');
    };
    const measures: [string, () => Promise<unknown>][] = [
      ['GET /tenant', get('/tenant')],
      [`shop's orders count (${ORDERS} orders)`, get('/cart/order/count/OrderSuccess,Shipped,Delivered', 'manager')],
      ['  before: COUNT of each status', async () =>
        (await Promise.all(['OrderSuccess', 'Shipped', 'Delivered'].map((s) => queryCount({ index: 'gsi3', pk: tenantPk(tenantId, 'CART_ORDERS', s) })))).reduce((a, b) => a + b, 0)],
      [`Your Orders count (${ORDERS} orders)`, get(`/cart/masterOrder/page/count/${customerId}/OrderSuccess,Shipped,Delivered`, 'customer')],
      [`Your Orders search 'counted order 0000' (10 match)`, get(`/cart/masterOrder/search/count/${customerId}/OrderSuccess,Shipped,Delivered/counted%20order%200000`, 'customer')],
      [`Your Orders search 'c' (all match, cap)`, get(`/cart/masterOrder/search/count/${customerId}/OrderSuccess,Shipped,Delivered/c`, 'customer')],
      ['  before: COUNT of each status', async () =>
        (await Promise.all(['OrderSuccess', 'Shipped', 'Delivered'].map((s) => queryCount({ index: 'gsi1', pk: tenantPk(tenantId, 'CART_BY_CUSTOMER', customerId, s) })))).reduce((a, b) => a + b, 0)],
      [`wishlist count (${WISHES} wished)`, get(`/wish/count/${customerId}`, 'customer')],
      ['  before: COUNT of the wishlist', () => queryCount({ index: 'gsi1', pk: tenantPk(tenantId, 'WISH_BY_CUSTOMER', customerId) })],
      [`current stock report page (${LOW} low lines)`, get('/report/stock?size=5', 'manager')],
      ['low lines count (counter, direct)', () => stockData.lowCount(tenantId)],
      ['  before: COUNT of the low index', () => queryCount({ index: 'gsi4', pk: tenantPk(tenantId, 'STOCK_LOW') })],
      [`products without HSN count (${NO_HSN}, direct)`, () => productData.withoutHsnCount(tenantId)],
      ['  before: COUNT of the without-HSN index', () => queryCount({ index: 'gsi3', pk: tenantPk(tenantId, 'PRODUCT_WITHOUT_HSN') })],
    ];
    await timeAndCountReads(`Storefront, stock and product counts, one client (load average ${load()})`, measures, runs);
  });
  console.log(`load average at the end ${load()}`);
}
