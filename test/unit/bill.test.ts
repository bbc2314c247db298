import { describe, expect, it } from 'vitest';
import { canRedeem, computeBill, creditFigures, pointsEarned, returnSettlement, shopDay } from '../../shared/bill.js';

const dal = { mrp: 16000, rate: 15000, quantity: 3, cgstRate: 250, sgstRate: 250 };
const soap = { mrp: 4500, rate: 4500, quantity: 2, cgstRate: 900, sgstRate: 900 };

describe('a bill from its lines', () => {
  it('works the example by hand: ₹570.00 gross, ₹30.00 discount, ₹35.14 tax (CGST = SGST = ₹17.57), ₹540.00 net, 5 points', () => {
    const bill = computeBill({ lines: [dal, soap] });
    expect(bill.totals).toEqual({ gross: 57000, discount: 3000, taxable: 50486, cgst: 1757, sgst: 1757, igst: 0, tax: 3514, net: 54000 });
    expect(bill.lines.map((l) => l.discountPercent)).toEqual([7, 0]);
    expect(bill).toMatchObject({ redeemed: 0, pointsUsed: 0, paid: 54000, pointsEarned: 5 });
  });

  it('redeems all points worth less than the net: 150 points off ₹540.00 leave ₹390.00 to pay, earning 3', () => {
    expect(computeBill({ lines: [dal, soap], redeemPoints: 150 })).toMatchObject({ redeemed: 15000, pointsUsed: 150, paid: 39000, pointsEarned: 3 });
  });

  it('makes the bill zero when the points cover it; the points not needed stay, rounded up', () => {
    const tiffin = { mrp: 53950, rate: 53950, quantity: 1, cgstRate: 900, sgstRate: 900 };
    expect(computeBill({ lines: [tiffin], redeemPoints: 600 })).toMatchObject({ redeemed: 53950, pointsUsed: 539, paid: 0, pointsEarned: 0 });
  });

  it('offers redemption above 100 points only', () => {
    expect([canRedeem(99), canRedeem(100), canRedeem(101)]).toEqual([false, false, true]);
  });

  it('earns a point for every full ₹100.00 paid', () => {
    expect([pointsEarned(9999), pointsEarned(10000), pointsEarned(54000), pointsEarned(0)]).toEqual([0, 1, 5, 0]);
  });
});

describe('settling a return', () => {
  it('refunds money up to what was paid in money and the rest as points', () => {
    // ₹540.00 bill, ₹150.00 of it by points: ₹390.00 paid, 3 points earned.
    expect(returnSettlement({ value: 54000, paid: 39000, refundedBefore: 0, pointsEarnedBefore: 3 })).toEqual({
      refund: 39000,
      pointsBack: 150,
      pointsEarnedAfter: 0,
      pointsTakenBack: 3,
    });
  });

  it('takes back the points earned on refunded money', () => {
    expect(returnSettlement({ value: 15000, paid: 54000, refundedBefore: 0, pointsEarnedBefore: 5 })).toEqual({
      refund: 15000,
      pointsBack: 0,
      pointsEarnedAfter: 3,
      pointsTakenBack: 2,
    });
  });
});

describe('the shop day', () => {
  it('is the day in India: 23:45 UTC on 21 Nov is 22 Nov in the shop', () => {
    expect(shopDay(new Date('2026-11-21T23:45:00Z'))).toBe('2026-11-22');
    expect(shopDay(new Date('2026-11-21T18:00:00Z'))).toBe('2026-11-21');
  });
});

describe('a bill to another state', () => {
  it('charges IGST at the full rate: same taxable value and tax as within the state, no CGST or SGST', () => {
    const within = computeBill({ lines: [dal, soap] });
    const across = computeBill({ lines: [dal, soap], supply: 'inter' });
    expect(across.totals).toEqual({ ...within.totals, cgst: 0, sgst: 0, igst: 3514 });
    expect(across.lines.map((l) => [l.taxable, l.igst, l.cgst + l.sgst])).toEqual([
      [42858, 2142, 0],
      [7628, 1372, 0],
    ]);
    expect(across.paid).toBe(within.paid);
  });
});

describe('credit notes reverse tax at the bill\'s rates', () => {
  it('returning a line in parts gives back exactly what the line charged', () => {
    const line = { mrp: 9900, rate: 9900, quantity: 7, cgstRate: 600, sgstRate: 600 };
    for (const supply of ['intra', 'inter'] as const) {
      const billed = computeBill({ lines: [line], supply }).lines[0]!;
      const parts = [creditFigures(line, supply, 0, 2), creditFigures(line, supply, 2, 1), creditFigures(line, supply, 3, 4)];
      const sum = (pick: (c: (typeof parts)[number]) => number) => parts.reduce((t, c) => t + pick(c), 0);
      expect([sum((c) => c.taxable), sum((c) => c.cgst), sum((c) => c.sgst), sum((c) => c.igst), sum((c) => c.value)]).toEqual([
        billed.taxable,
        billed.cgst,
        billed.sgst,
        billed.igst,
        billed.net,
      ]);
      for (const part of parts) expect(part.taxable + part.tax).toBe(part.value);
    }
  });

  it('a part of a line is split like a bill of those units', () => {
    expect(creditFigures(dal, 'intra', 0, 1)).toEqual({ taxable: 14286, cgst: 357, sgst: 357, igst: 0, tax: 714, value: 15000 });
    expect(creditFigures(dal, 'inter', 0, 1)).toEqual({ taxable: 14286, cgst: 0, sgst: 0, igst: 714, tax: 714, value: 15000 });
  });
});

describe('a Bill of Supply', () => {
  it('charges no tax whatever the products\' rates: the taxable value is what the customer pays', () => {
    const bill = computeBill({ lines: [dal, soap], billOfSupply: true });
    expect(bill.totals).toMatchObject({ taxable: 54000, cgst: 0, sgst: 0, igst: 0, tax: 0, net: 54000 });
    expect(bill.paid).toBe(54000);
  });
});

describe('the delivery charge of a storefront order', () => {
  const delivery = { charge: 10_000 };

  it('is taxed at the rate of the principal supply, the goods line of highest taxable value, not the highest rate', () => {
    // Dal ₹450.00 at 5% (taxable ₹428.57) outweighs soap ₹90.00 at 18%: ₹100.00 at 5% is ₹95.24 + ₹4.76.
    const bill = computeBill({ lines: [dal, soap], delivery });
    expect(bill.delivery).toEqual({ charge: 10_000, taxable: 9524, tax: 476, cgst: 238, sgst: 238, igst: 0, cgstRate: 250, sgstRate: 250, principal: 0 });
    const goods = computeBill({ lines: [dal, soap] }).totals;
    expect(bill.totals).toEqual({
      gross: goods.gross + 10_000,
      discount: goods.discount,
      taxable: goods.taxable + 9524,
      cgst: goods.cgst + 238,
      sgst: goods.sgst + 238,
      igst: 0,
      tax: goods.tax + 476,
      net: goods.net + 10_000,
    });
    expect(bill.paid).toBe(54_000 + 10_000);
  });

  it('rounds to the paisa like a line: ₹100.00 at 18% is ₹84.74 taxable, CGST and SGST ₹7.63 each (100 × 9 / 118 = 7.627)', () => {
    expect(computeBill({ lines: [soap], delivery }).delivery).toMatchObject({ taxable: 8474, tax: 1526, cgst: 763, sgst: 763, igst: 0 });
    const twelve = { mrp: 5000, rate: 5000, quantity: 1, cgstRate: 600, sgstRate: 600 };
    expect(computeBill({ lines: [twelve], delivery }).delivery).toMatchObject({ taxable: 8928, cgst: 536, sgst: 536 });
  });

  it('charges IGST on an order shipped to another state, the same tax in one amount', () => {
    const across = computeBill({ lines: [soap], delivery, supply: 'inter' });
    expect(across.delivery).toMatchObject({ taxable: 8474, tax: 1526, cgst: 0, sgst: 0, igst: 1526 });
    expect(across.totals).toMatchObject({ igst: computeBill({ lines: [soap], supply: 'inter' }).totals.igst + 1526, cgst: 0, sgst: 0 });
  });

  it('takes the first of equal lines as the principal supply', () => {
    const a = { mrp: 11800, rate: 11800, quantity: 1, cgstRate: 900, sgstRate: 900 };
    const b = { mrp: 11200, rate: 11200, quantity: 1, cgstRate: 600, sgstRate: 600 };
    // Both ₹100.00 taxable: the first (18%) decides.
    expect(computeBill({ lines: [a, b], delivery }).delivery).toMatchObject({ principal: 0, cgstRate: 900, taxable: 8474 });
    expect(computeBill({ lines: [b, a], delivery }).delivery).toMatchObject({ principal: 0, cgstRate: 600, taxable: 8928 });
  });

  it('keeps the rates it was billed at when worked again, and has no tax on a Bill of Supply', () => {
    expect(computeBill({ lines: [], delivery: { charge: 10_000, rates: { cgstRate: 900, sgstRate: 900 } } }).totals).toMatchObject({ taxable: 8474, tax: 1526, net: 10_000 });
    expect(computeBill({ lines: [dal], delivery, billOfSupply: true }).delivery).toMatchObject({ taxable: 10_000, tax: 0, cgstRate: 0 });
    expect(computeBill({ lines: [dal], delivery: { charge: 0 } }).delivery).toBeUndefined();
  });
});
