import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaToday } from '../../shared/leave-days.js';
import { CART_FULL, INVALID_QUANTITY, OUT_OF_STOCK, STOCK_SHORT, type CartLine, type CartMasterRow, type CartSummaryView } from '../../shared/schemas/cart.js';
import type { WishLine } from '../../shared/schemas/wish.js';
import { wishData } from '../../functions/wish/data.js';
import { call } from './client.js';
import { injectDynamoFaults } from './faults.js';
import {
  addToCart,
  adminToken,
  changeLine,
  linesOf,
  mustAdd,
  newShopper,
  setStock,
  stocked,
  type Shopper,
  type StockedProduct,
} from './storefront-fixtures.js';

const as = <T>(shopper: Shopper, method: string, path: string, body?: unknown) => call<T>(method, path, { token: shopper.token, body });
const masterOf = async (shopper: Shopper, statuses: string) =>
  (await as<CartMasterRow[]>(shopper, 'GET', `/cart/master/${shopper.customer.customerId}/${statuses}`)).body;

describe('add to cart', () => {
  let shopper: Shopper;
  let rice: StockedProduct;
  beforeAll(async () => {
    shopper = await newShopper();
    [rice] = await stocked([{ quantity: 5, mrp: 120, sellingPrice: 110, gst: 5, name: 'Ponni Rice' }]);
  });

  it('creates one line per product, adding to it when the product is in the cart already', async () => {
    const first = await mustAdd(shopper, rice, 2);
    expect(first).toMatchObject({ productId: rice.productId, stockId: rice.stockId, cartQuantity: 2, price: 110, mrp: 120, tax: 5, status: 'InCart' });
    const again = await mustAdd(shopper, rice, 1);
    expect(again.customerCartId).toBe(first.customerCartId);
    expect(again.cartQuantity).toBe(3);
    expect(await linesOf(shopper, 'InCart')).toHaveLength(1);
  });

  it('caps what is in the cart plus what is added at the shelf’s units', async () => {
    // 3 of 5 are in the cart: 2 more may come, 3 may not.
    const tooMany = await addToCart(shopper, rice, 3);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('2 in Stock');
    expect((await mustAdd(shopper, rice, 2)).cartQuantity).toBe(5);
    const none = await addToCart(shopper, rice, 1);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(OUT_OF_STOCK);
  });

  it.each([[0], [-2], ['abc'], [1.5], ['']])("refuses quantity %j with 'Invalid Quantity'", async (quantity) => {
    const answer = await addToCart(shopper, rice, quantity);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID_QUANTITY);
  });

  it('refuses to add to another customer’s cart', async () => {
    const other = await newShopper();
    const answer = await call<{ message: string }>('POST', '/cart/save', {
      token: other.token,
      body: { customerId: shopper.customer.customerId, productId: rice.productId, cartQuantity: 1 },
    });
    expect(answer.status).toBe(403);
    expect(await linesOf(shopper, 'InCart')).toHaveLength(1);
  });

  it('refuses staff, who have no customer record', async () => {
    const answer = await call<{ message: string }>('GET', `/cart/byCustomerStatus/${shopper.customer.customerId}/InCart`, { token: await adminToken() });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Allowed only for Customers..  SignUp as a Customer.');
  });
});

describe('cart line transitions', () => {
  let shopper: Shopper;
  let dal: StockedProduct;
  let oil: StockedProduct;
  beforeAll(async () => {
    shopper = await newShopper();
    [dal, oil] = await stocked([
      { quantity: 4, mrp: 150, sellingPrice: 140, name: 'Toor Dal' },
      { quantity: 2, mrp: 200, name: 'Groundnut Oil' },
    ]);
  });

  it('plus and minus stay within the shelf; minus at 1 removes the line', async () => {
    const line = await mustAdd(shopper, dal, 1);
    expect((await changeLine(shopper, line, { status: 'InCart', cartQuantity: 4 })).body).toMatchObject({ cartQuantity: 4 });
    // At the shelf's last unit nothing is left to add; from 1, 3 are (what is left, not the shelf's 4).
    const above = await changeLine(shopper, line, { status: 'InCart', cartQuantity: 5 });
    expect(above.status).toBe(409);
    expect(above.body?.message).toBe('Out of Stock');
    expect((await changeLine(shopper, line, { status: 'InCart', cartQuantity: 1 })).body).toMatchObject({ cartQuantity: 1 });
    expect((await changeLine(shopper, line, { status: 'InCart', cartQuantity: 6 })).body?.message).toBe('3 in Stock');
    const removed = await changeLine(shopper, line, { status: 'InCart', cartQuantity: 0 });
    expect(removed.status).toBe(200);
    expect(removed.body).toBeNull();
    expect(await linesOf(shopper, 'InCart')).toEqual([]);
  });

  it('Save for later sets the quantity to 0; a second save of the product drops the cart line', async () => {
    const line = await mustAdd(shopper, dal, 3);
    const saved = await changeLine(shopper, line, { status: 'Saved' });
    expect(saved.body).toMatchObject({ customerCartId: line.customerCartId, status: 'Saved', cartQuantity: 0 });
    const again = await mustAdd(shopper, dal, 2);
    expect(again.customerCartId).not.toBe(line.customerCartId);
    const merged = await changeLine(shopper, again, { status: 'Saved' });
    expect(merged.body).toMatchObject({ customerCartId: line.customerCartId, status: 'Saved' });
    expect(await linesOf(shopper, 'InCart')).toEqual([]);
    expect((await linesOf(shopper, 'Saved')).map((l) => l.customerCartId)).toEqual([line.customerCartId]);
  });

  it('Move to cart makes quantity 1, or adds 1 to the product’s cart line and drops the saved item', async () => {
    const [saved] = await linesOf(shopper, 'Saved');
    const moved = await changeLine(shopper, saved!, { status: 'InCart' });
    expect(moved.body).toMatchObject({ customerCartId: saved!.customerCartId, status: 'InCart', cartQuantity: 1 });
    await changeLine(shopper, moved.body!, { status: 'Saved' });
    await mustAdd(shopper, dal, 2);
    const [savedAgain] = await linesOf(shopper, 'Saved');
    const merged = await changeLine(shopper, savedAgain!, { status: 'InCart' });
    expect(merged.body).toMatchObject({ status: 'InCart', cartQuantity: 3 });
    expect(await linesOf(shopper, 'Saved')).toEqual([]);
    expect(await linesOf(shopper, 'InCart')).toHaveLength(1);
  });

  it('Move to cart is capped by the shelf too', async () => {
    const line = await mustAdd(shopper, oil, 2);
    await changeLine(shopper, line, { status: 'Saved' });
    await mustAdd(shopper, oil, 2);
    const [saved] = await linesOf(shopper, 'Saved');
    const refused = await changeLine(shopper, saved!, { status: 'InCart' });
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe(OUT_OF_STOCK);
  });

  it('moves a cart line to the wishlist, which keeps its own records', async () => {
    const [oilLine] = (await linesOf(shopper, 'InCart')).filter((l) => l.productId === oil.productId);
    expect((await changeLine(shopper, oilLine!, { status: 'Wishlist' })).body).toBeNull();
    expect((await linesOf(shopper, 'InCart')).some((l) => l.productId === oil.productId)).toBe(false);
    const wishes = await as<WishLine[]>(shopper, 'GET', `/wish/customer/${shopper.customer.customerId}`);
    expect(wishes.body).toEqual([expect.objectContaining({ productId: oil.productId, status: 'Wishlist', quantity: 1, price: 200, stock: 2 })]);
  });

  it('deletes a line at once; a line of someone else is not found', async () => {
    const [line] = await linesOf(shopper, 'InCart');
    const other = await newShopper();
    expect((await call('DELETE', `/cart/${line!.customerCartId}`, { token: other.token })).status).toBe(404);
    expect((await call('PUT', `/cart/${line!.customerCartId}`, { token: other.token, body: { status: 'InCart', cartQuantity: 1 } })).status).toBe(404);
    const deleted = await as<CartLine>(shopper, 'DELETE', `/cart/${line!.customerCartId}`);
    expect(deleted.status).toBe(200);
    expect(await linesOf(shopper, 'InCart')).toEqual([]);
    expect((await as(shopper, 'DELETE', `/cart/${line!.customerCartId}`)).status).toBe(404);
  });

  it('shows the shelf’s stock message on each line', async () => {
    await mustAdd(shopper, oil, 2);
    const rows = await masterOf(shopper, 'InCart');
    expect(rows).toEqual([expect.objectContaining({ productId: oil.productId, quantity: 2, stockMessage: 'Only 2 item(s) left.', purchasedPrice: 400, saved: 0 })]);
    await setStock(oil, 1, 200);
    expect((await masterOf(shopper, 'InCart'))[0]).toMatchObject({ quantity: 1, stockMessage: '1 in Stock' });
  });
});

describe('the 10-line limit', () => {
  let shopper: Shopper;
  let products: StockedProduct[];
  beforeAll(async () => {
    shopper = await newShopper();
    products = await stocked(Array.from({ length: 12 }, (_, i) => ({ quantity: 10, mrp: 50 + i, name: `Limit Item ${i}` })));
  });

  it('holds at most 10 lines even when 12 are added at once', async () => {
    const answers = await Promise.all(products.map((p) => addToCart(shopper, p, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual([CART_FULL, CART_FULL]);
    expect(await linesOf(shopper, 'InCart')).toHaveLength(10);
  });

  it('still adds to a line already in a full cart', async () => {
    const [line] = await linesOf(shopper, 'InCart');
    const product = products.find((p) => p.productId === line!.productId)!;
    expect((await mustAdd(shopper, product, 1)).cartQuantity).toBe(2);
  });

  it("refuses 'Move to cart' into a full cart, and takes it once a line has gone", async () => {
    const inCart = new Set((await linesOf(shopper, 'InCart')).map((l) => l.productId));
    const spare = products.find((p) => !inCart.has(p.productId))!;
    const saved = await call<CartLine>('POST', '/cart/save', {
      token: shopper.token,
      body: { customerId: shopper.customer.customerId, productId: spare.productId, stockId: spare.stockId, status: 'Saved' },
    });
    expect(saved.body).toMatchObject({ status: 'Saved', cartQuantity: 0 });
    const refused = await changeLine(shopper, saved.body, { status: 'InCart' });
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe(CART_FULL);
    const [first] = await linesOf(shopper, 'InCart');
    expect((await changeLine(shopper, first!, { status: 'Saved' })).status).toBe(200);
    expect((await changeLine(shopper, saved.body, { status: 'InCart' })).body).toMatchObject({ status: 'InCart', cartQuantity: 1 });
    expect(await linesOf(shopper, 'InCart')).toHaveLength(10);
  });
});

describe('saved items and the wishlist', () => {
  let shopper: Shopper;
  let products: StockedProduct[];
  beforeAll(async () => {
    shopper = await newShopper();
    const names = ['Masala Chai', 'Masala Oats', 'Masala Peanuts', 'Mango Pickle', 'Mango Jam', 'Mint Chutney', 'Masoor Dal'];
    products = await stocked(names.map((name, i) => ({ quantity: 3, mrp: 60 + i, name })));
    for (const p of products) {
      const saved = await call('POST', '/cart/save', {
        token: shopper.token,
        body: { customerId: shopper.customer.customerId, productId: p.productId, stockId: p.stockId, status: 'Saved' },
      });
      expect(saved.status).toBe(200);
    }
  });

  it('pages the saved items five at a time in name order, with a count', async () => {
    const id = shopper.customer.customerId;
    const first = await as<CartMasterRow[]>(shopper, 'GET', `/cart/master/page/${id}/Saved?page=0&size=5`);
    const second = await as<CartMasterRow[]>(shopper, 'GET', `/cart/master/page/${id}/Saved?page=1&size=5`);
    expect(first.body).toHaveLength(5);
    expect(second.body).toHaveLength(2);
    const names = [...first.body, ...second.body].map((r) => r.productName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await as<number>(shopper, 'GET', `/cart/master/page/count/${id}/Saved`)).body).toBe(7);
    expect((await as<CartLine[]>(shopper, 'GET', `/cart/customer/page/${id}/Saved?page=1&size=5`)).body).toHaveLength(2);
  });

  it('searches the saved items by the start of the product name, in any letter case', async () => {
    const id = shopper.customer.customerId;
    const found = await as<CartMasterRow[]>(shopper, 'GET', `/cart/master/search/${id}/Saved/MASALA?page=0&size=5`);
    expect(found.body.map((r) => r.productName.split(' ').slice(0, 2).join(' ')).sort()).toEqual(['Masala Chai', 'Masala Oats', 'Masala Peanuts']);
    expect((await as<number>(shopper, 'GET', `/cart/master/search/count/${id}/Saved/mango`)).body).toBe(2);
    expect((await as<CartLine[]>(shopper, 'GET', `/cart/customer/search/${id}/Saved/mint?page=0&size=5`)).body).toHaveLength(1);
    const blank = await as<{ message: string }>(shopper, 'GET', `/cart/master/search/${id}/Saved/%20?page=0&size=5`);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Search text should not be empty!');
  });

  it('keeps a product on the wishlist once, pages, counts, searches and deletes it', async () => {
    const id = shopper.customer.customerId;
    const add = (p: StockedProduct) => as<WishLine>(shopper, 'POST', '/wish/save', { customerId: id, productId: p.productId, stockId: p.stockId });
    const first = await add(products[0]!);
    expect(first.body).toMatchObject({ productId: products[0]!.productId, status: 'Wishlist', quantity: 1, stock: 3 });
    expect((await add(products[0]!)).body.customerWishId).toBe(first.body.customerWishId);
    await Promise.all(products.slice(1).map(add));
    expect((await as<number>(shopper, 'GET', `/wish/count/${id}`)).body).toBe(7);
    expect((await as<WishLine[]>(shopper, 'GET', `/wish/customer/${id}?page=1&size=5`)).body).toHaveLength(2);
    expect((await as<WishLine[]>(shopper, 'GET', `/wish/search/${id}/mango?page=0&size=5`)).body).toHaveLength(2);
    expect((await as<number>(shopper, 'GET', `/wish/searchCount/${id}/ma`)).body).toBe(6);
    expect((await as<WishLine[]>(shopper, 'GET', `/wish/byCustomer/${id}/Wishlist`)).body).toHaveLength(7);
    expect((await as<WishLine[]>(shopper, 'GET', `/wish/byCustomer/${id}/InCart`)).body).toEqual([]);
    // Two deletes of one line at once: one goes through, the other is refused and counts nothing.
    const deletes = await Promise.all([1, 2].map(() => as(shopper, 'DELETE', `/wish/${first.body.customerWishId}`)));
    expect(deletes.filter((d) => d.status === 200)).toHaveLength(1);
    expect((await as<number>(shopper, 'GET', `/wish/count/${id}`)).body).toBe(6);
    // The saved items are untouched by the wishlist: separate records.
    expect((await as<number>(shopper, 'GET', `/cart/master/page/count/${id}/Saved`)).body).toBe(7);
    // A cart line moved to the wishlist is counted there; one whose product is wished already adds nothing.
    const [chai, oats] = [await mustAdd(shopper, products[0]!, 1), await mustAdd(shopper, products[1]!, 1)];
    expect((await changeLine(shopper, chai, { status: 'Wishlist' })).status).toBe(200);
    expect((await changeLine(shopper, oats, { status: 'Wishlist' })).status).toBe(200);
    expect((await as<number>(shopper, 'GET', `/wish/count/${id}`)).body).toBe(7);
    expect((await as<WishLine[]>(shopper, 'GET', `/wish/byCustomer/${id}/Wishlist`)).body).toHaveLength(7);

    // The count is the customer's counter item, one GetItem; a search counts at most its cap.
    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      expect(await wishData.count('demo', id, '', 1000)).toBe(7);
      expect(recorder.commands()).toEqual(['GetCommand']);
      expect(await wishData.count('demo', id, 'ma', 1)).toBe(1);
    } finally {
      recorder.restore();
    }
  });
});

describe('the order summary', () => {
  let shopper: Shopper;
  let basmati: StockedProduct;
  let pickle: StockedProduct;
  beforeAll(async () => {
    shopper = await newShopper();
    [basmati, pickle] = await stocked([
      { quantity: 10, mrp: 100, sellingPrice: 95, gst: 5, name: 'Basmati Rice' },
      { quantity: 10, mrp: 50, sellingPrice: 45.5, gst: 12, name: 'Lime Pickle' },
    ]);
  });

  it('figures tax, delivery, saved and payable as the checkout shows them', async () => {
    await mustAdd(shopper, basmati, 2);
    await mustAdd(shopper, pickle, 1);
    const summary = await as<CartSummaryView>(shopper, 'GET', `/cart/summary/${shopper.customer.customerId}`);
    // ₹95 × 2 + ₹45.50 = ₹235.50; MRP ₹250 so ₹14.50 saved; payable ₹235.50 + ₹100 delivery = ₹335.50. Prices include
    // GST: the tax inside them, as the invoice charges it, is ₹9.04 (₹190 at 5%) + ₹4.88 (₹45.50 at 12%) + ₹4.76 (the
    // delivery at the rice's 5%, the principal supply) = ₹18.68.
    expect(summary.body).toEqual({
      lines: 2,
      items: 3,
      subtotal: 235.5,
      mrpTotal: 250,
      saved: 14.5,
      tax: 18.68,
      deliveryCharge: 100,
      payable: 335.5,
      deliveryDate: addDays(indiaToday(new Date()), 2),
      stockShort: false,
    });
  });

  it('says when a line wants more than the shelf holds', async () => {
    await setStock(pickle, 0, 45.5);
    const summary = await as<CartSummaryView>(shopper, 'GET', `/cart/summary/${shopper.customer.customerId}`);
    expect(summary.body).toMatchObject({ stockShort: true, message: STOCK_SHORT });
    const rows = await masterOf(shopper, 'InCart');
    expect(rows.find((r) => r.productId === pickle.productId)).toMatchObject({ quantity: 0, stockMessage: OUT_OF_STOCK });
  });
});
