import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../shared/gst.js';
import { addressParts, buildEinvoice, einvoiceProblems, type EinvoiceInput } from '../../shared/gst/einvoice.js';
import einvoiceSchema from '../../shared/gst/schemas/einvoice-1.1.schema.json';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile(einvoiceSchema);

const sale: EinvoiceInput = {
  number: 'SLG/26-27/000101',
  date: '2026-06-02',
  placeOfSupply: '27',
  seller: { gstin: gstin('29AAACS1234F1Z'), name: 'Sri Lakshmi General Stores', address: '12, MG Road, Bengaluru 560001', state: '29', email: 'owner@slg.example' },
  buyer: { gstin: gstin('27CCCCM9012L1Z'), name: 'Mumbai Traders', address: 'Shop 4, Linking Road, Mumbai 400050', state: '27' },
  lines: [
    { productId: 1, productName: 'Basmati Rice 5kg', hsnCode: '10063010', unit: 'BAG', quantity: 4, gstRate: 500, taxable: 2_285_71, igst: 114_29, cgst: 0, sgst: 0 },
    { productId: 2, productName: 'Mixer', hsnCode: '85094010', unit: 'NOS', quantity: 1, gstRate: 1800, taxable: 3_389_83, igst: 610_17, cgst: 0, sgst: 0 },
  ],
};

describe('e-invoice of a B2B invoice', () => {
  it('is accepted by the schema 1.1 and carries the invoice’s figures in rupees', () => {
    const payload = buildEinvoice(sale);
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload.DocDtls).toEqual({ Typ: 'INV', No: 'SLG/26-27/000101', Dt: '02/06/2026' });
    expect(payload.SellerDtls).toMatchObject({ Loc: 'Bengaluru', Pin: 560001, Stcd: '29' });
    expect(payload.BuyerDtls).toMatchObject({ Pos: '27', Loc: 'Mumbai', Pin: 400050 });
    expect(payload.ItemList[0]).toMatchObject({ SlNo: '1', HsnCd: '10063010', Qty: 4, Unit: 'BAG', UnitPrice: 571.428, AssAmt: 2285.71, GstRt: 5, IgstAmt: 114.29, TotItemVal: 2400 });
    expect(payload.ValDtls).toEqual({ AssVal: 5675.54, CgstVal: 0, SgstVal: 0, IgstVal: 724.46, CesVal: 0, TotInvVal: 6400 });
  });

  it('lists a storefront order’s delivery charge as one of an item under the principal supply’s HSN code', () => {
    // ₹100.00 at the rice's 5%, IGST: taxable ₹95.24, IGST ₹4.76; in the invoice's value.
    const delivery = { productId: 1, productName: 'Delivery charge', hsnCode: '10063010', unit: 'BAG', quantity: 0, gstRate: 500, taxable: 95_24, igst: 4_76, cgst: 0, sgst: 0 };
    const payload = buildEinvoice({ ...sale, lines: [...sale.lines, delivery] });
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload.ItemList[2]).toMatchObject({ SlNo: '3', PrdDesc: 'Delivery charge', HsnCd: '10063010', Qty: 1, UnitPrice: 95.24, AssAmt: 95.24, IgstAmt: 4.76, TotItemVal: 100 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 5770.78, IgstVal: 729.22, TotInvVal: 6500 });
  });

  it('says what is missing before it can be made', () => {
    const problems = einvoiceProblems({
      ...sale,
      seller: { ...sale.seller, address: 'MG Road Bengaluru' },
      buyer: { ...sale.buyer, gstin: undefined },
      lines: [{ ...sale.lines[0]!, hsnCode: undefined }],
    });
    expect(problems).toEqual([
      'The shop\'s address needs the town or city before the PIN code, after a comma (like "12 MG Road, Bengaluru 560001").',
      "The shop's address needs its 6-digit PIN code.",
      'Mumbai Traders has no GSTIN: an e-invoice is only for a sale to a registered buyer.',
      'Basmati Rice 5kg needs an HSN code of 4, 6 or 8 digits.',
    ]);
    expect(einvoiceProblems(sale)).toEqual([]);
  });

  it('reads the place and PIN code out of an address kept as one text', () => {
    expect(addressParts('No 5, 2nd Cross, Jayanagar, Bengaluru - 560041')).toEqual({ line1: 'No 5, 2nd Cross, Jayanagar, Bengaluru - 560041', location: 'Bengaluru', pin: 560041 });
  });

  it('takes the town as the place, not a state or the country written after it', () => {
    expect(addressParts('21, Sayyaji Rao Road, Mysuru, Karnataka 570001')).toMatchObject({ location: 'Mysuru', pin: 570001 });
    expect(addressParts('4 Beach Road, Chennai, Tamil Nadu, India - 600001')).toMatchObject({ location: 'Chennai', pin: 600001 });
    // A state's name that is all there is after the street stays: there is no town to take instead.
    expect(addressParts('Plot 9, Goa 403001')).toMatchObject({ location: 'Goa' });
  });
});
