import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../shared/schemas/customer.js';
import { editRefusal, ONLINE_ORDER_BILL, type Purchase } from '../../shared/schemas/purchase.js';
import { stockData } from '../../functions/stock/data.js';
import { call } from './client.js';
import { latestMailTo } from './mail.js';
import { checkout } from './payment-fixtures.js';
import { mustAdd, newShopper, stocked, stockOf as shelfUnits } from './storefront-fixtures.js';
import { pdfText } from './pdf-text.js';
import { bill, cashierToken, line, mustPlace, newCustomer, pointsOf, stockedProduct, stockOf, type Shelf } from './pos-fixtures.js';

let dal: Shelf;
let soap: Shelf;
let customer: Customer;

beforeAll(async () => {
  dal = await stockedProduct({ name: 'Toor Dal 1kg', quantity: 50, mrp: 160, buyingPrice: 120, sellingPrice: 150, gst: 5 });
  soap = await stockedProduct({ name: 'Bath Soap', quantity: 50, mrp: 45, buyingPrice: 36, gst: 18 });
  customer = await newCustomer();
});

/** 3 × dal at ₹150.00 and 2 × soap at ₹45.00: ₹540.00, tax ₹35.14 (worked in purchases.test.ts). */
const example = (who: Pick<Customer, 'mobileNumber'> = customer, extra: Record<string, unknown> = {}) =>
  bill(who, [line(dal, 3), line(soap, 2)], { grossAmount: 570, discount: 30, tax: 35.14, netAmount: 540 }, extra);

type ReturnAnswer = { message: string; returnId: number; refund: number; pointsBack: number; pointsTakenBack: number; purchase: Purchase; mailSent?: boolean };

const returnOf = async (purchaseId: number, body: unknown) =>
  call<ReturnAnswer>('POST', `/purchase/return/${purchaseId}`, { token: await cashierToken(), body });

const update = async (purchaseId: number, body: unknown) => call<Purchase & { message?: string }>('PUT', `/purchase/${purchaseId}`, { token: await cashierToken(), body });

describe('editing a bill (PUT)', () => {
  it('changes stock, points and the day figures by the difference only', async () => {
    const saved = await mustPlace(example());
    const [dalBefore, soapBefore, pointsBefore] = [await stockOf(dal), await stockOf(soap), await pointsOf(customer)];
    // 5 × dal at ₹150.00, the soap line removed: gross ₹800.00, discount ₹50.00, net ₹750.00, taxable ₹714.29,
    // tax ₹35.71; 7 points instead of 5.
    const edited = await update(saved.purchaseId, {
      ...bill(customer, [line(dal, 5)], { grossAmount: 800, discount: 50, tax: 35.72, netAmount: 750 }),
      version: saved.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ purchaseId: saved.purchaseId, netAmount: 750, tax: 35.72, pointsEarned: 7, version: saved.version + 1 });
    expect(edited.body.purchasedProduct).toHaveLength(1);
    expect(await stockOf(dal)).toBe(dalBefore - 2);
    expect(await stockOf(soap)).toBe(soapBefore + 2);
    expect(await pointsOf(customer)).toBe(pointsBefore + 2);

    const dalLine = await stockData.byProduct('demo', dal.productId, dal.artcode);
    const last = (await stockData.movements('demo', dalLine!.stockId)).at(-1);
    expect(last).toMatchObject({ reason: 'sale', ref: `Bill ${saved.purchaseId} edit`, delta: -2 });
  });

  it('refuses an edit made from an older read of the bill', async () => {
    const saved = await mustPlace(example());
    const stale = await update(saved.purchaseId, { ...example(), version: saved.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This bill was changed by someone else. Please reload it and try again.');
  });

  it('refuses another customer, and a bill with returns', async () => {
    const saved = await mustPlace(example());
    const other = await newCustomer();
    const moved = await update(saved.purchaseId, example(other));
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('The customer of a saved bill cannot be changed.');
    expect((await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, returnQuantity: 1 }], returnAmount: 45 })).status).toBe(200);
    const afterReturn = await update(saved.purchaseId, example());
    expect(afterReturn.status).toBe(409);
    expect(afterReturn.body.message).toBe('This bill has returns and can no longer be edited.');
    // The screens learn the same rule from the bill, and offer no Edit.
    const opened = await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: await cashierToken() });
    expect(editRefusal(opened.body)).toBe(afterReturn.body.message);
  });

  it('refuses a bill paid on the storefront, whose GET names the order', async () => {
    const shopper = await newShopper();
    const [tea] = await stocked([{ quantity: 6, mrp: 200, gst: 5, name: 'Edit Storefront Tea' }]);
    await mustAdd(shopper, tea, 2);
    const { order, outcome } = await checkout(shopper);
    const opened = await call<Purchase>('GET', `/purchase/${outcome.purchaseId}`, { token: await cashierToken() });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ orderId: order.id, paymentMode: 'Online', returnQuantity: 0 });
    expect(editRefusal(opened.body)).toBe(ONLINE_ORDER_BILL);

    const unitsBefore = await shelfUnits(tea);
    const shelf = { productId: tea.productId, productName: tea.productName, artcode: tea.artcode, mrp: 200, sellingPrice: 200, cgst: 2.5, sgst: 2.5 };
    // One unit instead of two: ₹200.00 at 5% GST inside the price, tax ₹9.52.
    const edited = await update(outcome.purchaseId!, {
      ...bill(shopper.customer, [line(shelf, 1)], { grossAmount: 200, discount: 0, tax: 9.52, netAmount: 200 }),
      paymentMode: 'Online',
      version: opened.body.version,
    });
    expect(edited.status).toBe(409);
    expect(edited.body.message).toBe(ONLINE_ORDER_BILL);
    expect(await shelfUnits(tea)).toBe(unitsBefore);
    const still = await call<Purchase>('GET', `/purchase/${outcome.purchaseId}`, { token: await cashierToken() });
    // The tea and the ₹100.00 delivery charge, as paid.
    expect(still.body).toMatchObject({ version: opened.body.version, netAmount: 500 });
  });

  it('answers the bill a till made without an order, which may be edited', async () => {
    const saved = await mustPlace(example());
    const opened = await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: await cashierToken() });
    expect(opened.body.orderId).toBeUndefined();
    expect(editRefusal(opened.body)).toBeUndefined();
  });

  it('answers 404 for a bill that does not exist', async () => {
    const answer = await update(999_999, example());
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Bill not found.');
  });
});

describe('returns', () => {
  it('returns part of a line: stock comes back in the same write, the line keeps the rest', async () => {
    const saved = await mustPlace(example());
    const [dalBefore, pointsBefore] = [await stockOf(dal), await pointsOf(customer)];
    const answer = await returnOf(saved.purchaseId, {
      paymentMode: 'CASH',
      purchasedProduct: [{ purchasedProductId: 1, productName: dal.productName, returnQuantity: 1 }],
      returnAmount: 150,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // ₹150.00 of the ₹540.00 paid comes back in cash; ₹390.00 remain paid, which earns 3 points instead of 5.
    expect(answer.body).toMatchObject({ message: 'Return done.', returnId: 1, refund: 150, pointsBack: 0, pointsTakenBack: 2 });
    expect(answer.body.purchase).toMatchObject({ status: 'Partly Returned', returnQuantity: 1, returnAmount: 150 });
    expect(answer.body.purchase.purchasedProduct[0]).toMatchObject({
      quantity: 2,
      remainingQty: 2,
      originalQuantity: 3,
      returnQuantity: 1,
      purchasedPrice: 300,
      status: 'Partly Returned',
      modified: true,
    });
    expect(await stockOf(dal)).toBe(dalBefore + 1);
    expect(await pointsOf(customer)).toBe(pointsBefore - 2);
    const dalLine = await stockData.byProduct('demo', dal.productId, dal.artcode);
    expect((await stockData.movements('demo', dalLine!.stockId)).at(-1)).toMatchObject({
      reason: 'return',
      ref: `Bill ${saved.purchaseId} return 1`,
      delta: 1,
    });
  });

  it('returns a whole line when no partial quantity is given, and sets its price to 0', async () => {
    const saved = await mustPlace(example());
    const soapBefore = await stockOf(soap);
    const answer = await returnOf(saved.purchaseId, { paymentMode: 'online', purchasedProduct: [{ purchasedProductId: 2, whole: true }], returnAmount: 90 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.refund).toBe(90);
    expect(answer.body.purchase.purchasedProduct[1]).toMatchObject({ quantity: 0, returnQuantity: 2, purchasedPrice: 0, status: 'Returned' });
    expect(await stockOf(soap)).toBe(soapBefore + 2);
  });

  it('never returns more than was sold: the quantity rules and their messages', async () => {
    const saved = await mustPlace(example());
    const body = (returnQuantity: unknown, returnAmount = 150) => ({
      paymentMode: 'CASH',
      purchasedProduct: [{ purchasedProductId: 1, productName: dal.productName, returnQuantity }],
      returnAmount,
    });
    const required = await returnOf(saved.purchaseId, body(''));
    expect(required.body.message).toBe('Return Quantity is required.');
    const zero = await returnOf(saved.purchaseId, body(0));
    expect(zero.body.message).toBe('Return Quantity should not be 0.');
    const invalid = await returnOf(saved.purchaseId, body('a'));
    expect(invalid.body.message).toBe(`Return Quantity of ${dal.productName} is invalid.`);
    const tooMany = await returnOf(saved.purchaseId, body(4, 600));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Return Quantity of ${dal.productName} (${dal.artcode}) should not be more than 3.`);
    expect((await returnOf(saved.purchaseId, body(2, 300))).status).toBe(200);
    const beyond = await returnOf(saved.purchaseId, body(2, 300));
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(`Return Quantity of ${dal.productName} (${dal.artcode}) should not be more than 1.`);
    expect((await returnOf(saved.purchaseId, body(1, 150))).status).toBe(200);
    const done = await returnOf(saved.purchaseId, body(1, 150));
    expect(done.body.message).toBe(`${dal.productName} (${dal.artcode}) has already been returned.`);
    const none = await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [], returnAmount: 0 });
    expect(none.body.message).toBe('Please select the product(s) to return.');
  });

  it('refuses a Return Amount that differs from the returned lines', async () => {
    const saved = await mustPlace(example());
    const answer = await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 2 }], returnAmount: 200 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The Return Amount is ₹200.00 but the returned products make ₹300.00. Please Calculate again.');
  });

  it('lets only one of two simultaneous returns of the last units through', async () => {
    const saved = await mustPlace(example());
    const stockBefore = await stockOf(soap);
    const body = { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, returnQuantity: 2 }], returnAmount: 90 };
    const answers = await Promise.all([returnOf(saved.purchaseId, body), returnOf(saved.purchaseId, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe(`${soap.productName} (${soap.artcode}) has already been returned.`);
    expect(await stockOf(soap)).toBe(stockBefore + 2);
  });

  it('gives back points, not money, for the part paid with points', async () => {
    const saree = await stockedProduct({ name: 'Silk Saree', quantity: 5, mrp: 15000, buyingPrice: 11000, gst: 5 });
    const holder = await newCustomer();
    await mustPlace(bill(holder, [line(saree, 1)], { grossAmount: 15000, discount: 0, tax: 714.28, netAmount: 15000 }));
    // 150 points redeem ₹150.00 of ₹540.00: ₹390.00 paid in cash, 3 points earned.
    const saved = await mustPlace(example(holder, { redeem: true, redeemAmount: 150, netAmount: 390 }));
    expect(await pointsOf(holder)).toBe(3);
    const answer = await returnOf(saved.purchaseId, {
      paymentMode: 'CASH',
      purchasedProduct: [{ purchasedProductId: 1, whole: true }, { purchasedProductId: 2, whole: true }],
      returnAmount: 540,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ refund: 390, pointsBack: 150, pointsTakenBack: 3 });
    expect(answer.body.purchase.status).toBe('Returned');
    expect(await pointsOf(holder)).toBe(150);
  });

  it('answers the bill for re-bill and return with only the lines still with the customer', async () => {
    const saved = await mustPlace(example());
    await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, whole: true }], returnAmount: 90 });
    const review = await call<Purchase>('GET', `/purchase/review/${saved.purchaseId}`, { token: await cashierToken() });
    expect(review.status).toBe(200);
    expect(review.body.purchasedProduct.map((l) => l.purchasedProductId)).toEqual([1]);
  });
});

describe('re-bill and the receipt', () => {
  it("says 'Bill Generated.' and e-mails the receipt PDF with the shop's details", async () => {
    const saved = await mustPlace(example());
    const answer = await call<{ message: string; mailSent: boolean; purchase: Purchase }>('POST', `/purchase/reBill/${saved.purchaseId}`, {
      token: await cashierToken(),
      body: { mail: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Bill Generated.', mailSent: true, purchase: { reBills: 1, mailed: true } });
    const mail = await latestMailTo(customer.emailId!);
    expect(mail.subject).toBe(`Receipt for bill ${saved.purchaseId} from Sri Lakshmi General Stores`);
    expect(mail.text).toContain('Payment Status: Paid');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `Receipt_${saved.purchaseId}.pdf`, contentType: 'application/pdf' });
    const [page] = await pdfText(Buffer.from(mail.attachments[0]!.content, 'base64'));
    expect(page).toContain('Sri Lakshmi General Stores');
    expect(page).toContain('GSTIN: 29ABCDE1234F1ZW');
    expect(page).toContain('Payment Mode: Cash · Payment Status: Paid');
    expect(page).toContain('Tax Invoice');
    // A product without an HSN code prints none (never the artcode under HSN); the mail names it by its artcode.
    expect(mail.text).toContain(dal.artcode);
    expect(page).toContain('2.5% ₹10.71');
    expect(page).toContain('9% ₹6.86');
    expect(page).toContain('Net Amount ₹540.00');
  });

  it('needs print or mail', async () => {
    const saved = await mustPlace(example());
    const answer = await call<{ message: string }>('POST', `/purchase/reBill/${saved.purchaseId}`, { token: await cashierToken(), body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please choose print or mail.');
    const printed = await call<{ message: string }>('POST', `/purchase/reBill/${saved.purchaseId}`, { token: await cashierToken(), body: { print: true } });
    expect(printed.body.message).toBe('Bill Generated.');
  });

  it('e-mails the receipt when the bill says mail', async () => {
    const saved = await mustPlace(example(customer, { mail: true }));
    expect(saved).toMatchObject({ mailSent: true, mailed: true });
    const mail = await latestMailTo(customer.emailId!);
    expect(mail.subject).toBe(`Receipt for bill ${saved.purchaseId} from Sri Lakshmi General Stores`);
    expect(mail.attachments[0]?.filename).toBe(`Receipt_${saved.purchaseId}.pdf`);
  });

  it('answers the receipt: shop, HSN/artcode, CGST and SGST per line, totals, Payment Status: Paid', async () => {
    const saved = await mustPlace(example());
    const receipt = await call<Record<string, unknown>>('GET', `/purchase/receipt/${saved.purchaseId}`, { token: await cashierToken() });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      shop: { displayName: 'Sri Lakshmi General Stores', gstNumber: '29ABCDE1234F1ZW' },
      paymentStatus: 'Payment Status: Paid',
      totals: { grossAmount: 570, discount: 30, taxable: 504.86, cgst: 17.57, sgst: 17.57, tax: 35.14, netAmount: 540 },
      lines: [
        { artcode: dal.artcode, cgst: 2.5, cgstPrice: 10.71, sgst: 2.5, sgstPrice: 10.71 },
        { artcode: soap.artcode, cgst: 9, cgstPrice: 6.86, sgst: 9, sgstPrice: 6.86 },
      ],
    });
    const pdf = await fetch(`${(await import('./client.js')).apiUrl()}/purchase/receipt/${saved.purchaseId}/pdf`, {
      headers: { authorization: `Bearer ${await cashierToken()}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="Receipt_${saved.purchaseId}.pdf"`);
    const [page] = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(page).toContain('₹570.00');
  });
});
