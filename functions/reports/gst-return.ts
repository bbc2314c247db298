import { DELIVERY_LABEL } from '../../shared/bill.js';
import { DEFAULT_UNIT, gstinProblem, gstinState, isStateCode, type Taxability } from '../../shared/gst.js';
import { buildEinvoice, einvoiceProblems, type EinvoicePayload } from '../../shared/gst/einvoice.js';
import { buildGstr1, placeOfSupplyLabel, type Gstr1, type Gstr1CreditNote, type Gstr1Input, type Gstr1Invoice, type Gstr1Line } from '../../shared/gst/gstr1.js';
import { toRupees } from '../../shared/money.js';
import { GSTR1_SECTION_KEYS, GSTR1_SECTIONS, type Gstr1Summary } from '../../shared/schemas/gstr1.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { customerData } from '../customers/data.js';
import { queryAll } from '../lib/db.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { FileResponse } from '../lib/handler.js';
import { productData } from '../products/data.js';
import { purchaseData, type OpenedBill, type StoredDelivery, type StoredLine } from '../purchases/data.js';
import { tenantData } from '../tenants/data.js';

/**
 * GSTR-1 of a month and the e-invoice of a bill, read from what the point of sale stores (docs/gst.md) and made by
 * the shared builders (shared/gst). A month is read with bounded queries by date: the bill lines of each of its days
 * (index gsi1 by shop day, at most 31 queries) and its credit notes (one query by month); the original bills of the
 * month's credit notes are opened one by one (a handful a month). Nothing reads the year's bills.
 */

/** What the GST fields of a stored line and credit note look like (docs/gst.md); absent on records made before. */
type GstLineFields = Partial<{
  invoiceNumber: string;
  invoiceDate: string;
  placeOfSupply: string;
  customerGstin: string;
  documentType: 'TAX_INVOICE' | 'BILL_OF_SUPPLY';
  hsnCode: string;
  unit: string;
  taxability: Taxability;
  gstRate: number;
  igst: number;
}>;
type MonthLine = StoredLine & GstLineFields;

/** What GSTR-1 reads of a month's lines: a projection, so a large month moves a fraction of the lines' bytes. */
const MONTH_LINE_FIELDS: (keyof MonthLine)[] = [
  'purchaseId', 'purchasedProductId', 'productId', 'productName', 'originalQuantity', 'cgstRate', 'sgstRate', 'taxable', 'cgst', 'sgst',
  'saleDate', 'customerName', 'invoiceNumber', 'invoiceDate', 'placeOfSupply', 'customerGstin', 'documentType', 'hsnCode', 'unit', 'taxability', 'gstRate', 'igst',
];

interface StoredCreditNote extends GstLineFields {
  purchaseId: number;
  returnId: number;
  creditNoteNumber?: string;
  creditNoteDate?: string;
  returnDate: string;
  originalInvoiceNumber?: string;
  originalInvoiceDate?: string;
  customerName?: string;
  lines: ({ purchasedProductId: number; productName: string; quantity: number; taxable?: number; cgst?: number; sgst?: number } & GstLineFields)[];
}

type ShopTenant = Tenant & { state?: string };

/** Days `yyyy-mm-dd` of a month. */
function daysOf(month: string): string[] {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year!, m!, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** Runs `work` over the items, `width` at a time: a month's 31 day queries without 31 sockets at once. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

const monthOf = (month: number, year: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A stored bill line as the builder reads it; lines made before tax invoices were intra-state CGST + SGST. */
const gstLine = (line: MonthLine): Gstr1Line => ({
  productId: line.productId,
  productName: line.productName,
  hsnCode: line.hsnCode,
  unit: line.unit ?? DEFAULT_UNIT,
  ...(line.taxability ? { taxability: line.taxability } : {}),
  quantity: line.originalQuantity,
  gstRate: line.gstRate ?? line.cgstRate + line.sgstRate,
  taxable: line.taxable,
  cgst: line.cgst,
  sgst: line.sgst,
  igst: line.igst ?? 0,
});

/**
 * An invoice's lines as the builder reads them, with its delivery charge last: a line of the composite supply at the
 * principal supply's rate, reported under its HSN code and unit with no quantity. It takes the principal line's
 * product, so a code given to that product since reaches the delivery line too and a missing one is one problem.
 */
function withDeliveryLine(lines: MonthLine[], delivery: StoredDelivery | undefined): Gstr1Line[] {
  const goods = lines.map(gstLine);
  if (!delivery) return goods;
  const principal = lines.find((l) => l.purchasedProductId === delivery.principalLine);
  return [
    ...goods,
    {
      productId: principal?.productId ?? 0,
      productName: DELIVERY_LABEL,
      hsnCode: delivery.hsnCode,
      unit: delivery.unit,
      // Part of a composite supply: nil-rated, exempt or non-GST when its principal supply is.
      ...(principal?.taxability ? { taxability: principal.taxability } : {}),
      quantity: 0,
      gstRate: delivery.gstRate,
      taxable: delivery.taxable,
      cgst: delivery.cgst,
      sgst: delivery.sgst,
      igst: delivery.igst,
    },
  ];
}

async function shopOf(tenantId: string): Promise<ShopTenant> {
  const tenant = (await tenantData.get(tenantId)) as ShopTenant | undefined;
  if (!tenant) throw new NotFound('Shop not found');
  // A shop that has not chosen its state is in its GSTIN's state (docs/gst.md, "Shop").
  const fromGstin = tenant.gstNumber ? gstinState(tenant.gstNumber) : '';
  return { ...tenant, state: tenant.state || (isStateCode(fromGstin) ? fromGstin : undefined) };
}

/** The month's invoices (from the lines of its days) and credit notes, with the shop's GSTIN and state. */
export async function gstr1Input(tenantId: string, month: string, shop: ShopTenant): Promise<Gstr1Input> {
  const [days, storedNotes, deliveries] = await Promise.all([
    inBatches(daysOf(month), 8, (day) => queryAll<MonthLine>({ ...purchaseData.dayQuery(tenantId, day), attributes: MONTH_LINE_FIELDS })),
    purchaseData.creditNotesOfMonth(tenantId, month) as unknown as Promise<StoredCreditNote[]>,
    purchaseData.deliveriesOfMonth(tenantId, month),
  ]);
  const deliveryOf = new Map(deliveries.flatMap((b) => (b.delivery ? [[b.purchaseId, b.delivery] as const] : [])));
  const bills = new Map<number, MonthLine[]>();
  for (const line of days.flat()) {
    if (line.documentType === 'BILL_OF_SUPPLY') continue;
    bills.set(line.purchaseId, [...(bills.get(line.purchaseId) ?? []), line]);
  }
  const invoices: Gstr1Invoice[] = [...bills.values()].map((lines) => {
    const first = lines[0]!;
    return {
      purchaseId: first.purchaseId,
      number: first.invoiceNumber,
      date: first.invoiceDate ?? first.saleDate,
      customerName: first.customerName,
      customerGstin: first.customerGstin,
      placeOfSupply: first.placeOfSupply ?? shop.state ?? '',
      lines: withDeliveryLine(lines.sort((a, b) => a.purchasedProductId - b.purchasedProductId), deliveryOf.get(first.purchaseId)),
    };
  });

  // A credit note copies its bill's fields; the bill itself tells the invoice's value (B2C large or not) and the
  // products of the returned lines. A bill of this month is already read (its lines); an older one is opened.
  const notes = storedNotes.filter((n) => n.documentType !== 'BILL_OF_SUPPLY' && n.creditNoteNumber);
  const originals = new Map<number, { lines: MonthLine[]; delivery?: StoredDelivery; customerId?: number; customerName?: string; saleDate?: string }>();
  for (const id of new Set(notes.map((n) => n.purchaseId))) {
    const lines = bills.get(id);
    if (lines) originals.set(id, { lines, delivery: deliveryOf.get(id), saleDate: lines[0]!.saleDate });
  }
  const older = [...new Set(notes.map((n) => n.purchaseId))].filter((id) => !originals.has(id));
  await inBatches(older, 8, async (id) => {
    const opened = await purchaseData.open(tenantId, id);
    if (opened) {
      const { bill } = opened;
      originals.set(id, { lines: opened.lines as MonthLine[], delivery: bill.delivery, customerId: bill.customerId, customerName: bill.customerName, saleDate: bill.saleDate });
    }
  });
  const creditNotes: Gstr1CreditNote[] = notes.map((note) => {
    const bill = originals.get(note.purchaseId);
    const billLines = new Map((bill?.lines ?? []).map((l) => [l.purchasedProductId, l]));
    return {
      purchaseId: note.purchaseId,
      creditNoteId: note.returnId,
      number: note.creditNoteNumber!,
      date: note.creditNoteDate ?? note.returnDate,
      customerId: bill?.customerId,
      customerName: note.customerName ?? bill?.customerName ?? '',
      customerGstin: note.customerGstin,
      placeOfSupply: note.placeOfSupply ?? shop.state ?? '',
      lines: note.lines.map((l) => {
        const billed = billLines.get(l.purchasedProductId);
        return {
          productId: billed?.productId ?? 0,
          productName: l.productName,
          hsnCode: l.hsnCode ?? billed?.hsnCode,
          unit: l.unit ?? billed?.unit ?? DEFAULT_UNIT,
          ...((l.taxability ?? billed?.taxability) ? { taxability: l.taxability ?? billed?.taxability } : {}),
          quantity: l.quantity,
          gstRate: l.gstRate ?? (billed ? billed.cgstRate + billed.sgstRate : 0),
          taxable: l.taxable ?? 0,
          cgst: l.cgst ?? 0,
          sgst: l.sgst ?? 0,
          igst: l.igst ?? 0,
        };
      }),
      original: {
        number: note.originalInvoiceNumber,
        date: note.originalInvoiceDate ?? bill?.saleDate ?? note.returnDate,
        value: bill ? bill.lines.reduce((v, l) => v + l.taxable + l.cgst + l.sgst + (l.igst ?? 0), 0) + (bill.delivery?.charge ?? 0) : 0,
      },
    };
  });

  await takeCurrentMasters(tenantId, invoices, creditNotes);
  return { month, shop: { gstin: shop.gstNumber, state: shop.state }, invoices, creditNotes };
}

/**
 * A line keeps the HSN code its product had when billed; a product given its code since (the fix the screen asks
 * for) lends it to the month's lines that have none. Likewise a B2B bill whose stored GSTIN is not valid takes the
 * customer's GSTIN once it has been corrected. Only the few products and customers concerned are read.
 */
async function takeCurrentMasters(tenantId: string, invoices: Gstr1Invoice[], notes: Gstr1CreditNote[]) {
  const documents = [...invoices, ...notes];
  const missing = [...new Set(documents.flatMap((d) => d.lines.filter((l) => !l.hsnCode && l.productId).map((l) => l.productId)))];
  if (missing.length) {
    const products = new Map((await productData.byIds(tenantId, missing)).map((p) => [p.productId, p as { hsnCode?: string; unit?: string }]));
    for (const line of documents.flatMap((d) => d.lines)) {
      const product = products.get(line.productId);
      if (!line.hsnCode && product?.hsnCode) line.hsnCode = product.hsnCode;
    }
  }
  const wrong = invoices.filter((i) => i.customerGstin && gstinProblem(i.customerGstin.trim().toUpperCase()));
  for (const invoice of wrong) {
    const opened = await purchaseData.open(tenantId, invoice.purchaseId);
    invoice.customerId = opened?.bill.customerId;
    const customer = invoice.customerId ? ((await customerData.byId(tenantId, invoice.customerId)) as { gstin?: string } | undefined) : undefined;
    if (customer?.gstin && !gstinProblem(customer.gstin)) invoice.customerGstin = customer.gstin;
  }
}

export async function gstr1Of(tenantId: string, month: number, year: number): Promise<Gstr1> {
  const shop = await shopOf(tenantId);
  return buildGstr1(await gstr1Input(tenantId, monthOf(month, year), shop));
}

/** The screen's view: rupees, sections in the return's order. */
export function gstr1Summary(gstr1: Gstr1): Gstr1Summary {
  const money = <T extends { taxable: number; igst: number; cgst: number; sgst: number }>(a: T) => ({
    taxable: toRupees(a.taxable),
    igst: toRupees(a.igst),
    cgst: toRupees(a.cgst),
    sgst: toRupees(a.sgst),
  });
  const quantities = new Map<string, number>();
  for (const row of gstr1.sections.hsn.rows) quantities.set(row.unit, (quantities.get(row.unit) ?? 0) + row.quantity);
  return {
    month: gstr1.month,
    fp: gstr1.fp,
    financialYear: gstr1.financialYear,
    sections: GSTR1_SECTION_KEYS.map((key) => {
      const totals = gstr1.sections[key].totals;
      return { key, title: GSTR1_SECTIONS[key].title, table: GSTR1_SECTIONS[key].table, count: totals.count, value: toRupees(totals.value), ...money(totals) };
    }),
    net: { value: toRupees(gstr1.net.value), ...money(gstr1.net) },
    smallRows: gstr1.sections.b2cs.rows.map((r) => ({ placeOfSupply: placeOfSupplyLabel(r.placeOfSupply), supplyType: r.supplyType, rate: r.rate, ...money(r) })),
    b2bInvoices: [...new Map(gstr1.sections.b2b.rows.map((r) => [r.purchaseId, r])).values()].map((r) => ({
      purchaseId: r.purchaseId,
      number: r.number,
      date: r.date,
      customerName: r.customerName,
      gstin: r.gstin ?? '',
      value: toRupees(r.value),
    })),
    quantities: [...quantities].sort(([a], [b]) => a.localeCompare(b)).map(([unit, quantity]) => ({ unit, quantity: Math.round(quantity * 1000) / 1000 })),
    documents: gstr1.sections.docs.rows,
    problems: gstr1.problems,
  };
}

const problemsFirst = (count: number) =>
  new Conflict(`GSTR-1 has ${count} problem${count === 1 ? '' : 's'} to fix first. Open the GST return screen to see ${count === 1 ? 'it' : 'them'}.`);

/** The portal's JSON, or the workbook with a sheet per section; refused while the month has problems. */
export async function gstr1File(tenantId: string, month: number, year: number, format: 'json' | 'xlsx'): Promise<FileResponse> {
  const gstr1 = await gstr1Of(tenantId, month, year);
  if (gstr1.problems.length) throw problemsFirst(gstr1.problems.length);
  const name = `GSTR1_${gstr1.json.gstin}_${gstr1.fp}`;
  if (format === 'json') return new FileResponse(Buffer.from(JSON.stringify(gstr1.json, null, 2)), 'application/json', `${name}.json`);
  const { gstr1Workbook } = await import('./gst-workbook.js');
  return new FileResponse(await gstr1Workbook(gstr1), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${name}.xlsx`);
}

/** The e-invoice JSON of a bill to a registered buyer, or 409 with what to fix first. */
export async function einvoiceFile(tenantId: string, purchaseId: number): Promise<FileResponse> {
  const [shop, opened] = await Promise.all([shopOf(tenantId), purchaseData.open(tenantId, purchaseId)]);
  if (!opened) throw new NotFound(`Bill ${purchaseId} not found`);
  const bill = opened.bill as OpenedBill['bill'] & GstLineFields & { customerState?: string };
  if (bill.documentType === 'BILL_OF_SUPPLY') throw new Conflict(`Bill ${purchaseId} is a bill of supply: it has no e-invoice.`);
  if (!bill.invoiceNumber) throw new Conflict(`Bill ${purchaseId} has no invoice number: it was made before the shop's invoice series began.`);
  const customer = (await customerData.byId(tenantId, bill.customerId)) as ({ address?: string; state?: string; emailId?: string } | undefined);
  const input = {
    number: bill.invoiceNumber,
    date: bill.invoiceDate ?? bill.saleDate,
    placeOfSupply: bill.placeOfSupply ?? shop.state ?? '',
    seller: { gstin: shop.gstNumber, name: shop.displayName, address: shop.address, state: shop.state, email: shop.emailId },
    buyer: { gstin: bill.customerGstin, name: bill.customerName, address: customer?.address ?? bill.address, state: bill.customerState ?? customer?.state, email: bill.emailId },
    lines: withDeliveryLine((opened.lines as MonthLine[]).sort((a, b) => a.purchasedProductId - b.purchasedProductId), bill.delivery),
  };
  const problems = einvoiceProblems(input);
  if (problems.length) throw new Conflict(`The e-invoice of ${bill.invoiceNumber} cannot be made yet: ${problems.join(' ')}`);
  const payload: EinvoicePayload = buildEinvoice(input);
  return new FileResponse(Buffer.from(JSON.stringify(payload, null, 2)), 'application/json', `EINV_${bill.invoiceNumber.replace(/\//g, '-')}.json`);
}
