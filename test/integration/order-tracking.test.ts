import { beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVER_ONLY_SHIPPED,
  DELIVERY_CONTACT_NUMBER,
  DELIVERY_CONTACT_REQUIRED,
  DELIVERY_PERSON_REQUIRED,
  MOBILE_SEARCH,
  SHIP_ONLY_ORDER_SUCCESS,
  type CartLine,
  type CartMasterRow,
  type OrderRow,
} from '../../shared/schemas/cart.js';
import { cartData } from '../../functions/cart/data.js';
import { handler as cartHandler } from '../../functions/cart/handler.js';
import { call, tokenOf } from './client.js';
import { injectDynamoFaults, invoke } from './faults.js';
import { checkout } from './payment-fixtures.js';
import { addToCart, changeLine, mustAdd, newShopper, stocked, type Shopper, type StockedProduct } from './storefront-fixtures.js';

const manager = () => tokenOf('manager@demo.shop');
const asStaff = async <T>(method: string, path: string, body?: unknown) => call<T & { message?: string }>(method, path, { token: await manager(), body });

describe('order tracking by staff', () => {
  let shopper: Shopper;
  let kurta: StockedProduct;
  let shirt: StockedProduct;
  let orders: OrderRow[];
  beforeAll(async () => {
    shopper = await newShopper();
    [kurta, shirt] = await stocked([
      { quantity: 5, mrp: 1299, gst: 12, name: 'Tracking Kurta' },
      { quantity: 5, mrp: 399, gst: 5, name: 'Tracking Shirt' },
    ]);
    await mustAdd(shopper, kurta, 1);
    await mustAdd(shopper, shirt, 2);
    await checkout(shopper);
    const mine = await asStaff<OrderRow[]>('GET', `/cart/search/OrderSuccess/${shopper.customer.mobileNumber}?page=0&size=5`);
    orders = mine.body;
  });

  it('finds the customer’s orders by the digits of their mobile number, with their details', async () => {
    expect(orders).toHaveLength(2);
    expect(orders.map((o) => [o.productName, o.quantity, o.amount]).sort()).toEqual([
      [kurta.productName, 1, 1299],
      [shirt.productName, 2, 798],
    ].sort());
    expect(orders[0]).toMatchObject({
      status: 'OrderSuccess',
      customerName: shopper.customer.customerName.split('@')[0],
      mobileNumber: shopper.customer.mobileNumber,
      address: '7, Church Street, Bengaluru 560001',
      customerOrderId: expect.any(Number),
      orderDate: expect.any(String),
    });
    const prefix = shopper.customer.mobileNumber.slice(0, 6);
    expect((await asStaff<number>('GET', `/cart/search/count/OrderSuccess/${prefix}`)).body).toBeGreaterThanOrEqual(2);
    const byName = await asStaff('GET', '/cart/search/OrderSuccess/ravi?page=0&size=5');
    expect(byName.status).toBe(400);
    expect(byName.body.message).toBe(MOBILE_SEARCH);
  });

  it('lists the shop’s orders of the statuses newest first, five a page, with a count', async () => {
    const page = await asStaff<OrderRow[]>('GET', '/cart/order/OrderSuccess,Shipped?page=0&size=5');
    expect(page.body.length).toBeLessThanOrEqual(5);
    const dates = page.body.map((o) => o.orderDate!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.body.map((o) => o.customerCartId)).toEqual(expect.arrayContaining(orders.map((o) => o.customerCartId)));
    const count = await asStaff<number>('GET', '/cart/order/count/OrderSuccess,Shipped');
    expect(count.body).toBeGreaterThanOrEqual(2);
    const unknown = await asStaff('GET', '/cart/order/count/InCart');
    expect(unknown.status).toBe(400);
  });

  it('ships only with a delivery person and a numeric contact, stamping the date', async () => {
    const line = orders.find((o) => o.productName === kurta.productName)!;
    const ship = (body: Record<string, unknown>) => asStaff<CartLine>('PUT', `/cart/${line.customerCartId}`, { status: 'Shipped', ...body });
    expect((await ship({ deliveryContact: '9845098450' })).body.message).toBe(DELIVERY_PERSON_REQUIRED);
    expect((await ship({ deliveryPerson: 'Manjunath' })).body.message).toBe(DELIVERY_CONTACT_REQUIRED);
    expect((await ship({ deliveryPerson: 'Manjunath', deliveryContact: 'call me' })).body.message).toBe(DELIVERY_CONTACT_NUMBER);
    const before = new Date().toISOString();
    const shipped = await ship({ deliveryPerson: 'Manjunath', deliveryContact: 9845098450 });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'Shipped', deliveryPerson: 'Manjunath', deliveryContact: '9845098450' });
    expect(shipped.body.shippedDate! >= before).toBe(true);
    const again = await ship({ deliveryPerson: 'Manjunath', deliveryContact: '9845098450' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SHIP_ONLY_ORDER_SUCCESS);
  });

  it('delivers only a shipped order', async () => {
    const other = orders.find((o) => o.productName === shirt.productName)!;
    const early = await asStaff('PUT', `/cart/${other.customerCartId}`, { status: 'Delivered' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(DELIVER_ONLY_SHIPPED);
    const line = orders.find((o) => o.productName === kurta.productName)!;
    const delivered = await asStaff<CartLine>('PUT', `/cart/${line.customerCartId}`, { status: 'Delivered' });
    expect(delivered.body).toMatchObject({ status: 'Delivered', deliveryPerson: 'Manjunath', deliveredDate: expect.any(String) });
    expect((await asStaff('PUT', `/cart/${line.customerCartId}`, { status: 'Delivered' })).status).toBe(409);
    expect((await asStaff<OrderRow[]>('GET', `/cart/search/Delivered/${shopper.customer.mobileNumber}?page=0&size=5`)).body).toEqual([
      expect.objectContaining({ customerCartId: line.customerCartId, status: 'Delivered' }),
    ]);
  });

  it('shows the customer Your Orders with the delivery details, searchable by product', async () => {
    const id = shopper.customer.customerId;
    const mine = await call<CartMasterRow[]>('GET', `/cart/masterOrder/page/${id}/OrderSuccess,Shipped,Delivered?page=0&size=5`, { token: shopper.token });
    expect(mine.body.map((o) => [o.productName, o.status, o.deliveryPerson ?? null]).sort()).toEqual([
      [kurta.productName, 'Delivered', 'Manjunath'],
      [shirt.productName, 'OrderSuccess', null],
    ].sort());
    expect((await call<number>('GET', `/cart/masterOrder/page/count/${id}/OrderSuccess,Shipped,Delivered`, { token: shopper.token })).body).toBe(2);
    const search = await call<CartMasterRow[]>('GET', `/cart/masterOrder/search/${id}/OrderSuccess,Shipped,Delivered/tracking k?page=0&size=5`, { token: shopper.token });
    expect(search.body.map((o) => o.productName)).toEqual([kurta.productName]);
    expect((await call<number>('GET', `/cart/masterOrder/search/count/${id}/Delivered/tracking`, { token: shopper.token })).body).toBe(1);
  });

  it('lets neither the customer ship nor delete an order', async () => {
    const line = orders.find((o) => o.productName === shirt.productName)!;
    const ship = await call('PUT', `/cart/${line.customerCartId}`, { token: shopper.token, body: { status: 'Shipped', deliveryPerson: 'Me', deliveryContact: '9999999999' } });
    expect(ship.status).toBe(403);
    expect((await call('DELETE', `/cart/${line.customerCartId}`, { token: shopper.token })).status).toBe(409);
    const back = await call('PUT', `/cart/${line.customerCartId}`, { token: shopper.token, body: { status: 'InCart', cartQuantity: 1 } });
    expect(back.status).toBe(403);
  });
});

describe('order and cart counts', () => {
  it('are counters kept by adds, saves, moves, removals, checkout, ship and deliver, left as they were by refused writes, read without a query', async () => {
    const shopper = await newShopper();
    const id = shopper.customer.customerId;
    const [rice, dal, oil] = await stocked([
      { quantity: 5, mrp: 90, gst: 5, name: 'Counted Order Rice' },
      { quantity: 5, mrp: 120, gst: 5, name: 'Counted Order Dal' },
      { quantity: 5, mrp: 180, gst: 5, name: 'Counted Order Oil' },
    ]);
    const mine = async (status: string) => (await call<number>('GET', `/cart/master/page/count/${id}/${status}`, { token: shopper.token })).body;
    const shop = async (status: string) => (await asStaff<number>('GET', `/cart/order/count/${status}`)).body;
    const shopBefore = { success: await shop('OrderSuccess'), shipped: await shop('Shipped'), delivered: await shop('Delivered') };

    await mustAdd(shopper, rice, 1);
    await mustAdd(shopper, dal, 1);
    const third = await mustAdd(shopper, oil, 1);
    await mustAdd(shopper, oil, 1); // more of a line in the cart counts no new line
    expect(await mine('InCart')).toBe(3);
    expect((await changeLine(shopper, third, { status: 'Saved' })).status).toBe(200);
    expect([await mine('InCart'), await mine('Saved')]).toEqual([2, 1]);
    // More than the shelf holds: refused, counts as they were.
    expect((await addToCart(shopper, rice, 99)).status).toBe(409);
    expect([await mine('InCart'), await mine('Saved')]).toEqual([2, 1]);
    expect((await changeLine(shopper, third, { status: 'InCart' })).status).toBe(200);
    expect([await mine('InCart'), await mine('Saved')]).toEqual([3, 0]);
    expect((await call('DELETE', `/cart/${third.customerCartId}`, { token: shopper.token })).status).toBe(200);
    expect(await mine('InCart')).toBe(2);

    await checkout(shopper);
    expect([await mine('InCart'), await mine('OrderSuccess')]).toEqual([0, 2]);
    expect(await shop('OrderSuccess')).toBe(shopBefore.success + 2);
    const [first, second] = (await asStaff<OrderRow[]>('GET', `/cart/search/OrderSuccess/${shopper.customer.mobileNumber}?page=0&size=5`)).body;
    const ship = (line: OrderRow) => asStaff('PUT', `/cart/${line.customerCartId}`, { status: 'Shipped', deliveryPerson: 'Manjunath', deliveryContact: '9845098450' });
    expect((await ship(first!)).status).toBe(200);
    expect((await ship(first!)).status).toBe(409); // shipped already: refused, nothing moves
    expect((await asStaff('PUT', `/cart/${second!.customerCartId}`, { status: 'Delivered' })).status).toBe(409);
    expect((await asStaff('PUT', `/cart/${first!.customerCartId}`, { status: 'Delivered' })).status).toBe(200);
    expect([await shop('OrderSuccess'), await shop('Shipped'), await shop('Delivered')]).toEqual([shopBefore.success + 1, shopBefore.shipped, shopBefore.delivered + 1]);
    expect([await mine('OrderSuccess'), await mine('Shipped'), await mine('Delivered')]).toEqual([1, 0, 1]);
    expect((await call<number>('GET', `/cart/masterOrder/page/count/${id}/OrderSuccess,Shipped,Delivered`, { token: shopper.token })).body).toBe(2);
    // Order tracking's search by mobile number: one query a status, so a status's orders are found and counted alone.
    const mobile = shopper.customer.mobileNumber;
    expect((await asStaff<number>('GET', `/cart/search/count/Delivered/${mobile}`)).body).toBe(1);
    expect((await asStaff<number>('GET', `/cart/search/count/Shipped/${mobile}`)).body).toBe(0);
    expect((await asStaff<number>('GET', `/cart/search/count/OrderSuccess,Shipped,Delivered/${mobile}`)).body).toBe(2);
    const both = (await asStaff<OrderRow[]>('GET', `/cart/search/OrderSuccess,Delivered/${mobile}?page=0&size=5`)).body;
    expect(both.map((o) => o.customerCartId).sort()).toEqual([first!.customerCartId, second!.customerCartId].sort());
    expect(both.map((o) => o.orderDate)).toEqual(both.map((o) => o.orderDate).sort().reverse());

    const recorder = injectDynamoFaults();
    try {
      const path = { statuses: 'OrderSuccess,Shipped,Delivered' };
      await invoke(cartHandler as never, 'manager@demo.shop', 'GET /cart/order/count/{statuses}', { path }); // signs in and warms the caller's reads
      recorder.arm();
      const answer = await invoke<number>(cartHandler as never, 'manager@demo.shop', 'GET /cart/order/count/{statuses}', { path });
      expect(answer).toEqual({ status: 200, body: shopBefore.success + shopBefore.shipped + shopBefore.delivered + 2 });
      expect(recorder.commands()).toContain('GetCommand');
      expect(recorder.commands()).not.toContain('QueryCommand');
      // The customer's counts: one GetItem a status; a search counts at most its cap.
      recorder.arm();
      expect(await cartData.customerOrdersCount('demo', id, ['OrderSuccess', 'Shipped', 'Delivered'])).toBe(2);
      expect(await cartData.count('demo', id, 'Delivered', '', 1000)).toBe(1);
      expect(recorder.commands()).toEqual(['GetCommand', 'GetCommand', 'GetCommand', 'GetCommand']);
      expect(await cartData.customerOrderSearchCount('demo', id, ['OrderSuccess', 'Delivered'], 'counted order', 1000)).toBe(2);
      expect(await cartData.customerOrderSearchCount('demo', id, ['OrderSuccess', 'Delivered'], 'counted order', 1)).toBe(1);
    } finally {
      recorder.restore();
    }
  });
});
