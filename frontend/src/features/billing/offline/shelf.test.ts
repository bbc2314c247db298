import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import { wordRank } from '../../../../../shared/words.js';
import { keptShelf, shelfOf, suggestionsOn, SUGGESTIONS_SHOWN } from './shelf.js';

const line = (n: number, productName: string, artcode: string, barcode = ''): InventorySuggestion => ({
  productId: n,
  productName,
  artcode,
  barcode,
  mrp: 100,
  sellingPrice: 95,
  buyingPrice: 80,
  gst: 18,
  cgst: 9,
  sgst: 9,
  nrp: 80.51,
  inventoryId: n,
  stockId: n,
  quantity: 5,
});

/**
 * The lookup written plainly: every line whose artcode or barcode is the text, has a word of the name starting with
 * it, or whose artcode or barcode starts with it, in that order, then by name, cut to 20.
 */
const plainLookup = (lines: InventorySuggestion[], text: string) => {
  const typed = text.trim().toLowerCase();
  const codes = (l: InventorySuggestion) => [l.artcode, l.barcode].map((c) => c.toLowerCase()).filter(Boolean);
  const rank = (l: InventorySuggestion) =>
    codes(l).includes(typed) ? -1 : (wordRank(l.productName, text) ?? (codes(l).some((c) => c.startsWith(typed)) || !typed ? 2 : undefined));
  return lines
    .filter((l) => rank(l) !== undefined)
    .sort((a, b) => rank(a)! - rank(b)! || a.productName.localeCompare(b.productName))
    .slice(0, SUGGESTIONS_SHOWN);
};

describe("the till's shelf in memory", () => {
  it('answers a typed artcode, barcode, any word of a name or its start, whatever the case', () => {
    const shelf = shelfOf([line(1, 'Tata Salt', 'HSN1001', '8901000007919'), line(2, 'Parle-G Biscuits', 'HSN1002'), line(3, 'Parle Monaco', 'BULK3')]);
    expect(suggestionsOn(shelf, 'hsn1001').map((s) => s.productId)).toEqual([1]);
    expect(suggestionsOn(shelf, ' 8901000007919 ').map((s) => s.productId)).toEqual([1]);
    expect(suggestionsOn(shelf, 'PARLE').map((s) => s.productName)).toEqual(['Parle Monaco', 'Parle-G Biscuits']);
    expect(suggestionsOn(shelf, 'nothing')).toEqual([]);
    // A later word of the name, and its start: whole words first.
    expect(suggestionsOn(shelf, 'mona').map((s) => s.productName)).toEqual(['Parle Monaco']);
    expect(suggestionsOn(shelfOf([line(4, 'Salted Peanuts', 'P4'), line(1, 'Tata Salt', 'HSN1001')]), 'salt').map((s) => s.productName)).toEqual(['Tata Salt', 'Salted Peanuts']);
  });

  it('answers exactly what filtering, sorting and cutting every line answers', () => {
    const lines = fc.array(
      fc.record({ name: fc.stringMatching(/^[A-Za-z ]{1,8}$/), artcode: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/), barcode: fc.stringMatching(/^\d{0,5}$/) }),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(lines, fc.stringMatching(/^[A-Za-z0-9 ]{0,4}$/), (rows, text) => {
        const all = rows.map((r, i) => line(i + 1, r.name, r.artcode, r.barcode));
        expect(suggestionsOn(shelfOf(all), text)).toEqual(plainLookup(all, text));
      }),
    );
  });

  it('hands out copies: a caller changing a suggestion does not change the shelf', () => {
    const shelf = shelfOf([line(1, 'Tata Salt', 'HSN1001')]);
    suggestionsOn(shelf, 'tata')[0]!.quantity = 0;
    expect(suggestionsOn(shelf, 'tata')[0]!.quantity).toBe(5);
  });

  it("holds each product's HSN code, unit and kind of supply for the provisional receipt, and suggests lines without them", () => {
    const shelf = shelfOf([
      { ...line(1, 'Sona Masoori Rice', 'R1'), tax: { hsnCode: '1006', unit: 'BAG', taxability: 'nil-rated' } },
      { ...line(2, 'Lux Soap', 'S2'), tax: { hsnCode: '3401', unit: 'NOS', taxability: 'taxable' } },
      { ...line(3, 'Tata Salt', 'T3'), tax: {} },
    ]);
    expect(shelf.taxes.get(1)).toEqual({ hsnCode: '1006', unit: 'BAG', taxability: 'nil-rated' });
    expect(shelf.taxes.get(2)?.taxability).toBe('taxable');
    expect(shelf.taxes.get(3)).toEqual({});
    expect(shelf.taxes.has(4)).toBe(false);
    expect(suggestionsOn(shelf, 'rice')).toEqual([line(1, 'Sona Masoori Rice', 'R1')]);
  });

  it('reads the lines once while the copy keeps its version, and again after any write or for another shop', async () => {
    let version = 1;
    const reads: string[] = [];
    const copy: Record<string, InventorySuggestion[]> = { demo: [line(1, 'Tata Salt', 'HSN1001')], other: [line(9, 'Tata Tea', 'T9')] };
    const shelfOfShop = keptShelf({
      version: async () => version,
      lines: async (tenantId) => {
        reads.push(tenantId);
        return copy[tenantId]!;
      },
    });
    for (let i = 0; i < 5; i++) expect(suggestionsOn(await shelfOfShop('demo'), 'tata')[0]!.quantity).toBe(5);
    expect(reads).toEqual(['demo']);

    // An offline bill (in this tab or another) sold 2 units and raised the version.
    copy.demo = [{ ...copy.demo![0]!, quantity: 3 }];
    version = 2;
    expect(suggestionsOn(await shelfOfShop('demo'), 'tata')[0]!.quantity).toBe(3);
    expect(suggestionsOn(await shelfOfShop('other'), 'tata').map((s) => s.productName)).toEqual(['Tata Tea']);
    expect(reads).toEqual(['demo', 'demo', 'other']);
  });
});
