import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../shared/gst.js';
import { B2C_LARGE_LIMIT, b2cLargeLimit, buildGstr1, type Gstr1CreditNote, type Gstr1Input, type Gstr1Invoice, type Gstr1Json, type Gstr1Line } from '../../shared/gst/gstr1.js';
import gstr1Schema from '../../shared/gst/schemas/gstr1.schema.json';

/** A GSTIN with its real check character, so only the ones meant to be wrong are. */
const gstin = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};
const SHOP = gstin('29', 'AAACS1234F');
const BUYER_KA = gstin('29', 'BBBCT5678K');
const BUYER_MH = gstin('27', 'CCCCM9012L');

/** A line as the bill stores it: taxable and tax in paise; within the state the tax splits in half, CGST rounded. */
function line(productId: number, hsnCode: string | undefined, quantity: number, rate: number, taxable: number, inter: boolean, unit = 'NOS'): Gstr1Line {
  const tax = Math.round((taxable * rate) / 10_000);
  const cgst = inter ? 0 : Math.round(tax / 2);
  return { productId, productName: `Product ${productId}`, hsnCode, unit, quantity, gstRate: rate, taxable, igst: inter ? tax : 0, cgst, sgst: inter ? 0 : tax - cgst };
}

const invoice = (purchaseId: number, sequence: number, date: string, placeOfSupply: string, lines: Gstr1Line[], customerGstin?: string): Gstr1Invoice => ({
  purchaseId,
  number: `SLG/26-27/${String(sequence).padStart(6, '0')}`,
  date,
  customerId: purchaseId * 10,
  customerName: customerGstin ? `Trader ${purchaseId}` : `Walk-in ${purchaseId}`,
  customerGstin,
  placeOfSupply,
  lines,
});

const value = (lines: Gstr1Line[]) => lines.reduce((v, l) => v + l.taxable + l.igst + l.cgst + l.sgst, 0);

function creditNote(creditNoteId: number, sequence: number, date: string, original: Gstr1Invoice, lines: Gstr1Line[]): Gstr1CreditNote {
  const { number, ...rest } = original;
  return {
    ...rest,
    creditNoteId,
    number: `SLGC/26-27/${String(sequence).padStart(5, '0')}`,
    date,
    lines,
    original: { number, date: original.date, value: value(original.lines) },
  };
}

// A June 2026 for a shop in Karnataka (29).
const b2bIntra = invoice(101, 101, '2026-06-02', '29', [line(1, '10063010', 4, 1800, 10_000_00, false), line(2, '0902', 3, 500, 2_000_01, false, 'KGS')], BUYER_KA);
const b2bInter = invoice(102, 102, '2026-06-03', '27', [line(3, '85167910', 1, 1200, 50_000_00, true)], BUYER_MH);
const b2cLarge = invoice(103, 103, '2026-06-05', '33', [line(4, '85287217', 2, 1800, 1_00_000_00, true)]);
// 104 was never issued (a gap counts as cancelled in the documents issued).
const b2cSmallInter = invoice(105, 105, '2026-06-10', '33', [line(5, '6109', 3, 500, 5_000_00, true, 'PCS')]);
const b2cSmallIntra = invoice(106, 106, '2026-06-11', '29', [line(2, '0902', 1, 500, 1_000_00, false, 'KGS'), line(6, '3401', 5, 1800, 123_45, false)]);
/** Exactly one lakh is not "above" one lakh: B2C small. */
const atTheLimit = invoice(107, 107, '2026-06-12', '33', [{ ...line(7, '9403', 1, 1800, 84_745_76, true), igst: 15_254_24 }]);

// Goods sold in May, returned in June: a B2C large and a B2C small invoice across the month boundary.
const mayLarge = invoice(90, 90, '2026-05-28', '33', [line(4, '85287217', 3, 1800, 1_50_000_00, true)]);
const maySmall = invoice(91, 91, '2026-05-30', '29', [line(2, '0902', 4, 500, 4_000_00, false, 'KGS')]);

const june: Gstr1Input = {
  month: '2026-06',
  shop: { gstin: SHOP, state: '29' },
  invoices: [b2bIntra, b2bInter, b2cLarge, b2cSmallInter, b2cSmallIntra, atTheLimit],
  creditNotes: [
    creditNote(1, 11, '2026-06-15', b2bIntra, [line(1, '10063010', 1, 1800, 2_500_00, false)]),
    creditNote(2, 12, '2026-06-16', mayLarge, [line(4, '85287217', 1, 1800, 50_000_00, true)]),
    creditNote(3, 13, '2026-06-17', maySmall, [line(2, '0902', 1, 500, 1_000_00, false, 'KGS')]),
  ],
};

const ajv = new Ajv({ allErrors: true, multipleOfPrecision: 6 });
const validate = ajv.compile(gstr1Schema);

/** Sum of taxable value and tax over the file's invoice and note sections, in paise (notes subtract). */
function fileTotal(json: Gstr1Json): number {
  const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
  const items = (itms: { itm_det: { txval: number; iamt?: number; camt?: number; samt?: number } }[]) =>
    itms.reduce((s, { itm_det: d }) => s + paise(d.txval) + paise(d.iamt) + paise(d.camt) + paise(d.samt), 0);
  let total = 0;
  for (const party of json.b2b ?? []) for (const inv of party.inv) total += items(inv.itms);
  for (const place of json.b2cl ?? []) for (const inv of place.inv) total += items(inv.itms);
  for (const row of json.b2cs ?? []) total += paise(row.txval) + paise(row.iamt) + paise(row.camt) + paise(row.samt);
  for (const party of json.cdnr ?? []) for (const note of party.nt) total -= items(note.itms);
  for (const note of json.cdnur ?? []) total -= items(note.itms);
  return total;
}

describe('GSTR-1 of a month', () => {
  const gstr1 = buildGstr1(june);
  const { sections } = gstr1;

  it('sorts invoices into B2B, B2C large and B2C small, and notes into registered, unregistered and B2C small', () => {
    expect(sections.b2b.totals.count).toBe(2);
    expect(sections.b2cl.rows.map((r) => r.number)).toEqual(['SLG/26-27/000103']);
    expect(sections.b2cs.totals.count).toBe(3);
    expect(sections.cdnr.rows.map((r) => [r.number, r.originalNumber])).toEqual([['SLGC/26-27/00011', 'SLG/26-27/000101']]);
    expect(sections.cdnur.rows.map((r) => [r.number, r.originalNumber, r.originalDate])).toEqual([['SLGC/26-27/00012', 'SLG/26-27/000090', '2026-05-28']]);
    // The May small invoice's return lowers June's intra-state 5% row: 1,000.00 + 2,000.01 is not in B2C small
    // (that line is B2B); 1,000.00 sold − 1,000.00 returned leaves 0 at 5% in Karnataka.
    expect(sections.b2cs.rows).toEqual([
      { placeOfSupply: '29', supplyType: 'INTRA', rate: 5, taxable: 0, igst: 0, cgst: 0, sgst: 0 },
      { placeOfSupply: '29', supplyType: 'INTRA', rate: 18, taxable: 123_45, igst: 0, cgst: 11_11, sgst: 11_11 },
      { placeOfSupply: '33', supplyType: 'INTER', rate: 5, taxable: 5_000_00, igst: 250_00, cgst: 0, sgst: 0 },
      { placeOfSupply: '33', supplyType: 'INTER', rate: 18, taxable: 84_745_76, igst: 15_254_24, cgst: 0, sgst: 0 },
    ]);
    expect(gstr1.problems).toEqual([]);
  });

  it('ties out: the sections add up to the month’s invoices less its credit notes, to the paisa', () => {
    const all = (docs: { lines: Gstr1Line[] }[]) => docs.flatMap((d) => d.lines);
    const sum = (lines: Gstr1Line[], field: 'taxable' | 'igst' | 'cgst' | 'sgst') => lines.reduce((s, l) => s + l[field], 0);
    const invoices = all(june.invoices);
    const notes = all(june.creditNotes);
    for (const field of ['taxable', 'igst', 'cgst', 'sgst'] as const) {
      const expected = sum(invoices, field) - sum(notes, field);
      const sections_ = sections.b2b.totals[field] + sections.b2cl.totals[field] + sections.b2cs.totals[field] - sections.cdnr.totals[field] - sections.cdnur.totals[field];
      expect(sections_, field).toBe(expected);
      expect(gstr1.net[field], field).toBe(expected);
      expect(sections.hsn.totals[field], `hsn ${field}`).toBe(expected);
    }
    // Hand-worked: 10,000 + 2,000.01 + 50,000 + 1,00,000 + 5,000 + 1,000 + 123.45 + 84,745.76 sold
    // less 2,500 + 50,000 + 1,000 returned = 1,99,369.22 taxable.
    expect(gstr1.net.taxable).toBe(1_99_369_22);
    expect(fileTotal(gstr1.json)).toBe(gstr1.net.taxable + gstr1.net.igst + gstr1.net.cgst + gstr1.net.sgst);
  });

  it('writes the portal JSON that the kept schema accepts, in rupees with two decimals', () => {
    const ok = validate(gstr1.json);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(gstr1.json.fp).toBe('062026');
    expect(gstr1.json.b2b?.find((p) => p.ctin === BUYER_KA)?.inv[0]).toEqual({
      inum: 'SLG/26-27/000101',
      idt: '02-06-2026',
      val: 12_100.01 + 1_800,
      pos: '29',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [
        { num: 501, itm_det: { txval: 2000.01, rt: 5, camt: 50, samt: 50, csamt: 0 } },
        { num: 1801, itm_det: { txval: 10000, rt: 18, camt: 900, samt: 900, csamt: 0 } },
      ],
    });
    expect(gstr1.json.b2b?.find((p) => p.ctin === BUYER_MH)?.inv[0]?.itms).toEqual([{ num: 1201, itm_det: { txval: 50000, rt: 12, iamt: 6000, csamt: 0 } }]);
    expect(gstr1.json.b2cl).toEqual([{ pos: '33', inv: [{ inum: 'SLG/26-27/000103', idt: '05-06-2026', val: 118000, itms: [{ num: 1801, itm_det: { txval: 100000, rt: 18, iamt: 18000, csamt: 0 } }] }] }]);
    expect(gstr1.json.cdnur).toEqual([
      { typ: 'B2CL', ntty: 'C', nt_num: 'SLGC/26-27/00012', nt_dt: '16-06-2026', val: 59000, pos: '33', itms: [{ num: 1801, itm_det: { txval: 50000, rt: 18, iamt: 9000, csamt: 0 } }] },
    ]);
    // The 5% Karnataka row nets to zero and is left out of the file.
    expect(gstr1.json.b2cs?.map((r) => [r.pos, r.rt, r.txval])).toEqual([['29', 18, 123.45], ['33', 5, 5000], ['33', 18, 84745.76]]);
  });

  it('summarises HSN codes by unit and rate with quantities, B2B and B2C apart', () => {
    const hsn = gstr1.json.hsn as { hsn_b2b: { hsn_sc: string; uqc: string; qty: number; txval: number }[]; hsn_b2c: { hsn_sc: string; uqc: string; qty: number; txval: number }[] };
    expect(hsn.hsn_b2b.map((r) => [r.hsn_sc, r.uqc, r.qty, r.txval])).toEqual([
      ['0902', 'KGS', 3, 2000.01],
      ['10063010', 'NOS', 3, 7500],
      ['85167910', 'NOS', 1, 50000],
    ]);
    expect(hsn.hsn_b2c.map((r) => [r.hsn_sc, r.uqc, r.qty, r.txval])).toEqual([
      ['0902', 'KGS', 0, 0],
      ['3401', 'NOS', 5, 123.45],
      ['6109', 'PCS', 3, 5000],
      ['85287217', 'NOS', 1, 50000],
      ['9403', 'NOS', 1, 84745.76],
    ]);
  });

  it('lists the documents issued per series with gaps as cancelled', () => {
    expect(sections.docs.rows).toEqual([
      { nature: 'Invoices for outward supply', from: 'SLG/26-27/000101', to: 'SLG/26-27/000107', total: 7, cancelled: 1, issued: 6 },
      { nature: 'Credit Note', from: 'SLGC/26-27/00011', to: 'SLGC/26-27/00013', total: 3, cancelled: 0, issued: 3 },
    ]);
    expect(gstr1.json.doc_issue?.doc_det.map((d) => d.doc_num)).toEqual([1, 5]);
  });

  it('writes one HSN list for return periods before May 2025', () => {
    const old = buildGstr1({ ...june, month: '2025-04', creditNotes: [], invoices: [{ ...b2cSmallIntra, date: '2025-04-10', number: 'SLG/25-26/000001' }] });
    expect(Object.keys(old.json.hsn ?? {})).toEqual(['data']);
    expect(validate(old.json)).toBe(true);
  });
});

describe('B2C large limit', () => {
  it('is one lakh from August 2024 and two and a half lakh before', () => {
    expect(B2C_LARGE_LIMIT).toBe(1_00_000_00);
    expect(b2cLargeLimit('2024-08-01')).toBe(1_00_000_00);
    expect(b2cLargeLimit('2024-07-31')).toBe(2_50_000_00);
  });
});

describe('problems to fix before the file', () => {
  it('lists a line without an HSN code, a wrong GSTIN and a credit note of an earlier financial year, with what to open', () => {
    const wrongGstin = `${BUYER_KA.slice(0, 14)}${BUYER_KA[14] === 'A' ? 'B' : 'A'}`;
    const noHsn = invoice(201, 201, '2026-04-02', '29', [line(9, undefined, 1, 1800, 1_000_00, false)]);
    const wrong = invoice(202, 202, '2026-04-03', '29', [line(1, '10063010', 1, 1800, 1_000_00, false)], wrongGstin);
    const march = invoice(80, 80, '2026-03-30', '29', [line(1, '10063010', 2, 1800, 2_000_00, false)]);
    const april = buildGstr1({
      month: '2026-04',
      shop: { gstin: SHOP, state: '29' },
      invoices: [noHsn, wrong],
      creditNotes: [creditNote(5, 1, '2026-04-04', march, [line(1, '10063010', 1, 1800, 1_000_00, false)])],
    });
    expect(april.problems.map((p) => [p.kind, p.fix])).toEqual([
      ['hsn', { to: 'product', productId: 9 }],
      ['customer-gstin', { to: 'customer', customerId: 2020, purchaseId: 202 }],
      ['earlier-year-credit-note', { to: 'bill', purchaseId: 80 }],
    ]);
    expect(april.problems[0]?.message).toBe('Product 9 has no HSN code (invoice SLG/26-27/000201).');
    expect(april.problems[1]?.message).toContain(`GSTIN ${wrongGstin} on invoice SLG/26-27/000202 is not valid`);
    expect(april.problems[2]?.message).toContain('in the financial year 25-26');
  });

  it('asks for the shop’s GSTIN and state first', () => {
    const none = buildGstr1({ month: '2026-06', shop: {}, invoices: [], creditNotes: [] });
    expect(none.problems.map((p) => p.fix)).toEqual([{ to: 'shop' }, { to: 'shop' }]);
  });
});

describe('table 8: nil-rated, exempt and non-GST supplies', () => {
  const nilLine = (productId: number, taxable: number, taxability?: Gstr1Line['taxability']): Gstr1Line => ({ ...line(productId, '1006', 1, 0, taxable, false), ...(taxability ? { taxability } : {}) });
  // Karnataka shop: an intra-state B2B invoice with a nil-rated line beside an 18% one, an inter-state B2B invoice of
  // exempt goods only, an inter-state walk-in with non-GST goods, a walk-in bill of nil-rated rice only (no kind
  // stored: a 0 % line is nil-rated), and a 0 % good its owner marked taxable.
  const mixedB2b = invoice(301, 1, '2026-06-02', '29', [line(1, '10063010', 1, 1800, 1_000_00, false), nilLine(2, 250_00)], BUYER_KA);
  const exemptB2b = invoice(302, 2, '2026-06-03', '27', [nilLine(3, 400_00, 'exempt')], BUYER_MH);
  const nonGstInter = invoice(303, 3, '2026-06-04', '33', [line(4, '6109', 1, 500, 100_00, true, 'PCS'), nilLine(5, 75_00, 'non-gst')]);
  const riceOnly = invoice(304, 4, '2026-06-05', '29', [nilLine(6, 60_00), nilLine(6, 40_00)]);
  const zeroTaxable = invoice(305, 5, '2026-06-06', '29', [nilLine(7, 10_00, 'taxable')]);
  const month = buildGstr1({
    month: '2026-06',
    shop: { gstin: SHOP, state: '29' },
    invoices: [mixedB2b, exemptB2b, nonGstInter, riceOnly, zeroTaxable],
    // Half the rice comes back.
    creditNotes: [creditNote(1, 1, '2026-06-20', riceOnly, [nilLine(6, 40_00)])],
  });

  it('splits the lines by kind of supply as the portal does, credit notes netted in', () => {
    expect(month.sections.nil.rows).toEqual([
      { supplyType: 'INTRB2B', description: 'Inter-State supplies to registered persons', nilRated: 0, exempt: 400_00, nonGst: 0 },
      { supplyType: 'INTRAB2B', description: 'Intra-State supplies to registered persons', nilRated: 250_00, exempt: 0, nonGst: 0 },
      { supplyType: 'INTRB2C', description: 'Inter-State supplies to unregistered persons', nilRated: 0, exempt: 0, nonGst: 75_00 },
      { supplyType: 'INTRAB2C', description: 'Intra-State supplies to unregistered persons', nilRated: 60_00, exempt: 0, nonGst: 0 },
    ]);
    expect(month.json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRB2B', nil_amt: 0, expt_amt: 400, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2B', nil_amt: 250, expt_amt: 0, ngsup_amt: 0 },
        { sply_ty: 'INTRB2C', nil_amt: 0, expt_amt: 0, ngsup_amt: 75 },
        { sply_ty: 'INTRAB2C', nil_amt: 60, expt_amt: 0, ngsup_amt: 0 },
      ],
    });
    expect(validate(month.json), JSON.stringify(validate.errors)).toBe(true);
  });

  it('keeps those lines out of B2B and B2C small, an invoice of them only out of both, and the invoice value whole', () => {
    expect(month.json.b2b).toEqual([
      {
        ctin: BUYER_KA,
        inv: [{ inum: 'SLG/26-27/000001', idt: '02-06-2026', val: 1_430, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1801, itm_det: { txval: 1_000, rt: 18, camt: 90, samt: 90, csamt: 0 } }] }],
      },
    ]);
    // The rice bill is in no B2C small row; the good marked taxable at 0 % is, at rate 0.
    expect(month.json.b2cs?.map((r) => [r.pos, r.rt, r.txval])).toEqual([['29', 0, 10], ['33', 5, 100]]);
    expect(month.sections.nil.totals).toMatchObject({ count: 5, taxable: 785_00, value: 785_00, igst: 0, cgst: 0, sgst: 0 });
  });

  it('ties out with the other sections to the month’s invoices less its credit notes', () => {
    const { b2b, b2cl, b2cs, nil, cdnr, cdnur, hsn } = month.sections;
    expect(b2b.totals.value + b2cl.totals.value + b2cs.totals.value + nil.totals.value - cdnr.totals.value - cdnur.totals.value).toBe(month.net.value);
    expect(hsn.totals.taxable).toBe(month.net.taxable);
  });
});

describe('the offline tool’s Excel template', () => {
  it('has one HSN sheet before the May 2025 return period and two from it, and always the four kinds of table 8', async () => {
    const { gstr1TemplateSheets } = await import('../../functions/reports/gst-workbook.js');
    const april2025 = buildGstr1({ ...june, month: '2025-04', creditNotes: [], invoices: [{ ...b2cSmallIntra, date: '2025-04-10', number: 'SLG/25-26/000001' }] });
    expect(gstr1TemplateSheets(april2025).map((s) => s.name)).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exp', 'at', 'atadj', 'exemp', 'hsn', 'docs']);
    const sheets = gstr1TemplateSheets(buildGstr1(june));
    expect(sheets.map((s) => s.name)).toContain('hsn(b2c)');
    expect(sheets.find((s) => s.name === 'exemp')?.rows.map((r) => r[0])).toEqual([
      'Inter-State supplies to registered persons',
      'Intra-State supplies to registered persons',
      'Inter-State supplies to unregistered persons',
      'Intra-State supplies to unregistered persons',
    ]);
  });
});
