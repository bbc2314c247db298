import type { BillFigures } from '../../shared/bill.js';
import type { PaymentMode } from '../../shared/schemas/purchase.js';
import type { StoredLine, StoredPurchase } from './data.js';
import { shownName } from './view.js';

/** One sold line as the stock knows it (`boughtPrice`: the stock line's buying price); its amounts come from the bill's figures. */
export type SoldLine = Pick<StoredLine, 'productId' | 'productName' | 'artcode' | 'stockId' | 'quantity' | 'mrp' | 'rate' | 'boughtPrice' | 'cgstRate' | 'sgstRate'> & {
  inventoryId: number;
};

export interface BillRecordsInput {
  purchaseId: number;
  customer: { customerId: number; customerName: string; mobileNumber: string; emailId?: string; address?: string };
  paymentMode: PaymentMode;
  saleDate: string;
  sold: SoldLine[];
  /** `computeBill` over the sold lines, in their order. */
  figures: BillFigures;
  customerPointsAfter: number;
  createdOn: string;
  createdBy: string;
}

/**
 * A bill's record and lines as written when it is saved, whether sold at the till or paid for on the storefront:
 * every amount is the shared computation's, nothing is returned yet. The callers add what only they know (an
 * edit's history, the storefront order's id).
 */
export function billRecords(input: BillRecordsInput): { bill: StoredPurchase; lines: StoredLine[] } {
  const { figures, customer, paymentMode, saleDate, createdOn, createdBy } = input;
  const customerName = shownName(customer.customerName);
  const lines: StoredLine[] = input.sold.map((sold, i) => ({
    purchaseId: input.purchaseId,
    purchasedProductId: i + 1,
    productId: sold.productId,
    productName: sold.productName,
    artcode: sold.artcode,
    stockId: sold.stockId,
    productInventoryId: sold.inventoryId,
    originalQuantity: sold.quantity,
    returnQuantity: 0,
    quantity: sold.quantity,
    mrp: sold.mrp,
    rate: sold.rate,
    boughtPrice: sold.boughtPrice,
    cgstRate: sold.cgstRate,
    sgstRate: sold.sgstRate,
    ...figures.lines[i]!,
    modified: false,
    saleDate,
    customerName,
    mobileNumber: customer.mobileNumber,
    paymentMode,
    createdOn,
    createdBy,
  }));
  const bill: StoredPurchase = {
    purchaseId: input.purchaseId,
    customerId: customer.customerId,
    customerName,
    mobileNumber: customer.mobileNumber,
    emailId: customer.emailId,
    address: customer.address,
    paymentMode,
    saleDate,
    ...figures.totals,
    redeemed: figures.redeemed,
    paid: figures.paid,
    cost: lines.reduce((sum, l) => sum + l.boughtPrice * l.originalQuantity, 0),
    pointsUsed: figures.pointsUsed,
    pointsEarned: figures.pointsEarned,
    customerPointsAfter: input.customerPointsAfter,
    lineCount: lines.length,
    soldQuantity: lines.reduce((sum, l) => sum + l.originalQuantity, 0),
    returnQuantity: 0,
    refunded: 0,
    returnedValue: 0,
    pointsReturned: 0,
    pointsTakenBack: 0,
    returnCount: 0,
    mailed: false,
    printed: false,
    reBills: 0,
    version: 1,
    createdOn,
    createdBy,
  };
  return { bill, lines };
}
