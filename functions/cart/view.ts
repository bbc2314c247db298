import { toRupees } from '../../shared/money.js';
import type { CartLine, CartMasterRow, OrderRow } from '../../shared/schemas/cart.js';
import { inStock, isOrderStatus, stockMessage, type OrderStatus } from '../../shared/schemas/cart-messages.js';
import type { StoredStock } from '../stock/data.js';
import { toPercent } from '../stock/view.js';
import type { StoredCartLine } from './data.js';
import { shelvesOf } from './shelf.js';

/** A line in the cart is priced by the shelf as it is now; an ordered line keeps what was paid. */
function pricesOf(line: StoredCartLine, shelf: StoredStock | undefined) {
  if (!isOrderStatus(line.status) && shelf) return { price: shelf.sellingPrice, mrp: shelf.mrp, cgst: shelf.cgst, sgst: shelf.sgst };
  return { price: line.price, mrp: line.mrp, cgst: line.cgst, sgst: line.sgst };
}

export function lineView(line: StoredCartLine, shelf?: StoredStock): CartLine {
  const p = pricesOf(line, shelf);
  return {
    customerCartId: line.customerCartId,
    customerId: line.customerId,
    productId: line.productId,
    inventoryId: line.inventoryId,
    stockId: line.stockId,
    productName: line.productName,
    artcode: line.artcode,
    cartQuantity: line.cartQuantity,
    price: toRupees(p.price),
    mrp: toRupees(p.mrp),
    tax: toPercent(p.cgst + p.sgst),
    status: line.status,
    orderId: line.orderId,
    purchaseId: line.purchaseId,
    paymentDate: line.paymentDate,
    shippedDate: line.shippedDate,
    deliveredDate: line.deliveredDate,
    deliveryPerson: line.deliveryPerson,
    deliveryContact: line.deliveryContact,
    version: line.version,
    createdBy: line.createdBy,
    createdOn: line.createdOn,
    updatedBy: line.updatedBy,
    updatedOn: line.updatedOn,
  };
}

/** Lines with the shelf's prices (no product images): the raw list routes. */
export async function lineViews(tenantId: string, lines: StoredCartLine[]): Promise<CartLine[]> {
  const { stock } = await shelvesOf(tenantId, lines);
  return lines.map((l) => lineView(l, stock.get(l.stockId)));
}

/** A line in the cart above the shelf's units says how many there are; otherwise the shelf's own message. */
function messageOf(line: StoredCartLine, units: number): string | undefined {
  if (isOrderStatus(line.status)) return undefined;
  if (line.status === 'InCart' && units > 0 && line.cartQuantity > units) return inStock(units);
  return stockMessage(units);
}

export async function masterRows(tenantId: string, lines: StoredCartLine[]): Promise<CartMasterRow[]> {
  const { stock, images } = await shelvesOf(tenantId, lines);
  return lines.map((line) => {
    const shelf = stock.get(line.stockId);
    const view = lineView(line, shelf);
    const p = pricesOf(line, shelf);
    const units = shelf?.quantity ?? 0;
    return {
      ...view,
      productImage: images.get(line.productId),
      quantity: units,
      boughtPrice: view.price,
      purchasedPrice: toRupees(p.price * line.cartQuantity),
      saved: toRupees((p.mrp - p.price) * line.cartQuantity),
      stockMessage: messageOf(line, units),
      ...(isOrderStatus(line.status) && line.address ? { deliveryAddress: line.address } : {}),
    };
  });
}

export function orderRow(line: StoredCartLine): OrderRow {
  return {
    customerCartId: line.customerCartId,
    customerOrderId: line.purchaseId,
    orderId: line.orderId,
    customerId: line.customerId,
    customerName: line.customerName ?? '',
    address: line.address,
    mobileNumber: line.mobileNumber ?? '',
    productId: line.productId,
    productName: line.productName,
    artcode: line.artcode,
    quantity: line.cartQuantity,
    amount: toRupees(line.price * line.cartQuantity),
    status: line.status as OrderStatus,
    orderDate: line.paymentDate,
    shippedDate: line.shippedDate,
    deliveredDate: line.deliveredDate,
    deliveryPerson: line.deliveryPerson,
    deliveryContact: line.deliveryContact,
    updatedOn: line.updatedOn,
    version: line.version,
  };
}
