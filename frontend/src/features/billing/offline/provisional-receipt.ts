/**
 * The receipt of a bill made offline, in the shape of the server's receipt so it prints with the same layouts (A4
 * and 80 mm), built from the same figures (shared/bill.ts) the server will check. It carries the provisional
 * number instead of a bill number and no invoice number: the tax invoice number follows when the bill is sent. Each
 * line's GST details (its product's HSN code, unit and kind of supply: taxable, nil-rated, exempt or non-GST) come
 * from the device's copy, and the title, marks and HSN summary from the rules the server's receipt uses (shared/gst.ts).
 */
import { receiptTotals, type BillFigures } from '../../../../../shared/bill.js';
import { amountInWords, DEFAULT_UNIT, documentTitleOf, hsnSummary, shopState, stateLabel, supplyOf, untaxedLabel } from '../../../../../shared/gst.js';
import { toRupees } from '../../../../../shared/money.js';
import type { Stock } from '../../../../../shared/schemas/inventory.js';
import type { PaymentMode, Receipt } from '../../../../../shared/schemas/purchase.js';
import { PAYMENT_STATUS_PAID } from '../../../../../shared/schemas/purchase-messages.js';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import type { RowProduct } from '../components/bill-rows.js';

/** A line's GST details as the device's copy holds them (the product's, from the stock pages it was read from). */
export type LineTax = Pick<Stock, 'hsnCode' | 'unit' | 'taxability'>;

export const PROVISIONAL_NOTE = 'Provisional — tax invoice number follows';

export interface ProvisionalInput {
  shop: Pick<Tenant, 'displayName' | 'address' | 'gstNumber' | 'state' | 'gstRegistered'>;
  provisionalNumber: string;
  madeOn: string;
  /** The cashier's user name. */
  cashier: string;
  saleDate: string;
  customer: { customerId?: number; customerName: string; mobileNumber: string; creditPoints: number; gstin?: string };
  paymentMode: PaymentMode;
  lines: { product: RowProduct; quantity: number; rate: number; tax: LineTax }[];
  figures: BillFigures;
}

const percentOf = (basisPoints: number) => basisPoints / 100;

export function provisionalReceipt(input: ProvisionalInput): Receipt {
  const { figures, shop } = input;
  const registered = shop.gstRegistered !== false;
  const state = shop.gstNumber || shop.state ? shopState(shop) : undefined;
  // Supplied where the server will say: a registered business of another state is charged IGST.
  const sale = state ? supplyOf({ shop, customerGstin: input.customer.gstin }) : undefined;
  const inter = sale?.supply === 'inter';
  // As the server stores a line: no rate on a bill of supply of a shop outside GST, its product's code, unit and kind.
  const kinds = input.lines.map((line) => ({
    taxability: line.tax.taxability,
    gstRate: registered ? Math.round((line.product.cgst + line.product.sgst) * 100) : 0,
    hsnCode: line.tax.hsnCode || undefined,
    unit: line.tax.unit ?? DEFAULT_UNIT,
  }));
  const lines = input.lines.map((line, i) => {
    const f = figures.lines[i]!;
    const kind = kinds[i]!;
    const untaxed = untaxedLabel(!registered, kind);
    return {
      purchasedProductId: i + 1,
      productId: line.product.productId,
      productName: line.product.productName,
      artcode: line.product.artcode,
      stockId: line.product.stockId,
      productInventoryId: line.product.inventoryId,
      quantity: line.quantity,
      originalQuantity: line.quantity,
      returnQuantity: 0,
      remainingQty: line.quantity,
      price: line.product.mrp,
      sellingPrice: line.rate,
      boughtPrice: 0,
      discount: f.discountPercent,
      discountPrice: toRupees(f.discount),
      gst: registered ? line.product.cgst + line.product.sgst : 0,
      cgst: registered ? line.product.cgst : 0,
      sgst: registered ? line.product.sgst : 0,
      taxable: toRupees(f.taxable),
      cgstPrice: toRupees(f.cgst),
      sgstPrice: toRupees(f.sgst),
      igst: registered && inter ? line.product.cgst + line.product.sgst : 0,
      igstPrice: toRupees(f.igst),
      ...(kind.hsnCode ? { hsnCode: kind.hsnCode } : {}),
      unit: kind.unit,
      ...(untaxed ? { untaxed } : {}),
      tax: toRupees(f.tax),
      netAmount: toRupees(f.net),
      purchasedPrice: toRupees(f.net),
      purchasedTotalMRPPrice: toRupees(f.gross),
      status: 'Sold' as const,
      modified: false,
      createdOn: input.madeOn,
      createdBy: input.cashier,
    };
  });
  const { totals } = figures;
  /** The bill's amounts in rupees, as both the bill and the receipt's totals print them. */
  const amounts = receiptTotals(totals, { redeemed: figures.redeemed, returned: 0, paid: figures.paid });
  const summary = hsnSummary(
    figures.lines.map((f, i) => ({
      hsnCode: kinds[i]!.hsnCode,
      unit: kinds[i]!.unit,
      quantity: input.lines[i]!.quantity,
      gstRate: kinds[i]!.gstRate,
      taxable: f.taxable,
      cgst: f.cgst,
      sgst: f.sgst,
      igst: f.igst,
    })),
  );
  return {
    shop: { displayName: shop.displayName, address: shop.address, gstNumber: shop.gstNumber, state: state ? stateLabel(state) : undefined, gstRegistered: registered },
    title: documentTitleOf(!registered, kinds),
    placeOfSupply: sale ? stateLabel(sale.placeOfSupply) : '',
    supply: sale?.supply ?? 'intra',
    reverseCharge: 'No',
    amountInWords: amountInWords(totals.net),
    hsnSummary: summary.map((r) => ({
      hsnCode: r.hsnCode,
      unit: r.unit,
      quantity: r.quantity,
      gst: percentOf(r.gstRate),
      taxable: toRupees(r.taxable),
      cgst: toRupees(r.cgst),
      sgst: toRupees(r.sgst),
      igst: toRupees(r.igst),
      value: toRupees(r.value),
    })),
    creditNotes: [],
    purchase: {
      purchaseId: 0,
      customerId: input.customer.customerId ?? 0,
      customerName: input.customer.customerName,
      mobileNumber: input.customer.mobileNumber,
      paymentMode: input.paymentMode,
      status: 'Provisional',
      saleDate: input.saleDate,
      ...amounts,
      totalBoughtPrice: 0,
      pointsUsed: figures.pointsUsed,
      pointsEarned: figures.pointsEarned,
      customerCreditPoints: input.customer.creditPoints - figures.pointsUsed + figures.pointsEarned,
      returnQuantity: 0,
      pointsReturned: 0,
      mailed: false,
      printed: false,
      reBills: 0,
      purchasedProduct: lines,
      version: 0,
      createdOn: input.madeOn,
    },
    lines,
    totals: amounts,
    paymentStatus: PAYMENT_STATUS_PAID,
  };
}
