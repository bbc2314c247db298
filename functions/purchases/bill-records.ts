import type { BillFigures } from '../../shared/bill.js';
import { DEFAULT_UNIT, documentNumber, financialYear, lineRates, seriesPrefix, supplyOf, type DocumentSeries } from '../../shared/gst.js';
import type { PaymentMode } from '../../shared/schemas/purchase.js';
import { purchaseData, type InvoiceFields, type ShippingAddress, type StoredLine, type StoredPurchase } from './data.js';
import { shownName } from './view.js';

/** One sold line as the stock knows it (`boughtPrice`: the stock line's buying price); its amounts come from the bill's figures. */
export type SoldLine = Pick<StoredLine, 'productId' | 'productName' | 'artcode' | 'stockId' | 'quantity' | 'mrp' | 'rate' | 'boughtPrice' | 'cgstRate' | 'sgstRate' | 'hsnCode' | 'unit' | 'taxability'> & {
  inventoryId: number;
};

export interface BillRecordsInput {
  purchaseId: number;
  customer: { customerId: number; customerName: string; legalName?: string; mobileNumber: string; emailId?: string; address?: string };
  paymentMode: PaymentMode;
  saleDate: string;
  sold: SoldLine[];
  /** `computeBill` over the sold lines, in their order. */
  figures: BillFigures;
  customerPointsAfter: number;
  /** The invoice's number, place of supply and parties (`invoiceFields`). */
  invoice: InvoiceFields;
  shippingAddress?: ShippingAddress;
  createdOn: string;
  createdBy: string;
}

/** Another till took the next invoice or credit-note number first: read the series again and retry. */
export const NUMBER_TAKEN = 'The next invoice number was just taken by another bill. Please try again.';

/**
 * The next number of a series in the financial year of `day`, and the write that issues it in the document's own
 * transaction (docs/gst.md): numbers are consecutive, and a save that fails or loses the race issues none.
 */
export async function nextDocumentNumber(tenantId: string, series: DocumentSeries, day: string) {
  const year = financialYear(day);
  const last = await purchaseData.lastNumber(tenantId, series, year);
  const prefix = seriesPrefix(tenantId, series);
  return { number: documentNumber(prefix, year, last + 1), sequence: last + 1, year, write: purchaseData.issueNumberWrite(tenantId, series, year, prefix, last) };
}

/** The fields that have a value: DynamoDB items leave absent fields out rather than store undefined. */
const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The invoice fields of a new bill (docs/gst.md): the place of supply decides CGST + SGST or IGST; a shop not
 * registered for GST issues a Bill of Supply; `number` is the one issued from the shop's series in the bill's
 * transaction.
 */
export function invoiceFields(input: {
  shop: { gstNumber: string; state?: string; gstRegistered?: boolean };
  customer: { gstin?: string; state?: string };
  saleDate: string;
  shippingState?: string;
  number?: { invoiceNumber: string; invoiceSequence: number; financialYear: string };
}): InvoiceFields {
  const { shopState: shop, placeOfSupply: place, supply } = supplyOf({ shop: input.shop, shippingState: input.shippingState, customerGstin: input.customer.gstin });
  return {
    ...input.number,
    invoiceDate: input.saleDate,
    documentType: input.shop.gstRegistered === false ? 'BILL_OF_SUPPLY' : 'TAX_INVOICE',
    shopState: shop,
    shopGstin: input.shop.gstRegistered === false ? undefined : input.shop.gstNumber,
    placeOfSupply: place,
    supply,
    customerGstin: input.customer.gstin,
    customerState: input.customer.state,
  };
}

/**
 * A bill's record and lines as written when it is saved, whether sold at the till or paid for on the storefront:
 * every amount is the shared computation's, nothing is returned yet. The callers add what only they know (an
 * edit's history, the storefront order's id).
 */
export function billRecords(input: BillRecordsInput): { bill: StoredPurchase; lines: StoredLine[] } {
  const { figures, customer, paymentMode, saleDate, createdOn, createdBy } = input;
  // The name as the customer typed it ("Kaveri Traders"), not the sign-in name made from it; older customers have none.
  const customerName = customer.legalName ?? shownName(customer.customerName);
  const { invoiceNumber, invoiceDate, documentType, placeOfSupply, supply, customerGstin } = input.invoice;
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
    ...lineRates(sold, supply),
    ...(sold.hsnCode ? { hsnCode: sold.hsnCode } : {}),
    unit: sold.unit ?? DEFAULT_UNIT,
    ...(sold.taxability ? { taxability: sold.taxability } : {}),
    ...figures.lines[i]!,
    ...defined({ invoiceNumber, invoiceDate, documentType, placeOfSupply, supply, customerGstin }),
    modified: false,
    saleDate,
    customerName,
    mobileNumber: customer.mobileNumber,
    paymentMode,
    createdOn,
    createdBy,
  }));
  const delivery = figures.delivery;
  const principal = delivery?.principal === undefined ? undefined : lines[delivery.principal];
  const bill: StoredPurchase = {
    purchaseId: input.purchaseId,
    customerId: customer.customerId,
    customerName,
    mobileNumber: customer.mobileNumber,
    emailId: customer.emailId,
    address: customer.address,
    paymentMode,
    saleDate,
    ...defined({ ...input.invoice }),
    ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
    ...(delivery && principal
      ? {
          delivery: {
            charge: delivery.charge,
            principalLine: principal.purchasedProductId,
            ...(principal.hsnCode ? { hsnCode: principal.hsnCode } : {}),
            unit: principal.unit ?? DEFAULT_UNIT,
            ...lineRates(delivery, supply),
            taxable: delivery.taxable,
            cgst: delivery.cgst,
            sgst: delivery.sgst,
            igst: delivery.igst,
            tax: delivery.tax,
          },
        }
      : {}),
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
