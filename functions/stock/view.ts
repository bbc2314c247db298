import { toRupees } from '../../shared/money.js';
import type { Stock, StockMovement } from '../../shared/schemas/inventory.js';
import { LOW_STOCK_LIMIT } from '../../shared/schemas/inventory-messages.js';
import type { StoredMovement, StoredStock } from './data.js';

/** Basis points to percent (900 → 9). */
export const toPercent = (basisPoints: number) => basisPoints / 100;

/** A stored line as the API answers it: rupees and percent, as the screens show them. */
export function stockView(line: StoredStock, receivedOnDate?: number): Stock {
  return {
    stockId: line.stockId,
    productId: line.productId,
    productName: line.productName,
    artcode: line.artcode,
    barcode: line.barcode,
    vendor: line.vendor,
    quantity: line.quantity,
    productPrice: toRupees(line.sellingPrice),
    mrp: toRupees(line.mrp),
    buyingPrice: toRupees(line.buyingPrice),
    sellingPrice: toRupees(line.sellingPrice),
    cgst: toPercent(line.cgst),
    sgst: toPercent(line.sgst),
    inventoryId: line.inventoryId,
    low: line.quantity <= LOW_STOCK_LIMIT,
    ...(receivedOnDate === undefined ? {} : { receivedOnDate }),
    version: line.version,
    createdBy: line.createdBy,
    createdOn: line.createdOn,
    updatedBy: line.updatedBy,
    updatedOn: line.updatedOn,
  };
}

export const movementView = (movement: StoredMovement): StockMovement => ({ ...movement });
