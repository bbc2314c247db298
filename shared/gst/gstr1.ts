/**
 * GSTR-1 of a month from the month's tax invoices and credit notes: the sections the GST portal asks for, their
 * counts and totals, the problems that would make a wrong file, and the portal's JSON (the offline tool's format,
 * kept as JSON Schema in shared/gst/schemas/gstr1.schema.json). Pure: the server reads the documents, this module
 * sorts them. Amounts stay paise until the JSON, where they become rupees with two decimals; because every sum is
 * made in paise, the sections tie out to the month's documents to the paisa.
 *
 * Sections (CGST Rules rule 59(4), GSTR-1 tables):
 * - b2b (4A): invoices to a GSTIN, listed one by one, items per rate;
 * - b2cl (5): inter-state invoices to unregistered buyers above B2C_LARGE_LIMIT, one by one;
 * - b2cs (7): every other invoice to an unregistered buyer, summed per place of supply and rate; credit notes on
 *   such invoices are netted here, as the portal expects (they have no table of their own);
 * - nil (8): the lines of nil-rated, exempt and non-GST goods (shared/gst.ts `lineTaxability`), of every invoice,
 *   summed per kind of supply (inter- or intra-state, to registered or unregistered persons), credit notes netted in;
 *   such lines are in no other section but table 12 (the other sections hold the taxed lines of an invoice, its
 *   value as a whole);
 * - cdnr (9B): credit notes to a GSTIN; cdnur (9B): credit notes on B2C large invoices;
 * - hsn (12): lines per HSN code, unit and rate, credit notes subtracted; split into B2B and B2C from the May 2025
 *   return period;
 * - doc_issue (13): the invoice and credit-note number ranges used in the month.
 */
import {
  GSTIN_MESSAGES,
  financialYear,
  gstinProblem,
  hsnSummary,
  isGstUnit,
  isStateCode,
  isValidHsn,
  MAX_DOCUMENT_NUMBER_LENGTH,
  stateLabel,
  lineTaxability,
  supplyKind,
  type HsnLine,
  type Taxability,
  type HsnSummaryRow,
} from '../gst.js';
import { type Paise } from '../money.js';

/**
 * B2C large: an inter-state invoice to an unregistered buyer whose value is above this. Rule 59(4)(a)(ii) as
 * amended by Notification 12/2024-Central Tax (10 July 2024) from 1 August 2024: one lakh rupees; two and a half
 * lakh before.
 */
export const B2C_LARGE_LIMIT: Paise = 1_00_000_00;
export const B2C_LARGE_LIMIT_BEFORE_AUGUST_2024: Paise = 2_50_000_00;
export const B2C_LARGE_LIMIT_FROM = '2024-08-01';

export const b2cLargeLimit = (invoiceDate: string): Paise =>
  invoiceDate >= B2C_LARGE_LIMIT_FROM ? B2C_LARGE_LIMIT : B2C_LARGE_LIMIT_BEFORE_AUGUST_2024;

/** Table 12 has a B2B and a B2C tab from the May 2025 return period (GSTN advisory on HSN reporting, phase III). */
export const HSN_SPLIT_FROM_MONTH = '2025-05';

/** The offline tool version the file is made for (the `version` key; the tool reads older and newer files alike). */
export const GSTR1_TOOL_VERSION = 'GST3.2.4';

/** Documents issued (table 13): the portal's numbers for the natures of document the product issues. */
export const DOCUMENT_NATURE = { invoices: { num: 1, label: 'Invoices for outward supply' }, creditNotes: { num: 5, label: 'Credit Note' } } as const;

export interface Gstr1Line extends HsnLine {
  productId: number;
  productName: string;
  /** The product's kind of supply when billed; absent = nil-rated at 0 %, taxable above. */
  taxability?: Taxability;
}

/** A tax invoice (a bill) of the month, as billed; credit notes say what came back. */
export interface Gstr1Invoice {
  /** The bill: what a problem links to. */
  purchaseId: number;
  /** The invoice number, `SLG/26-27/000123`; undefined for a bill made before the shop's series began. */
  number?: string;
  /** Shop day `yyyy-mm-dd`. */
  date: string;
  customerId?: number;
  customerName: string;
  /** The buyer's GSTIN as stored; undefined or '' for an unregistered buyer. */
  customerGstin?: string;
  /** State code of the place of supply. */
  placeOfSupply: string;
  lines: Gstr1Line[];
}

/** A credit note of the month; its lines hold the returned taxable value and tax, positive. */
export interface Gstr1CreditNote extends Omit<Gstr1Invoice, 'number'> {
  number: string;
  creditNoteId: number;
  /** The invoice the goods came back from: number, shop day and value (taxable + tax) as billed. */
  original: { number?: string; date: string; value: Paise };
}

export interface Gstr1Input {
  /** `yyyy-mm` */
  month: string;
  shop: { gstin?: string; state?: string };
  invoices: Gstr1Invoice[];
  creditNotes: Gstr1CreditNote[];
}

/** taxable + taxes; cess is not levied on anything the product sells, so it is always 0 in the file. */
export interface Gstr1Amounts {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

export interface Gstr1Totals extends Gstr1Amounts {
  /** Documents (invoices or notes) in the section; for the HSN summary its rows, for documents issued the numbers used. */
  count: number;
  /** Document value (taxable + taxes). */
  value: Paise;
}

/** One row per document and rate, as the portal's Excel template lists them. */
export interface Gstr1DocumentRow extends Gstr1Amounts {
  purchaseId: number;
  number: string;
  date: string;
  customerName: string;
  gstin?: string;
  placeOfSupply: string;
  /** Percent */
  rate: number;
  /** The document's whole value, repeated on each of its rates. */
  value: Paise;
  /** Credit notes: the invoice they return from. */
  originalNumber?: string;
  originalDate?: string;
}

export interface Gstr1SmallRow extends Gstr1Amounts {
  placeOfSupply: string;
  supplyType: 'INTRA' | 'INTER';
  rate: number;
}

/** Table 8's kinds of supply, in the portal's order (its Excel rows and JSON `sply_ty`). */
export const NIL_SUPPLY_TYPES = [
  { code: 'INTRB2B', description: 'Inter-State supplies to registered persons' },
  { code: 'INTRAB2B', description: 'Intra-State supplies to registered persons' },
  { code: 'INTRB2C', description: 'Inter-State supplies to unregistered persons' },
  { code: 'INTRAB2C', description: 'Intra-State supplies to unregistered persons' },
] as const;
export type NilSupplyType = (typeof NIL_SUPPLY_TYPES)[number]['code'];

/** One row of table 8: the month's nil-rated, exempt and non-GST values of a kind of supply, less credit notes. */
export interface Gstr1NilRow {
  supplyType: NilSupplyType;
  description: string;
  nilRated: Paise;
  exempt: Paise;
  nonGst: Paise;
}

export interface Gstr1HsnRow extends Omit<HsnSummaryRow, 'gstRate'> {
  tab: 'B2B' | 'B2C';
  description: string;
  rate: number;
}

export interface Gstr1DocumentRange {
  nature: string;
  from: string;
  to: string;
  total: number;
  cancelled: number;
  issued: number;
}

export type Gstr1ProblemKind = 'shop' | 'hsn' | 'unit' | 'customer-gstin' | 'number' | 'place-of-supply' | 'earlier-year-credit-note';

export interface Gstr1Problem {
  kind: Gstr1ProblemKind;
  message: string;
  /** What to open to fix it. */
  fix: { to: 'shop' } | { to: 'product'; productId: number } | { to: 'customer'; customerId?: number; purchaseId: number } | { to: 'bill'; purchaseId: number };
}

export interface Gstr1Sections {
  b2b: { totals: Gstr1Totals; rows: Gstr1DocumentRow[] };
  b2cl: { totals: Gstr1Totals; rows: Gstr1DocumentRow[] };
  b2cs: { totals: Gstr1Totals; rows: Gstr1SmallRow[] };
  /** Totals: `count` the documents with such lines, `taxable` and `value` the three amounts together, no tax. */
  nil: { totals: Gstr1Totals; rows: Gstr1NilRow[] };
  cdnr: { totals: Gstr1Totals; rows: Gstr1DocumentRow[] };
  cdnur: { totals: Gstr1Totals; rows: Gstr1DocumentRow[] };
  hsn: { totals: Gstr1Totals; rows: Gstr1HsnRow[] };
  docs: { totals: Gstr1Totals; rows: Gstr1DocumentRange[] };
}

export interface Gstr1 {
  month: string;
  /** Return period `MMYYYY` */
  fp: string;
  financialYear: string;
  sections: Gstr1Sections;
  /** The month's invoices less its credit notes: what the sections add up to. */
  net: Gstr1Amounts & { value: Paise };
  problems: Gstr1Problem[];
  json: Gstr1Json;
}

// ---------------------------------------------------------------- the portal's JSON (rupees)

export interface Gstr1ItemDetail {
  txval: number;
  rt: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}
export interface Gstr1Item {
  num: number;
  itm_det: Gstr1ItemDetail;
}
export interface Gstr1Json {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  b2b?: { ctin: string; inv: { inum: string; idt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: Gstr1Item[] }[] }[];
  b2cl?: { pos: string; inv: { inum: string; idt: string; val: number; itms: Gstr1Item[] }[] }[];
  b2cs?: { sply_ty: 'INTRA' | 'INTER'; pos: string; typ: 'OE'; txval: number; rt: number; iamt?: number; camt?: number; samt?: number; csamt: number }[];
  cdnr?: { ctin: string; nt: { ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: Gstr1Item[] }[] }[];
  cdnur?: { typ: 'B2CL'; ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; itms: Gstr1Item[] }[];
  nil?: { inv: { sply_ty: NilSupplyType; nil_amt: number; expt_amt: number; ngsup_amt: number }[] };
  hsn?: { data: Gstr1HsnJsonRow[] } | { hsn_b2b: Gstr1HsnJsonRow[]; hsn_b2c: Gstr1HsnJsonRow[] };
  doc_issue?: { doc_det: { doc_num: number; docs: { num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }[] }[] };
}
export interface Gstr1HsnJsonRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

// ---------------------------------------------------------------- helpers

const rupees = (paise: Paise) => paise / 100;
/** Basis points to the portal's percent (1800 -> 18, 25 -> 0.25). */
const percent = (rate: number) => rate / 100;
/** dd-mm-yyyy, the portal's date. */
const portalDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
/** The offline tool numbers a rate's item as rate x 100 + 1 (18% -> 1801). */
const itemNumber = (rate: number) => Math.round(rate * 100) + 1;
const DOCUMENT_NUMBER_FORMAT = /^[A-Za-z0-9/-]+$/;
/** Table 12 takes a description of at most 30 characters. */
const HSN_DESCRIPTION_LENGTH = 30;

const zero = (): Gstr1Amounts => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
const emptyTotals = (): Gstr1Totals => ({ count: 0, value: 0, ...zero() });
const tax = (a: Gstr1Amounts) => a.igst + a.cgst + a.sgst;
function addInto(into: Gstr1Amounts, from: Gstr1Amounts, sign = 1) {
  into.taxable += sign * from.taxable;
  into.igst += sign * from.igst;
  into.cgst += sign * from.cgst;
  into.sgst += sign * from.sgst;
}

/** A document's lines summed per rate (basis points), in rate order. */
function byRate(lines: Gstr1Line[]): [number, Gstr1Amounts][] {
  const rates = new Map<number, Gstr1Amounts>();
  for (const line of lines) {
    const sum = rates.get(line.gstRate) ?? zero();
    addInto(sum, line);
    rates.set(line.gstRate, sum);
  }
  return [...rates].sort(([a], [b]) => a - b);
}

const documentValue = (lines: Gstr1Line[]) => lines.reduce((v, l) => v + l.taxable + l.igst + l.cgst + l.sgst, 0);

/** Items of a B2C large invoice or its credit note: inter-state by definition, so IGST only. */
function interStateItems(rates: [number, Gstr1Amounts][]): Gstr1Item[] {
  return rates.map(([rate, a]) => ({ num: itemNumber(percent(rate)), itm_det: { txval: rupees(a.taxable), rt: percent(rate), iamt: rupees(a.igst), csamt: 0 } }));
}

/** Items of a B2B invoice or note: IGST when the place of supply is another state, CGST + SGST otherwise. */
function itemsFor(rates: [number, Gstr1Amounts][], inter: boolean): Gstr1Item[] {
  return rates.map(([rate, a]) => ({
    num: itemNumber(percent(rate)),
    itm_det: inter
      ? { txval: rupees(a.taxable), rt: percent(rate), iamt: rupees(a.igst), csamt: 0 }
      : { txval: rupees(a.taxable), rt: percent(rate), camt: rupees(a.cgst), samt: rupees(a.sgst), csamt: 0 },
  }));
}

function documentRows(doc: Gstr1Invoice & { number: string }, rates: [number, Gstr1Amounts][], gstin: string | undefined, original?: Gstr1CreditNote['original']): Gstr1DocumentRow[] {
  const value = documentValue(doc.lines);
  return rates.map(([rate, a]) => ({
    purchaseId: doc.purchaseId,
    number: doc.number,
    date: doc.date,
    customerName: doc.customerName,
    ...(gstin ? { gstin } : {}),
    placeOfSupply: doc.placeOfSupply,
    rate: percent(rate),
    value,
    ...a,
    ...(original ? { originalNumber: original.number ?? '', originalDate: original.date } : {}),
  }));
}

/** A document number's series and running number: the text before its last run of digits, and those digits. */
function seriesOf(number: string): { series: string; sequence: number; width: number } | undefined {
  const match = /^(.*?)(\d+)$/.exec(number);
  if (!match) return undefined;
  return { series: match[1]!, sequence: Number(match[2]), width: match[2]!.length };
}

/**
 * Documents issued: per series, the lowest and highest number used in the month; numbers in between that no
 * document of the month carries count as cancelled (a series has no gaps otherwise).
 */
function documentRanges(numbers: string[], nature: string): Gstr1DocumentRange[] {
  const series = new Map<string, { min: number; max: number; width: number; used: Set<number> }>();
  for (const number of numbers) {
    const parsed = seriesOf(number);
    if (!parsed) continue;
    const s = series.get(parsed.series) ?? { min: parsed.sequence, max: parsed.sequence, width: parsed.width, used: new Set<number>() };
    s.min = Math.min(s.min, parsed.sequence);
    s.max = Math.max(s.max, parsed.sequence);
    s.width = Math.max(s.width, parsed.width);
    s.used.add(parsed.sequence);
    series.set(parsed.series, s);
  }
  return [...series]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([prefix, s]) => {
      const total = s.max - s.min + 1;
      const at = (n: number) => `${prefix}${String(n).padStart(s.width, '0')}`;
      return { nature, from: at(s.min), to: at(s.max), total, cancelled: total - s.used.size, issued: s.used.size };
    });
}

/** Document numbers in code-point order: as the series runs, and far quicker than a locale's collation. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const registeredGstin = (gstin: string | undefined) => (gstin && gstin.trim() ? gstin.trim().toUpperCase() : undefined);

// ---------------------------------------------------------------- the builder

export function buildGstr1(input: Gstr1Input): Gstr1 {
  const { month, shop } = input;
  const fp = `${month.slice(5, 7)}${month.slice(0, 4)}`;
  const year = financialYear(`${month}-01`);
  const problems: Gstr1Problem[] = [];
  const problemKeys = new Set<string>();
  const problem = (key: string, p: Gstr1Problem) => {
    if (problemKeys.has(key)) return;
    problemKeys.add(key);
    problems.push(p);
  };

  const shopGstin = registeredGstin(shop.gstin);
  if (!shopGstin) problem('shop-gstin', { kind: 'shop', message: "The shop's GSTIN is missing. Enter it in the shop's details.", fix: { to: 'shop' } });
  else if (gstinProblem(shopGstin)) problem('shop-gstin', { kind: 'shop', message: `The shop's GSTIN ${shopGstin} is not valid: ${GSTIN_MESSAGES[gstinProblem(shopGstin)!]}`, fix: { to: 'shop' } });
  const shopState = shop.state && isStateCode(shop.state) ? shop.state : undefined;
  if (!shopState) problem('shop-state', { kind: 'shop', message: "The shop's state is missing. Choose it in the shop's details.", fix: { to: 'shop' } });
  const isInter = (pos: string) => (shopState ? supplyKind(shopState, pos) === 'inter' : false);

  const checkDocument = (doc: Gstr1Invoice, label: string) => {
    for (const line of doc.lines) {
      if (!line.hsnCode) {
        problem(`hsn-${line.productId}`, { kind: 'hsn', message: `${line.productName} has no HSN code (${label}).`, fix: { to: 'product', productId: line.productId } });
      } else if (!isValidHsn(line.hsnCode)) {
        problem(`hsn-${line.productId}`, { kind: 'hsn', message: `${line.productName} has the HSN code ${line.hsnCode}, which is not 4, 6 or 8 digits (${label}).`, fix: { to: 'product', productId: line.productId } });
      }
      if (!isGstUnit(line.unit)) {
        problem(`unit-${line.productId}`, { kind: 'unit', message: `${line.productName} has the unit ${line.unit || '(none)'}, which is not on the GST unit list (${label}).`, fix: { to: 'product', productId: line.productId } });
      }
    }
    const gstin = registeredGstin(doc.customerGstin);
    const gstinFault = gstin ? gstinProblem(gstin) : undefined;
    if (gstin && gstinFault) {
      problem(`gstin-${doc.customerId ?? doc.purchaseId}-${gstin}`, {
        kind: 'customer-gstin',
        message: `${doc.customerName}'s GSTIN ${gstin} on ${label} is not valid: ${GSTIN_MESSAGES[gstinFault]}`,
        fix: { to: 'customer', customerId: doc.customerId, purchaseId: doc.purchaseId },
      });
    }
    if (!isStateCode(doc.placeOfSupply)) {
      problem(`pos-${label}`, { kind: 'place-of-supply', message: `${capital(label)} has no valid place of supply (${doc.placeOfSupply || 'none'}).`, fix: { to: 'bill', purchaseId: doc.purchaseId } });
    } else if (shopState) {
      const inter = isInter(doc.placeOfSupply);
      if (doc.lines.some((l) => (inter ? l.cgst !== 0 || l.sgst !== 0 : l.igst !== 0))) {
        problem(`pos-${label}`, {
          kind: 'place-of-supply',
          message: `${capital(label)} is charged ${inter ? 'CGST and SGST' : 'IGST'} but its place of supply ${stateLabel(doc.placeOfSupply)} says ${inter ? 'IGST' : 'CGST and SGST'}.`,
          fix: { to: 'bill', purchaseId: doc.purchaseId },
        });
      }
    }
    return gstin;
  };
  const checkNumber = (number: string | undefined, purchaseId: number, what: string): number is string => {
    if (!number) {
      problem(`number-${what}`, { kind: 'number', message: `${what} has no invoice number: it was made before the shop's invoice series began.`, fix: { to: 'bill', purchaseId } });
      return false;
    }
    if (number.length > MAX_DOCUMENT_NUMBER_LENGTH || !DOCUMENT_NUMBER_FORMAT.test(number)) {
      problem(`number-${what}`, { kind: 'number', message: `${what}'s number ${number} is not a valid GST document number (at most 16 letters, digits, / or -).`, fix: { to: 'bill', purchaseId } });
    }
    return true;
  };

  const sections: Gstr1Sections = {
    b2b: { totals: emptyTotals(), rows: [] },
    b2cl: { totals: emptyTotals(), rows: [] },
    b2cs: { totals: emptyTotals(), rows: [] },
    nil: { totals: emptyTotals(), rows: NIL_SUPPLY_TYPES.map((t) => ({ supplyType: t.code, description: t.description, nilRated: 0, exempt: 0, nonGst: 0 })) },
    cdnr: { totals: emptyTotals(), rows: [] },
    cdnur: { totals: emptyTotals(), rows: [] },
    hsn: { totals: emptyTotals(), rows: [] },
    docs: { totals: emptyTotals(), rows: [] },
  };
  const net = { ...zero(), value: 0 };
  const b2b = new Map<string, NonNullable<Gstr1Json['b2b']>[number]>();
  const b2cl = new Map<string, NonNullable<Gstr1Json['b2cl']>[number]>();
  const b2cs = new Map<string, Gstr1SmallRow>();
  const cdnr = new Map<string, NonNullable<Gstr1Json['cdnr']>[number]>();
  const cdnur: NonNullable<Gstr1Json['cdnur']> = [];
  const hsnLines: { B2B: (Gstr1Line & { sign: number })[]; B2C: (Gstr1Line & { sign: number })[] } = { B2B: [], B2C: [] };

  const addSmall = (pos: string, rates: [number, Gstr1Amounts][], sign: number) => {
    const inter = isInter(pos);
    for (const [rate, a] of rates) {
      const key = `${pos}|${rate}`;
      const row = b2cs.get(key) ?? { placeOfSupply: pos, supplyType: inter ? 'INTER' : 'INTRA', rate: percent(rate), ...zero() };
      addInto(row, a, sign);
      b2cs.set(key, row);
    }
  };
  /**
   * A document's lines of nil-rated, exempt and non-GST goods go to table 8 by kind of supply; the rest, its taxed
   * lines, to the section of the document. Returns the taxed lines.
   */
  const splitNil = (doc: Gstr1Invoice, registered: boolean, sign: number): Gstr1Line[] => {
    const untaxed = doc.lines.filter((l) => lineTaxability(l.taxability, l.gstRate) !== 'taxable');
    if (!untaxed.length) return doc.lines;
    const type: NilSupplyType = `${isInter(doc.placeOfSupply) ? 'INTR' : 'INTRA'}${registered ? 'B2B' : 'B2C'}`;
    const row = sections.nil.rows.find((r) => r.supplyType === type)!;
    for (const line of untaxed) {
      const kind = lineTaxability(line.taxability, line.gstRate);
      const amount = sign * (line.taxable + line.igst + line.cgst + line.sgst);
      if (kind === 'exempt') row.exempt += amount;
      else if (kind === 'non-gst') row.nonGst += amount;
      else row.nilRated += amount;
      sections.nil.totals.taxable += amount;
      sections.nil.totals.value += amount;
    }
    sections.nil.totals.count += 1;
    return doc.lines.filter((l) => !untaxed.includes(l));
  };
  const count = (totals: Gstr1Totals, lines: Gstr1Line[], sign = 1) => {
    totals.count += 1;
    const rates = byRate(lines);
    for (const [, a] of rates) addInto(totals, a, sign);
    totals.value += sign * documentValue(lines);
    return rates;
  };

  for (const invoice of [...input.invoices].sort((a, b) => byText(a.number ?? '', b.number ?? '') || a.purchaseId - b.purchaseId)) {
    const label = invoice.number ? `invoice ${invoice.number}` : `bill ${invoice.purchaseId}`;
    const gstin = checkDocument(invoice, label);
    const numbered = checkNumber(invoice.number, invoice.purchaseId, invoice.number ? `Invoice ${invoice.number}` : `Bill ${invoice.purchaseId}`);
    const value = documentValue(invoice.lines);
    addInto(net, byRate(invoice.lines).reduce((s, [, a]) => (addInto(s, a), s), zero()));
    net.value += value;
    const doc = { ...invoice, number: invoice.number ?? String(invoice.purchaseId) };
    const taxed = splitNil(invoice, gstin !== undefined, 1);
    const large = !gstin && isInter(invoice.placeOfSupply) && value > b2cLargeLimit(invoice.date);
    hsnLines[gstin ? 'B2B' : 'B2C'].push(...invoice.lines.map((l) => ({ ...l, sign: 1 })));
    // An invoice of nil-rated, exempt or non-GST goods only is in table 8 alone.
    if (!taxed.length) continue;
    if (gstin) {
      const rates = count(sections.b2b.totals, taxed);
      sections.b2b.rows.push(...documentRows(doc, rates, gstin));
      if (!numbered) continue;
      const party = b2b.get(gstin) ?? { ctin: gstin, inv: [] };
      party.inv.push({ inum: doc.number, idt: portalDate(doc.date), val: rupees(value), pos: doc.placeOfSupply, rchrg: 'N', inv_typ: 'R', itms: itemsFor(rates, isInter(doc.placeOfSupply)) });
      b2b.set(gstin, party);
    } else if (large) {
      const rates = count(sections.b2cl.totals, taxed);
      sections.b2cl.rows.push(...documentRows(doc, rates, undefined));
      if (!numbered) continue;
      const place = b2cl.get(doc.placeOfSupply) ?? { pos: doc.placeOfSupply, inv: [] };
      place.inv.push({ inum: doc.number, idt: portalDate(doc.date), val: rupees(value), itms: interStateItems(rates) });
      b2cl.set(doc.placeOfSupply, place);
    } else {
      const rates = count(sections.b2cs.totals, taxed);
      addSmall(invoice.placeOfSupply, rates, 1);
    }
  }

  for (const note of [...input.creditNotes].sort((a, b) => byText(a.number, b.number))) {
    const label = `credit note ${note.number}`;
    const gstin = checkDocument(note, label);
    checkNumber(note.number, note.purchaseId, `Credit note ${note.number}`);
    const originalYear = financialYear(note.original.date);
    if (originalYear !== year) {
      problem(`earlier-${note.number}`, {
        kind: 'earlier-year-credit-note',
        message: `Credit note ${note.number} returns goods of invoice ${note.original.number ?? `bill ${note.purchaseId}`} of ${note.original.date}, in the financial year ${originalYear}. A credit note for an earlier year's invoice needs your accountant: report it by hand or issue it against the right year.`,
        fix: { to: 'bill', purchaseId: note.purchaseId },
      });
    }
    const value = documentValue(note.lines);
    addInto(net, byRate(note.lines).reduce((s, [, a]) => (addInto(s, a), s), zero()), -1);
    net.value -= value;
    const original = note.original;
    const taxed = splitNil(note, gstin !== undefined, -1);
    hsnLines[gstin ? 'B2B' : 'B2C'].push(...note.lines.map((l) => ({ ...l, sign: -1 })));
    if (!taxed.length) continue;
    if (gstin) {
      const rates = count(sections.cdnr.totals, taxed);
      sections.cdnr.rows.push(...documentRows(note, rates, gstin, original));
      const party = cdnr.get(gstin) ?? { ctin: gstin, nt: [] };
      party.nt.push({ ntty: 'C', nt_num: note.number, nt_dt: portalDate(note.date), val: rupees(value), pos: note.placeOfSupply, rchrg: 'N', inv_typ: 'R', itms: itemsFor(rates, isInter(note.placeOfSupply)) });
      cdnr.set(gstin, party);
    } else if (isInter(note.placeOfSupply) && original.value > b2cLargeLimit(original.date)) {
      const rates = count(sections.cdnur.totals, taxed);
      sections.cdnur.rows.push(...documentRows(note, rates, undefined, original));
      cdnur.push({ typ: 'B2CL', ntty: 'C', nt_num: note.number, nt_dt: portalDate(note.date), val: rupees(value), pos: note.placeOfSupply, itms: interStateItems(rates) });
    } else {
      // A credit note on a B2C small invoice lowers table 7 for its place of supply and rate; it is not a document
      // of its own in the return, but it is counted in the B2C small section's totals (as a subtraction).
      const rates = byRate(taxed);
      for (const [, a] of rates) addInto(sections.b2cs.totals, a, -1);
      sections.b2cs.totals.value -= documentValue(taxed);
      addSmall(note.placeOfSupply, rates, -1);
    }
  }

  sections.b2cs.rows = [...b2cs.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate);

  // Table 12: every line of the month's invoices, less the lines of its credit notes.
  const descriptions = new Map<string, string>();
  const hsnRows = (tab: 'B2B' | 'B2C'): Gstr1HsnRow[] =>
    hsnSummary(
      hsnLines[tab].map((l) => {
        if (l.hsnCode && !descriptions.has(l.hsnCode)) descriptions.set(l.hsnCode, l.productName.slice(0, HSN_DESCRIPTION_LENGTH));
        return { hsnCode: l.hsnCode, unit: l.unit, gstRate: l.gstRate, quantity: l.sign * l.quantity, taxable: l.sign * l.taxable, cgst: l.sign * l.cgst, sgst: l.sign * l.sgst, igst: l.sign * l.igst };
      }),
    ).map(({ gstRate, ...row }) => ({ ...row, tab, rate: percent(gstRate), description: descriptions.get(row.hsnCode) ?? '' }));
  sections.hsn.rows = [...hsnRows('B2B'), ...hsnRows('B2C')];
  for (const row of sections.hsn.rows) {
    addInto(sections.hsn.totals, row);
    sections.hsn.totals.value += row.value;
  }
  sections.hsn.totals.count = sections.hsn.rows.length;

  const invoiceNumbers = input.invoices.flatMap((i) => (i.number ? [i.number] : []));
  sections.docs.rows = [
    ...documentRanges(invoiceNumbers, DOCUMENT_NATURE.invoices.label),
    ...documentRanges(input.creditNotes.map((n) => n.number), DOCUMENT_NATURE.creditNotes.label),
  ];
  sections.docs.totals.count = sections.docs.rows.reduce((n, r) => n + r.issued, 0);

  const hsnJson = (rows: Gstr1HsnRow[]): Gstr1HsnJsonRow[] =>
    rows.map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsnCode,
      desc: r.description,
      uqc: r.unit,
      qty: Math.round(r.quantity * 1000) / 1000,
      rt: r.rate,
      txval: rupees(r.taxable),
      iamt: rupees(r.igst),
      camt: rupees(r.cgst),
      samt: rupees(r.sgst),
      csamt: 0,
    }));
  const byTab = (tab: 'B2B' | 'B2C') => sections.hsn.rows.filter((r) => r.tab === tab);

  const json: Gstr1Json = { gstin: shopGstin ?? '', fp, version: GSTR1_TOOL_VERSION, hash: 'hash' };
  if (b2b.size) json.b2b = [...b2b.values()];
  if (b2cl.size) json.b2cl = [...b2cl.values()];
  const small = sections.b2cs.rows.filter((r) => r.taxable !== 0 || tax(r) !== 0);
  if (small.length) {
    json.b2cs = small.map((r) => ({
      sply_ty: r.supplyType,
      pos: r.placeOfSupply,
      typ: 'OE',
      txval: rupees(r.taxable),
      rt: r.rate,
      ...(r.supplyType === 'INTER' ? { iamt: rupees(r.igst) } : { camt: rupees(r.cgst), samt: rupees(r.sgst) }),
      csamt: 0,
    }));
  }
  const nil = sections.nil.rows.filter((r) => r.nilRated !== 0 || r.exempt !== 0 || r.nonGst !== 0);
  if (nil.length) json.nil = { inv: nil.map((r) => ({ sply_ty: r.supplyType, nil_amt: rupees(r.nilRated), expt_amt: rupees(r.exempt), ngsup_amt: rupees(r.nonGst) })) };
  if (cdnr.size) json.cdnr = [...cdnr.values()];
  if (cdnur.length) json.cdnur = cdnur;
  if (sections.hsn.rows.length) {
    json.hsn = month >= HSN_SPLIT_FROM_MONTH ? { hsn_b2b: hsnJson(byTab('B2B')), hsn_b2c: hsnJson(byTab('B2C')) } : { data: hsnJson(sections.hsn.rows) };
  }
  if (sections.docs.rows.length) {
    const natures = [DOCUMENT_NATURE.invoices, DOCUMENT_NATURE.creditNotes]
      .map((n) => ({ doc_num: n.num, docs: sections.docs.rows.filter((r) => r.nature === n.label).map((r, i) => ({ num: i + 1, from: r.from, to: r.to, totnum: r.total, cancel: r.cancelled, net_issue: r.issued })) }))
      .filter((n) => n.docs.length);
    json.doc_issue = { doc_det: natures };
  }

  return { month, fp, financialYear: year, sections, net, problems, json };
}

/** `29-Karnataka`: how the screen and the spreadsheet show a place of supply. */
export const placeOfSupplyLabel = stateLabel;
