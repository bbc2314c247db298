import { toRupees } from '../../shared/money.js';
import type { WishLine, WishSave } from '../../shared/schemas/wish.js';
import { stockMessage, WISH_NOT_FOUND } from '../../shared/schemas/cart-messages.js';
import { ownCustomer, requireOwn } from '../cart/owner.js';
import { productOf, shelfLine, shelvesOf } from '../cart/shelf.js';
import type { Caller, WriteScope } from '../lib/context.js';
import { nextId, transact, type CursorPage, type PageRequest } from '../lib/db.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { wishData, type StoredWish } from './data.js';

/** A wish line for a product's stock line (not yet written). */
export async function newWish(
  scope: WriteScope,
  customerId: number,
  item: { productId: number; inventoryId: number; stockId: number; productName: string; artcode: string },
  quantity = 1,
): Promise<StoredWish> {
  const now = scope.actor.now.toISOString();
  return {
    customerWishId: await nextId(scope.tenantId, 'wish'),
    customerId,
    productId: item.productId,
    inventoryId: item.inventoryId,
    stockId: item.stockId,
    productName: item.productName,
    artcode: item.artcode,
    quantity,
    status: 'Wishlist',
    orderDate: now,
    createdBy: scope.actor.userName,
    createdOn: now,
  };
}

/** Wish lines as the cards show them: product image, size, colour, the shelf's price and stock now. */
async function views(tenantId: string, wishes: StoredWish[]): Promise<WishLine[]> {
  const { stock, products, images } = await shelvesOf(tenantId, wishes);
  return wishes.map((w) => {
    const shelf = stock.get(w.stockId);
    const product = products.get(w.productId);
    const units = shelf?.quantity ?? 0;
    return {
      ...w,
      productImage: images.get(w.productId),
      size: product?.size,
      colour: product?.colour,
      price: toRupees(shelf?.sellingPrice ?? 0),
      mrp: toRupees(shelf?.mrp ?? 0),
      stock: units,
      stockMessage: stockMessage(units),
    };
  });
}

/** POST /wish/save: the product goes on the wishlist once; adding it again answers the line already there. */
export async function addWish(scope: WriteScope, me: Caller, body: WishSave): Promise<WishLine> {
  const { tenantId } = scope;
  await requireOwn(me, body.customerId);
  const product = await productOf(tenantId, body.productId);
  if (!product) throw new NotFound('Product not found.');
  for (let attempt = 1; ; attempt++) {
    const existing = await wishData.ofProduct(tenantId, body.customerId, body.productId);
    if (existing) return (await views(tenantId, [existing]))[0]!;
    const shelf = await shelfLine(tenantId, body.productId, body);
    const wish = await newWish(
      scope,
      body.customerId,
      { productId: product.productId, productName: product.productName, inventoryId: shelf?.inventoryId ?? 0, stockId: shelf?.stockId ?? 0, artcode: shelf?.artcode ?? '' },
      body.quantity,
    );
    try {
      await transact(wishData.createWrites(tenantId, wish));
      return (await views(tenantId, [wish]))[0]!;
    } catch (error) {
      // The same product added at the same moment from another tab: the next read finds that line.
      if (!(error instanceof Conflict) || attempt >= 3) throw error;
    }
  }
}

export async function removeWish(scope: WriteScope, me: Caller, customerWishId: number): Promise<WishLine> {
  const { tenantId } = scope;
  const [wish, own] = await Promise.all([wishData.get(tenantId, customerWishId), ownCustomer(me)]);
  if (!wish || wish.customerId !== own.customerId) throw new NotFound(WISH_NOT_FOUND);
  await transact(wishData.removeWrites(tenantId, wish), [WISH_NOT_FOUND]);
  return (await views(tenantId, [wish]))[0]!;
}

export async function wishPage(tenantId: string, customerId: number, prefix: string, request: PageRequest): Promise<CursorPage<WishLine>> {
  const page = await wishData.page(tenantId, customerId, prefix, request);
  return { items: await views(tenantId, page.items), next: page.next };
}

/** Only 'Wishlist' lines exist; any other status has none. */
export const wishesOfStatus = (tenantId: string, customerId: number, status: string, limit: number) =>
  status === 'Wishlist' ? wishPage(tenantId, customerId, '', { page: 0, size: limit }).then((p) => p.items) : Promise.resolve([]);
