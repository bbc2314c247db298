import type { CartMasterRow, OrderRow } from '../../shared/schemas/cart.js';
import { signInWith } from './people-fixtures.js';
import { updateSession } from '../../frontend/src/lib/session.js';

export { renderScreen, serve, type Answer, type Call } from './leave-fixtures.js';

/** Helpers of the cart, checkout and order screens' tests. */

export const CUSTOMER_ID = 21;

export const ravi = {
  customerId: CUSTOMER_ID,
  customerName: 'RaviKumar@demo.shop',
  mobileNumber: '9876543210',
  emailId: 'ravi.kumar@example.in',
  address: '45, 3rd Cross, Jayanagar, Bengaluru 560011',
  creditPoints: 0,
  appUserId: 31,
  state: '29',
  shippingAddress: { name: 'Ravi Kumar', line: '45, 3rd Cross, Jayanagar', city: 'Bengaluru', pincode: '560011', state: '29' as const },
};

/** The demo shop's customer, signed in with the CUSTOMER role and a stored customer record. */
export function signInAsCustomer() {
  signInWith('customer@demo.shop', 31, ['CUSTOMER']);
  updateSession({ customer: ravi, isCustomer: true });
}

/** A cart master row as the server answers it: prices in rupees, `quantity` the shelf's units. */
export function masterRow(changes: Partial<CartMasterRow> & Pick<CartMasterRow, 'customerCartId' | 'productName'>): CartMasterRow {
  const base = {
    customerId: CUSTOMER_ID,
    productId: changes.customerCartId + 100,
    inventoryId: 1,
    stockId: changes.customerCartId + 200,
    artcode: `AC${changes.customerCartId}`,
    cartQuantity: 1,
    price: 95,
    mrp: 100,
    tax: 5,
    status: 'InCart' as const,
    version: 1,
    quantity: 10,
    ...changes,
  };
  return {
    boughtPrice: base.price,
    purchasedPrice: Math.round(base.price * base.cartQuantity * 100) / 100,
    saved: Math.round((base.mrp - base.price) * base.cartQuantity * 100) / 100,
    ...base,
  };
}

export function orderRow(changes: Partial<OrderRow> & Pick<OrderRow, 'customerCartId' | 'status'>): OrderRow {
  return {
    customerOrderId: 501,
    orderId: 'order_Sim0001',
    customerId: CUSTOMER_ID,
    customerName: 'RaviKumar@demo.shop',
    address: '45, 3rd Cross, Jayanagar',
    mobileNumber: '9876543210',
    productId: 7,
    productName: 'Toor Dal 1kg',
    artcode: 'TD1',
    quantity: 2,
    amount: 360,
    orderDate: '2026-11-20T05:30:00.000Z',
    version: 3,
    ...changes,
  };
}
