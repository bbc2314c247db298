import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { CartLine } from '../../shared/schemas/cart.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { createCategory, createProducts, productRow, unique } from './catalogue-fixtures.js';
import { call, signIn, tokenOf } from './client.js';

/** Helpers of the storefront tests: shoppers who signed up, stocked products, their carts. */

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const SHOPPER_PASSWORD = 'Shopper@2024';

export interface Shopper {
  token: string;
  customer: Customer;
  userName: string;
}

/** A customer who signed up in the demo shop and signed in. */
/** A customer signed up on the storefront; `typedName` is the name as typed (spaces kept), `Shopper12345678` by default. */
export async function newShopper(tenantId = 'demo', typedName?: string): Promise<Shopper> {
  const name = typedName ?? `Shopper${digits(8)}`;
  const mobileNumber = `8${digits(9)}`;
  const signedUp = await call<Customer>('POST', '/customer/signUp', {
    body: { tenantId, customerName: name, mobileNumber, emailId: `${name.toLowerCase().replace(/\s+/g, '')}@example.in`, address: '7, Church Street, Bengaluru 560001', password: SHOPPER_PASSWORD, passwordVerify: SHOPPER_PASSWORD },
  });
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
  const userName = signedUp.body.customerName.toLowerCase();
  return { token: (await signIn(userName, SHOPPER_PASSWORD)).token, customer: signedUp.body, userName };
}

/** A seeded user (customer@beta.shop) as a shopper. */
export async function seededShopper(userName: string): Promise<Shopper> {
  const token = await tokenOf(userName);
  const customer = await call<Customer>('GET', `/customer/appUser/${String(decodeJwt(token).appUserId)}`, { token });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  return { token, customer: customer.body, userName };
}

export interface StockedProduct {
  productId: number;
  stockId: number;
  productName: string;
  artcode: string;
}

const categories = new Map<string, number>();
export const adminToken = (tenantId = 'demo') => tokenOf(`admin@${tenantId}.shop`);

/** Products of a shop (the demo shop unless named) received with known prices (rupees, GST percent), each its own stock line. */
interface StockItem {
  quantity: number;
  mrp: number;
  sellingPrice?: number;
  gst?: number;
  name?: string;
}

export async function stocked<const T extends readonly StockItem[]>(items: T, tenantId = 'demo'): Promise<{ -readonly [K in keyof T]: StockedProduct }> {
  const token = await adminToken(tenantId);
  if (!categories.has(tenantId)) categories.set(tenantId, (await createCategory(token, unique('Storefront'))).categoryId);
  const categoryId = categories.get(tenantId)!;
  const products = await createProducts(token, items.map((item) => productRow(categoryId, unique(item.name ?? 'Store Item'))));
  const out: StockedProduct[] = [];
  for (const [i, item] of items.entries()) {
    const product = products[i]!;
    const artcode = `SF${digits(7)}`;
    const gst = item.gst ?? 5;
    const received = await call<{ stock: { stockId: number } }>('POST', '/inventory/save', {
      token,
      body: {
        productId: product.productId,
        vendor: 'Storefront Wholesale',
        artcode,
        barcode: `89${digits(11)}`,
        quantity: item.quantity,
        cgst: gst / 2,
        sgst: gst / 2,
        mrp: item.mrp,
        buyingPrice: Math.round(item.mrp * 0.7),
        sellingPrice: item.sellingPrice ?? item.mrp,
      },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    out.push({ productId: product.productId, stockId: received.body.stock.stockId, productName: product.productName, artcode });
  }
  return out as { -readonly [K in keyof T]: StockedProduct };
}

export async function stockOf(product: StockedProduct): Promise<number> {
  const answer = await call<{ quantity: number }>('GET', `/stock/${product.productId}/${product.artcode}`, { token: await adminToken() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.quantity;
}

/** Sets a stock line's units on the stock form (as staff do after a count). */
export async function setStock(product: StockedProduct, quantity: number, price: number): Promise<void> {
  const answer = await call('PUT', `/stock/${product.stockId}`, { token: await adminToken(), body: { quantity, productPrice: price } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

export const addToCart = (shopper: Shopper, product: StockedProduct, cartQuantity: unknown = 1) =>
  call<CartLine & { message?: string }>('POST', '/cart/save', {
    token: shopper.token,
    body: { customerId: shopper.customer.customerId, productId: product.productId, stockId: product.stockId, cartQuantity },
  });

export async function mustAdd(shopper: Shopper, product: StockedProduct, cartQuantity = 1): Promise<CartLine> {
  const answer = await addToCart(shopper, product, cartQuantity);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export const changeLine = (shopper: Shopper, line: Pick<CartLine, 'customerCartId'>, body: Record<string, unknown>) =>
  call<(CartLine & { message?: string }) | null>('PUT', `/cart/${line.customerCartId}`, { token: shopper.token, body });

export async function linesOf(shopper: Shopper, status: string): Promise<CartLine[]> {
  const answer = await call<CartLine[]>('GET', `/cart/byCustomerStatus/${shopper.customer.customerId}/${status}`, { token: shopper.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
