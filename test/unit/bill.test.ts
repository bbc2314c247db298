import { describe, expect, it } from 'vitest';
import { canRedeem, computeBill, pointsEarned, returnSettlement, shopDay } from '../../shared/bill.js';

const dal = { mrp: 16000, rate: 15000, quantity: 3, cgstRate: 250, sgstRate: 250 };
const soap = { mrp: 4500, rate: 4500, quantity: 2, cgstRate: 900, sgstRate: 900 };

describe('a bill from its lines', () => {
  it('works the example by hand: ₹570.00 gross, ₹30.00 discount, ₹35.16 tax, ₹540.00 net, 5 points', () => {
    const bill = computeBill({ lines: [dal, soap] });
    expect(bill.totals).toEqual({ gross: 57000, discount: 3000, taxable: 50484, cgst: 1759, sgst: 1757, tax: 3516, net: 54000 });
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
