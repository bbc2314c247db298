import { expect } from 'vitest';
import { rootLogger } from '../../functions/lib/logger.js';
import { placeBill as saveBill } from '../../functions/purchases/service.js';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { purchaseBody, type PaymentMode, type Purchase } from '../../shared/schemas/purchase.js';
import { createCategory, createProducts, productRow, unique } from './catalogue-fixtures.js';
import { call, tokenOf } from './client.js';

/** A product on the demo shop's shelf, received through the inventory screen's route with known prices. */
export interface Shelf {
  productId: number;
  productName: string;
  artcode: string;
  /** Rupees and percent, as the screens send them. */
  mrp: number;
  sellingPrice: number;
  cgst: number;
  sgst: number;
}

let categoryId: number | undefined;

export const adminToken = () => tokenOf('admin@demo.shop');
export const cashierToken = () => tokenOf('cashier@demo.shop');

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

export async function stockedProduct(input: { name: string; quantity: number; mrp: number; buyingPrice: number; sellingPrice?: number; gst: number }): Promise<Shelf> {
  const token = await adminToken();
  categoryId ??= (await createCategory(token, unique('POS Category'))).categoryId;
  const [product] = await createProducts(token, [productRow(categoryId, unique(input.name))]);
  const artcode = `POS${randomDigits(6)}`;
  const received = await call('POST', '/inventory/save', {
    token,
    body: {
      productId: product!.productId,
      vendor: 'Test Wholesale',
      artcode,
      barcode: `89${randomDigits(11)}`,
      quantity: input.quantity,
      cgst: input.gst / 2,
      sgst: input.gst / 2,
      mrp: input.mrp,
      buyingPrice: input.buyingPrice,
      sellingPrice: input.sellingPrice ?? input.mrp,
    },
  });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return {
    productId: product!.productId,
    productName: product!.productName,
    artcode,
    mrp: input.mrp,
    sellingPrice: input.sellingPrice ?? input.mrp,
    cgst: input.gst / 2,
    sgst: input.gst / 2,
  };
}

/** A customer registered at the till, with an e-mail address the SES emulator will show mail for. */
export async function newCustomer(): Promise<Customer> {
  const mobileNumber = `9${randomDigits(9)}`;
  const answer = await call<Customer>('POST', '/customer/save', {
    token: await cashierToken(),
    body: { customerName: unique('Pos Customer'), mobileNumber, emailId: `buyer${mobileNumber}@example.in`, address: 'Jayanagar, Bengaluru' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export const line = (shelf: Shelf, quantity: number | string, sellingPrice: number | string = shelf.sellingPrice) => ({
  productId: shelf.productId,
  productName: shelf.productName,
  artcode: shelf.artcode,
  quantity,
  price: shelf.mrp,
  sellingPrice,
  cgst: shelf.cgst,
  sgst: shelf.sgst,
});

/**
 * The body of a bill of `quantity` units of a product without GST, `onAccount` rupees of it on the customer's account
 * (all of it when not given) and the rest in cash.
 */
export function accountBill(shelf: Shelf, customer: Pick<Customer, 'mobileNumber'>, quantity: number, onAccount?: number, extra: Record<string, unknown> = {}) {
  const figures = computeBill({ lines: [{ mrp: toPaise(shelf.mrp), rate: toPaise(shelf.sellingPrice), quantity, cgstRate: 0, sgstRate: 0 }] });
  const net = toRupees(figures.paid);
  const account = onAccount ?? net;
  return {
    mobileNumber: customer.mobileNumber,
    tenders: [{ method: 'account', amount: account }, ...(net > account ? [{ method: 'cash', amount: toRupees(toPaise(net) - toPaise(account)) }] : [])],
    purchasedProduct: [line(shelf, quantity)],
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: net,
    ...extra,
  };
}

export interface Totals {
  grossAmount: number;
  discount: number;
  tax: number;
  netAmount: number;
  redeemAmount?: number;
}

export const bill = (customer: Pick<Customer, 'mobileNumber'>, lines: Record<string, unknown>[], totals: Totals, extra: Record<string, unknown> = {}) => ({
  mobileNumber: customer.mobileNumber,
  paymentMode: 'Cash',
  purchasedProduct: lines,
  ...totals,
  ...extra,
});

export async function placeBill(body: unknown, token?: string) {
  return call<Purchase & { message?: string; mailSent?: boolean; mailProblem?: string }>('POST', '/purchase', { token: token ?? (await cashierToken()), body });
}

export async function mustPlace(body: unknown): Promise<Purchase & { mailSent?: boolean }> {
  const answer = await placeBill(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function stockOf(shelf: Shelf): Promise<number> {
  const answer = await call<{ quantity: number }>('GET', `/stock/${shelf.productId}/${shelf.artcode}`, { token: await adminToken() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.quantity;
}

export async function pointsOf(customer: Pick<Customer, 'customerId'>): Promise<number> {
  const answer = await call<Customer>('GET', `/customer/${customer.customerId}`, { token: await cashierToken() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.creditPoints;
}

/** What a return or a bill needs to run on a chosen day of the demo shop: the scope with the till's clock set. */
export const demoScopeAt = (at: string) => ({ tenantId: 'demo', actor: { userName: 'cashier@demo.shop', now: new Date(at) }, log: rootLogger });

/**
 * A bill of the demo shop placed at a chosen instant through the point of sale's own service (so past days get
 * bills), its figures worked by the shared bill module: lines of [shelf, quantity, rate in rupees], optionally
 * redeeming the customer's points.
 */
export async function sellOn(customer: Pick<Customer, 'mobileNumber'>, at: string, mode: PaymentMode, lines: [Shelf, number, number][], redeemPoints?: number) {
  const figures = computeBill({
    lines: lines.map(([shelf, quantity, rate]) => ({ mrp: toPaise(shelf.mrp), rate: toPaise(rate), quantity, cgstRate: toPaise(shelf.cgst), sgstRate: toPaise(shelf.sgst) })),
    redeemPoints,
  });
  const body = purchaseBody.parse({
    mobileNumber: customer.mobileNumber,
    paymentMode: mode,
    purchasedProduct: lines.map(([shelf, quantity, rate]) => ({ productId: shelf.productId, productName: shelf.productName, artcode: shelf.artcode, quantity, sellingPrice: rate })),
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    redeem: redeemPoints !== undefined,
    redeemAmount: toRupees(figures.redeemed),
    netAmount: toRupees(figures.paid),
  });
  return saveBill(demoScopeAt(at), body);
}
