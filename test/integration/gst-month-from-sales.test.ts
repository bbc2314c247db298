import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { documentNumber, gstinCheckCharacter, seriesPrefix } from '../../shared/gst.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { ROLE } from '../../shared/roles.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Gstr1Summary } from '../../shared/schemas/gstr1.js';
import type { CreditNote, Purchase, Receipt } from '../../shared/schemas/purchase.js';
import gstr1Schema from '../../shared/gst/schemas/gstr1.schema.json';
import { DEMO_PASSWORD, seedTenant, type TenantSeed } from '../../infra/local/seed.js';
import { apiUrl, call, tokenOf } from './client.js';
import { karnatakaShop } from './gst-documents.js';
import { pdfText } from './pdf-text.js';
import { completeCheckout, createOrder, reportCheckout } from './payment-fixtures.js';
import { bill, line, placeBill, type Shelf as TillShelf } from './pos-fixtures.js';
import { mustAdd, newShopper, stocked, type StockedProduct } from './storefront-fixtures.js';

/**
 * A month of a Karnataka shop made the way the shop makes it: bills at the till (POST /purchase), a storefront order
 * shipped to Tamil Nadu, goods returned through the return route (credit notes), then the month's GSTR-1 through
 * its route. Every expected figure below is worked by hand from the shelf prices (GST included), in paise:
 *
 *   CGST = SGST = value × (rate / 2) / (100 + rate), each rounded to the paisa (half up); tax = CGST + SGST;
 *   taxable = value − tax; across states IGST = the same tax in one amount.
 *
 *   Rice   ₹499.00 at 5%   HSN 10063020 BAG    Kettle ₹999.00 at 18% HSN 85161000 NOS
 *   TV ₹1,18,000.00 at 18% HSN 85287217 NOS (storefront)
 */
const SHOP = 'tillgst';
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const SHOP_GSTIN = gstin('29AAKCT4821M1Z');
const KARNATAKA_BUYER = gstin('29AAFCB7707D1Z');
const MAHARASHTRA_BUYER = gstin('27AAGCM3114P1Z');
const invoice = (n: number, fy: string) => documentNumber(seriesPrefix(SHOP, 'INVOICE'), fy, n);
const note = (n: number, fy: string) => documentNumber(seriesPrefix(SHOP, 'CREDIT_NOTE'), fy, n);

const seed: TenantSeed = {
  tenant: karnatakaShop(SHOP, 'Till GST Stores', '21, Sayyaji Rao Road, Mysuru 570001', SHOP_GSTIN),
  users: [
    { userName: `admin@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.ADMIN, mobileNumber: '9711000001' },
    { userName: `cashier@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9711000002' },
  ],
  policies: [],
  walkInCustomers: [],
};

// ---------------------------------------------------------------- the hand-worked figures (paise)

/** Rice, within the state: 2 × 499.00 = 998.00; taxable 998 × 100/105 = 950.476… → 950.48; tax 47.52 = 23.76 + 23.76. */
const RICE_2_INTRA = { quantity: 2, value: 998_00, taxable: 950_48, cgst: 23_76, sgst: 23_76, igst: 0 };
/** Rice, one unit within the state (the return from bill A): 499 × 100/105 = 475.238… → 475.24; tax 23.76 = 11.88 + 11.88. */
const RICE_1_INTRA = { quantity: 1, value: 499_00, taxable: 475_24, cgst: 11_88, sgst: 11_88, igst: 0 };
/** Rice, one unit to Maharashtra: taxable 475.24, IGST 23.76. */
const RICE_1_INTER = { quantity: 1, value: 499_00, taxable: 475_24, cgst: 0, sgst: 0, igst: 23_76 };
/** Kettle, one unit within the state: 999 × 9/118 = 76.194… → CGST = SGST = 76.19; tax 152.38; taxable 846.62. */
const KETTLE_1_INTRA = { quantity: 1, value: 999_00, taxable: 846_62, cgst: 76_19, sgst: 76_19, igst: 0 };
/** Kettle, three units within the state: 2,997 × 9/118 = 228.584… → 228.58 each; tax 457.16; taxable 2,539.84. */
const KETTLE_3_INTRA = { quantity: 3, value: 2_997_00, taxable: 2_539_84, cgst: 228_58, sgst: 228_58, igst: 0 };
/** Kettle, two units to Maharashtra: 1,998 × 9/118 = 152.389… → 152.39, twice: IGST 304.78; taxable 1,693.22. */
const KETTLE_2_INTER = { quantity: 2, value: 1_998_00, taxable: 1_693_22, cgst: 0, sgst: 0, igst: 304_78 };
/** Kettle, one unit to Maharashtra (the return from bill C): taxable 846.62, IGST 152.38. */
const KETTLE_1_INTER = { quantity: 1, value: 999_00, taxable: 846_62, cgst: 0, sgst: 0, igst: 152_38 };
/** TV shipped to Tamil Nadu: 1,18,000 × 100/118 = 1,00,000.00 exactly; IGST 18,000.00. Above ₹1 lakh: B2C large. */
const TV_1_INTER = { quantity: 1, value: 1_18_000_00, taxable: 1_00_000_00, cgst: 0, sgst: 0, igst: 18_000_00 };
/**
 * The order's delivery charge, ₹100.00 GST included, a composite supply with the TV (its principal supply): at 18%,
 * 100 × 9/118 = 7.627… → 7.63 twice, IGST 15.26, taxable 84.74, under the TV's HSN code with no quantity. The TV's return gives back
 * the goods, not the delivery.
 */
const DELIVERY_D = { quantity: 0, value: 100_00, taxable: 84_74, cgst: 0, sgst: 0, igst: 15_26 };

type Figures = typeof RICE_1_INTRA;
type Amounts = Omit<Figures, 'quantity'>;
const sum = (...lines: Amounts[]) =>
  lines.reduce((s, l) => ({ value: s.value + l.value, taxable: s.taxable + l.taxable, cgst: s.cgst + l.cgst, sgst: s.sgst + l.sgst, igst: s.igst + l.igst }), {
    value: 0,
    taxable: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
  });
const less = (a: ReturnType<typeof sum>, b: ReturnType<typeof sum>) => ({ value: a.value - b.value, taxable: a.taxable - b.taxable, cgst: a.cgst - b.cgst, sgst: a.sgst - b.sgst, igst: a.igst - b.igst });
/** The summary route answers rupees. */
const inRupees = (a: ReturnType<typeof sum>) => ({ value: toRupees(a.value), taxable: toRupees(a.taxable), cgst: toRupees(a.cgst), sgst: toRupees(a.sgst), igst: toRupees(a.igst) });

// ---------------------------------------------------------------- the shop's month, made through its routes

interface Shelf extends StockedProduct {
  mrp: number;
  gst: number;
}

let admin: string;
let cashier: string;
let rice: Shelf;
let kettle: Shelf;
let tv: Shelf;
/** A: walk-in, B: Karnataka business, C: Maharashtra business, D: storefront order to Tamil Nadu. */
const bills: Record<'A' | 'B' | 'C' | 'D', Purchase> = {} as never;
const notes: Record<'A' | 'B' | 'C' | 'D', CreditNote> = {} as never;
let month: number;
let year: number;
let fy: string;
/** What the storefront asked the payment provider for, rupees. */
let orderAmount: number;

async function giveHsn(shelf: Shelf, hsnCode: string, unit: string) {
  const [product] = (await call<Record<string, unknown>[]>('GET', `/product/listOfProducts/${shelf.productId}`, { token: admin })).body;
  const saved = await call('PUT', '/product/listOfProducts', { token: admin, body: [{ ...product, hsnCode, unit }] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function customer(name: string, mobileNumber: string, gstinOfBuyer?: string): Promise<Customer> {
  const answer = await call<Customer>('POST', '/customer/save', {
    token: cashier,
    body: { customerName: name, mobileNumber, emailId: `${mobileNumber}@buyers.example`, address: 'Mysuru 570001', ...(gstinOfBuyer ? { gstin: gstinOfBuyer } : {}) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A bill at the till with the totals the till shows (the shared bill module, as the Place Order screen works them). */
async function sell(buyer: Customer, lines: [Shelf, number][]): Promise<Purchase> {
  const figures = computeBill({
    lines: lines.map(([shelf, quantity]) => ({ mrp: toPaise(shelf.mrp), rate: toPaise(shelf.mrp), quantity, cgstRate: toPaise(shelf.gst / 2), sgstRate: toPaise(shelf.gst / 2) })),
  });
  const onShelf = (shelf: Shelf): TillShelf => ({ ...shelf, sellingPrice: shelf.mrp, cgst: shelf.gst / 2, sgst: shelf.gst / 2 });
  const totals = { grossAmount: toRupees(figures.totals.gross), discount: toRupees(figures.totals.discount), tax: toRupees(figures.totals.tax), netAmount: toRupees(figures.paid) };
  const answer = await placeBill(bill(buyer, lines.map(([shelf, quantity]) => line(onShelf(shelf), quantity)), totals), cashier);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Returns one unit of a bill's line through the return screen's route; answers the credit note it issued. */
async function returnOne(bill: Purchase, productId: number, value: number): Promise<CreditNote> {
  const line = bill.purchasedProduct.find((l) => l.productId === productId)!;
  const answer = await call<{ creditNote: CreditNote }>('POST', `/purchase/return/${bill.purchaseId}`, {
    token: cashier,
    body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: line.purchasedProductId, returnQuantity: 1 }], returnAmount: toRupees(value) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.creditNote;
}

beforeAll(async () => {
  await seedTenant(seed);
  admin = await tokenOf(`admin@${SHOP}.shop`);
  cashier = await tokenOf(`cashier@${SHOP}.shop`);
  const [r, k, t] = await stocked(
    [
      { quantity: 50, mrp: 499, gst: 5, name: 'Sona Masoori Rice 10kg' },
      { quantity: 50, mrp: 999, gst: 18, name: 'Electric Kettle 1.5L' },
      { quantity: 3, mrp: 1_18_000, gst: 18, name: 'OLED TV 55 inch' },
    ],
    SHOP,
  );
  rice = { ...r, mrp: 499, gst: 5 };
  kettle = { ...k, mrp: 999, gst: 18 };
  tv = { ...t, mrp: 1_18_000, gst: 18 };
  await giveHsn(rice, '10063020', 'BAG');
  await giveHsn(kettle, '85161000', 'NOS');
  await giveHsn(tv, '85287217', 'NOS');

  bills.A = await sell(await customer('Walk-in Ravi', '9811000001'), [
    [rice, 2],
    [kettle, 1],
  ]);
  bills.B = await sell(await customer('Mysuru Caterers', '9811000002', KARNATAKA_BUYER), [[kettle, 3]]);
  bills.C = await sell(await customer('Pune Hotels', '9811000003', MAHARASHTRA_BUYER), [
    [rice, 1],
    [kettle, 2],
  ]);

  const shopper = await newShopper(SHOP);
  await mustAdd(shopper, tv, 1);
  const order = await createOrder(shopper, { currency: 'INR', shippingAddress: { name: 'Kavya', line: '4 Beach Road', city: 'Chennai', pincode: '600001', state: '33' } });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  orderAmount = order.body.amount / 100;
  const paid = await completeCheckout(order.body.id, 'success');
  if (paid.kind !== 'success') throw new Error('the payment simulator refused the payment');
  const outcome = await reportCheckout(shopper, paid.response);
  expect(outcome.body.purchaseId, JSON.stringify(outcome.body)).toBeDefined();
  bills.D = (await call<Purchase>('GET', `/purchase/${outcome.body.purchaseId}`, { token: cashier })).body;

  notes.B = await returnOne(bills.B, kettle.productId, KETTLE_1_INTRA.value);
  notes.A = await returnOne(bills.A, rice.productId, RICE_1_INTRA.value);
  notes.C = await returnOne(bills.C, kettle.productId, KETTLE_1_INTER.value);
  notes.D = await returnOne(bills.D, tv.productId, TV_1_INTER.value);

  const day = bills.A.saleDate;
  [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  fy = bills.A.invoiceNumber!.split('/')[1]!;
}, 120_000);

// ---------------------------------------------------------------- what the sections must hold

const B2B = sum(KETTLE_3_INTRA, RICE_1_INTER, KETTLE_2_INTER);
const B2CL = sum(TV_1_INTER, DELIVERY_D);
/** Bill A less the rice that came back: B2C small is netted by its credit notes. */
const B2CS = less(sum(RICE_2_INTRA, KETTLE_1_INTRA), sum(RICE_1_INTRA));
const CDNR = sum(KETTLE_1_INTRA, KETTLE_1_INTER);
const CDNUR = sum(TV_1_INTER);
const SOLD = sum(RICE_2_INTRA, KETTLE_1_INTRA, KETTLE_3_INTRA, RICE_1_INTER, KETTLE_2_INTER, TV_1_INTER, DELIVERY_D);
const RETURNED = sum(KETTLE_1_INTRA, RICE_1_INTRA, KETTLE_1_INTER, TV_1_INTER);

describe('GSTR-1 of a month sold at the till and on the storefront, with returns', () => {
  it('made the bills and credit notes the way the hand-worked figures say', () => {
    expect(bills.A).toMatchObject({ supply: 'intra', placeOfSupply: '29', invoiceNumber: invoice(1, fy) });
    expect(bills.B).toMatchObject({ supply: 'intra', placeOfSupply: '29', customerGstin: KARNATAKA_BUYER, invoiceNumber: invoice(2, fy) });
    expect(bills.C).toMatchObject({ supply: 'inter', placeOfSupply: '27', customerGstin: MAHARASHTRA_BUYER, invoiceNumber: invoice(3, fy) });
    expect(bills.D).toMatchObject({ supply: 'inter', placeOfSupply: '33', invoiceNumber: invoice(4, fy) });
    expect(notes.B).toMatchObject({ creditNoteNumber: note(1, fy), originalInvoiceNumber: invoice(2, fy), taxable: 846.62, cgst: 76.19, sgst: 76.19, igst: 0 });
    expect(notes.A).toMatchObject({ creditNoteNumber: note(2, fy), originalInvoiceNumber: invoice(1, fy), taxable: 475.24, cgst: 11.88, sgst: 11.88 });
    expect(notes.C).toMatchObject({ creditNoteNumber: note(3, fy), originalInvoiceNumber: invoice(3, fy), taxable: 846.62, igst: 152.38, cgst: 0, sgst: 0 });
    expect(notes.D).toMatchObject({ creditNoteNumber: note(4, fy), originalInvoiceNumber: invoice(4, fy), taxable: 1_00_000, igst: 18_000, refund: 1_18_000 });
  });

  it('puts the storefront order’s delivery charge on its tax invoice, whose total is what the payment provider was asked for', async () => {
    const total = sum(TV_1_INTER, DELIVERY_D);
    expect(orderAmount).toBe(toRupees(total.value));
    expect(bills.D).toMatchObject({ deliveryCharge: 100, totalSellingAmount: orderAmount, netAmount: orderAmount, taxable: toRupees(total.taxable), igst: toRupees(total.igst), cgst: 0, sgst: 0 });
    // After the TV came back, the tax invoice is still the one issued: the TV and the delivery charge, at the TV's rate
    // and under its HSN code; the return is the credit note listed under it.
    const { status, body } = await call<Receipt>('GET', `/purchase/receipt/${bills.D.purchaseId}`, { token: cashier });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.delivery).toEqual({ hsnCode: '85287217', unit: 'NOS', gst: 18, cgst: 9, sgst: 9, igst: 18, taxable: 84.74, cgstPrice: 0, sgstPrice: 0, igstPrice: 15.26, amount: 100 });
    expect(body.totals).toMatchObject({ taxable: toRupees(total.taxable), igst: toRupees(total.igst), totalSellingAmount: orderAmount, returnAmount: 0, netAmount: orderAmount });
    expect(body.hsnSummary).toEqual([{ hsnCode: '85287217', unit: 'NOS', quantity: 1, gst: 18, taxable: toRupees(total.taxable), cgst: 0, sgst: 0, igst: toRupees(total.igst), value: orderAmount }]);
    expect(body.amountInWords).toBe('Rupees One Lakh Eighteen Thousand One Hundred Only');
    expect(body.creditNotes.map((c) => [c.creditNoteNumber, c.value])).toEqual([[notes.D.creditNoteNumber, 1_18_000]]);
    const pdf = await fetch(`${apiUrl()}/purchase/receipt/${bills.D.purchaseId}/pdf`, { headers: { authorization: `Bearer ${cashier}` } });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).join('\n');
    expect(text).toContain('Delivery charge');
    expect(text).toContain('18% ₹15.26');
  });

  it('shows the sections with the hand-worked totals, tying out to the month’s bills less its credit notes', async () => {
    const { status, body } = await call<Gstr1Summary>('GET', `/report/gstr1/${month}/${year}`, { token: admin });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.problems).toEqual([]);
    const section = (key: string) => body.sections.find((s) => s.key === key)!;
    expect(section('b2b')).toMatchObject({ count: 2, ...inRupees(B2B) });
    expect(section('b2cl')).toMatchObject({ count: 1, ...inRupees(B2CL) });
    expect(section('b2cs')).toMatchObject({ count: 1, ...inRupees(B2CS) });
    expect(section('cdnr')).toMatchObject({ count: 2, ...inRupees(CDNR) });
    expect(section('cdnur')).toMatchObject({ count: 1, ...inRupees(CDNUR) });
    expect(body.net).toEqual(inRupees(less(SOLD, RETURNED)));
    // The sections add up to the same net: B2B + B2C large + B2C small (already net) − notes to registered and unregistered buyers.
    expect(inRupees(less(sum(B2B, B2CL, B2CS), sum(CDNR, CDNUR)))).toEqual(body.net);
    const taxes = (a: ReturnType<typeof sum>) => ({ taxable: toRupees(a.taxable), igst: toRupees(a.igst), cgst: toRupees(a.cgst), sgst: toRupees(a.sgst) });
    expect(body.smallRows).toEqual([
      { placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 5, ...taxes(less(sum(RICE_2_INTRA), sum(RICE_1_INTRA))) },
      { placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 18, ...taxes(sum(KETTLE_1_INTRA)) },
    ]);
    expect(body.documents).toEqual([
      { nature: 'Invoices for outward supply', from: invoice(1, fy), to: invoice(4, fy), total: 4, cancelled: 0, issued: 4 },
      { nature: 'Credit Note', from: note(1, fy), to: note(4, fy), total: 4, cancelled: 0, issued: 4 },
    ]);
  });

  it('downloads a JSON file the kept schema accepts, with the hand-worked B2B, B2CL, B2CS, CDNR, CDNUR and HSN figures', async () => {
    const response = await fetch(`${apiUrl()}/report/gstr1/${month}/${year}/file?format=json`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    const json = (await response.json()) as Record<string, unknown>;
    const validate = new Ajv({ allErrors: true, multipleOfPrecision: 6 }).compile(gstr1Schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);

    const rupees = toRupees;
    const date = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
    const intra = (rate: number, f: Figures) => ({ num: rate * 100 + 1, itm_det: { txval: rupees(f.taxable), rt: rate, camt: rupees(f.cgst), samt: rupees(f.sgst), csamt: 0 } });
    const inter = (rate: number, f: Figures) => ({ num: rate * 100 + 1, itm_det: { txval: rupees(f.taxable), rt: rate, iamt: rupees(f.igst), csamt: 0 } });
    expect(json.b2b).toEqual(
      expect.arrayContaining([
        { ctin: KARNATAKA_BUYER, inv: [{ inum: invoice(2, fy), idt: date(bills.B.saleDate), val: 2_997, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [intra(18, KETTLE_3_INTRA)] }] },
        {
          ctin: MAHARASHTRA_BUYER,
          inv: [{ inum: invoice(3, fy), idt: date(bills.C.saleDate), val: 2_497, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [inter(5, RICE_1_INTER), inter(18, KETTLE_2_INTER)] }],
        },
      ]),
    );
    expect(json.b2b).toHaveLength(2);
    expect(json.b2cl).toEqual([{ pos: '33', inv: [{ inum: invoice(4, fy), idt: date(bills.D.saleDate), val: 1_18_100, itms: [inter(18, { ...B2CL, quantity: 1 })] }] }]);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', txval: 475.24, rt: 5, camt: 11.88, samt: 11.88, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', txval: 846.62, rt: 18, camt: 76.19, samt: 76.19, csamt: 0 },
    ]);
    expect(json.cdnr).toEqual(
      expect.arrayContaining([
        { ctin: KARNATAKA_BUYER, nt: [{ ntty: 'C', nt_num: note(1, fy), nt_dt: date(notes.B.creditNoteDate), val: 999, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [intra(18, KETTLE_1_INTRA)] }] },
        { ctin: MAHARASHTRA_BUYER, nt: [{ ntty: 'C', nt_num: note(3, fy), nt_dt: date(notes.C.creditNoteDate), val: 999, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [inter(18, KETTLE_1_INTER)] }] },
      ]),
    );
    expect(json.cdnr).toHaveLength(2);
    expect(json.cdnur).toEqual([{ typ: 'B2CL', ntty: 'C', nt_num: note(4, fy), nt_dt: date(notes.D.creditNoteDate), val: 1_18_000, pos: '33', itms: [inter(18, TV_1_INTER)] }]);

    // Table 12, B2B and B2C apart: the lines sold less the lines returned, per HSN code, unit and rate.
    const hsnRow = (hsn: string, uqc: string, rt: number, f: ReturnType<typeof sum> & { quantity: number }) =>
      expect.objectContaining({ hsn_sc: hsn, uqc, rt, qty: f.quantity, txval: rupees(f.taxable), iamt: rupees(f.igst), camt: rupees(f.cgst), samt: rupees(f.sgst), csamt: 0 });
    const withQuantity = (sold: Figures[], back: Figures[]) => ({
      ...less(sum(...sold), sum(...back)),
      quantity: sold.reduce((n, l) => n + l.quantity, 0) - back.reduce((n, l) => n + l.quantity, 0),
    });
    const hsn = json.hsn as { hsn_b2b: unknown[]; hsn_b2c: unknown[] };
    expect(hsn.hsn_b2b).toEqual([
      hsnRow('10063020', 'BAG', 5, withQuantity([RICE_1_INTER], [])),
      hsnRow('85161000', 'NOS', 18, withQuantity([KETTLE_3_INTRA, KETTLE_2_INTER], [KETTLE_1_INTRA, KETTLE_1_INTER])),
    ]);
    expect(hsn.hsn_b2c).toEqual([
      hsnRow('10063020', 'BAG', 5, withQuantity([RICE_2_INTRA], [RICE_1_INTRA])),
      hsnRow('85161000', 'NOS', 18, withQuantity([KETTLE_1_INTRA], [])),
      hsnRow('85287217', 'NOS', 18, withQuantity([TV_1_INTER, DELIVERY_D], [TV_1_INTER])),
    ]);
  });
});
