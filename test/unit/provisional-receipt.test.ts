/**
 * The provisional receipt a till prints without a network against the receipt the server issues for the same bill
 * (functions/purchases/view.ts over the records billRecords writes): same title, marks, HSN summary and amounts, for
 * every kind of supply (taxable, nil-rated, exempt, non-GST), for a shop registered for GST or not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billRecords, invoiceFields } from '../../functions/purchases/bill-records.js';
import { receiptView } from '../../functions/purchases/view.js';
import { provisionalReceipt } from '../../frontend/src/features/billing/offline/provisional-receipt.js';
import { billFigures, type BillRow } from '../../frontend/src/features/billing/components/bill-rows.js';
import { supplyOf, TAXABILITIES, type Taxability } from '../../shared/gst.js';
import { toBasisPoints, toPaise } from '../../shared/money.js';

interface Sold {
  name: string;
  mrp: number;
  rate: number;
  quantity: number;
  /** Percent. */
  cgst: number;
  sgst: number;
  hsnCode?: string;
  unit?: string;
  taxability?: Taxability;
}

const REGISTERED = { displayName: 'Demo Traders', address: 'MG Road, Bengaluru', gstNumber: '29ABCDE1234F1Z5', gstRegistered: true };
const UNREGISTERED = { displayName: 'Corner Shop', address: 'MG Road, Bengaluru', gstNumber: '', state: '29', gstRegistered: false };
const customer = { customerId: 7, customerName: 'Ravi@demo.shop', mobileNumber: '9845012345', creditPoints: 0 };
const madeOn = '2026-11-29T05:00:00.000Z';
const saleDate = '2026-11-29';

type Shop = typeof REGISTERED | typeof UNREGISTERED;

const rowsOf = (sold: Sold[]): BillRow[] =>
  sold.map((s, i) => ({
    product: { productId: i + 1, productName: s.name, artcode: `A${i + 1}`, mrp: s.mrp, cgst: s.cgst, sgst: s.sgst, stockId: i + 1, quantity: 100, inventoryId: i + 1 },
    quantity: String(s.quantity),
    rate: String(s.rate),
  })) as BillRow[];

/** The receipt the server issues when the bill is sent: its invoice fields, figures, records and view. */
function serverReceipt(shop: Shop, sold: Sold[]) {
  const invoice = invoiceFields({ shop, customer: {}, saleDate, number: { invoiceNumber: 'INV/26-27/1', invoiceSequence: 1, financialYear: '2026-27' } });
  const figures = billFigures(rowsOf(sold), undefined, invoice.documentType === 'BILL_OF_SUPPLY', invoice.supply);
  const { bill, lines } = billRecords({
    purchaseId: 1,
    customer,
    paymentMode: 'Cash',
    saleDate,
    sold: sold.map((s, i) => ({
      productId: i + 1,
      productName: s.name,
      artcode: `A${i + 1}`,
      stockId: i + 1,
      inventoryId: i + 1,
      quantity: s.quantity,
      mrp: toPaise(s.mrp),
      rate: toPaise(s.rate),
      boughtPrice: 0,
      cgstRate: invoice.documentType === 'BILL_OF_SUPPLY' ? 0 : toBasisPoints(s.cgst),
      sgstRate: invoice.documentType === 'BILL_OF_SUPPLY' ? 0 : toBasisPoints(s.sgst),
      hsnCode: s.hsnCode,
      unit: s.unit,
      taxability: s.taxability,
    })),
    figures,
    customerPointsAfter: 0,
    invoice,
    createdOn: madeOn,
    createdBy: 'cashier',
  });
  return receiptView(shop, { bill, lines, returns: [] });
}

/** The receipt the till prints offline for the same bill, its lines' GST details from the device's copy. */
function offlineReceipt(shop: Shop, sold: Sold[]) {
  const rows = rowsOf(sold);
  const sale = supplyOf({ shop });
  const figures = billFigures(rows, undefined, !shop.gstRegistered, sale.supply);
  return provisionalReceipt({
    shop,
    provisionalNumber: 'P-1',
    madeOn,
    cashier: 'cashier',
    saleDate,
    customer,
    paymentMode: 'Cash',
    lines: rows.map((row, i) => ({
      product: row.product!,
      quantity: sold[i]!.quantity,
      rate: sold[i]!.rate,
      tax: { hsnCode: sold[i]!.hsnCode, unit: sold[i]!.unit, taxability: sold[i]!.taxability },
    })),
    figures,
  });
}

/** What the two documents must agree on: everything the GST rules print. */
const gstOf = (r: ReturnType<typeof serverReceipt>) => ({
  title: r.title,
  supply: r.supply,
  placeOfSupply: r.placeOfSupply,
  amountInWords: r.amountInWords,
  hsnSummary: r.hsnSummary,
  totals: r.totals,
  lines: r.lines.map((l) => ({
    productName: l.productName,
    hsnCode: l.hsnCode,
    unit: l.unit,
    untaxed: l.untaxed,
    gst: l.gst,
    cgst: l.cgst,
    sgst: l.sgst,
    igst: l.igst,
    taxable: l.taxable,
    cgstPrice: l.cgstPrice,
    sgstPrice: l.sgstPrice,
    igstPrice: l.igstPrice,
    tax: l.tax,
    netAmount: l.netAmount,
  })),
});

const rice: Sold = { name: 'Rice 5 kg', mrp: 400, rate: 380, quantity: 2, cgst: 0, sgst: 0, hsnCode: '1006', unit: 'BAG', taxability: 'nil-rated' };
const milk: Sold = { name: 'Milk 1 l', mrp: 60, rate: 60, quantity: 3, cgst: 0, sgst: 0, hsnCode: '0401', unit: 'LTR', taxability: 'exempt' };
const petrol: Sold = { name: 'Petrol 1 l', mrp: 105, rate: 105, quantity: 1, cgst: 0, sgst: 0, hsnCode: '2710', unit: 'LTR', taxability: 'non-gst' };
const soap: Sold = { name: 'Soap', mrp: 50, rate: 45, quantity: 4, cgst: 9, sgst: 9, hsnCode: '3401', unit: 'NOS', taxability: 'taxable' };
const salt: Sold = { name: 'Salt 1 kg', mrp: 28, rate: 28, quantity: 1, cgst: 0, sgst: 0 };

describe('the provisional receipt of a bill made offline', () => {
  it.each([
    ['nil-rated', rice],
    ['exempt', milk],
    ['non-GST', petrol],
  ])('of %s goods only is a Bill of Supply marking the line, with the HSN summary the server prints', (_kind, good) => {
    const offline = offlineReceipt(REGISTERED, [good]);
    expect(gstOf(offline)).toEqual(gstOf(serverReceipt(REGISTERED, [good])));
    expect(offline.title).toBe('Bill of Supply');
    expect(offline.lines[0]!.tax).toBe(0);
    expect(offline.lines[0]!.untaxed).toBeDefined();
    expect(offline.hsnSummary).toEqual([expect.objectContaining({ hsnCode: good.hsnCode, unit: good.unit, gst: 0, cgst: 0, sgst: 0 })]);
  });

  it('of taxable goods is a Tax Invoice with their HSN code and unit', () => {
    const offline = offlineReceipt(REGISTERED, [soap]);
    expect(gstOf(offline)).toEqual(gstOf(serverReceipt(REGISTERED, [soap])));
    expect(offline.title).toBe('Tax Invoice');
    expect(offline.lines[0]!.untaxed).toBeUndefined();
    expect(offline.hsnSummary[0]).toMatchObject({ hsnCode: '3401', unit: 'NOS', gst: 18 });
  });

  it('of a 0 % good whose product never chose a kind is nil-rated, as the server files it', () => {
    const offline = offlineReceipt(REGISTERED, [salt]);
    expect(gstOf(offline)).toEqual(gstOf(serverReceipt(REGISTERED, [salt])));
    expect(offline.lines[0]!.untaxed).toBe('Nil-rated');
  });

  it('of a mixed bill is a Tax Invoice marking each untaxed line, with one HSN row per code, unit and rate', () => {
    const sold = [soap, rice, milk, petrol, salt];
    const offline = offlineReceipt(REGISTERED, sold);
    expect(gstOf(offline)).toEqual(gstOf(serverReceipt(REGISTERED, sold)));
    expect(offline.title).toBe('Tax Invoice');
    expect(offline.lines.map((l) => l.untaxed)).toEqual([undefined, 'Nil-rated', 'Exempt', 'Non-GST', 'Nil-rated']);
  });

  it('of a shop outside GST is a Bill of Supply that marks no line and charges no tax', () => {
    const sold = [soap, rice, milk];
    const offline = offlineReceipt(UNREGISTERED, sold);
    expect(gstOf(offline)).toEqual(gstOf(serverReceipt(UNREGISTERED, sold)));
    expect(offline.title).toBe('Bill of Supply');
    expect(offline.lines.every((l) => l.untaxed === undefined && l.tax === 0)).toBe(true);
  });

  it('agrees with the server for any lines of any kinds, rates, codes and units', () => {
    const line = fc
      .record({
        mrp: fc.integer({ min: 1, max: 500_000 }),
        off: fc.integer({ min: 0, max: 100 }),
        quantity: fc.integer({ min: 1, max: 50 }),
        rate: fc.constantFrom(0, 0.25, 1.5, 2.5, 6, 9, 14),
        hsnCode: fc.option(fc.constantFrom('1006', '0401', '3401', '2710'), { nil: undefined }),
        unit: fc.option(fc.constantFrom('NOS', 'BAG', 'LTR', 'KGS'), { nil: undefined }),
        taxability: fc.option(fc.constantFrom(...TAXABILITIES), { nil: undefined }),
      })
      .map(({ mrp, off, quantity, rate, ...kind }): Sold => ({
        name: `Good ${mrp}`,
        mrp: mrp / 100,
        rate: Math.floor((mrp * (100 - off)) / 100) / 100 || mrp / 100,
        quantity,
        cgst: rate,
        sgst: rate,
        ...kind,
      }));
    fc.assert(
      fc.property(fc.constantFrom<Shop>(REGISTERED, UNREGISTERED), fc.array(line, { minLength: 1, maxLength: 8 }), (shop, sold) => {
        expect(gstOf(offlineReceipt(shop, sold))).toEqual(gstOf(serverReceipt(shop, sold)));
      }),
    );
  });
});
