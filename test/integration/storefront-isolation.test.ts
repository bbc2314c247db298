import { beforeAll, describe, expect, it } from 'vitest';
import { cartData } from '../../functions/cart/data.js';
import { paymentData } from '../../functions/payments/data.js';
import { wishData } from '../../functions/wish/data.js';
import { allRoutes, buildPath, routeKey, type RouteDef } from '../../shared/routes/index.js';
import type { CartLine } from '../../shared/schemas/cart.js';
import type { WishLine } from '../../shared/schemas/wish.js';
import { call } from './client.js';
import { checkout } from './payment-fixtures.js';
import { linesOf, newShopper, seededShopper, stocked, type Shopper } from './storefront-fixtures.js';

/**
 * Two customers of one shop (beta's seeded customer and one who signs up): every cart, wishlist and payment route,
 * called by one customer with the other's ids, is refused and shows nothing of the other's cart, orders, wishlist
 * or payments, and changes none of them.
 */
const TENANT = 'beta';
let owner: Shopper;
let intruder: Shopper;
let params: Record<string, string>;
let bodies: Record<string, unknown>;
let ownerIds: string[];

/** The owner's records as stored, to compare before and after each call. */
async function ownerRecords(): Promise<string> {
  const id = owner.customer.customerId;
  const [inCart, ordered, wishes, payment] = await Promise.all([
    cartData.ofStatus(TENANT, id, 'InCart', 50),
    cartData.ofStatus(TENANT, id, 'OrderSuccess', 50),
    wishData.page(TENANT, id, '', { page: 0, size: 50 }).then((p) => p.items),
    paymentData.get(TENANT, params.orderId!),
  ]);
  return JSON.stringify({ inCart, ordered, wishes, payment });
}

beforeAll(async () => {
  owner = await seededShopper('customer@beta.shop');
  intruder = await newShopper(TENANT);
  // The shop's own seeded products are the security matrix's to delete, so the owner buys one of this test's.
  const [{ productId }] = await stocked([{ quantity: 10, mrp: 180, name: 'Isolation Jeera' }], TENANT);
  const add = await call<CartLine>('POST', '/cart/save', { token: owner.token, body: { customerId: owner.customer.customerId, productId, cartQuantity: 1 } });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const { order, paymentId } = await checkout(owner);
  const inCart = await call<CartLine>('POST', '/cart/save', { token: owner.token, body: { customerId: owner.customer.customerId, productId, cartQuantity: 1 } });
  const wish = await call<WishLine>('POST', '/wish/save', { token: owner.token, body: { customerId: owner.customer.customerId, productId } });
  const [orderLine] = await linesOf(owner, 'OrderSuccess');
  params = {
    customerId: String(owner.customer.customerId),
    status: 'InCart',
    statuses: 'OrderSuccess,InCart',
    text: 'isolation',
    customerCartId: String(inCart.body.customerCartId),
    customerWishId: String(wish.body.customerWishId),
    orderId: order.id,
    qrId: 'qr_IsolationTest01',
    paymentId,
  };
  const mine = { customerId: owner.customer.customerId, productId, cartQuantity: 1 };
  bodies = {
    'POST /cart/save': mine,
    'PUT /cart/{customerCartId}': { status: 'InCart', cartQuantity: 2 },
    'POST /wish/save': mine,
    'POST /payment/order/external': { currency: 'INR' },
    'POST /payment/order/internal': { payment: { razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: 'f'.repeat(64) } },
  };
  // Anything that names the owner's records: their customer id in a line, their order and payment ids.
  ownerIds = [`"customerId":${owner.customer.customerId}`, order.id, paymentId, `"customerCartId":${orderLine!.customerCartId}`];
});

const storefront = allRoutes.filter((e) => ['cart', 'wish', 'payments'].includes(e.domain) && e.route.access !== 'public');

describe.each(storefront.map((e) => [routeKey(e.route), e.route] as const))('%s', (key, route: RouteDef) => {
  it('called by another customer with the owner’s ids, shows and changes nothing of the owner’s', async () => {
    const before = await ownerRecords();
    const answer = await call(route.method, buildPath(route.path, params), { token: intruder.token, body: route.bodyKind === 'none' ? undefined : bodies[key] });
    expect([400, 403, 404], `${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    for (const id of ownerIds) expect(JSON.stringify(answer.body)).not.toContain(id);
    expect(await ownerRecords()).toBe(before);
  });
});

it('refuses another customer’s order line too: no Ship, no change, no delete', async () => {
  const [orderLine] = await linesOf(owner, 'OrderSuccess');
  const before = await ownerRecords();
  for (const [method, body] of [['PUT', { status: 'Shipped', deliveryPerson: 'X', deliveryContact: '9000000000' }], ['PUT', { status: 'InCart', cartQuantity: 1 }], ['DELETE', undefined]] as const) {
    const answer = await call(method, `/cart/${orderLine!.customerCartId}`, { token: intruder.token, body });
    expect([403, 404]).toContain(answer.status);
  }
  expect(await ownerRecords()).toBe(before);
});
