import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  chargeTax,
  documentNumber,
  financialYear,
  financialYearDays,
  gstinCheckCharacter,
  gstinProblem,
  hsnSummary,
  isValidHsn,
  numberInWords,
  parseDocumentNumber,
  placeOfSupply,
  seriesPrefix,
  stateLabel,
  supplyKind,
} from '../../shared/gst.js';
import { gstinSchema, hsnSchema, stateCodeSchema, unitSchema } from '../../shared/schemas/gst.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('GSTIN', () => {
  it('accepts real GSTINs whose check character matches (mod-36)', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeUndefined();
  });

  it('refuses a GSTIN with one character mistyped, naming the check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
    expect(gstinProblem('27AAPFU0938F1ZV')).toBe('checksum');
  });

  it('refuses a wrong shape and an unknown state code', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('format');
    const body = '40AAPFU0939F1Z';
    expect(gstinProblem(body + gstinCheckCharacter(body))).toBe('state');
  });

  it('finds every single-character typo in the last place', () => {
    const body = '29AAGCB7383J1Z';
    const right = gstinCheckCharacter(body);
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      expect(gstinProblem(body + c) === undefined).toBe(c === right);
    }
  });

  it('schema upper-cases and trims, and says what is wrong', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(message(gstinSchema.safeParse('27AAPFU0939F1ZW'))).toMatch(/last character does not match/);
    expect(message(gstinSchema.safeParse('ABC'))).toMatch(/valid 15-character GSTIN/);
  });
});

describe('HSN, units and states', () => {
  it('an HSN code has 4, 6 or 8 digits', () => {
    expect(['1006', '100630', '10063010'].every(isValidHsn)).toBe(true);
    expect(['100', '10063', '1006301', '100630101', '10O6'].some(isValidHsn)).toBe(false);
    expect(message(hsnSchema.safeParse('12345'))).toBe('An HSN code has 4, 6 or 8 digits.');
  });

  it('units come from the GST unit list, in any case', () => {
    expect(unitSchema.parse('kgs')).toBe('KGS');
    expect(unitSchema.parse('PCS')).toBe('PCS');
    expect(message(unitSchema.safeParse('KG'))).toMatch(/GST unit list/);
  });

  it('state codes are the GST codes', () => {
    expect(stateCodeSchema.parse('29')).toBe('29');
    expect(stateLabel('97')).toBe('97-Other Territory');
    expect(stateLabel('29')).toBe('29-Karnataka');
    expect(message(stateCodeSchema.safeParse('28'))).toBe('Choose a state from the list.');
  });
});

describe('place of supply', () => {
  it('a counter sale is supplied at the shop; a buyer GSTIN of another state makes it inter-state', () => {
    expect(placeOfSupply({ shopState: '29' })).toBe('29');
    expect(placeOfSupply({ shopState: '29', customerGstin: '27AAPFU0939F1ZV' })).toBe('27');
    expect(supplyKind('29', placeOfSupply({ shopState: '29', customerGstin: '29AAGCB7383J1Z4' }))).toBe('intra');
  });

  it('shipped goods are supplied where they are delivered, whatever the GSTIN says', () => {
    expect(placeOfSupply({ shopState: '29', shippingState: '33', customerGstin: '27AAPFU0939F1ZV' })).toBe('33');
    expect(supplyKind('29', '33')).toBe('inter');
  });

  it('intra-state tax is CGST + SGST adding up to the tax; inter-state all IGST', () => {
    expect(chargeTax(3517, 900, 900, 'intra')).toEqual({ cgst: 1759, sgst: 1758, igst: 0 });
    expect(chargeTax(3517, 900, 900, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 3517 });
    expect(chargeTax(0, 0, 0, 'intra')).toEqual({ cgst: 0, sgst: 0, igst: 0 });
  });
});

describe('financial year', () => {
  it('runs April to March', () => {
    expect(financialYear('2026-04-01')).toBe('26-27');
    expect(financialYear('2027-03-31')).toBe('26-27');
    expect(financialYear('2026-03-31')).toBe('25-26');
    expect(financialYear('2099-12-31')).toBe('99-00');
    expect(financialYearDays('2026-11-25')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });
});

describe('document numbers', () => {
  it('fill 16 characters and parse back', () => {
    expect(documentNumber('SLG', '26-27', 123)).toBe('SLG/26-27/000123');
    expect(documentNumber('SLGC', '26-27', 7)).toBe('SLGC/26-27/00007');
    expect(parseDocumentNumber('SLG/26-27/000123')).toEqual({ prefix: 'SLG', year: '26-27', sequence: 123 });
  });

  it('refuse a number that would not fit rather than cut it', () => {
    expect(documentNumber('SLG', '26-27', 999_999)).toHaveLength(16);
    expect(() => documentNumber('SLG', '26-27', 1_000_000)).toThrow(RangeError);
    expect(() => documentNumber('SLG', '26-27', 0)).toThrow(RangeError);
  });

  it('series prefixes come from the shop id; credit notes add C', () => {
    expect(seriesPrefix('slg', 'INVOICE')).toBe('SLG');
    expect(seriesPrefix('demo', 'CREDIT_NOTE')).toBe('DEMC');
    expect(seriesPrefix('a-1', 'INVOICE')).toBe('A1');
  });

  it('any sequence of any shop id stays within 16 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,40}$/), fc.integer({ min: 1, max: 99_999 }), fc.constantFrom('INVOICE', 'CREDIT_NOTE' as const), (id, n, series) => {
        expect(documentNumber(seriesPrefix(id, series), '26-27', n).length).toBeLessThanOrEqual(16);
      }),
    );
  });
});

describe('amount in words', () => {
  it('uses Indian numbering', () => {
    expect(amountInWords(12_345_678)).toBe('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only');
    expect(amountInWords(12_300_000)).toBe('Rupees One Lakh Twenty Three Thousand Only');
    expect(amountInWords(1_234_567_890_00)).toBe('Rupees One Hundred Twenty Three Crore Forty Five Lakh Sixty Seven Thousand Eight Hundred Ninety Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(110)).toBe('One Hundred Ten');
  });
});

describe('HSN summary', () => {
  it('groups by HSN, unit and rate, and adds up to the lines', () => {
    const lines = [
      { hsnCode: '1006', unit: 'KGS', quantity: 5, gstRate: 500, taxable: 47619, cgst: 1191, sgst: 1190, igst: 0 },
      { hsnCode: '3401', unit: 'NOS', quantity: 2, gstRate: 1800, taxable: 7627, cgst: 687, sgst: 686, igst: 0 },
      { hsnCode: '1006', unit: 'KGS', quantity: 1, gstRate: 500, taxable: 9524, cgst: 238, sgst: 238, igst: 0 },
      { unit: 'NOS', quantity: 1, gstRate: 1200, taxable: 8929, cgst: 0, sgst: 0, igst: 1071 },
    ];
    const rows = hsnSummary(lines);
    expect(rows.map((r) => [r.hsnCode, r.quantity, r.taxable, r.value])).toEqual([
      ['', 1, 8929, 10000],
      ['1006', 6, 57143, 60000],
      ['3401', 2, 7627, 9000],
    ]);
    const sum = (pick: (r: { taxable: number; cgst: number; sgst: number; igst: number }) => number, of: typeof lines) => of.reduce((t, r) => t + pick(r), 0);
    expect(sum((r) => r.taxable + r.cgst + r.sgst + r.igst, rows)).toBe(sum((r) => r.taxable + r.cgst + r.sgst + r.igst, lines));
  });
});
