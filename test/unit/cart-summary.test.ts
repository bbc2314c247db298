import { describe, expect, it } from 'vitest';
import { cartSummary, DELIVERY_CHARGE, toPaise } from '../../shared/money.js';

const line = (price: string, mrp: string, quantity: number, taxPercent: string) => ({
  price: toPaise(price),
  mrp: toPaise(mrp),
  quantity,
  taxRate: toPaise(taxPercent),
});

describe('cartSummary', () => {
  it('adds the delivery charge to Σ price × quantity and rounds the tax to the rupee', () => {
    // ₹95 × 2 at 5% = ₹9.50 tax; ₹45.50 × 1 at 12% = ₹5.46; tax ₹14.96 → ₹15.
    // Subtotal ₹235.50, MRP ₹250 (₹100 × 2 + ₹50), saved ₹14.50, payable ₹335.50.
    expect(cartSummary([line('95', '100', 2, '5'), line('45.50', '50', 1, '12')])).toEqual({
      lines: 2,
      items: 3,
      subtotal: 23_550,
      mrpTotal: 25_000,
      saved: 1_450,
      tax: 1_500,
      deliveryCharge: DELIVERY_CHARGE,
      payable: 33_550,
    });
  });

  it('rounds the tax of the whole cart, not of each line', () => {
    // Each line's tax is ₹0.45 (rounds to 0 alone); together ₹0.90 → ₹1.
    const summary = cartSummary([line('9', '9', 1, '5'), line('9', '9', 1, '5')]);
    expect(summary.tax).toBe(100);
  });

  it('rounds half a rupee up', () => {
    // ₹10 at 5% = ₹0.50 → ₹1; ₹9.90 at 5% = ₹0.495 → ₹0.
    expect(cartSummary([line('10', '10', 1, '5')]).tax).toBe(100);
    expect(cartSummary([line('9.90', '10', 1, '5')]).tax).toBe(0);
  });

  it('charges nothing, not even delivery, for an empty cart', () => {
    expect(cartSummary([])).toMatchObject({ lines: 0, items: 0, subtotal: 0, tax: 0, deliveryCharge: 0, payable: 0 });
  });

  it('refuses a fractional quantity', () => {
    expect(() => cartSummary([line('10', '10', 1.5, '5')])).toThrow(RangeError);
  });
});
