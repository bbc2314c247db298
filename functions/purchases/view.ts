import { receiptTotals } from '../../shared/bill.js';
import { amountInWords, DEFAULT_UNIT, documentTitleOf, hsnSummary, shopState, stateLabel, untaxedLabel } from '../../shared/gst.js';
import { toRupees } from '../../shared/money.js';
import type { OrderRow, Purchase, PurchasedProduct, CreditNote, DeliveryLine, Receipt } from '../../shared/schemas/purchase.js';
import { PAYMENT_STATUS_PAID } from '../../shared/schemas/purchase-messages.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import type { TenderView } from '../../shared/schemas/purchase-answers.js';
import { addressLine } from '../../shared/address.js';
import { TENDER_LABELS, tendersOfBill, type RefundTender, type Tender } from '../../shared/tenders.js';
import type { OpenedBill, StoredDelivery, StoredLine, StoredPurchase, StoredReturn } from './data.js';

/** A part of a payment or refund in rupees, named as the receipt prints it. */
export const tenderView = (t: Tender | RefundTender): TenderView => ({
  method: t.method,
  label: TENDER_LABELS[t.method],
  amount: toRupees(t.amount),
  ...('reference' in t && t.reference ? { reference: t.reference } : {}),
  ...('pending' in t && t.pending ? { pending: true } : {}),
});

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

/** How an invoice marks a line of nil-rated, exempt or non-GST goods; nothing on a taxed line (shared/gst.ts). */
function untaxedMark(line: Pick<StoredLine, 'taxability' | 'cgstRate' | 'sgstRate' | 'documentType'>): { untaxed?: 'Nil-rated' | 'Exempt' | 'Non-GST' } {
  const untaxed = untaxedLabel(line.documentType === 'BILL_OF_SUPPLY', { taxability: line.taxability, gstRate: line.cgstRate + line.sgstRate });
  return untaxed ? { untaxed } : {};
}

/** Tax Invoice or Bill of Supply (CGST Rule 49, shared/gst.ts `documentTitleOf`), as the provisional receipt offline decides it too. */
export function documentTitle(bill: Pick<StoredPurchase, 'documentType'>, lines: Pick<StoredLine, 'taxability' | 'cgstRate' | 'sgstRate'>[]): 'Tax Invoice' | 'Bill of Supply' {
  return documentTitleOf(bill.documentType === 'BILL_OF_SUPPLY', lines.map((l) => ({ taxability: l.taxability, gstRate: l.cgstRate + l.sgstRate })));
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
    igst: percent(line.igstRate ?? 0),
    igstPrice: toRupees(line.igst ?? 0),
    ...(line.hsnCode ? { hsnCode: line.hsnCode } : {}),
    unit: line.unit ?? DEFAULT_UNIT,
    ...untaxedMark(line),
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
    ...(bill.shippingAddress ? { deliveryAddress: addressLine(bill.shippingAddress) } : {}),
    paymentMode: bill.paymentMode,
    tenders: tendersOfBill(bill).map(tenderView),
    status: billStatus(bill),
    saleDate: bill.saleDate,
    invoiceNumber: bill.invoiceNumber,
    invoiceDate: bill.invoiceDate,
    documentType: bill.documentType,
    placeOfSupply: bill.placeOfSupply,
    supply: bill.supply,
    customerGstin: bill.customerGstin,
    grossAmount: toRupees(bill.gross),
    discount: toRupees(bill.discount),
    taxable: toRupees(bill.taxable),
    cgst: toRupees(bill.cgst),
    sgst: toRupees(bill.sgst),
    igst: toRupees(bill.igst ?? 0),
    tax: toRupees(bill.tax),
    ...(bill.delivery ? { deliveryCharge: toRupees(bill.delivery.charge) } : {}),
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
    ...(bill.account
      ? { account: { amount: toRupees(bill.account.amount), balanceAfter: toRupees(bill.account.balanceAfter), ...(bill.account.approvedBy ? { approvedBy: bill.account.approvedBy } : {}) } }
      : {}),
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
    billedPrice: toRupees(line.rate * line.originalQuantity),
    purchaseId: line.purchaseId,
    ...(line.invoiceNumber ? { invoiceNumber: line.invoiceNumber } : {}),
    saleDate: line.saleDate,
    customerName: line.customerName,
    mobileNumber: line.mobileNumber,
    paymentMode: line.paymentMode,
  };
}

type ShopOfReceipt = Pick<Tenant, 'displayName' | 'address' | 'gstNumber' | 'state' | 'gstRegistered'>;

const shopView = (tenant: ShopOfReceipt) => ({
  displayName: tenant.displayName,
  address: tenant.address,
  gstNumber: tenant.gstNumber,
  state: tenant.gstNumber || tenant.state ? stateLabel(shopState(tenant)) : undefined,
  gstRegistered: tenant.gstRegistered !== false,
});

/**
 * The receipt: the tax invoice (rule 46) or Bill of Supply exactly as it was issued, whatever happened to the bill
 * since. An issued invoice never changes: its lines are those billed, with the quantities, figures and split stored
 * when it was saved, and its totals the bill's stored totals; returns do not change it, they issue credit notes
 * (rule 53), listed under it, each printed on its own. With the shop's details from its tenant record, the place of
 * supply, the HSN-wise summary and the amount in words.
 */
export function receiptView(tenant: ShopOfReceipt, opened: OpenedBill): Receipt {
  const { bill } = opened;
  const issued = [...opened.lines]
    .sort((a, b) => a.purchasedProductId - b.purchasedProductId)
    .map((l): StoredLine => ({ ...l, quantity: l.originalQuantity, returnQuantity: 0, modified: false }));
  const supply = bill.supply ?? 'intra';
  const delivery = bill.delivery;
  const totals = { gross: bill.gross, discount: bill.discount, taxable: bill.taxable, cgst: bill.cgst, sgst: bill.sgst, igst: bill.igst ?? 0, tax: bill.tax, net: bill.net };
  const place = bill.placeOfSupply ?? shopState(tenant);
  const hsnLines = issued.map((l) => ({ hsnCode: l.hsnCode, unit: l.unit ?? DEFAULT_UNIT, quantity: l.quantity, gstRate: l.cgstRate + l.sgstRate, taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst ?? 0 }));
  // A composite supply is reported under its principal supply: the delivery line adds value, not quantity.
  if (delivery) hsnLines.push({ hsnCode: delivery.hsnCode, unit: delivery.unit, quantity: 0, gstRate: delivery.gstRate, taxable: delivery.taxable, cgst: delivery.cgst, sgst: delivery.sgst, igst: delivery.igst });
  const summary = hsnSummary(hsnLines);
  return {
    shop: shopView(tenant),
    title: documentTitle(bill, issued),
    placeOfSupply: stateLabel(place),
    supply,
    reverseCharge: 'No',
    amountInWords: amountInWords(totals.net),
    hsnSummary: summary.map((r) => ({
      hsnCode: r.hsnCode,
      unit: r.unit,
      quantity: r.quantity,
      gst: percent(r.gstRate),
      taxable: toRupees(r.taxable),
      cgst: toRupees(r.cgst),
      sgst: toRupees(r.sgst),
      igst: toRupees(r.igst),
      value: toRupees(r.value),
    })),
    creditNotes: [...opened.returns]
      .sort((a, b) => a.returnId - b.returnId)
      .map((r) => ({ returnId: r.returnId, creditNoteNumber: r.creditNoteNumber, creditNoteDate: r.creditNoteDate ?? r.returnDate, value: toRupees(r.value) })),
    purchase: purchaseView(opened),
    lines: issued.map(lineView),
    ...(delivery ? { delivery: deliveryView(delivery, supply) } : {}),
    ...(bill.address && (bill.customerGstin || totals.net >= RECIPIENT_ADDRESS_FROM) ? { recipientAddress: bill.address } : {}),
    ...(bill.shippingAddress ? { deliveryAddress: addressLine(bill.shippingAddress) } : {}),
    // As issued: what points took off and what the customer paid; refunds are the credit notes' figures.
    totals: receiptTotals(totals, { redeemed: bill.redeemed, returned: 0, paid: bill.paid }),
    paymentStatus: PAYMENT_STATUS_PAID,
  };
}

/**
 * Rule 46(e): an unregistered recipient's name and address, and the address of delivery, are printed when the
 * invoice's value is ₹50,000 or more (a registered recipient's address always).
 */
export const RECIPIENT_ADDRESS_FROM = 50_000_00;

/** A shipping address on one line, as invoices and mails print it (shared with the order screens). */
export { addressLine };

/** The delivery line of a receipt: the charge as invoiced, at its rates, split by the bill's place of supply. */
function deliveryView(delivery: StoredDelivery, supply: 'intra' | 'inter'): DeliveryLine {
  return {
    ...(delivery.hsnCode ? { hsnCode: delivery.hsnCode } : {}),
    unit: delivery.unit,
    gst: percent(delivery.gstRate),
    cgst: percent(delivery.cgstRate),
    sgst: percent(delivery.sgstRate),
    igst: supply === 'inter' ? percent(delivery.gstRate) : 0,
    taxable: toRupees(delivery.taxable),
    cgstPrice: toRupees(delivery.cgst),
    sgstPrice: toRupees(delivery.sgst),
    igstPrice: toRupees(delivery.igst),
    amount: toRupees(delivery.charge),
  };
}

/** A return's credit note (rule 53) as printed and mailed: the tax reversed at the bill's rates. */
export function creditNoteView(tenant: ShopOfReceipt, bill: StoredPurchase, record: StoredReturn): CreditNote {
  return {
    shop: shopView(tenant),
    purchaseId: bill.purchaseId,
    returnId: record.returnId,
    creditNoteNumber: record.creditNoteNumber,
    creditNoteDate: record.creditNoteDate ?? record.returnDate,
    originalInvoiceNumber: record.originalInvoiceNumber,
    originalInvoiceDate: record.originalInvoiceDate ?? bill.saleDate,
    customerName: shownName(bill.customerName),
    mobileNumber: bill.mobileNumber,
    customerGstin: record.customerGstin,
    ...(record.customerGstin && bill.address ? { customerAddress: bill.address } : {}),
    placeOfSupply: stateLabel(record.placeOfSupply ?? bill.placeOfSupply ?? shopState(tenant)),
    supply: record.supply ?? 'intra',
    documentType: record.documentType ?? 'TAX_INVOICE',
    lines: record.lines.map((l) => ({
      productName: l.productName,
      artcode: l.artcode,
      ...(l.hsnCode ? { hsnCode: l.hsnCode } : {}),
      unit: l.unit ?? DEFAULT_UNIT,
      quantity: l.quantity,
      rate: toRupees(l.rate ?? Math.round(l.value / l.quantity)),
      gst: percent(l.gstRate ?? 0),
      taxable: toRupees(l.taxable ?? l.value),
      cgst: toRupees(l.cgst ?? 0),
      sgst: toRupees(l.sgst ?? 0),
      igst: toRupees(l.igst ?? 0),
      value: toRupees(l.value),
    })),
    taxable: toRupees(record.taxable ?? record.value),
    cgst: toRupees(record.cgst ?? 0),
    sgst: toRupees(record.sgst ?? 0),
    igst: toRupees(record.igst ?? 0),
    tax: toRupees(record.tax ?? 0),
    value: toRupees(record.value),
    valueInWords: amountInWords(record.value),
    paymentMode: record.paymentMode,
    refund: toRupees(record.refund),
    ...(record.refundTenders ? { refundTenders: record.refundTenders.map(tenderView) } : {}),
  };
}
