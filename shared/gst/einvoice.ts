/**
 * The e-invoice (IRN) JSON of a B2B tax invoice, schema version 1.1 (kept as JSON Schema in
 * shared/gst/schemas/einvoice-1.1.schema.json): what a shop above the e-invoicing turnover uploads to its Invoice
 * Registration Portal. The product makes the file only; it calls no government system. Pure, like the GSTR-1
 * builder: amounts arrive in paise and leave in rupees with two decimals.
 */
import { GST_STATES, GSTIN_MESSAGES, gstinProblem, isStateCode, isValidHsn } from '../gst.js';
import type { Paise } from '../money.js';
import type { Gstr1Line } from './gstr1.js';

export const EINVOICE_SCHEMA_VERSION = '1.1';

export interface EinvoiceParty {
  gstin?: string;
  name: string;
  /** The address as the shop or customer keeps it: one text, the PIN code in it. */
  address?: string;
  state?: string;
  email?: string;
  phone?: string;
}

export interface EinvoiceInput {
  number: string;
  /** Shop day `yyyy-mm-dd` */
  date: string;
  placeOfSupply: string;
  seller: EinvoiceParty;
  buyer: EinvoiceParty;
  lines: Gstr1Line[];
}

export interface EinvoicePayload {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'N'; IgstOnIntra: 'N' };
  DocDtls: { Typ: 'INV'; No: string; Dt: string };
  SellerDtls: EinvoicePartyJson;
  BuyerDtls: EinvoicePartyJson & { Pos: string };
  ItemList: EinvoiceItem[];
  ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; CesVal: number; TotInvVal: number };
}

interface EinvoicePartyJson {
  Gstin: string;
  LglNm: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin?: number;
  Stcd: string;
  Em?: string;
  Ph?: string;
}

export interface EinvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesAmt: number;
  TotItemVal: number;
}

const rupees = (paise: Paise) => paise / 100;
/** dd/mm/yyyy, the e-invoice's date. */
const einvoiceDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** SAC codes (services) start with 99. */
const isService = (hsn: string) => hsn.startsWith('99');
const PIN = /\b([1-9]\d{5})\b/;
const ADDRESS_LINE = 100;

/** Names that end an address after its town: the states and union territories, and the country. */
const NOT_A_TOWN = new Set<string>([...GST_STATES.map((st) => st.name.toLowerCase()), 'india']);

/**
 * An address kept as one text, in the schema's parts: two lines of at most 100 characters, the place (the last
 * part before the PIN code, at least 3 characters) and the PIN code.
 */
export function addressParts(address: string | undefined): { line1?: string; line2?: string; location?: string; pin?: number } {
  const text = (address ?? '').replace(/\s+/g, ' ').replace(/"/g, "'").trim();
  if (!text) return {};
  const pinMatch = PIN.exec(text);
  const beforePin = (pinMatch ? text.slice(0, pinMatch.index) : text).replace(/[\s,.-]+$/, '');
  const parts = beforePin.split(',').map((p) => p.trim()).filter(Boolean);
  // The place is the town: a state (or the country) written after it, "…, Bengaluru, Karnataka 560001", is skipped.
  while (parts.length > 2 && NOT_A_TOWN.has(parts[parts.length - 1]!.toLowerCase())) parts.pop();
  const location = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const line1 = text.slice(0, ADDRESS_LINE);
  const rest = text.slice(ADDRESS_LINE, 2 * ADDRESS_LINE).trim();
  return { line1, ...(rest.length >= 3 ? { line2: rest } : {}), ...(location && location.length >= 3 ? { location: location.slice(0, 50) } : {}), ...(pinMatch ? { pin: Number(pinMatch[1]) } : {}) };
}

/** Why the invoice cannot be made into an e-invoice yet, in words a shop owner can act on; empty when it can. */
export function einvoiceProblems(input: EinvoiceInput): string[] {
  const problems: string[] = [];
  const party = (who: string, p: EinvoiceParty, needsPin: boolean) => {
    if (!p.gstin) problems.push(`${who} has no GSTIN: an e-invoice is only for a sale to a registered buyer.`);
    else if (gstinProblem(p.gstin)) problems.push(`${who}'s GSTIN ${p.gstin} is not valid: ${GSTIN_MESSAGES[gstinProblem(p.gstin)!]}`);
    if (!p.state || !isStateCode(p.state)) problems.push(`${who} has no state.`);
    if (p.name.trim().length < 3) problems.push(`${who}'s name needs at least 3 characters.`);
    const address = addressParts(p.address);
    if (!address.line1) problems.push(`${who} has no address.`);
    else if (!address.location) problems.push(`${who}'s address needs the town or city before the PIN code, after a comma (like "12 MG Road, Bengaluru 560001").`);
    if (needsPin && address.pin === undefined) problems.push(`${who}'s address needs its 6-digit PIN code.`);
  };
  party('The shop', input.seller, true);
  party(input.buyer.name || 'The customer', input.buyer, false);
  for (const line of input.lines) {
    if (!line.hsnCode || !isValidHsn(line.hsnCode)) problems.push(`${line.productName} needs an HSN code of 4, 6 or 8 digits.`);
  }
  if (!input.lines.length) problems.push('The invoice has no lines left to report.');
  return problems;
}

function partyJson(p: EinvoiceParty): EinvoicePartyJson {
  const address = addressParts(p.address);
  return {
    Gstin: p.gstin ?? '',
    LglNm: p.name.replace(/"/g, "'").slice(0, 100),
    Addr1: address.line1 ?? '',
    ...(address.line2 ? { Addr2: address.line2 } : {}),
    Loc: address.location ?? '',
    ...(address.pin !== undefined ? { Pin: address.pin } : {}),
    Stcd: p.state ?? '',
    ...(p.email && /^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/.test(p.email) ? { Em: p.email } : {}),
    ...(p.phone && /^\d{6,12}$/.test(p.phone) ? { Ph: p.phone } : {}),
  };
}

/**
 * The payload. Bills are priced with tax included, so an item's unit price is its taxable value per unit and its
 * gross amount is the taxable value (discounts are already inside the rate); the tax follows the stored split.
 */
export function buildEinvoice(input: EinvoiceInput): EinvoicePayload {
  const items: EinvoiceItem[] = input.lines.map((l, i) => {
    const total = l.taxable + l.igst + l.cgst + l.sgst;
    // A charge billed with the goods (a storefront order's delivery) has no quantity of its own: one of it.
    const quantity = l.quantity || 1;
    return {
      SlNo: String(i + 1),
      PrdDesc: l.productName.replace(/"/g, "'").padEnd(3, '.').slice(0, 300),
      IsServc: l.hsnCode && isService(l.hsnCode) ? 'Y' : 'N',
      HsnCd: l.hsnCode ?? '',
      Qty: quantity,
      Unit: l.unit,
      UnitPrice: Math.round((l.taxable / quantity) * 10) / 1000,
      TotAmt: rupees(l.taxable),
      Discount: 0,
      AssAmt: rupees(l.taxable),
      GstRt: l.gstRate / 100,
      IgstAmt: rupees(l.igst),
      CgstAmt: rupees(l.cgst),
      SgstAmt: rupees(l.sgst),
      CesAmt: 0,
      TotItemVal: rupees(total),
    };
  });
  const sum = (field: 'taxable' | 'igst' | 'cgst' | 'sgst') => input.lines.reduce((s, l) => s + l[field], 0);
  return {
    Version: EINVOICE_SCHEMA_VERSION,
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: input.number, Dt: einvoiceDate(input.date) },
    SellerDtls: partyJson(input.seller),
    BuyerDtls: { ...partyJson(input.buyer), Pos: input.placeOfSupply },
    ItemList: items,
    ValDtls: {
      AssVal: rupees(sum('taxable')),
      CgstVal: rupees(sum('cgst')),
      SgstVal: rupees(sum('sgst')),
      IgstVal: rupees(sum('igst')),
      CesVal: 0,
      TotInvVal: rupees(sum('taxable') + sum('igst') + sum('cgst') + sum('sgst')),
    },
  };
}
