import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { addDays, indiaToday } from '../../shared/leave-days.js';
import { cartSummary, toRupees } from '../../shared/money.js';
import type { CartLine, CartSave, CartSummaryView, CartUpdate } from '../../shared/schemas/cart.js';
import {
  capMessage,
  CART_FULL,
  CART_LINE_NOT_FOUND,
  DELIVER_ONLY_SHIPPED,
  DELIVERY_CONTACT_NUMBER,
  DELIVERY_CONTACT_REQUIRED,
  DELIVERY_DAYS,
  DELIVERY_PERSON_REQUIRED,
  INVALID_QUANTITY,
  isMobileSearch,
  isOrderStatus,
  MAX_CART_LINES,
  MOBILE_SEARCH,
  OUT_OF_STOCK,
  SHIP_ONLY_ORDER_SUCCESS,
  STOCK_SHORT,
  type CartStatus,
  type OrderStatus,
} from '../../shared/schemas/cart-messages.js';
import type { Caller, WriteScope } from '../lib/context.js';
import { mapPage, nextId, transact, updated, type PageRequest, type TransactItem } from '../lib/db.js';
import { Conflict, Forbidden, NotFound, Validation } from '../lib/errors.js';
import { stockData, type StoredStock } from '../stock/data.js';
import { wishData } from '../wish/data.js';
import { newWish } from '../wish/service.js';
import { cartData, type StoredCartLine } from './data.js';
import { ownCustomer, requireOwn } from './owner.js';
import { productOf, shelfLine } from './shelf.js';
import { lineView, lineViews, masterRows, orderRow } from './view.js';

/** Another tab or click changed the line between reading and writing: read again and redo the change. */
const CART_CHANGED = 'Your cart changed while saving. Please try again.';
const NOT_ALLOWED = 'This change is not allowed.';
const ORDER_NOT_DELETABLE = 'An order cannot be deleted.';
/** Lists that answer every line of a status (saved items, orders) stop here; the paged routes go further. */
export const LIST_LIMIT = 100;

async function withRetry<T>(attempt: () => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Conflict && error.message === CART_CHANGED) || i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * i));
    }
  }
}

/** The line as the shelf prices it now (a cart line follows the shelf until it is paid for). */
const repriced = (line: StoredCartLine, shelf: StoredStock): StoredCartLine => ({
  ...line,
  price: shelf.sellingPrice,
  mrp: shelf.mrp,
  cgst: shelf.cgst,
  sgst: shelf.sgst,
  inventoryId: shelf.inventoryId,
});

// ---------------------------------------------------------------- adding

/**
 * Add to cart (spec 1 sections 2, 4, 5): more of the product's line when it is in the cart already, else a new line
 * while the cart has fewer than 10. What is in the cart plus what is added may not pass the shelf's units
 * ('{n} in Stock' with what may still be added, or 'Out of Stock'). Adding to saved items keeps one saved line.
 */
export async function addToCart(scope: WriteScope, me: Caller, body: CartSave): Promise<CartLine> {
  const { tenantId, actor } = scope;
  await requireOwn(me, body.customerId);
  const product = await productOf(tenantId, body.productId);
  if (!product) throw new NotFound('Product not found.');
  const status = body.status;
  return withRetry(async () => {
    const shelf = await shelfLine(tenantId, body.productId, body);
    if (!shelf) throw new Conflict(OUT_OF_STOCK, { available: 0 });
    const existing = await cartData.inSlot(tenantId, body.customerId, status, shelf.stockId);
    if (status === 'Saved' && existing) return lineView(existing, shelf);
    const quantity = status === 'InCart' ? body.cartQuantity : 0;
    const inCart = existing?.cartQuantity ?? 0;
    const remaining = shelf.quantity - inCart;
    if (status === 'InCart' && quantity > remaining) throw new Conflict(capMessage(remaining), { available: Math.max(remaining, 0) });
    if (existing) {
      const after = { ...repriced(existing, shelf), cartQuantity: inCart + quantity, version: existing.version + 1, ...updated(scope.actor) };
      await transact([cartData.replaceWrite(tenantId, after, existing.version)], [CART_CHANGED]);
      return lineView(after, shelf);
    }
    const line: StoredCartLine = {
      customerCartId: await nextId(tenantId, 'cart'),
      customerId: body.customerId,
      productId: shelf.productId,
      inventoryId: shelf.inventoryId,
      stockId: shelf.stockId,
      productName: product.productName,
      artcode: shelf.artcode,
      cartQuantity: quantity,
      price: shelf.sellingPrice,
      mrp: shelf.mrp,
      cgst: shelf.cgst,
      sgst: shelf.sgst,
      status,
      version: 1,
      createdBy: actor.userName,
      createdOn: actor.now.toISOString(),
    };
    const items = [cartData.createWrite(tenantId, line), cartData.slotClaimWrite(tenantId, line)];
    const messages = [CART_CHANGED, CART_CHANGED];
    if (status === 'InCart') {
      items.push(cartData.inCartCountWrite(tenantId, line.customerId, 1));
      messages.push(CART_FULL);
    }
    await transact([...items, ...cartData.countWrites(tenantId, [{ to: line }])], messages);
    return lineView(line, shelf);
  });
}

// ---------------------------------------------------------------- the customer's transitions

/**
 * The writes taking a line out of the cart or the saved items, but for its counters: a transaction ends with
 * `cartData.countWrites` of all its lines' moves (this line's `{ from: line }`).
 */
const removal = (tenantId: string, line: StoredCartLine): TransactItem[] => [
  cartData.removeWrite(tenantId, line),
  cartData.slotReleaseWrite(tenantId, line),
  ...(line.status === 'InCart' ? [cartData.inCartCountWrite(tenantId, line.customerId, -1)] : []),
];

/** Plus and minus: never above the shelf's units; minus at 1 (quantity 0) removes the line. */
async function setQuantity(scope: WriteScope, line: StoredCartLine, quantity: number | undefined): Promise<CartLine | null> {
  const { tenantId } = scope;
  if (quantity === undefined) throw new Validation(INVALID_QUANTITY);
  if (quantity === 0) {
    await transact([...removal(tenantId, line), ...cartData.countWrites(tenantId, [{ from: line }])], [CART_CHANGED]);
    return null;
  }
  const shelf = await stockData.get(tenantId, line.stockId);
  const units = shelf?.quantity ?? 0;
  // Going down is always allowed, so a line left above the shelf by a sale can be brought back within it.
  // The message tells what may still be added beyond the line's quantity ('3 in Stock', or 'Out of Stock' at the shelf's last unit).
  if (quantity > line.cartQuantity && quantity > units) throw new Conflict(capMessage(units - line.cartQuantity), { available: Math.max(units, 0) });
  const base = shelf ? repriced(line, shelf) : line;
  const after = { ...base, cartQuantity: quantity, version: line.version + 1, ...updated(scope.actor) };
  await transact([cartData.replaceWrite(tenantId, after, line.version)], [CART_CHANGED]);
  return lineView(after, shelf);
}

/** Save for later: the line becomes a saved item with quantity 0, or goes when the product is saved already. */
async function saveForLater(scope: WriteScope, line: StoredCartLine): Promise<CartLine> {
  const { tenantId } = scope;
  const saved = await cartData.inSlot(tenantId, line.customerId, 'Saved', line.stockId);
  if (saved) {
    await transact(
      [...removal(tenantId, line), cartData.unchangedCheck(tenantId, saved), ...cartData.countWrites(tenantId, [{ from: line }])],
      [CART_CHANGED, undefined, undefined, CART_CHANGED],
    );
    return lineView(saved);
  }
  const after: StoredCartLine = { ...line, status: 'Saved', cartQuantity: 0, version: line.version + 1, ...updated(scope.actor) };
  await transact(
    [
      cartData.replaceWrite(tenantId, after, line.version),
      cartData.slotReleaseWrite(tenantId, line),
      cartData.slotClaimWrite(tenantId, after),
      cartData.inCartCountWrite(tenantId, line.customerId, -1),
      ...cartData.countWrites(tenantId, [{ from: line, to: after }]),
    ],
    [CART_CHANGED, undefined, CART_CHANGED],
  );
  return lineView(after);
}

/**
 * Move to cart: quantity 1, or one more of the product's cart line (the saved item goes); a new cart line only
 * while the cart has fewer than 10, and never more than the shelf holds.
 */
async function moveToCart(scope: WriteScope, line: StoredCartLine): Promise<CartLine> {
  const { tenantId } = scope;
  const shelf = await stockData.get(tenantId, line.stockId);
  const inCart = await cartData.inSlot(tenantId, line.customerId, 'InCart', line.stockId);
  const have = inCart?.cartQuantity ?? 0;
  const units = shelf?.quantity ?? 0;
  if (!shelf || have + 1 > units) throw new Conflict(capMessage(units - have), { available: Math.max(units - have, 0) });
  if (inCart) {
    const after = { ...repriced(inCart, shelf), cartQuantity: have + 1, version: inCart.version + 1, ...updated(scope.actor) };
    await transact(
      [cartData.replaceWrite(tenantId, after, inCart.version), ...removal(tenantId, line), ...cartData.countWrites(tenantId, [{ from: line }])],
      [CART_CHANGED, CART_CHANGED],
    );
    return lineView(after, shelf);
  }
  const after: StoredCartLine = { ...repriced(line, shelf), status: 'InCart', cartQuantity: 1, version: line.version + 1, ...updated(scope.actor) };
  await transact(
    [
      cartData.replaceWrite(tenantId, after, line.version),
      cartData.slotReleaseWrite(tenantId, line),
      cartData.slotClaimWrite(tenantId, after),
      cartData.inCartCountWrite(tenantId, line.customerId, 1),
      ...cartData.countWrites(tenantId, [{ from: line, to: after }]),
    ],
    [CART_CHANGED, undefined, CART_CHANGED, CART_FULL],
  );
  return lineView(after, shelf);
}

/** InCart to Wishlist: the cart line goes and the product is on the wishlist (once) in the same transaction. */
async function moveToWishlist(scope: WriteScope, line: StoredCartLine): Promise<null> {
  const { tenantId } = scope;
  const wished = await wishData.ofProduct(tenantId, line.customerId, line.productId);
  const wish = wished ? [] : wishData.createWrites(tenantId, await newWish(scope, line.customerId, line));
  await transact(
    [...removal(tenantId, line), ...wish, ...cartData.countWrites(tenantId, [{ from: line }])],
    [CART_CHANGED, undefined, undefined, CART_CHANGED, CART_CHANGED],
  );
  return null;
}

// ---------------------------------------------------------------- staff: ship and deliver

/** Ship (OrderSuccess → Shipped) and Deliver (Shipped → Delivered), dates stamped, each only from its status. */
async function advanceOrder(scope: WriteScope, me: Caller, line: StoredCartLine, body: CartUpdate): Promise<CartLine> {
  const { tenantId, actor } = scope;
  if (!me.features.has('OrderEdit')) throw new Forbidden();
  const now = actor.now.toISOString();
  if (body.status === 'Shipped') {
    if (line.status !== 'OrderSuccess') throw new Conflict(SHIP_ONLY_ORDER_SUCCESS);
    if (!body.deliveryPerson) throw new Validation(DELIVERY_PERSON_REQUIRED);
    if (!body.deliveryContact) throw new Validation(DELIVERY_CONTACT_REQUIRED);
    if (!/^\d{6,15}$/.test(body.deliveryContact)) throw new Validation(DELIVERY_CONTACT_NUMBER);
    const after: StoredCartLine = {
      ...line,
      status: 'Shipped',
      shippedDate: now,
      deliveryPerson: body.deliveryPerson,
      deliveryContact: body.deliveryContact,
      version: line.version + 1,
      ...updated(scope.actor),
    };
    await transact([cartData.advanceWrite(tenantId, after, 'OrderSuccess'), ...cartData.countWrites(tenantId, [{ from: line, to: after }])], [SHIP_ONLY_ORDER_SUCCESS]);
    return lineView(after);
  }
  if (body.status === 'Delivered') {
    if (line.status !== 'Shipped') throw new Conflict(DELIVER_ONLY_SHIPPED);
    const after: StoredCartLine = { ...line, status: 'Delivered', deliveredDate: now, version: line.version + 1, ...updated(scope.actor) };
    await transact([cartData.advanceWrite(tenantId, after, 'Shipped'), ...cartData.countWrites(tenantId, [{ from: line, to: after }])], [DELIVER_ONLY_SHIPPED]);
    return lineView(after);
  }
  throw new Validation(NOT_ALLOWED);
}

/** PUT /cart/{customerCartId}: the customer's transitions of their own line, or staff's Ship and Deliver. */
export function updateLine(scope: WriteScope, me: Caller, customerCartId: number, body: CartUpdate): Promise<CartLine | null> {
  const { tenantId } = scope;
  return withRetry(async () => {
    const line = await cartData.get(tenantId, customerCartId);
    if (!line) throw new NotFound(CART_LINE_NOT_FOUND);
    const ordered = isOrderStatus(body.status) || isOrderStatus(line.status);
    if (ordered && me.features.has('OrderEdit')) return advanceOrder(scope, me, line, body);
    const own = await ownCustomer(me);
    // Another customer's line answers exactly as a missing one, whatever its status, so ids cannot be probed.
    if (line.customerId !== own.customerId) throw new NotFound(CART_LINE_NOT_FOUND);
    if (ordered) return advanceOrder(scope, me, line, body);
    if (line.status === 'InCart' && body.status === 'InCart') return setQuantity(scope, line, body.cartQuantity);
    if (line.status === 'InCart' && body.status === 'Saved') return saveForLater(scope, line);
    if (line.status === 'Saved' && body.status === 'InCart') return moveToCart(scope, line);
    if (line.status === 'InCart' && body.status === 'Wishlist') return moveToWishlist(scope, line);
    if (line.status === body.status) return lineView(line);
    throw new Validation(NOT_ALLOWED);
  });
}

/** DELETE /cart/{customerCartId}: a line of the caller's cart or saved items. */
export function removeLine(scope: WriteScope, me: Caller, customerCartId: number): Promise<CartLine> {
  const { tenantId } = scope;
  return withRetry(async () => {
    const line = await cartData.get(tenantId, customerCartId);
    const own = await ownCustomer(me);
    if (!line || line.customerId !== own.customerId) throw new NotFound(CART_LINE_NOT_FOUND);
    if (isOrderStatus(line.status)) throw new Conflict(ORDER_NOT_DELETABLE);
    await transact([...removal(tenantId, line), ...cartData.countWrites(tenantId, [{ from: line }])], [CART_CHANGED]);
    return lineView(line);
  });
}

// ---------------------------------------------------------------- reading

/** Every line of a status: the cart has at most 10; other statuses answer their first 100. */
export async function linesOf(tenantId: string, customerId: number, statuses: readonly CartStatus[]): Promise<StoredCartLine[]> {
  const lists = await Promise.all(statuses.map((s) => cartData.ofStatus(tenantId, customerId, s, s === 'InCart' ? MAX_CART_LINES : LIST_LIMIT)));
  return lists.flat();
}

export const rawLines = async (tenantId: string, customerId: number, statuses: readonly CartStatus[]) =>
  lineViews(tenantId, await linesOf(tenantId, customerId, statuses));

export const masterLines = async (tenantId: string, customerId: number, statuses: readonly CartStatus[]) =>
  masterRows(tenantId, await linesOf(tenantId, customerId, statuses));

/**
 * The checkout's order summary of the cart at the shelf's prices now (shared/money.ts `cartSummary`), and whether
 * any line wants more than the shelf holds (Pay disabled, spec 1 section 5).
 */
export async function summaryOf(tenantId: string, customerId: number, now: Date): Promise<CartSummaryView> {
  const lines = await linesOf(tenantId, customerId, ['InCart']);
  const stock = new Map((await stockData.byIds(tenantId, lines.map((l) => l.stockId))).map((s) => [s.stockId, s]));
  const priced = lines.map((l) => {
    const shelf = stock.get(l.stockId);
    return { price: shelf?.sellingPrice ?? l.price, mrp: shelf?.mrp ?? l.mrp, quantity: l.cartQuantity, taxRate: (shelf?.cgst ?? l.cgst) + (shelf?.sgst ?? l.sgst) };
  });
  const short = lines.some((l) => l.cartQuantity > (stock.get(l.stockId)?.quantity ?? 0));
  const s = cartSummary(priced);
  return {
    lines: s.lines,
    items: s.items,
    subtotal: toRupees(s.subtotal),
    mrpTotal: toRupees(s.mrpTotal),
    saved: toRupees(s.saved),
    tax: toRupees(s.tax),
    deliveryCharge: toRupees(s.deliveryCharge),
    payable: toRupees(s.payable),
    deliveryDate: addDays(indiaToday(now), DELIVERY_DAYS),
    stockShort: short,
    message: short ? STOCK_SHORT : undefined,
  };
}

// ---------------------------------------------------------------- staff order tracking

/** Order tracking searches by the digits of a mobile number (spec 1 section 2). */
function mobileDigits(text: string): string {
  if (!isMobileSearch(text)) throw new Validation(MOBILE_SEARCH);
  return text;
}

export const staffOrders = async (tenantId: string, statuses: readonly OrderStatus[], request: PageRequest) =>
  mapPage(await cartData.orders(tenantId, statuses, request), orderRow);

export const staffOrderSearch = async (tenantId: string, statuses: readonly OrderStatus[], text: string, request: PageRequest) =>
  mapPage(await cartData.ordersByMobile(tenantId, statuses, mobileDigits(text), request), orderRow);

export const staffOrderSearchCount = (tenantId: string, statuses: readonly OrderStatus[], text: string) =>
  cartData.ordersByMobileCount(tenantId, statuses, mobileDigits(text), SEARCH_COUNT_CAP);

/** A page of one status in name order (with a prefix, the lines whose product name starts with it). */
export async function linePage(tenantId: string, customerId: number, status: CartStatus, prefix: string, request: PageRequest) {
  const page = await cartData.page(tenantId, customerId, status, prefix, request);
  return { items: await lineViews(tenantId, page.items), next: page.next };
}

export async function masterPage(tenantId: string, customerId: number, status: CartStatus, prefix: string, request: PageRequest) {
  const page = await cartData.page(tenantId, customerId, status, prefix, request);
  return { items: await masterRows(tenantId, page.items), next: page.next };
}

/** Your Orders: newest first; searched, in product name order. */
export async function customerOrders(tenantId: string, customerId: number, statuses: readonly OrderStatus[], request: PageRequest) {
  const page = await cartData.customerOrders(tenantId, customerId, statuses, request);
  return { items: await masterRows(tenantId, page.items), next: page.next };
}

export async function customerOrderSearch(tenantId: string, customerId: number, statuses: readonly OrderStatus[], text: string, request: PageRequest) {
  const page = await cartData.customerOrderSearch(tenantId, customerId, statuses, text, request);
  return { items: await masterRows(tenantId, page.items), next: page.next };
}
