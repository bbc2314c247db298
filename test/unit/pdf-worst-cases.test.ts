import { describe, expect, it } from 'vitest';
import { creditNotePdf, creditNoteRollPdf, receiptPdf } from '../../functions/purchases/receipt.js';
import { tablePdf } from '../../functions/lib/pdf.js';
import type { CreditNote, Receipt } from '../../shared/schemas/purchase.js';
import { pdfText } from '../integration/pdf-text.js';

/** The worst a printed document meets: an 8-digit HSN code, a 60-character name and ₹99,99,99,999.99 figures. */
const HSN = '04059020';
const NAME = 'Pure Cow Ghee Premium Family Pack Jar With Easy Pour Spout XL';
const HUGE = 99_99_99_999.99;
const HUGE_TEXT = '₹99,99,99,999.99';
const HALF = 9_99_99_999.99;
const HALF_TEXT = '₹9,99,99,999.99';

const shop = { displayName: 'Sri Lakshmi General Stores', address: '12, MG Road, Bengaluru 560001', gstNumber: '29AAKCT4821M1ZX', state: '29-Karnataka', gstRegistered: true };

function line(no: number, unit: string, quantity: number) {
  return {
    purchasedProductId: no,
    productId: no,
    productName: NAME,
    artcode: `ART${no}`,
    stockId: no,
    productInventoryId: no,
    quantity,
    originalQuantity: quantity,
    returnQuantity: 0,
    remainingQty: quantity,
    price: HUGE,
    sellingPrice: HUGE,
    boughtPrice: 1,
    discount: 0,
    discountPrice: 0,
    gst: 18,
    cgst: 9,
    sgst: 9,
    taxable: HUGE,
    cgstPrice: HALF,
    sgstPrice: HALF,
    igst: 0,
    igstPrice: 0,
    hsnCode: HSN,
    unit,
    tax: HUGE,
    netAmount: HUGE,
    purchasedPrice: HUGE,
    status: 'Sold',
    modified: false,
    createdOn: '2026-11-28T06:00:00.000Z',
    createdBy: 'cashier@demo.shop',
  };
}

const receipt = {
  shop,
  title: 'Tax Invoice',
  placeOfSupply: '29-Karnataka',
  supply: 'intra',
  reverseCharge: 'No',
  amountInWords: 'Rupees Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
  hsnSummary: [{ hsnCode: HSN, unit: 'LTR', quantity: 2, gst: 18, taxable: HUGE, cgst: HALF, sgst: HALF, igst: 0, value: HUGE }],
  creditNotes: [],
  purchase: {
    purchaseId: 123456,
    customerId: 1,
    customerName: 'Kaveri Traders',
    mobileNumber: '9740000001',
    address: 'Industrial Estate, Peenya, Bengaluru 560058',
    customerGstin: '29AAFCB7707D1ZQ',
    paymentMode: 'Cash',
    invoiceNumber: 'DEM/26-27/000007',
    createdOn: '2026-11-28T06:00:00.000Z',
  },
  lines: [line(1, 'LTR', 2), line(2, 'PCS', 3), line(3, 'LTR', 1)],
  totals: { grossAmount: HUGE, discount: 0, taxable: HUGE, cgst: HALF, sgst: HALF, igst: 0, tax: HUGE, totalSellingAmount: HUGE, redeemAmount: 0, returnAmount: 0, netAmount: HUGE },
  paymentStatus: 'Payment Status: Paid',
} as unknown as Receipt;

const note = {
  shop,
  purchaseId: 123456,
  returnId: 1,
  creditNoteNumber: 'DEMC/26-27/00001',
  creditNoteDate: '2026-11-29',
  originalInvoiceNumber: 'DEM/26-27/000007',
  originalInvoiceDate: '2026-11-28',
  customerName: 'Kaveri Traders',
  mobileNumber: '9740000001',
  customerGstin: '29AAFCB7707D1ZQ',
  placeOfSupply: '29-Karnataka',
  supply: 'intra',
  documentType: 'TAX_INVOICE',
  lines: [{ productName: NAME, artcode: 'ART1', hsnCode: HSN, unit: 'LTR', quantity: 2, rate: HUGE, gst: 18, taxable: HUGE, cgst: HALF, sgst: HALF, igst: 0, value: HUGE }],
  taxable: HUGE,
  cgst: HALF,
  sgst: HALF,
  igst: 0,
  tax: HUGE,
  value: HUGE,
  valueInWords: 'Rupees Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
  paymentMode: 'CASH',
  refund: HUGE,
} as unknown as CreditNote;

const textOf = async (bytes: Buffer) => (await pdfText(bytes)).join('\n').split('\n');

describe('PDFs never cut a figure or a code', () => {
  it('the A4 invoice prints the HSN code, every amount and total whole, wraps the long name and totals quantities per unit', async () => {
    const lines = await textOf(await receiptPdf(receipt));
    expect(lines.join('\n')).not.toContain('…');
    // Every cell value is one whole text line: the HSN code, the amounts, the tax halves.
    expect(lines.filter((l) => l === HSN).length).toBeGreaterThanOrEqual(3);
    expect(lines.filter((l) => l === HUGE_TEXT).length).toBeGreaterThanOrEqual(3 * 4);
    expect(lines).toContain(HALF_TEXT);
    // The name wraps onto lines that together are the whole name.
    const nameWords = NAME.split(' ');
    const nameLines = lines.filter((l) => l.split(' ').every((w) => nameWords.includes(w)) && l.startsWith('Pure'));
    expect(nameLines.length).toBe(3);
    // Litres are not added to pieces: 3 LTR and 3 PCS, never 6.
    expect(lines.join(' ')).toMatch(/3 LTR,\s3 PCS/);
    expect(lines).not.toContain('6');
    // The header lines and footer are wrapped, not cut: the whole amount in words is there.
    expect(lines.join(' ')).toContain('Ninety Nine and Ninety Nine Paise Only');
    expect(lines.join(' ')).toContain('Invoice No. DEM/26-27/000007');
  });

  it('the A4 and 80 mm credit notes print the HSN code and every amount whole', async () => {
    for (const bytes of [await creditNotePdf(note), await creditNoteRollPdf(note)]) {
      const lines = await textOf(bytes);
      const text = lines.join('\n');
      expect(text).not.toContain('…');
      expect(text).toContain(HSN);
      expect(lines.filter((l) => l === HUGE_TEXT).length).toBeGreaterThanOrEqual(2);
      expect(text).toContain(HALF_TEXT);
    }
  });

  it('a report’s long header line wraps instead of being cut', async () => {
    const long = `Monthly sales · ${'Sri Lakshmi General Stores, 12, MG Road, Bengaluru 560001 · '.repeat(3)}printed 28/11/2026`;
    const lines = await textOf(await tablePdf({ title: 'Report', subtitle: [long], columns: [{ header: 'A', width: 1 }], rows: [['x']] }));
    expect(lines.join(' ')).toContain('printed 28/11/2026');
    expect(lines.join('\n')).not.toContain('…');
  });
});
