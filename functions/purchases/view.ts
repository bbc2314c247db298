import { billLine, billTotals, toRupees } from '../../shared/money.js';
import {
  PAYMENT_STATUS_PAID,
  type OrderRow,
  type Purchase,
  type PurchasedProduct,
  type Receipt,
} from '../../shared/schemas/purchase.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import type { OpenedBill, StoredLine, StoredPurchase } from './data.js';

/** Basis points to percent (250 → 2.5). */
const percent = (basisPoints: number) => basisPoints / 100;

/** A customer's name is stored with the shop's domain (`RaviKumar@demo.shop`) and shown without it. */
export const shownName = (customerName: string) => customerName.split('@')[0] ?? customerName;

export function lineStatus(line: Pick<StoredLine, 'quantity' | 'returnQuantity'>): PurchasedProduct['status'] {
  if (line.returnQuantity === 0) return 'Sold';
  return line.quantity === 0 ? 'Returned' : 'Partly Returned';
}

export function billStatus(bill: Pick<StoredPurchase, 'returnQuantity' | 'soldQuantity'>): string {
  if (bill.returnQuantity === 0) return 'Paid';
  return bill.returnQuantity >= bill.soldQuantity ? 'Returned' : 'Partly Returned';
}

/** A stored line as the API answers it: rupees and percent. */
export function lineView(line: StoredLine): PurchasedProduct {
  return {
    purchasedProductId: line.purchasedProductId,
    productId: line.productId,
    productName: line.productName,
    artcode: line.artcode,
    stockId: line.stockId,
    productInventoryId: line.productInventoryId,
    quantity: line.quantity,
    originalQuantity: line.originalQuantity,
    returnQuantity: line.returnQuantity,
    remainingQty: line.quantity,
    price: toRupees(line.mrp),
    sellingPrice: toRupees(line.rate),
    boughtPrice: toRupees(line.boughtPrice),
    discount: line.discountPercent,
    discountPrice: toRupees(line.discount),
    gst: percent(line.cgstRate + line.sgstRate),
    cgst: percent(line.cgstRate),
    sgst: percent(line.sgstRate),
    taxable: toRupees(line.taxable),
    cgstPrice: toRupees(line.cgst),
    sgstPrice: toRupees(line.sgst),
    tax: toRupees(line.tax),
    netAmount: toRupees(line.net),
    purchasedPrice: toRupees(line.rate * line.quantity),
    purchasedTotalMRPPrice: toRupees(line.gross),
    status: lineStatus(line),
    modified: line.modified,
    createdOn: line.createdOn,
    createdBy: line.createdBy,
  };
}

export function purchaseView({ bill, lines }: Pick<OpenedBill, 'bill' | 'lines'>): Purchase {
  return {
    purchaseId: bill.purchaseId,
    customerId: bill.customerId,
    customerName: bill.customerName,
    mobileNumber: bill.mobileNumber,
    emailId: bill.emailId,
    address: bill.address,
    paymentMode: bill.paymentMode,
    status: billStatus(bill),
    saleDate: bill.saleDate,
    grossAmount: toRupees(bill.gross),
    discount: toRupees(bill.discount),
    taxable: toRupees(bill.taxable),
    cgst: toRupees(bill.cgst),
    sgst: toRupees(bill.sgst),
    tax: toRupees(bill.tax),
    totalSellingAmount: toRupees(bill.net),
    redeemAmount: toRupees(bill.redeemed),
    netAmount: toRupees(bill.paid),
    totalBoughtPrice: toRupees(bill.cost),
    pointsUsed: bill.pointsUsed,
    pointsEarned: bill.pointsEarned,
    customerCreditPoints: bill.customerPointsAfter,
    returnQuantity: bill.returnQuantity,
    returnAmount: toRupees(bill.refunded),
    pointsReturned: bill.pointsReturned,
    mailed: bill.mailed,
    printed: bill.printed,
    reBills: bill.reBills,
    orderId: bill.orderId,
    purchasedProduct: [...lines].sort((a, b) => a.purchasedProductId - b.purchasedProductId).map(lineView),
    version: bill.version,
    createdOn: bill.createdOn,
    createdBy: bill.createdBy,
    updatedOn: bill.updatedOn,
    updatedBy: bill.updatedBy,
  };
}

export function orderRowView(line: StoredLine): OrderRow {
  return {
    ...lineView(line),
    purchaseId: line.purchaseId,
    saleDate: line.saleDate,
    customerName: line.customerName,
    mobileNumber: line.mobileNumber,
    paymentMode: line.paymentMode,
  };
}

/**
 * The receipt: the shop's details from its tenant record, the lines still with the customer with their figures
 * worked again for those units (so a receipt after a return adds up), and 'Payment Status: Paid'.
 */
export function receiptView(tenant: Pick<Tenant, 'displayName' | 'address' | 'gstNumber'>, opened: OpenedBill): Receipt {
  const kept = opened.lines.filter((l) => l.quantity > 0).sort((a, b) => a.purchasedProductId - b.purchasedProductId);
  const worked = kept.map((line) => {
    const amounts = billLine({ mrp: line.mrp, rate: line.rate, quantity: line.quantity, cgstRate: line.cgstRate, sgstRate: line.sgstRate });
    return { line: { ...line, ...amounts }, amounts };
  });
  const totals = billTotals(worked.map((w) => w.amounts));
  const { bill } = opened;
  return {
    shop: { displayName: tenant.displayName, address: tenant.address, gstNumber: tenant.gstNumber },
    purchase: purchaseView(opened),
    lines: worked.map((w) => lineView(w.line)),
    totals: {
      grossAmount: toRupees(totals.gross),
      discount: toRupees(totals.discount),
      taxable: toRupees(totals.taxable),
      cgst: toRupees(totals.cgst),
      sgst: toRupees(totals.sgst),
      tax: toRupees(totals.tax),
      totalSellingAmount: toRupees(totals.net),
      redeemAmount: toRupees(bill.redeemed),
      returnAmount: toRupees(bill.refunded),
      netAmount: toRupees(bill.paid - bill.refunded),
    },
    paymentStatus: PAYMENT_STATUS_PAID,
  };
}
