import { describe, expect, it } from 'vitest';
import {
  billLine,
  billTotals,
  discountPercent,
  divideRounded,
  exclusiveGst,
  redeemPoints,
  splitInclusiveGst,
  toBasisPoints,
  toPaise,
} from '../../shared/money.js';

describe('paise conversion', () => {
  it.each([
    ['12.5', 1250],
    ['0.1', 10],
    [0.29, 29],
    [1.005, 101],
    ['1299', 129900],
    ['-3.40', -340],
  ] as const)('%s rupees is %i paise', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise);
  });

  it('refuses text that is not an amount or has more than two decimals', () => {
    expect(() => toPaise('12.345')).toThrow();
    expect(() => toPaise('abc')).toThrow();
  });

  it('reads percentages as basis points', () => {
    expect(toBasisPoints('2.5')).toBe(250);
    expect(toBasisPoints(9)).toBe(900);
  });

  it('rounds halves up', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(divideRounded(-5, 2)).toBe(-3);
  });
});

describe('GST', () => {
  it('splits an inclusive price: ₹105.00 at 5% is ₹100.00 + ₹2.50 CGST + ₹2.50 SGST', () => {
    expect(splitInclusiveGst(10500, 250, 250)).toEqual({ taxable: 10000, cgst: 250, sgst: 250, tax: 500 });
  });

  it('keeps CGST equal to SGST and the parts adding up: ₹99.99 at 18%', () => {
    // Each half is 9999 × 9 / 118 = 762.63 → 763; the taxable value takes the rest: 9999 − 1526 = 8473.
    expect(splitInclusiveGst(9999, 900, 900)).toEqual({ taxable: 8473, cgst: 763, sgst: 763, tax: 1526 });
  });

  it('never lets CGST and SGST differ at equal rates, and the parts always add up', () => {
    for (const rate of [0, 125, 250, 600, 900, 1400]) {
      for (let amount = 1; amount <= 20_000; amount += 7) {
        const split = splitInclusiveGst(amount, rate, rate);
        expect(split.cgst).toBe(split.sgst);
        expect(split.taxable + split.cgst + split.sgst).toBe(amount);
        // The taxable value is within a paisa of the exact amount ÷ (1 + rate).
        expect(Math.abs(split.taxable - (amount * 10_000) / (10_000 + 2 * rate))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('handles exempt goods', () => {
    expect(splitInclusiveGst(4500, 0, 0)).toEqual({ taxable: 4500, cgst: 0, sgst: 0, tax: 0 });
  });

  it('adds GST to an exclusive amount: ₹1,000 at 12% is ₹60 + ₹60', () => {
    expect(exclusiveGst(100000, 600, 600)).toEqual({ taxable: 100000, cgst: 6000, sgst: 6000, tax: 12000 });
  });
});

describe('bill lines and totals', () => {
  it('works a two-line bill by hand', () => {
    // 3 × Toor Dal 1 kg: MRP ₹160, rate ₹150, 5% GST. Net ₹450 = taxable ₹428.58 + ₹10.71 + ₹10.71 (450 × 2.5 / 105).
    const dal = billLine({ mrp: 16000, rate: 15000, quantity: 3, cgstRate: 250, sgstRate: 250 });
    expect(dal).toEqual({ gross: 48000, net: 45000, discount: 3000, taxable: 42858, cgst: 1071, sgst: 1071, tax: 2142 });
    // 2 × Bath soap: MRP ₹45, rate ₹45, 18% GST. Net ₹90 = ₹76.28 + ₹6.86 + ₹6.86 (90 × 9 / 118 = 6.864).
    const soap = billLine({ mrp: 4500, rate: 4500, quantity: 2, cgstRate: 900, sgstRate: 900 });
    expect(soap).toEqual({ gross: 9000, net: 9000, discount: 0, taxable: 7628, cgst: 686, sgst: 686, tax: 1372 });
    expect(billTotals([dal, soap])).toEqual({ gross: 57000, discount: 3000, taxable: 50486, cgst: 1757, sgst: 1757, tax: 3514, net: 54000 });
  });

  it('refuses a fractional quantity', () => {
    expect(() => billLine({ mrp: 100, rate: 100, quantity: 1.5, cgstRate: 0, sgstRate: 0 })).toThrow();
  });
});

describe('discount percent', () => {
  it('rounds up: MRP ₹160, rate ₹150 is 6.25% → 7%', () => {
    expect(discountPercent(16000, 15000)).toBe(7);
  });
  it('is 0 without a discount', () => {
    expect(discountPercent(16000, 16000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('credit points', () => {
  it('uses all points below the net amount', () => {
    expect(redeemPoints(54000, 150)).toEqual({ net: 39000, redeemed: 15000, pointsLeft: 0 });
  });
  it('makes the bill zero and keeps the rest, rounded up', () => {
    expect(redeemPoints(53950, 600)).toEqual({ net: 0, redeemed: 53950, pointsLeft: 61 });
  });
});
