import { describe, expect, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { cartSummary, DELIVERY_CHARGE, toPaise } from '../../shared/money.js';

const line = (price: string, mrp: string, quantity: number, taxPercent: string) => ({
  price: toPaise(price),
  mrp: toPaise(mrp),
  quantity,
  taxRate: toPaise(taxPercent),
});

describe('cartSummary', () => {
  it('adds the delivery charge to Σ price × quantity, and shows the GST included, as the invoice charges it', () => {
    // ₹95 × 2 at 5%: 190 × 2.5 / 105 = 4.524 → ₹4.52 CGST + ₹4.52 SGST; ₹45.50 at 12%: 45.50 × 6 / 112 = 2.4375 → ₹2.44 twice.
    // Delivery ₹100 at the rate of the principal supply (the rice, taxable ₹180.96): 100 × 2.5 / 105 → ₹2.38 twice.
    // Tax ₹9.04 + ₹4.88 + ₹4.76 = ₹18.68, inside the ₹335.50 paid. Subtotal ₹235.50, MRP ₹250, saved ₹14.50.
    expect(cartSummary([line('95', '100', 2, '5'), line('45.50', '50', 1, '12')])).toEqual({
      lines: 2,
      items: 3,
      subtotal: 23_550,
      mrpTotal: 25_000,
      saved: 1_450,
      tax: 1_868,
      deliveryCharge: DELIVERY_CHARGE,
      payable: 33_550,
    });
  });

  it('is never the tax added on top of tax-inclusive prices: ₹1,000 at 18% includes ₹152.54, not ₹180', () => {
    // 1,000 × 9 / 118 = 76.27 twice; delivery 100 × 9 / 118 = 7.63 twice.
    expect(cartSummary([line('1000', '1000', 1, '18')]).tax).toBe(15_254 + 1_526);
  });

  it('is the tax the order’s invoice charges, to the paisa, for any cart', () => {
    const carts = [
      [line('182.75', '200', 1, '18')],
      [line('9', '9', 1, '5'), line('9', '9', 1, '5')],
      [line('16794.91', '17000', 1, '18'), line('99.99', '120', 3, '12'), line('45', '45', 2, '0')],
      [line('10', '10', 1, '5'), line('10', '10', 1, '18')],
    ];
    for (const cart of carts) {
      const invoice = computeBill({
        lines: cart.map((l) => ({ mrp: l.mrp, rate: l.price, quantity: l.quantity, cgstRate: l.taxRate / 2, sgstRate: l.taxRate / 2 })),
        delivery: { charge: DELIVERY_CHARGE },
      });
      expect(cartSummary(cart).tax).toBe(invoice.totals.tax);
    }
  });

  it('charges nothing, not even delivery, for an empty cart', () => {
    expect(cartSummary([])).toMatchObject({ lines: 0, items: 0, subtotal: 0, tax: 0, deliveryCharge: 0, payable: 0 });
  });

  it('refuses a fractional quantity', () => {
    expect(() => cartSummary([line('10', '10', 1.5, '5')])).toThrow(RangeError);
  });
});
