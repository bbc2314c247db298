/** Stored bills as the API answers them, for the component tests of the billing screens. */
import type { Purchase, PurchasedProduct, Receipt } from '../../../../shared/schemas/purchase.js';

/** A line of a stored bill as the API answers it; figures for `quantity` units still with the customer. */
export function billLine(no: number, productName: string, artcode: string, rate: number, sold: number, returned = 0): PurchasedProduct {
  const quantity = sold - returned;
  return {
    purchasedProductId: no,
    productId: 10 + no,
    productName,
    artcode,
    stockId: 20 + no,
    productInventoryId: 30 + no,
    quantity,
    originalQuantity: sold,
    returnQuantity: returned,
    remainingQty: quantity,
    price: rate,
    sellingPrice: rate,
    boughtPrice: rate * 0.8,
    discount: 0,
    discountPrice: 0,
    gst: 5,
    cgst: 2.5,
    sgst: 2.5,
    taxable: 0,
    cgstPrice: 0,
    sgstPrice: 0,
    igst: 0,
    igstPrice: 0,
    hsnCode: '1006',
    unit: 'NOS',
    tax: 0,
    netAmount: rate * sold,
    purchasedPrice: rate * quantity,
    purchasedTotalMRPPrice: rate * quantity,
    status: returned === 0 ? 'Sold' : quantity === 0 ? 'Returned' : 'Partly Returned',
    modified: returned > 0,
    createdOn: '2026-11-20T05:00:00.000Z',
    createdBy: 'cashier@demo.shop',
  };
}

export function storedBill(lines: PurchasedProduct[], changes: Partial<Purchase> = {}): Purchase & { redeemablePoints: number } {
  const net = lines.reduce((sum, l) => sum + l.netAmount, 0);
  return {
    purchaseId: 41,
    customerId: 7,
    customerName: 'MeenaIyer@demo.shop',
    mobileNumber: '9740000001',
    emailId: 'meena@example.in',
    paymentMode: 'Cash',
    status: 'Paid',
    saleDate: '2026-11-20',
    invoiceNumber: 'DEM/26-27/000041',
    invoiceDate: '2026-11-20',
    documentType: 'TAX_INVOICE',
    placeOfSupply: '29',
    supply: 'intra',
    grossAmount: net,
    discount: 0,
    taxable: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    tax: 0,
    totalSellingAmount: net,
    redeemAmount: 0,
    netAmount: net,
    totalBoughtPrice: 0,
    pointsUsed: 0,
    pointsEarned: Math.floor(net / 100),
    customerCreditPoints: 12,
    returnQuantity: 0,
    returnAmount: 0,
    pointsReturned: 0,
    mailed: false,
    printed: true,
    reBills: 0,
    purchasedProduct: lines,
    version: 1,
    createdOn: '2026-11-20T05:00:00.000Z',
    createdBy: 'cashier@demo.shop',
    redeemablePoints: 12,
    ...changes,
  };
}

/** A receipt as the API answers it: a tax invoice of the shop in Karnataka unless `changes` say otherwise. */
export function storedReceipt(purchase: Purchase, lines: PurchasedProduct[], totals: Omit<Receipt['totals'], 'igst'> & { igst?: number }, changes: Partial<Receipt> = {}): Receipt {
  return {
    shop: { displayName: 'Sri Lakshmi General Stores', address: 'Gandhi Bazaar, Bengaluru', gstNumber: '29ABCDE1234F1ZW', state: '29-Karnataka', gstRegistered: true },
    title: 'Tax Invoice',
    placeOfSupply: '29-Karnataka',
    supply: 'intra',
    reverseCharge: 'No',
    amountInWords: 'Rupees Three Hundred Only',
    hsnSummary: [],
    creditNotes: [],
    purchase,
    lines,
    totals: { igst: 0, ...totals },
    paymentStatus: 'Payment Status: Paid',
    ...changes,
  };
}
