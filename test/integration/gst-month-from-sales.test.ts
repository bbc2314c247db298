import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { documentNumber, gstinCheckCharacter, seriesPrefix } from '../../shared/gst.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { ROLE } from '../../shared/roles.js';
import type { Customer } from '../../shared/schemas/customer.js';
import ExcelJS from 'exceljs';
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
 * A month of a Karnataka shop made the way the shop makes it, as a chartered accountant would check it: bills at the
 * till (POST /purchase), two storefront orders shipped to other states, goods returned through the return route
 * (credit notes), then the month's GSTR-1 through its routes (summary, JSON and the offline tool's Excel). Every
 * expected figure below is worked by hand from the shelf prices (GST included), in paise:
 *
 *   CGST = SGST = value × (rate / 2) / (100 + rate), each rounded to the paisa (half up); tax = CGST + SGST;
 *   taxable = value − tax; across states IGST = the same tax in one amount. Nil-rated, exempt: no tax, taxable = value.
 *
 *   Rice   ₹499.00 at 5%   HSN 10063020 BAG    Kettle ₹999.00 at 18% HSN 85161000 NOS
 *   Dal    ₹112.00 at 12%  HSN 0713 KGS        Wheat atta ₹60.00 at 0 % HSN 1101 KGS (nil-rated: no kind given)
 *   Milk   ₹30.00 at 0 %   HSN 0401 LTR, exempt            TV ₹1,18,000.00 at 18% HSN 85287217 NOS (storefront)
 *
 * The seven kinds of invoice and their credit notes:
 *
 *   A  B2C within Karnataka: 2 rice, 1 kettle                         note: 1 rice back (B2C small, netted)
 *   B  B2B within Karnataka (Mysuru Caterers): 3 kettles              note: 1 kettle back (cdnr)
 *   C  B2B to Maharashtra, IGST (Pune Hotels): 1 rice, 2 kettles      note: 1 kettle back (cdnr)
 *   D  storefront to Tamil Nadu, over ₹1 lakh: TV + delivery (B2C large)   note: the TV back (cdnur)
 *   E  B2C mixed 5/12/18/0 % with a discount: 1 rice, 1 dal at ₹100 (MRP ₹112), 10 kettles, 2 wheat (nil-rated),
 *      1 milk (exempt)                                                note: the dal and 1 wheat back
 *   F  credit points: E's customer spends the 107 points E earned on 1 kettle (tax on the full price)
 *   G  storefront to Kerala (Meera Menon, as typed): 2 dal, 1 wheat + delivery at the dal's 12 % (B2C small inter-state,
 *      and nil-rated inter-state to an unregistered person)
 *   H  a bill of wheat only: a Bill of Supply, in table 8 alone
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
/** Dal at ₹100.00 (MRP ₹112.00, a ₹12.00 discount) within the state: 100 × 6/112 = 5.357… → 5.36 each; tax 10.72; taxable 89.28. */
const DAL_1_DISCOUNTED = { quantity: 1, value: 100_00, taxable: 89_28, cgst: 5_36, sgst: 5_36, igst: 0 };
/** Ten kettles within the state: 9,990 × 9/118 = 761.949… → 761.95 each; tax 1,523.90; taxable 8,466.10. */
const KETTLE_10_INTRA = { quantity: 10, value: 9_990_00, taxable: 8_466_10, cgst: 761_95, sgst: 761_95, igst: 0 };
/** Wheat atta, nil-rated: no tax. */
const WHEAT_2 = { quantity: 2, value: 120_00, taxable: 120_00, cgst: 0, sgst: 0, igst: 0 };
const WHEAT_1 = { quantity: 1, value: 60_00, taxable: 60_00, cgst: 0, sgst: 0, igst: 0 };
/** Milk, exempt: no tax. */
const MILK_1 = { quantity: 1, value: 30_00, taxable: 30_00, cgst: 0, sgst: 0, igst: 0 };
/** Two dal to Kerala: 224 × 6/112 = 12.00 exactly, twice: IGST 24.00; taxable 200.00. */
const DAL_2_INTER = { quantity: 2, value: 224_00, taxable: 200_00, cgst: 0, sgst: 0, igst: 24_00 };
/** Order G's delivery charge at the dal's 12 % (its principal supply, ₹200.00 taxable against the wheat's ₹60.00): 100 × 6/112 → 5.36 twice, IGST 10.72, taxable 89.28. */
const DELIVERY_G = { quantity: 0, value: 100_00, taxable: 89_28, cgst: 0, sgst: 0, igst: 10_72 };
/** Bill E: ₹10,739.00 paid earns one point per full ₹100: 107 points, all spent on F's ₹999.00 kettle. */
const E_POINTS = 107;

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
let dal: Shelf;
let wheat: Shelf;
let milk: Shelf;
const MEERA = `Meera Menon ${String(Date.now()).slice(-6)}`;
/** The bills A to H of the table above, and the credit notes of A to E. */
const bills: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H', Purchase> = {} as never;
const notes: Record<'A' | 'B' | 'C' | 'D' | 'E', CreditNote> = {} as never;
let month: number;
let year: number;
let fy: string;
/** What the storefront asked the payment provider for, rupees. */
let orderAmount: number;

async function giveHsn(shelf: Shelf, hsnCode: string, unit: string, taxability?: 'exempt') {
  const [product] = (await call<Record<string, unknown>[]>('GET', `/product/listOfProducts/${shelf.productId}`, { token: admin })).body;
  const saved = await call('PUT', '/product/listOfProducts', { token: admin, body: [{ ...product, hsnCode, unit, ...(taxability ? { taxability } : {}) }] });
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

/**
 * A bill at the till with the totals the till shows (the shared bill module, as the Place Order screen works them);
 * a line may be sold below its MRP (a discount), and the customer's points may be redeemed.
 */
async function sell(buyer: Customer, lines: [Shelf, number, number?][], redeemPoints?: number): Promise<Purchase> {
  const price = (shelf: Shelf, at?: number) => at ?? shelf.mrp;
  const figures = computeBill({
    lines: lines.map(([shelf, quantity, at]) => ({ mrp: toPaise(shelf.mrp), rate: toPaise(price(shelf, at)), quantity, cgstRate: toPaise(shelf.gst / 2), sgstRate: toPaise(shelf.gst / 2) })),
    redeemPoints,
  });
  const onShelf = (shelf: Shelf): TillShelf => ({ ...shelf, sellingPrice: shelf.mrp, cgst: shelf.gst / 2, sgst: shelf.gst / 2 });
  const totals = {
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
    ...(redeemPoints ? { redeemAmount: toRupees(figures.redeemed) } : {}),
  };
  const body = bill(buyer, lines.map(([shelf, quantity, at]) => line(onShelf(shelf), quantity, price(shelf, at))), totals, redeemPoints ? { redeem: true } : {});
  const answer = await placeBill(body, cashier);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Returns one unit of a bill's line through the return screen's route; answers the credit note it issued. */
const returnOne = (bill: Purchase, productId: number, value: number) => returnUnits(bill, [productId], value);

/** Returns one unit of each of the lines of these products in one return: one credit note. */
async function returnUnits(bill: Purchase, productIds: number[], value: number): Promise<CreditNote> {
  const lineOf = (productId: number) => bill.purchasedProduct.find((l) => l.productId === productId)!;
  const answer = await call<{ creditNote: CreditNote }>('POST', `/purchase/return/${bill.purchaseId}`, {
    token: cashier,
    body: { paymentMode: 'CASH', purchasedProduct: productIds.map((id) => ({ purchasedProductId: lineOf(id).purchasedProductId, returnQuantity: 1 })), returnAmount: toRupees(value) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.creditNote;
}

beforeAll(async () => {
  await seedTenant(seed);
  admin = await tokenOf(`admin@${SHOP}.shop`);
  cashier = await tokenOf(`cashier@${SHOP}.shop`);
  const [r, k, t, d, w, m] = await stocked(
    [
      { quantity: 50, mrp: 499, gst: 5, name: 'Sona Masoori Rice 10kg' },
      { quantity: 50, mrp: 999, gst: 18, name: 'Electric Kettle 1.5L' },
      { quantity: 3, mrp: 1_18_000, gst: 18, name: 'OLED TV 55 inch' },
      { quantity: 50, mrp: 112, gst: 12, name: 'Toor Dal 1kg' },
      { quantity: 50, mrp: 60, gst: 0, name: 'Wheat Atta 1kg' },
      { quantity: 50, mrp: 30, gst: 0, name: 'Fresh Milk 1L' },
    ],
    SHOP,
  );
  rice = { ...r, mrp: 499, gst: 5 };
  kettle = { ...k, mrp: 999, gst: 18 };
  tv = { ...t, mrp: 1_18_000, gst: 18 };
  dal = { ...d, mrp: 112, gst: 12 };
  wheat = { ...w, mrp: 60, gst: 0 };
  milk = { ...m, mrp: 30, gst: 0 };
  await giveHsn(rice, '10063020', 'BAG');
  await giveHsn(kettle, '85161000', 'NOS');
  await giveHsn(tv, '85287217', 'NOS');
  await giveHsn(dal, '0713', 'KGS');
  // Wheat atta says nothing: a 0 % good is nil-rated. Milk is exempt.
  await giveHsn(wheat, '1101', 'KGS');
  await giveHsn(milk, '0401', 'LTR', 'exempt');

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

  const anand = await customer('Anand Rao', '9811000004');
  bills.E = await sell(anand, [
    [rice, 1],
    [dal, 1, 100],
    [kettle, 10],
    [wheat, 2],
    [milk, 1],
  ]);
  bills.F = await sell(anand, [[kettle, 1]], E_POINTS);

  const meera = await newShopper(SHOP, MEERA);
  await mustAdd(meera, dal, 2);
  await mustAdd(meera, wheat, 1);
  const kerala = await createOrder(meera, { currency: 'INR', shippingAddress: { name: 'Meera', line: '12 MG Road', city: 'Kochi', pincode: '682016', state: '32' } });
  expect(kerala.status, JSON.stringify(kerala.body)).toBe(200);
  const paidG = await completeCheckout(kerala.body.id, 'success');
  if (paidG.kind !== 'success') throw new Error('the payment simulator refused the payment');
  const outcomeG = await reportCheckout(meera, paidG.response);
  expect(outcomeG.body.purchaseId, JSON.stringify(outcomeG.body)).toBeDefined();
  bills.G = (await call<Purchase>('GET', `/purchase/${outcomeG.body.purchaseId}`, { token: cashier })).body;
  bills.H = await sell(anand, [[wheat, 1]]);

  notes.B = await returnOne(bills.B, kettle.productId, KETTLE_1_INTRA.value);
  notes.A = await returnOne(bills.A, rice.productId, RICE_1_INTRA.value);
  notes.C = await returnOne(bills.C, kettle.productId, KETTLE_1_INTER.value);
  notes.D = await returnOne(bills.D, tv.productId, TV_1_INTER.value);
  notes.E = await returnUnits(bills.E, [dal.productId, wheat.productId], DAL_1_DISCOUNTED.value + WHEAT_1.value);

  const day = bills.A.saleDate;
  [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  fy = bills.A.invoiceNumber!.split('/')[1]!;
}, 120_000);

// ---------------------------------------------------------------- what the sections must hold

const B2B = sum(KETTLE_3_INTRA, RICE_1_INTER, KETTLE_2_INTER);
const B2CL = sum(TV_1_INTER, DELIVERY_D);
/**
 * The taxed lines of bills A, E, F and G less those of the notes on A and E: B2C small is netted by its credit notes.
 * The nil-rated and exempt lines are not here (table 8).
 */
const B2CS = less(
  sum(RICE_2_INTRA, KETTLE_1_INTRA, RICE_1_INTRA, DAL_1_DISCOUNTED, KETTLE_10_INTRA, KETTLE_1_INTRA, DAL_2_INTER, DELIVERY_G),
  sum(RICE_1_INTRA, DAL_1_DISCOUNTED),
);
/** Table 8: within Karnataka to unregistered persons: wheat 2 (E) − 1 back + 1 (H) nil-rated, milk 1 exempt; to Kerala: wheat 1. */
const NIL = { intraNil: 120_00, intraExempt: 30_00, interNil: 60_00 };
const NIL_SUM = sum(WHEAT_2, MILK_1, WHEAT_1, WHEAT_1, { ...WHEAT_1, value: -WHEAT_1.value, taxable: -WHEAT_1.taxable });
const CDNR = sum(KETTLE_1_INTRA, KETTLE_1_INTER);
const CDNUR = sum(TV_1_INTER);
const SOLD = sum(
  RICE_2_INTRA, KETTLE_1_INTRA, KETTLE_3_INTRA, RICE_1_INTER, KETTLE_2_INTER, TV_1_INTER, DELIVERY_D,
  RICE_1_INTRA, DAL_1_DISCOUNTED, KETTLE_10_INTRA, WHEAT_2, MILK_1, KETTLE_1_INTRA, DAL_2_INTER, WHEAT_1, DELIVERY_G, WHEAT_1,
);
const RETURNED = sum(KETTLE_1_INTRA, RICE_1_INTRA, KETTLE_1_INTER, TV_1_INTER, DAL_1_DISCOUNTED, WHEAT_1);

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

    // E: ₹10,751.00 at MRP less the dal's ₹12.00 discount; tax on the taxed lines only.
    const e = sum(RICE_1_INTRA, DAL_1_DISCOUNTED, KETTLE_10_INTRA, WHEAT_2, MILK_1);
    expect(bills.E).toMatchObject({ supply: 'intra', invoiceNumber: invoice(5, fy), customerName: 'Anand Rao', grossAmount: 10_751, discount: 12, totalSellingAmount: toRupees(e.value) });
    expect(bills.E).toMatchObject({ taxable: toRupees(e.taxable), cgst: toRupees(e.cgst), sgst: toRupees(e.sgst), igst: 0, pointsEarned: E_POINTS });
    // F: the points pay ₹107.00 of the kettle; the invoice and its tax are on the full ₹999.00 (docs/gst.md, section 15).
    expect(bills.F).toMatchObject({ invoiceNumber: invoice(6, fy), totalSellingAmount: 999, redeemAmount: E_POINTS, netAmount: 999 - E_POINTS, pointsUsed: E_POINTS });
    expect(bills.F).toMatchObject({ taxable: toRupees(KETTLE_1_INTRA.taxable), cgst: toRupees(KETTLE_1_INTRA.cgst), sgst: toRupees(KETTLE_1_INTRA.sgst) });
    // G: shipped to Kerala, the customer's name as typed.
    const g = sum(DAL_2_INTER, WHEAT_1, DELIVERY_G);
    expect(bills.G).toMatchObject({ supply: 'inter', placeOfSupply: '32', invoiceNumber: invoice(7, fy), customerName: MEERA, deliveryCharge: 100, netAmount: toRupees(g.value) });
    expect(bills.G).toMatchObject({ taxable: toRupees(g.taxable), igst: toRupees(g.igst), cgst: 0, sgst: 0 });
    expect(bills.H).toMatchObject({ invoiceNumber: invoice(8, fy), totalSellingAmount: 60, tax: 0 });
    const eBack = sum(DAL_1_DISCOUNTED, WHEAT_1);
    expect(notes.E).toMatchObject({ creditNoteNumber: note(5, fy), originalInvoiceNumber: invoice(5, fy), taxable: toRupees(eBack.taxable), cgst: 5.36, sgst: 5.36, value: toRupees(eBack.value) });
  });

  it('prints the nil-rated and exempt goods as such on the tax invoice, and a bill of such goods only as a Bill of Supply', async () => {
    const receiptOf = async (b: Purchase) => (await call<Receipt>('GET', `/purchase/receipt/${b.purchaseId}`, { token: cashier })).body;
    const e = await receiptOf(bills.E);
    expect(e.title).toBe('Tax Invoice');
    expect(e.lines.map((l) => [l.productId, l.untaxed])).toEqual([
      [rice.productId, undefined],
      [dal.productId, undefined],
      [kettle.productId, undefined],
      [wheat.productId, 'Nil-rated'],
      [milk.productId, 'Exempt'],
    ]);
    const pdfOf = async (b: Purchase) => {
      const pdf = await fetch(`${apiUrl()}/purchase/receipt/${b.purchaseId}/pdf`, { headers: { authorization: `Bearer ${cashier}` } });
      return (await pdfText(Buffer.from(await pdf.arrayBuffer()))).join(' ').replace(/\s+/g, ' ');
    };
    const ePdf = await pdfOf(bills.E);
    expect(ePdf).toContain('(Nil-rated)');
    expect(ePdf).toContain('(Exempt)');
    const h = await receiptOf(bills.H);
    expect(h.title).toBe('Bill of Supply');
    expect(await pdfOf(bills.H)).toContain('Bill of Supply');
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
    // A, E, F and G; H is nil-rated goods only.
    expect(section('b2cs')).toMatchObject({ count: 4, ...inRupees(B2CS) });
    // E, G, H and the note on E.
    expect(section('nil')).toMatchObject({ count: 4, ...inRupees(NIL_SUM) });
    expect(toPaise(section('nil').value)).toBe(NIL.intraNil + NIL.intraExempt + NIL.interNil);
    expect(section('cdnr')).toMatchObject({ count: 2, ...inRupees(CDNR) });
    expect(section('cdnur')).toMatchObject({ count: 1, ...inRupees(CDNUR) });
    expect(body.net).toEqual(inRupees(less(SOLD, RETURNED)));
    // The sections add up to the same net: B2B + B2C large + B2C small (already net) + table 8 (already net) − notes
    // to registered and unregistered buyers.
    expect(inRupees(less(sum(B2B, B2CL, B2CS, NIL_SUM), sum(CDNR, CDNUR)))).toEqual(body.net);
    const taxes = (a: ReturnType<typeof sum>) => ({ taxable: toRupees(a.taxable), igst: toRupees(a.igst), cgst: toRupees(a.cgst), sgst: toRupees(a.sgst) });
    expect(body.smallRows).toEqual([
      { placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 5, ...taxes(less(sum(RICE_2_INTRA, RICE_1_INTRA), sum(RICE_1_INTRA))) },
      // The dal sold on E came back: its row nets to nothing (and is left out of the file).
      { placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 12, taxable: 0, igst: 0, cgst: 0, sgst: 0 },
      { placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 18, ...taxes(sum(KETTLE_1_INTRA, KETTLE_10_INTRA, KETTLE_1_INTRA)) },
      { placeOfSupply: '32-Kerala', supplyType: 'INTER', rate: 12, ...taxes(sum(DAL_2_INTER, DELIVERY_G)) },
    ]);
    expect(body.documents).toEqual([
      { nature: 'Invoices for outward supply', from: invoice(1, fy), to: invoice(8, fy), total: 8, cancelled: 0, issued: 8 },
      { nature: 'Credit Note', from: note(1, fy), to: note(5, fy), total: 5, cancelled: 0, issued: 5 },
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
    const rice5 = less(sum(RICE_2_INTRA, RICE_1_INTRA), sum(RICE_1_INTRA));
    const kettle18 = sum(KETTLE_1_INTRA, KETTLE_10_INTRA, KETTLE_1_INTRA);
    const kerala12 = sum(DAL_2_INTER, DELIVERY_G);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', txval: rupees(rice5.taxable), rt: 5, camt: rupees(rice5.cgst), samt: rupees(rice5.sgst), csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', txval: rupees(kettle18.taxable), rt: 18, camt: rupees(kettle18.cgst), samt: rupees(kettle18.sgst), csamt: 0 },
      { sply_ty: 'INTER', pos: '32', typ: 'OE', txval: rupees(kerala12.taxable), rt: 12, iamt: rupees(kerala12.igst), csamt: 0 },
    ]);
    // Table 8, in the portal's order of kinds of supply; no 0 % row in B2C small.
    expect(json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRB2C', nil_amt: rupees(NIL.interNil), expt_amt: 0, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2C', nil_amt: rupees(NIL.intraNil), expt_amt: rupees(NIL.intraExempt), ngsup_amt: 0 },
      ],
    });
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
    expect(hsn.hsn_b2c).toEqual(
      expect.arrayContaining([
        hsnRow('10063020', 'BAG', 5, withQuantity([RICE_2_INTRA, RICE_1_INTRA], [RICE_1_INTRA])),
        hsnRow('85161000', 'NOS', 18, withQuantity([KETTLE_1_INTRA, KETTLE_10_INTRA, KETTLE_1_INTRA], [])),
        hsnRow('85287217', 'NOS', 18, withQuantity([TV_1_INTER, DELIVERY_D], [TV_1_INTER])),
        hsnRow('0713', 'KGS', 12, withQuantity([DAL_1_DISCOUNTED, DAL_2_INTER, DELIVERY_G], [DAL_1_DISCOUNTED])),
        hsnRow('1101', 'KGS', 0, withQuantity([WHEAT_2, WHEAT_1, WHEAT_1], [WHEAT_1])),
        hsnRow('0401', 'LTR', 0, withQuantity([MILK_1], [])),
      ]),
    );
    expect(hsn.hsn_b2c).toHaveLength(6);
  });

  it('downloads the offline tool’s Excel with the same figures as the JSON, field by field, and the names as typed', async () => {
    const [jsonAnswer, xlsxAnswer] = await Promise.all(
      ['json', 'xlsx'].map((format) => fetch(`${apiUrl()}/report/gstr1/${month}/${year}/file?format=${format}`, { headers: { authorization: `Bearer ${admin}` } })),
    );
    expect(xlsxAnswer!.status).toBe(200);
    const json = (await jsonAnswer!.json()) as {
      b2b: { ctin: string; inv: { inum: string; val: number; itms: { itm_det: { rt: number; txval: number } }[] }[] }[];
      b2cs: { pos: string; rt: number; txval: number }[];
      nil: { inv: { sply_ty: string; nil_amt: number; expt_amt: number; ngsup_amt: number }[] };
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsxAnswer!.arrayBuffer()) as ArrayBuffer);
    const rows = (name: string) =>
      Array.from(workbook.getWorksheet(name)!.getSheetValues(), (r) => (r ? Array.from((r as unknown[]).slice(1), (v) => v ?? null) : [])).slice(5);
    // b2b: a row per invoice and rate, the buyer's name as typed.
    const names = new Map([[KARNATAKA_BUYER, 'Mysuru Caterers'], [MAHARASHTRA_BUYER, 'Pune Hotels']]);
    const b2bRows = json.b2b.flatMap((p) => p.inv.flatMap((i) => i.itms.map((t) => [p.ctin, names.get(p.ctin), i.inum, i.val, t.itm_det.rt, t.itm_det.txval])));
    expect(rows('b2b,sez,de').map((r) => [r[0], r[1], r[2], r[4], r[10], r[11]])).toEqual(b2bRows);
    const state = (code: string) => ({ '29': '29-Karnataka', '32': '32-Kerala' })[code];
    expect(rows('b2cs')).toEqual(json.b2cs.map((r) => ['OE', state(r.pos), null, r.rt, r.txval, 0]));
    const nilOf = (type: string) => json.nil.inv.find((r) => r.sply_ty === type) ?? { nil_amt: 0, expt_amt: 0, ngsup_amt: 0 };
    expect(rows('exemp')).toEqual(
      [
        ['Inter-State supplies to registered persons', 'INTRB2B'],
        ['Intra-State supplies to registered persons', 'INTRAB2B'],
        ['Inter-State supplies to unregistered persons', 'INTRB2C'],
        ['Intra-State supplies to unregistered persons', 'INTRAB2C'],
      ].map(([description, type]) => [description, nilOf(type!).nil_amt, nilOf(type!).expt_amt, nilOf(type!).ngsup_amt]),
    );
  });
});
