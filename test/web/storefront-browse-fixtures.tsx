import type { CartLine } from '../../shared/schemas/cart.js';
import type { WishLine } from '../../shared/schemas/wish.js';
import type { ShelfProduct } from '../../shared/schemas/inventory.js';
import { startSession, updateSession } from '../../frontend/src/lib/session.js';
import { tokenAnswer } from './render.js';

export const CUSTOMER_ID = 7;

/** A signed-in customer with the customer record the storefront screens need. */
export function signInAsCustomer() {
  const userName = 'customer@demo.shop';
  startSession(tokenAnswer(3600, undefined, userName));
  updateSession({
    userName,
    user: { appUserId: 30, userName, appUserRole: [{ roleId: 9, name: 'CUSTOMER' }] },
    roles: [{ roleId: 9, name: 'CUSTOMER', description: 'CUSTOMER', roleModule: [] }],
    features: ['CartList', 'CartEdit'],
    isCustomer: true,
    customer: { customerId: CUSTOMER_ID, customerName: 'Anita Rao', mobileNumber: '9876543210', creditPoints: 0, appUserId: 30 },
  });
}

export function shelfProduct(changes: Partial<ShelfProduct> & Pick<ShelfProduct, 'productId' | 'productName'>): ShelfProduct {
  return {
    inventoryId: changes.productId * 10,
    stockId: changes.productId * 100,
    categoryId: 3,
    artcode: `ART${changes.productId}`,
    size: '1 kg',
    colour: 'Yellow',
    description: '',
    sellingPrice: 150,
    mrp: 180,
    tax: 5,
    quantity: 20,
    ...changes,
  };
}

export function cartLine(changes: Partial<CartLine> & Pick<CartLine, 'customerCartId' | 'productId' | 'cartQuantity'>): CartLine {
  return {
    customerId: CUSTOMER_ID,
    inventoryId: changes.productId * 10,
    stockId: changes.productId * 100,
    productName: `Product ${changes.productId}`,
    artcode: `ART${changes.productId}`,
    price: 150,
    mrp: 180,
    tax: 5,
    status: 'InCart',
    version: 1,
    ...changes,
  };
}

export function wishLine(changes: Partial<WishLine> & Pick<WishLine, 'customerWishId' | 'productId' | 'productName'>): WishLine {
  return {
    customerId: CUSTOMER_ID,
    inventoryId: changes.productId * 10,
    stockId: changes.productId * 100,
    artcode: `ART${changes.productId}`,
    quantity: 1,
    status: 'Wishlist',
    orderDate: '2026-11-20',
    size: '1 kg',
    colour: 'Yellow',
    price: 150,
    mrp: 180,
    stock: 20,
    ...changes,
  };
}
