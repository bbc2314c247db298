import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import { stockData } from '../../functions/stock/data.js';
import { call } from './client.js';
import {
  bill,
  cashierToken,
  line,
  mustPlace,
  newCustomer,
  placeBill,
  pointsOf,
  stockedProduct,
  stockOf,
  type Shelf,
} from './pos-fixtures.js';

/**
 * The worked example of the whole file, figured by hand:
 * 3 × Toor Dal 1kg, MRP ₹160.00, rate ₹150.00, GST 5% (2.5 + 2.5): gross ₹480.00, net ₹450.00, discount ₹30.00
 *   (7% rounded up from 6.25%), CGST = SGST = 450 × 2.5 / 105 = ₹10.71 (10.714), tax ₹21.42, taxable ₹428.58.
 * 2 × Bath Soap, MRP ₹45.00, rate ₹45.00, GST 18% (9 + 9): net ₹90.00, CGST = SGST = 90 × 9 / 118 = ₹6.86 (6.864), tax ₹13.72, taxable ₹76.28.
 * Bill: gross ₹570.00, discount ₹30.00, tax ₹35.14, net ₹540.00; it earns 5 points (one per full ₹100).
 */
const EXAMPLE_TOTALS = { grossAmount: 570, discount: 30, tax: 35.14, netAmount: 540 };

let dal: Shelf;
let soap: Shelf;
let customer: Customer;

beforeAll(async () => {
  dal = await stockedProduct({ name: 'Toor Dal 1kg', quantity: 40, mrp: 160, buyingPrice: 120, sellingPrice: 150, gst: 5 });
  soap = await stockedProduct({ name: 'Bath Soap', quantity: 40, mrp: 45, buyingPrice: 36, gst: 18 });
  customer = await newCustomer();
});

const example = (extra: Record<string, unknown> = {}) => bill(customer, [line(dal, 3), line(soap, 2)], EXAMPLE_TOTALS, extra);

describe('placing a bill', () => {
  it('stores the worked example with every figure by line and in total, and answers the bill number', async () => {
    const [dalBefore, soapBefore, pointsBefore] = [await stockOf(dal), await stockOf(soap), await pointsOf(customer)];
    const saved = await mustPlace(example());
    expect(saved.purchaseId).toBeGreaterThan(0);
    expect(saved).toMatchObject({
      customerId: customer.customerId,
      mobileNumber: customer.mobileNumber,
      paymentMode: 'Cash',
      status: 'Paid',
      grossAmount: 570,
      discount: 30,
      taxable: 504.86,
      cgst: 17.57,
      sgst: 17.57,
      tax: 35.14,
      totalSellingAmount: 540,
      redeemAmount: 0,
      netAmount: 540,
      pointsEarned: 5,
      customerCreditPoints: pointsBefore + 5,
    });
    expect(saved.purchasedProduct).toHaveLength(2);
    expect(saved.purchasedProduct[0]).toMatchObject({
      purchasedProductId: 1,
      productName: dal.productName,
      artcode: dal.artcode,
      quantity: 3,
      originalQuantity: 3,
      returnQuantity: 0,
      price: 160,
      sellingPrice: 150,
      discount: 7,
      discountPrice: 30,
      gst: 5,
      cgst: 2.5,
      sgst: 2.5,
      taxable: 428.58,
      cgstPrice: 10.71,
      sgstPrice: 10.71,
      tax: 21.42,
      netAmount: 450,
      purchasedPrice: 450,
      status: 'Sold',
      createdBy: 'cashier@demo.shop',
    });
    expect(saved.purchasedProduct[1]).toMatchObject({ taxable: 76.28, cgstPrice: 6.86, sgstPrice: 6.86, netAmount: 90, discount: 0 });

    expect(await stockOf(dal)).toBe(dalBefore - 3);
    expect(await stockOf(soap)).toBe(soapBefore - 2);
    expect(await pointsOf(customer)).toBe(pointsBefore + 5);

    const reread = await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: await cashierToken() });
    expect(reread.status).toBe(200);
    expect(reread.body).toMatchObject({ purchaseId: saved.purchaseId, netAmount: 540, tax: 35.14 });
  });

  it('records a stock movement per line with who, when, why, before and after', async () => {
    const before = await stockOf(dal);
    const saved = await mustPlace(bill(customer, [line(dal, 1)], { grossAmount: 160, discount: 10, tax: 7.14, netAmount: 150 }));
    const stockLine = await stockData.byProduct('demo', dal.productId, dal.artcode);
    const moves = await stockData.movements('demo', stockLine!.stockId);
    expect(moves.at(-1)).toMatchObject({
      reason: 'sale',
      ref: `Bill ${saved.purchaseId}`,
      delta: -1,
      before,
      after: before - 1,
      by: 'cashier@demo.shop',
    });
  });

  it('accepts Online, text figures as typed, and drops the empty rows the screen starts with', async () => {
    const body = {
      ...bill(customer, [line(soap, '1', '45.00')], { grossAmount: 45, discount: 0, tax: 6.86, netAmount: 45 }),
      paymentMode: 'Online',
    };
    body.purchasedProduct.push({}, { productId: '' });
    const saved = await mustPlace(body);
    expect(saved).toMatchObject({ paymentMode: 'Online', netAmount: 45 });
    expect(saved.purchasedProduct).toHaveLength(1);
  });

  it('refuses a bill whose figures differ from its lines, naming the figure, and saves nothing', async () => {
    const before = await stockOf(dal);
    const tampered = await placeBill(example({ netAmount: 440 }));
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe("The bill's Net Amount is ₹440.00 but its lines make ₹540.00. Please Calculate again.");
    const taxOff = await placeBill(example({ tax: 35.15 }));
    expect(taxOff.status).toBe(400);
    expect(taxOff.body.message).toBe("The bill's Tax is ₹35.15 but its lines make ₹35.14. Please Calculate again.");
    const lineOff = await placeBill(bill(customer, [{ ...line(dal, 3), purchasedPrice: 400 }], { grossAmount: 480, discount: 30, tax: 21.42, netAmount: 450 }));
    expect(lineOff.status).toBe(400);
    expect(lineOff.body.message).toBe(`The bill's Net Price of ${dal.productName} is ₹400.00 but its lines make ₹450.00. Please Calculate again.`);
    expect(await stockOf(dal)).toBe(before);
  });

  it('refuses an MRP or GST the stock line does not have, and a rate above the MRP', async () => {
    const mrp = await placeBill(bill(customer, [{ ...line(dal, 1), price: 170 }], { grossAmount: 170, discount: 20, tax: 7.14, netAmount: 150 }));
    expect(mrp.status).toBe(400);
    expect(mrp.body.message).toBe(`The MRP of ${dal.productName} is now ₹160.00. Please Calculate again.`);
    const gst = await placeBill(bill(customer, [{ ...line(dal, 1), cgst: 6, sgst: 6 }], { grossAmount: 160, discount: 10, tax: 16.07, netAmount: 150 }));
    expect(gst.status).toBe(400);
    expect(gst.body.message).toBe(`The GST of ${dal.productName} is now 2.5% CGST + 2.5% SGST. Please Calculate again.`);
    const above = await placeBill(bill(customer, [line(dal, 1, 161)], { grossAmount: 160, discount: 0, tax: 7.67, netAmount: 161 }));
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(`Selling Price of ${dal.productName} should not be more than its MRP ₹160.00.`);
  });

  it.each([
    ['no customer', { mobileNumber: undefined }, 'Customer Detail is required.'],
    ['a mobile that is not 10 digits', { mobileNumber: '98765' }, 'Enter the Valid Mobile Number !'],
    ['an unregistered mobile', { mobileNumber: '9000011111' }, 'Customer not found! Please Register'],
    ['no products', { purchasedProduct: [{}, {}, {}, {}] }, 'Please add product(s).'],
  ])('refuses %s', async (_, change, message) => {
    const answer = await placeBill({ ...example(), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it.each([
    ['no quantity', { quantity: '' }, 'Product Quantity is required.'],
    ['a quantity of 0', { quantity: 0 }, 'Product Quantity should not be 0.'],
    ['a quantity that is not a number', { quantity: 'two' }, 'Please correct the Quantity of PRODUCT'],
    ['a fractional quantity', { quantity: 1.5 }, 'Please correct the Quantity of PRODUCT'],
    ['no selling price', { sellingPrice: undefined }, 'Selling Price is required.'],
    ['a selling price of 0', { sellingPrice: 0 }, 'Selling Price should not be 0.'],
  ])('refuses a line with %s', async (_, change, message) => {
    const answer = await placeBill(bill(customer, [{ ...line(dal, 1), ...change }], { grossAmount: 160, discount: 10, tax: 7.14, netAmount: 150 }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message.replace('PRODUCT', dal.productName));
  });

  it('refuses a bill of Gross Amount 0', async () => {
    const answer = await placeBill({ ...example(), grossAmount: 0 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('A bill needs a Gross Amount above 0.');
  });

  it('says Add in inventory for a product never received', async () => {
    const answer = await placeBill(bill(customer, [{ ...line(dal, 1), artcode: 'NEVER-RECEIVED' }], { grossAmount: 160, discount: 10, tax: 7.14, netAmount: 150 }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`No stock of ${dal.productName} (NEVER-RECEIVED). Add in inventory`);
  });

  it('refuses more than the shelf holds, counting repeated lines of one product together', async () => {
    const rice = await stockedProduct({ name: 'Sona Rice 5kg', quantity: 4, mrp: 400, buyingPrice: 330, gst: 5 });
    const answer = await placeBill(bill(customer, [line(rice, 3), line(rice, 2)], { grossAmount: 2000, discount: 0, tax: 95.24, netAmount: 2000 }));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`Only 4 in Stock for ${rice.productName} (${rice.artcode}).`);
    expect(await stockOf(rice)).toBe(4);
  });
});

describe('two tills selling the last unit', () => {
  it('lets one bill win; the other gets the stock left, and stock never goes below zero', async () => {
    const last = await stockedProduct({ name: 'Toor Dal 1kg', quantity: 1, mrp: 160, buyingPrice: 120, sellingPrice: 150, gst: 5 });
    const other = await newCustomer();
    const one = bill(customer, [line(last, 1)], { grossAmount: 160, discount: 10, tax: 7.14, netAmount: 150 });
    const two = bill(other, [line(last, 1)], { grossAmount: 160, discount: 10, tax: 7.14, netAmount: 150 });
    const answers = await Promise.all([placeBill(one), placeBill(two)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe(`Only 0 in Stock for ${last.productName} (${last.artcode}).`);
    expect(await stockOf(last)).toBe(0);
    const stockLine = await stockData.byProduct('demo', last.productId, last.artcode);
    const sales = (await stockData.movements('demo', stockLine!.stockId)).filter((m) => m.reason === 'sale');
    expect(sales).toHaveLength(1);
  });
});

describe('credit points', () => {
  let rich: Customer;
  let saree: Shelf;
  let tiffin: Shelf;

  beforeAll(async () => {
    saree = await stockedProduct({ name: 'Silk Saree', quantity: 10, mrp: 15000, buyingPrice: 11000, gst: 5 });
    tiffin = await stockedProduct({ name: 'Steel Tiffin', quantity: 10, mrp: 539.5, buyingPrice: 400, gst: 18 });
    rich = await newCustomer();
    // ₹15,000.00 at 5%: taxable ₹14,285.71, tax ₹714.29; it earns 150 points.
    const first = await mustPlace(bill(rich, [line(saree, 1)], { grossAmount: 15000, discount: 0, tax: 714.28, netAmount: 15000 }));
    expect(first.customerCreditPoints).toBe(150);
  });

  it('refuses to redeem 100 points or fewer', async () => {
    const few = await newCustomer();
    const answer = await placeBill(bill(few, [line(dal, 1)], { grossAmount: 160, discount: 10, tax: 7.14, netAmount: 150 }, { redeem: true }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Credit points can be redeemed above 100 points only; .+ has 0\.$/);
  });

  it('uses all points worth less than the net: ₹540.00 less 150 points is ₹390.00, earning 3 points', async () => {
    const saved = await mustPlace(bill(rich, [line(dal, 3), line(soap, 2)], { ...EXAMPLE_TOTALS, redeemAmount: 150, netAmount: 390 }, { redeem: true }));
    expect(saved).toMatchObject({ totalSellingAmount: 540, redeemAmount: 150, netAmount: 390, pointsUsed: 150, pointsEarned: 3, customerCreditPoints: 3 });
    expect(await pointsOf(rich)).toBe(3);
  });

  it('makes the bill zero when the points cover it and keeps the rest rounded up: 600 points on ₹539.50 leave 61', async () => {
    const wealthy = await newCustomer();
    // 4 × ₹15,000.00 = ₹60,000.00 (tax ₹2,857.14): 600 points.
    await mustPlace(bill(wealthy, [line(saree, 4)], { grossAmount: 60000, discount: 0, tax: 2857.14, netAmount: 60000 }));
    // ₹539.50 at 18%: taxable ₹457.20, tax ₹82.30.
    const saved = await mustPlace(
      bill(wealthy, [line(tiffin, 1)], { grossAmount: 539.5, discount: 0, tax: 82.3, redeemAmount: 539.5, netAmount: 0 }, { redeem: true, paymentMode: 'Online' }),
    );
    expect(saved).toMatchObject({ redeemAmount: 539.5, netAmount: 0, pointsUsed: 539, pointsEarned: 0, customerCreditPoints: 61 });
    expect(await pointsOf(wealthy)).toBe(61);
  });

  it('refuses a redeem amount the customer’s points do not give', async () => {
    const holder = await newCustomer();
    await mustPlace(bill(holder, [line(saree, 1)], { grossAmount: 15000, discount: 0, tax: 714.28, netAmount: 15000 }));
    const answer = await placeBill(bill(holder, [line(dal, 3), line(soap, 2)], { ...EXAMPLE_TOTALS, redeemAmount: 200, netAmount: 340 }, { redeem: true }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("The bill's Redeem Amount is ₹200.00 but its lines make ₹150.00. Please Calculate again.");
    expect(await pointsOf(holder)).toBe(150);
  });
});
