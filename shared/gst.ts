/**
 * GST in one place: the states and their GST codes, GSTIN and HSN checks, the GST unit list (UQC), place of supply
 * and the CGST+SGST versus IGST decision, the Indian financial year, invoice and credit-note numbers, the amount in
 * words and the HSN-wise summary. The bill module, the receipts, the credit notes and GSTR-1 all use this module,
 * so the screen, the printed invoice, the stored bill and the return agree. Amounts are paise, rates basis points
 * (shared/money.ts). Codes and names follow the GST portal (GSTR-1 offline tool) and the e-invoice schema 1.1.
 */
import { divideRounded, type BasisPoints, type Paise } from './money.js';

// ---------------------------------------------------------------- states and union territories

/**
 * States and union territories by their GST state code (the first two digits of a GSTIN; `pos` in GSTR-1, `Pos` and
 * `Stcd` in the e-invoice). 25 (Daman and Diu) merged into 26 in 2020 and 28 (undivided Andhra Pradesh) is no longer
 * issued; neither is offered for new records. 97 is "Other Territory" (offshore areas).
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
] as const;

export type StateCode = (typeof GST_STATES)[number]['code'];
export const STATE_CODES = GST_STATES.map((s) => s.code) as [StateCode, ...StateCode[]];

const STATE_NAMES = new Map<string, string>(GST_STATES.map((s) => [s.code, s.name]));

export const isStateCode = (code: string): code is StateCode => STATE_NAMES.has(code);

/** `29` -> `Karnataka`; an unknown code is shown as it is. */
export const stateName = (code: string): string => STATE_NAMES.get(code) ?? code;

/** `29` -> `29-Karnataka`, the way GSTR-1 and invoices print a place of supply. */
export const stateLabel = (code: string): string => `${code}-${stateName(code)}`;

// ---------------------------------------------------------------- GSTIN

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2 digits state, 10 characters PAN, entity number, Z (default), check character. */
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GSTIN check character (GSTN's mod-36 scheme): each of the first 14 characters is valued 0-35, multiplied
 * alternately by 1 and 2, each product contributes its quotient and remainder by 36, and the check character is
 * what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'format' | 'state' | 'checksum';

/** Why a GSTIN (already upper-case, trimmed) is not valid, or undefined when it is. */
export function gstinProblem(gstin: string): GstinProblem | undefined {
  if (!GSTIN_FORMAT.test(gstin)) return 'format';
  if (!isStateCode(gstin.slice(0, 2))) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'checksum';
  return undefined;
}

export const isValidGstin = (gstin: string) => gstinProblem(gstin) === undefined;

/** The state a GSTIN is registered in: its first two digits. */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: 'Enter a valid 15-character GSTIN',
  state: 'The GSTIN should start with a valid state code (like 29 for Karnataka).',
  checksum: 'This GSTIN is not valid: its last character does not match. Check it for typing mistakes.',
};

// ---------------------------------------------------------------- HSN

/** An HSN code as invoices print it: 4, 6 or 8 digits (turnover decides how many a shop must print). */
export const HSN_FORMAT = /^(\d{4}|\d{6}|\d{8})$/;
export const isValidHsn = (hsn: string) => HSN_FORMAT.test(hsn);
export const HSN_MESSAGE = 'An HSN code has 4, 6 or 8 digits.';

// ---------------------------------------------------------------- units (UQC)

/** The GST unit quantity codes (UQC) as the GST portal and the e-invoice master list them. */
export const GST_UNITS = [
  { code: 'BAG', name: 'Bags' },
  { code: 'BAL', name: 'Bale' },
  { code: 'BDL', name: 'Bundles' },
  { code: 'BKL', name: 'Buckles' },
  { code: 'BOU', name: 'Billion of units' },
  { code: 'BOX', name: 'Box' },
  { code: 'BTL', name: 'Bottles' },
  { code: 'BUN', name: 'Bunches' },
  { code: 'CAN', name: 'Cans' },
  { code: 'CBM', name: 'Cubic meters' },
  { code: 'CCM', name: 'Cubic centimeters' },
  { code: 'CMS', name: 'Centimeters' },
  { code: 'CTN', name: 'Cartons' },
  { code: 'DOZ', name: 'Dozens' },
  { code: 'DRM', name: 'Drums' },
  { code: 'GGK', name: 'Great gross' },
  { code: 'GMS', name: 'Grammes' },
  { code: 'GRS', name: 'Gross' },
  { code: 'GYD', name: 'Gross yards' },
  { code: 'KGS', name: 'Kilograms' },
  { code: 'KLR', name: 'Kilolitre' },
  { code: 'KME', name: 'Kilometre' },
  { code: 'LTR', name: 'Litres' },
  { code: 'MLT', name: 'Millilitre' },
  { code: 'MTR', name: 'Meters' },
  { code: 'MTS', name: 'Metric ton' },
  { code: 'NOS', name: 'Numbers' },
  { code: 'OTH', name: 'Others' },
  { code: 'PAC', name: 'Packs' },
  { code: 'PCS', name: 'Pieces' },
  { code: 'PRS', name: 'Pairs' },
  { code: 'QTL', name: 'Quintal' },
  { code: 'ROL', name: 'Rolls' },
  { code: 'SET', name: 'Sets' },
  { code: 'SQF', name: 'Square feet' },
  { code: 'SQM', name: 'Square meters' },
  { code: 'SQY', name: 'Square yards' },
  { code: 'TBS', name: 'Tablets' },
  { code: 'TGM', name: 'Ten gross' },
  { code: 'THD', name: 'Thousands' },
  { code: 'TON', name: 'Tonnes' },
  { code: 'TUB', name: 'Tubes' },
  { code: 'UGS', name: 'US gallons' },
  { code: 'UNT', name: 'Units' },
  { code: 'YDS', name: 'Yards' },
] as const;

export type GstUnit = (typeof GST_UNITS)[number]['code'];
export const UNIT_CODES = GST_UNITS.map((u) => u.code) as [GstUnit, ...GstUnit[]];
/** What a product is counted in when nobody said otherwise. */
export const DEFAULT_UNIT: GstUnit = 'NOS';
const UNIT_CODE_SET = new Set<string>(UNIT_CODES);
export const isGstUnit = (code: string): code is GstUnit => UNIT_CODE_SET.has(code);
export const UNIT_MESSAGE = 'Choose a unit from the GST unit list (NOS, PCS, KGS, LTR, MTR, BOX ...).';

// ---------------------------------------------------------------- place of supply

export type SupplyKind = 'intra' | 'inter';

/**
 * The place of supply of a sale of goods (IGST Act section 10): goods shipped go where they are delivered; goods
 * sold over the counter are supplied at the shop, unless a registered buyer's GSTIN puts them in another state
 * (the buyer takes them there, and the invoice is then an inter-state supply to that GSTIN's state).
 */
export function placeOfSupply(sale: { shopState: string; shippingState?: string; customerGstin?: string }): string {
  if (sale.shippingState) return sale.shippingState;
  if (sale.customerGstin) return gstinState(sale.customerGstin);
  return sale.shopState;
}

/** The shop's state: as set, else its GSTIN's (a GSTIN is issued per state). */
export const shopState = (shop: { state?: string; gstNumber: string }): string => shop.state || gstinState(shop.gstNumber);

/** Same state as the shop: CGST + SGST; another state: IGST at the full rate. */
export const supplyKind = (shopState: string, place: string): SupplyKind => (shopState === place ? 'intra' : 'inter');

/** A line's stored rates: its CGST and SGST, their sum, and the IGST rate that sum becomes between states. */
export const lineRates = (rates: { cgstRate: number; sgstRate: number }, supply: SupplyKind | undefined) => ({
  cgstRate: rates.cgstRate,
  sgstRate: rates.sgstRate,
  gstRate: rates.cgstRate + rates.sgstRate,
  igstRate: supply === 'inter' ? rates.cgstRate + rates.sgstRate : 0,
});

/**
 * A sale's supplier state, place of supply and split, as the server stores them and the till shows them before
 * saving: at the shop, unless it is shipped elsewhere or sold to a registered business of another state.
 */
export function supplyOf(sale: { shop: { state?: string; gstNumber: string }; shippingState?: string; customerGstin?: string }) {
  const home = shopState(sale.shop);
  const place = placeOfSupply({ shopState: home, shippingState: sale.shippingState, customerGstin: sale.customerGstin || undefined });
  return { shopState: home, placeOfSupply: place, supply: supplyKind(home, place) };
}

export interface TaxAmounts {
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/**
 * How a line's tax (already rounded to the paisa) is charged: within the state CGST is rounded and SGST takes the
 * remainder (so they add up to the tax); across states all of it is IGST. The tax of `splitInclusiveGst` at equal
 * rates is two equal halves, so the halves come back equal.
 */
export function chargeTax(tax: Paise, cgstRate: BasisPoints, sgstRate: BasisPoints, kind: SupplyKind): TaxAmounts {
  if (kind === 'inter') return { cgst: 0, sgst: 0, igst: tax };
  const totalRate = cgstRate + sgstRate;
  const cgst = totalRate === 0 ? 0 : divideRounded(tax * cgstRate, totalRate);
  return { cgst, sgst: tax - cgst, igst: 0 };
}

// ---------------------------------------------------------------- financial year

const DAY = /^(\d{4})-(\d{2})-\d{2}$/;

/** The first calendar year of the Indian financial year (April to March) of a shop day `yyyy-mm-dd`. */
export function financialYearStart(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  const year = Number(match[1]);
  return Number(match[2]) >= 4 ? year : year - 1;
}

/** `2026-04-01` -> `26-27`, `2027-03-31` -> `26-27`: the financial year as invoice numbers and GSTR-1 write it. */
export function financialYear(day: string): string {
  const start = financialYearStart(day);
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** The first and last day of the financial year a shop day is in. */
export function financialYearDays(day: string): { from: string; to: string } {
  const start = financialYearStart(day);
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

// ---------------------------------------------------------------- invoice and credit-note numbers

/** Rule 46(b): an invoice number has at most 16 characters (letters, digits, '-' and '/'). */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

export const DOCUMENT_SERIES = ['INVOICE', 'CREDIT_NOTE'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/**
 * The prefix of a shop's series: up to three letters or digits of the shop id for invoices (`slg` -> `SLG`), with
 * `C` after it for credit notes (`SLGC`), so the two series never share a number.
 */
export function seriesPrefix(tenantId: string, series: DocumentSeries): string {
  const shop = tenantId.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 3) || 'INV';
  return series === 'CREDIT_NOTE' ? `${shop}C` : shop;
}

/**
 * `SLG` + `26-27` + 123 -> `SLG/26-27/000123`: the number is zero-padded to fill the 16 characters, so numbers of a
 * series sort and read alike. A number that no longer fits is refused rather than cut.
 */
export function documentNumber(prefix: string, year: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`A document number starts at 1 (${sequence})`);
  const width = MAX_DOCUMENT_NUMBER_LENGTH - prefix.length - year.length - 2;
  const digits = String(sequence);
  if (width < 1 || digits.length > width) throw new RangeError(`The series ${prefix}/${year} has no number ${sequence} within 16 characters`);
  return `${prefix}/${year}/${digits.padStart(width, '0')}`;
}

/** The parts of a number made by `documentNumber`, or undefined for anything else. */
export function parseDocumentNumber(number: string): { prefix: string; year: string; sequence: number } | undefined {
  const match = /^([A-Z0-9]{1,5})\/(\d{2}-\d{2})\/(\d+)$/.exec(number);
  if (!match) return undefined;
  return { prefix: match[1]!, year: match[2]!, sequence: Number(match[3]) };
}

// ---------------------------------------------------------------- amount in words

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    belowThousand(rest),
  ]
    .filter(Boolean)
    .join(' ');
}

/** `12345678` paise -> `Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only`. */
export function amountInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const fraction = paise % 100;
  return `Rupees ${numberInWords(rupees)}${fraction ? ` and ${belowHundred(fraction)} Paise` : ''} Only`;
}

// ---------------------------------------------------------------- HSN-wise summary

/** What the HSN summary needs of a line (an invoice's, a credit note's, or a month's). */
/**
 * What kind of supply a good is for GST (CGST Act section 2(47), 2(78), GSTR-1 table 8): taxed at its rate, nil-rated
 * (taxed at 0 %), exempt (by notification) or outside GST (non-GST supply, e.g. petrol, alcohol for drinking). The
 * product says which; a good sold at a rate above 0 % is taxable whatever it says, and a 0 % good that says nothing
 * (products saved before this existed) is nil-rated.
 */
export const TAXABILITIES = ['taxable', 'nil-rated', 'exempt', 'non-gst'] as const;
export type Taxability = (typeof TAXABILITIES)[number];
export const TAXABILITY_LABELS: Record<Taxability, string> = { taxable: 'Taxable', 'nil-rated': 'Nil-rated', exempt: 'Exempt', 'non-gst': 'Non-GST' };

/** The kind a line is filed and printed as, from its product's kind and the rate it was sold at. */
export const lineTaxability = (kind: Taxability | undefined, gstRate: BasisPoints): Taxability =>
  gstRate > 0 ? 'taxable' : (kind ?? 'nil-rated');

/** Lines of nil-rated, exempt or non-GST goods carry no tax: a bill of only such lines is a bill of supply (CGST Rule 49). */
export const isUntaxed = (kind: Taxability) => kind !== 'taxable';

/** What a line's GST on an invoice depends on besides its figures: its product's kind and the rate it was sold at. */
export interface LineKind {
  taxability?: Taxability;
  /** cgst + sgst rate, basis points (0 on a bill of supply of a shop outside GST). */
  gstRate: BasisPoints;
}

/**
 * How an invoice marks a line of nil-rated, exempt or non-GST goods (rule 46A); nothing on a taxed line. A shop outside
 * GST (composition or unregistered) charges no tax on anything: its bill of supply marks no line.
 */
export function untaxedLabel(billOfSupply: boolean, line: LineKind): 'Nil-rated' | 'Exempt' | 'Non-GST' | undefined {
  if (billOfSupply) return undefined;
  const kind = lineTaxability(line.taxability, line.gstRate);
  return kind === 'taxable' ? undefined : (TAXABILITY_LABELS[kind] as 'Nil-rated' | 'Exempt' | 'Non-GST');
}

/**
 * CGST Rule 49: a registered person supplying only exempt (nil-rated, exempt or non-GST) goods issues a bill of
 * supply instead of a tax invoice; a bill that mixes them with taxed goods stays a tax invoice whose untaxed lines are
 * marked (rule 46A's invoice-cum-bill of supply). A shop not registered for GST issues bills of supply only.
 */
export function documentTitleOf(billOfSupply: boolean, lines: LineKind[]): 'Tax Invoice' | 'Bill of Supply' {
  if (billOfSupply) return 'Bill of Supply';
  return lines.length > 0 && lines.every((l) => isUntaxed(lineTaxability(l.taxability, l.gstRate))) ? 'Bill of Supply' : 'Tax Invoice';
}

export interface HsnLine {
  /** Undefined for a product nobody gave an HSN code yet. */
  hsnCode?: string;
  unit: string;
  quantity: number;
  /** cgst + sgst rate (the IGST rate across states), basis points. */
  gstRate: BasisPoints;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export interface HsnSummaryRow extends Omit<HsnLine, 'hsnCode'> {
  /** '' for lines without an HSN code, listed together so the total still ties out. */
  hsnCode: string;
  /** taxable + taxes */
  value: Paise;
}

/**
 * The HSN-wise summary (invoice footer and GSTR-1 table 12): lines grouped by HSN code, unit and rate, in HSN order,
 * with quantities and amounts summed. The rows add up to the lines exactly.
 */
export function hsnSummary(lines: HsnLine[]): HsnSummaryRow[] {
  const rows = new Map<string, HsnSummaryRow>();
  for (const line of lines) {
    const hsnCode = line.hsnCode ?? '';
    const key = `${hsnCode}|${line.unit}|${line.gstRate}`;
    const row = rows.get(key) ?? { hsnCode, unit: line.unit, gstRate: line.gstRate, quantity: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, value: 0 };
    row.quantity += line.quantity;
    row.taxable += line.taxable;
    row.cgst += line.cgst;
    row.sgst += line.sgst;
    row.igst += line.igst;
    row.value += line.taxable + line.cgst + line.sgst + line.igst;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.unit.localeCompare(b.unit) || a.gstRate - b.gstRate);
}
