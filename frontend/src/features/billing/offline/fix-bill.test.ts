import { describe, expect, it } from 'vitest';
import type { BillProblem } from '../../../../../shared/schemas/purchase.js';
import { calculateProblem, stockMessages, type RowProduct } from '../components/bill-rows.js';
import { describeDifference, recomputeRefusedBill, type BilledLine, type RecomputeInput } from './fix-bill.js';

const atta: BilledLine = { productId: 11, productName: 'Atta 5kg', artcode: 'AT5', quantity: 3, price: 300, sellingPrice: 290, cgst: 2.5, sgst: 2.5 };
const ghee: BilledLine = { productId: 12, productName: 'Ghee 500ml', artcode: 'GH5', quantity: 1, price: 320, sellingPrice: 320, cgst: 6, sgst: 6 };
const soap: BilledLine = { productId: 13, productName: 'Sandal Soap', artcode: 'SS1', quantity: 2, price: 50, sellingPrice: 45, cgst: 9, sgst: 9 };

const shelf = (line: BilledLine, change: Partial<RowProduct> = {}): RowProduct => ({
  productId: line.productId,
  productName: line.productName,
  artcode: line.artcode,
  mrp: line.price!,
  cgst: line.cgst!,
  sgst: line.sgst!,
  stockId: line.productId * 10,
  inventoryId: line.productId * 100,
  quantity: 10,
  ...change,
});

function recompute(lines: BilledLine[], now: RowProduct[], change: Partial<RecomputeInput> = {}) {
  return recomputeRefusedBill({
    lines,
    problems: [],
    lineNow: (productId, artcode) => now.find((l) => l.productId === productId && l.artcode === artcode),
    ownUnitsTaken: false,
    redeemed: 0,
    pointsNow: 40,
    customerKnown: true,
    mobileNumber: '9876543210',
    ...change,
  });
}

describe('a refused bill recomputed with what the shop holds now', () => {
  it('differs in nothing when the shop still holds what it was made with, and keeps every line as billed', () => {
    const { rows, differences } = recompute([atta, soap], [shelf(atta), shelf(soap)]);
    expect(differences).toEqual([]);
    expect(rows.filter((r) => r.product).map((r) => [r.product!.artcode, r.quantity, r.rate])).toEqual([
      ['AT5', '3', '290'],
      ['SS1', '2', '45'],
    ]);
    expect(rows.at(-1)!.product).toBeNull();
    expect(calculateProblem(true, rows)).toBeUndefined();
  });

  it('states a short shelf with both figures and keeps the billed quantity for the cashier to lower', () => {
    const { rows, differences } = recompute([atta], [shelf(atta, { quantity: 1 })]);
    expect(differences).toEqual([{ kind: 'stock', productName: 'Atta 5kg', artcode: 'AT5', billed: 3, now: 1 }]);
    expect(describeDifference(differences[0]!)).toBe('Atta 5kg (AT5): 3 billed, 1 in stock now — lower the quantity');
    expect(rows[0]!.quantity).toBe('3');
    expect(stockMessages(rows)[0]).toMatch(/^1 +in Stock$/);
    expect(calculateProblem(true, rows)?.rows[0]?.field).toBe('quantity');
  });

  it('counts a product on two lines once, by what both take', () => {
    const { differences } = recompute([atta, { ...atta, quantity: 2, sellingPrice: 280 }], [shelf(atta, { quantity: 4 })]);
    expect(differences).toEqual([{ kind: 'stock', productName: 'Atta 5kg', artcode: 'AT5', billed: 5, now: 4 }]);
  });

  it("gives the bill's own units back to a device copy made before it, which had already taken them off", () => {
    // The copy shows 0 left because this very bill took the 3 units; the shelf really holds 3.
    const { rows, differences } = recompute([atta], [shelf(atta, { quantity: 0 })], { ownUnitsTaken: true });
    expect(differences).toEqual([]);
    expect(rows[0]!.billedQuantity).toBe(3);
    expect(stockMessages(rows)[0]).toBeUndefined();
    // Read from the server (or a copy made after the bill), 0 is 0.
    expect(recompute([atta], [shelf(atta, { quantity: 0 })]).differences).toEqual([{ kind: 'stock', productName: 'Atta 5kg', artcode: 'AT5', billed: 3, now: 0 }]);
  });

  it("takes today's MRP and GST on the row and names both changes; a rate above the new MRP is named too", () => {
    const { rows, differences } = recompute([ghee], [shelf(ghee, { mrp: 300, cgst: 9, sgst: 9 })]);
    expect(differences.map(describeDifference)).toEqual([
      'Ghee 500ml (GH5): MRP ₹320.00 when billed, ₹300.00 now',
      'Ghee 500ml (GH5): GST 12% when billed, 18% now',
      "Ghee 500ml (GH5): rate ₹320.00 is above today's MRP ₹300.00 — lower the rate",
    ]);
    expect(rows[0]!.product).toMatchObject({ mrp: 300, cgst: 9, sgst: 9 });
    // The rate is not lowered behind the cashier's back: Calculate stops on it.
    expect(rows[0]!.rate).toBe('320');
    expect(calculateProblem(true, rows)?.rows).toEqual([expect.objectContaining({ index: 0, field: 'rate' })]);
  });

  it('leaves out, and lists, a product deleted since or one the shop has no stock line of', () => {
    const problems: BillProblem[] = [{ kind: 'productDeleted', artcode: 'GH5', productName: 'Ghee 500ml', message: 'deleted' }];
    const { rows, differences } = recompute([atta, ghee, soap], [shelf(atta), shelf(ghee)], { problems });
    expect(rows.filter((r) => r.product).map((r) => r.product!.artcode)).toEqual(['AT5']);
    expect(differences.map(describeDifference)).toEqual([
      'Ghee 500ml (GH5): 1 billed, left out — the product was deleted',
      'Sandal Soap (SS1): 2 billed, left out — the product is no longer in stock records',
    ]);
  });

  it('names the points the bill redeemed and those held now, and a customer the shop no longer has', () => {
    const { differences } = recompute([soap], [shelf(soap)], { redeemed: 119.5, pointsNow: 40, customerKnown: false });
    expect(differences.map(describeDifference)).toEqual([
      'Customer 9876543210 is no longer registered — choose the customer again',
      'Credit points: 120 redeemed when billed, 40 held now — tick Redeem again if the customer still redeems',
    ]);
  });
});
