import { beforeAll, describe, expect, it } from 'vitest';
import type { CartMasterRow, OrderRow } from '../../shared/schemas/cart.js';
import type { Payment } from '../../shared/schemas/payment.js';
import type { Purchase, Receipt } from '../../shared/schemas/purchase.js';
import { call, tokenOf } from './client.js';
import { completeCheckout, createOrder, reportCheckout } from './payment-fixtures.js';
import { mustAdd, newShopper, stocked, type Shopper } from './storefront-fixtures.js';

const manager = () => tokenOf('manager@demo.shop');
const asStaff = async <T>(path: string) => call<T>('GET', path, { token: await manager() });

/** The shopper's profile says Bengaluru (storefront-fixtures); the order goes to a flat in Chennai. */
const chennai = { name: 'Anitha', line: '12, Luz Church Road, Mylapore', city: 'Chennai', pincode: '600004', state: '33' };
const chennaiLine = 'Anitha, 12, Luz Church Road, Mylapore, Chennai 600004, 33-Tamil Nadu';
const profileAddress = '7, Church Street, Bengaluru 560001';

describe('a storefront order delivered to an address other than the profile’s', () => {
  let shopper: Shopper;
  let orderId: string;
  let purchaseId: number;
  beforeAll(async () => {
    shopper = await newShopper();
    expect(shopper.customer.address).toBe(profileAddress);
    const [lamp] = await stocked([{ quantity: 5, mrp: 750, gst: 12, name: 'Delivered Brass Lamp' }]);
    await mustAdd(shopper, lamp, 1);
    const order = await createOrder(shopper, { currency: 'INR', shippingAddress: chennai });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    orderId = order.body.id;
    const result = await completeCheckout(orderId, 'success');
    if (result.kind !== 'success') throw new Error('the simulator refused the payment');
    const outcome = await reportCheckout(shopper, result.response);
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    purchaseId = outcome.body.purchaseId!;
  });

  it('shows staff on order tracking the address the order goes to, found by mobile number and in the list', async () => {
    const found = await asStaff<OrderRow[]>(`/cart/search/OrderSuccess/${shopper.customer.mobileNumber}?page=0&size=5`);
    expect(found.body).toHaveLength(1);
    expect(found.body[0]!.address).toBe(chennaiLine);
    const listed = await asStaff<OrderRow[]>('/cart/order/OrderSuccess?page=0&size=50');
    expect(listed.body.find((o) => o.orderId === orderId)?.address).toBe(chennaiLine);
  });

  it('shows the customer the address on Your Orders and on the paid order', async () => {
    const own = await call<CartMasterRow[]>('GET', `/cart/masterOrder/page/${shopper.customer.customerId}/OrderSuccess?page=0&size=5`, { token: shopper.token });
    expect(own.body.map((o) => o.deliveryAddress)).toEqual([chennaiLine]);
    const paid = await call<Payment>('GET', `/payment/order/${orderId}`, { token: shopper.token });
    expect(paid.body.deliveryAddress).toBe(chennaiLine);
    // The profile's address stays the customer's address.
    expect(paid.body.address).toBe(profileAddress);
  });

  it('bills it as delivered there: the bill names the delivery address, supplied in Tamil Nadu (IGST)', async () => {
    const bill = (await asStaff<Purchase>(`/purchase/${purchaseId}`)).body;
    expect(bill).toMatchObject({ address: profileAddress, deliveryAddress: chennaiLine, placeOfSupply: '33', supply: 'inter', cgst: 0, sgst: 0 });
    const receipt = (await asStaff<Receipt>(`/purchase/receipt/${purchaseId}`)).body;
    expect(receipt.deliveryAddress).toBe(chennaiLine);
    expect(receipt.placeOfSupply).toBe('33-Tamil Nadu');
  });
});
