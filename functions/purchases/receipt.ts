import { formatDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { DELIVERY_LABEL } from '../../shared/bill.js';
import { toPaise } from '../../shared/money.js';
import type { CreditNote, Receipt } from '../../shared/schemas/purchase.js';
import type { TenderView } from '../../shared/schemas/purchase-answers.js';
import { BILL_NOT_FOUND, CREDIT_NOTE_NOT_FOUND, type Paper } from '../../shared/schemas/purchase-messages.js';
import type { Logger } from '../lib/logger.js';
import { sendMail, type Mail } from '../lib/mail.js';
import { tablePdf, type PdfColumn } from '../lib/pdf.js';
import { rollPdf, type SlipLine } from '../lib/roll-pdf.js';
import { tenantData } from '../tenants/data.js';
import { NotFound } from '../lib/errors.js';
import { purchaseData, type OpenedBill, type StoredPurchase, type StoredReturn } from './data.js';
import { creditNoteView, receiptView } from './view.js';

const rupees = (amount: number) => formatPaise(toPaise(amount));

export const receiptFileName = (purchaseId: number) => `Receipt_${purchaseId}.pdf`;

/** The receipt of a bill with the shop's display name, address, GSTIN and state from its tenant record. */
export async function receiptOf(tenantId: string, opened: OpenedBill): Promise<Receipt> {
  return receiptView(await shopOf(tenantId), opened);
}

async function shopOf(tenantId: string) {
  const tenant = await tenantData.get(tenantId);
  return {
    displayName: tenant?.displayName ?? tenantId,
    address: tenant?.address ?? '',
    gstNumber: tenant?.gstNumber ?? '',
    state: tenant?.state,
    gstRegistered: tenant?.gstRegistered,
  };
}

/** The credit note a return issued, with the shop's details. */
export async function creditNoteOf(tenantId: string, bill: StoredPurchase, record: StoredReturn): Promise<CreditNote> {
  return creditNoteView(await shopOf(tenantId), bill, record);
}

/** The credit note of one return of a bill, to print again later. */
export async function creditNoteOfReturn(tenantId: string, purchaseId: number, returnId: number): Promise<CreditNote> {
  const opened = await purchaseData.open(tenantId, purchaseId);
  const record = opened?.returns.find((r) => r.returnId === returnId);
  if (!opened || !record) throw new NotFound(opened ? CREDIT_NOTE_NOT_FOUND : BILL_NOT_FOUND);
  return creditNoteOf(tenantId, opened.bill, record);
}

const withUnit = (quantity: number, unit: string) => `${quantity} ${unit}`;

/** The seller's lines: what rule 46 asks of the supplier. */
function shopLines(shop: Receipt['shop']): string[] {
  return [shop.address, [shop.gstRegistered !== false && shop.gstNumber ? `GSTIN: ${shop.gstNumber}` : '', shop.state ? `State: ${shop.state}` : ''].filter(Boolean).join(' · ')];
}

/** The parts of a payment or refund as printed: "Cash ₹500.00 + UPI ₹250.00 (to be confirmed)". */
const partsOf = (tenders: TenderView[]) =>
  tenders.map((t) => `${t.label} ${rupees(t.amount)}${t.pending ? ' (to be confirmed)' : ''}${t.reference ? ` ref ${t.reference}` : ''}`).join(' + ');

/** How the bill was paid, after its Bill Type: every part, unless it was paid whole by the Bill Type alone. */
const paidBy = (tenders: TenderView[] | undefined) =>
  !tenders?.length || (tenders.length === 1 && tenders[0]!.label === 'Cash' && !tenders[0]!.reference) ? '' : ` · Paid by ${partsOf(tenders)}`;

/** The summary lines under the shop's name, on the PDF and in the e-mail alike. */
function summary(receipt: Receipt): string[] {
  const p = receipt.purchase;
  const t = receipt.totals;
  const taxed = receipt.title === 'Tax Invoice';
  const tax = receipt.supply === 'inter' ? `IGST ${rupees(t.igst)}` : `CGST ${rupees(t.cgst)} + SGST ${rupees(t.sgst)}`;
  return [
    receipt.title,
    ...shopLines(receipt.shop),
    `${p.invoiceNumber ? `Invoice No. ${p.invoiceNumber} · ` : ''}Bill No. ${p.purchaseId} · ${formatDateTime(p.createdOn)}`,
    [`Customer: ${p.customerName} (${p.mobileNumber})`, p.customerGstin ? `GSTIN: ${p.customerGstin}` : '', receipt.recipientAddress ?? ''].filter(Boolean).join(' · '),
    ...(receipt.deliveryAddress ? [`Ship to: ${receipt.deliveryAddress}`] : []),
    `Place of supply: ${receipt.placeOfSupply}${taxed ? ` · Reverse charge: ${receipt.reverseCharge}` : ''}`,
    `Payment Mode: ${p.paymentMode}${paidBy(p.tenders)} · ${receipt.paymentStatus}`,
    taxed
      ? `Gross Amount ${rupees(t.grossAmount)} · Discount ${rupees(t.discount)} · Taxable ${rupees(t.taxable)} · Tax ${rupees(t.tax)} (${tax})`
      : `Gross Amount ${rupees(t.grossAmount)} · Discount ${rupees(t.discount)}`,
    [
      // A bill paid partly with points: the invoice value (what the words below say) is named apart from what was paid.
      ...(t.redeemAmount ? [`Invoice value ${rupees(t.totalSellingAmount)}`, `Redeemed ${rupees(t.redeemAmount)}`] : []),
      ...(t.returnAmount ? [`Refunded ${rupees(t.returnAmount)}`] : []),
      `Net Amount ${rupees(t.netAmount)}`,
    ].join(' · '),
    // GST is due on supply: a bill on account is an ordinary tax invoice that also says what the customer now owes.
    ...(p.account ? [`On account ${rupees(p.account.amount)} · Balance on account after this bill ${rupees(p.account.balanceAfter)}`] : []),
  ];
}

/** Under the lines: the total in words, the HSN-wise summary and the credit notes issued against the invoice. */
function footer(receipt: Receipt): string[] {
  const taxed = receipt.title === 'Tax Invoice';
  const hsn = receipt.hsnSummary.map((r) =>
    [
      `HSN ${r.hsnCode || '(none)'}`,
      withUnit(r.quantity, r.unit),
      ...(taxed
        ? [`${r.gst}%`, `Taxable ${rupees(r.taxable)}`, ...(receipt.supply === 'inter' ? [`IGST ${rupees(r.igst)}`] : [`CGST ${rupees(r.cgst)}`, `SGST ${rupees(r.sgst)}`])]
        : []),
      `Value ${rupees(r.value)}`,
    ].join(' · '),
  );
  return [
    `${receipt.totals.redeemAmount ? 'Invoice value' : 'Total'} in words: ${receipt.amountInWords}`,
    ...(hsn.length ? ['HSN-wise summary', ...hsn] : []),
    ...receipt.creditNotes.map((c) => `Credit note ${c.creditNoteNumber ?? ''} of ${formatDate(c.creditNoteDate)}: ${rupees(c.value)}`),
    ...signature(receipt.shop),
  ];
}

/** Rule 46(q) and 53: the supplier's signature line under an invoice or a credit note. */
export const signature = (shop: Receipt['shop']) => [`For ${shop.displayName}`, AUTHORISED_SIGNATORY];
export const AUTHORISED_SIGNATORY = 'Authorised Signatory';

const column = (header: string, width: number, align?: 'right'): PdfColumn => ({ header, width, ...(align ? { align } : {}) });

/** Tax columns as the place of supply charges them; none on a Bill of Supply. */
function lineColumns(receipt: Receipt): PdfColumn[] {
  const taxColumns =
    receipt.title === 'Bill of Supply' ? [] : receipt.supply === 'inter' ? [column('IGST', 14, 'right')] : [column('CGST', 12, 'right'), column('SGST', 12, 'right')];
  return [
    column('No.', 3, 'right'),
    column('Product', 12),
    column('HSN', 8),
    column('Qty', 7, 'right'),
    column('MRP', 9, 'right'),
    column('Rate', 9, 'right'),
    ...(receipt.title === 'Bill of Supply' ? [] : [column('Taxable', 9, 'right')]),
    ...taxColumns,
    column('Amount', 10, 'right'),
  ];
}

/** A line's name as the invoice prints it: nil-rated, exempt and non-GST goods say so (rule 46A). */
const markedName = (l: Receipt['lines'][number]) => (l.untaxed ? `${l.productName} (${l.untaxed})` : l.productName);

/** The receipt as an A4 PDF: a tax invoice (or Bill of Supply) with per-line HSN, unit and tax, totals and the HSN summary. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const taxed = receipt.title === 'Tax Invoice';
  const inter = receipt.supply === 'inter';
  const taxCells = (l: Receipt['lines'][number]) =>
    !taxed ? [] : inter ? [`${l.igst}% ${rupees(l.igstPrice)}`] : [`${l.cgst}% ${rupees(l.cgstPrice)}`, `${l.sgst}% ${rupees(l.sgstPrice)}`];
  const rows = receipt.lines.map((l, i) => [
    String(i + 1),
    markedName(l),
    l.hsnCode ?? '',
    withUnit(l.quantity, l.unit),
    rupees(l.price),
    rupees(l.sellingPrice),
    ...(taxed ? [rupees(l.taxable)] : []),
    ...taxCells(l),
    rupees(l.netAmount),
  ]);
  const d = receipt.delivery;
  if (d) {
    const deliveryTax = !taxed ? [] : inter ? [`${d.igst}% ${rupees(d.igstPrice)}`] : [`${d.cgst}% ${rupees(d.cgstPrice)}`, `${d.sgst}% ${rupees(d.sgstPrice)}`];
    rows.push(['', DELIVERY_LABEL, d.hsnCode ?? '', '', '', rupees(d.amount), ...(taxed ? [rupees(d.taxable)] : []), ...deliveryTax, rupees(d.amount)]);
  }
  const t = receipt.totals;
  // Quantities are totalled per GST unit (litres are not added to pieces): `2 BAG, 1 NOS`.
  const perUnit = new Map<string, number>();
  for (const l of receipt.lines) perUnit.set(l.unit, (perUnit.get(l.unit) ?? 0) + l.quantity);
  const units = [...perUnit].map(([unit, quantity]) => withUnit(quantity, unit)).join(', ');
  const taxTotals = !taxed ? [] : inter ? [rupees(t.igst)] : [rupees(t.cgst), rupees(t.sgst)];
  return tablePdf({
    title: receipt.shop.displayName,
    subtitle: summary(receipt),
    columns: lineColumns(receipt),
    rows,
    totals: ['', 'Total', '', units, '', '', ...(taxed ? [rupees(t.taxable)] : []), ...taxTotals, rupees(t.totalSellingAmount)],
    footer: footer(receipt),
  });
}

/** A credit note as an A4 PDF: the original invoice it reduces and the tax reversed per line. */
export function creditNotePdf(note: CreditNote): Promise<Buffer> {
  const taxed = note.documentType === 'TAX_INVOICE';
  const inter = note.supply === 'inter';
  return tablePdf({
    title: note.shop.displayName,
    subtitle: creditNoteSummary(note),
    columns: [
      column('Product', 16),
      column('HSN', 8),
      column('Qty', 7, 'right'),
      column('Rate', 8, 'right'),
      ...(taxed ? [column('Taxable', 9, 'right'), ...(inter ? [column('IGST', 10, 'right')] : [column('CGST', 9, 'right'), column('SGST', 9, 'right')])] : []),
      column('Value', 9, 'right'),
    ],
    rows: note.lines.map((l) => [
      l.productName,
      l.hsnCode ?? '',
      withUnit(l.quantity, l.unit),
      rupees(l.rate),
      // Rule 53: the rate of tax beside each amount reversed.
      ...(taxed ? [rupees(l.taxable), ...(inter ? [`${l.gst}% ${rupees(l.igst)}`] : [`${l.gst / 2}% ${rupees(l.cgst)}`, `${l.gst / 2}% ${rupees(l.sgst)}`])] : []),
      rupees(l.value),
    ]),
    totals: ['Total', '', '', '', ...(taxed ? [rupees(note.taxable), ...(inter ? [rupees(note.igst)] : [rupees(note.cgst), rupees(note.sgst)])] : []), rupees(note.value)],
    footer: [`Total in words: ${note.valueInWords}`, `Refunded ${rupees(note.refund)} (${note.refundTenders?.length ? partsOf(note.refundTenders) : note.paymentMode})`, ...signature(note.shop)],
  });
}

function creditNoteSummary(note: CreditNote): string[] {
  return [
    'Credit Note',
    ...shopLines(note.shop),
    `Credit Note No. ${note.creditNoteNumber ?? `${note.purchaseId}-${note.returnId}`} · ${formatDate(note.creditNoteDate)}`,
    `Against invoice ${note.originalInvoiceNumber ?? `Bill No. ${note.purchaseId}`} of ${formatDate(note.originalInvoiceDate)}`,
    [`Customer: ${note.customerName} (${note.mobileNumber})`, note.customerGstin ? `GSTIN: ${note.customerGstin}` : '', note.customerAddress ?? ''].filter(Boolean).join(' · '),
    `Place of supply: ${note.placeOfSupply}`,
  ];
}

/**
 * A credit note on an 80 mm roll, for the till's thermal printer: what the A4 note says (rule 53: the shop, the note's
 * number and date, the invoice it reduces, the buyer, the place of supply, per line HSN, quantity with unit, taxable
 * value and the tax reversed, the totals in figures and words), one line under another.
 */
export function creditNoteRollPdf(note: CreditNote): Promise<Buffer> {
  const taxed = note.documentType === 'TAX_INVOICE';
  const inter = note.supply === 'inter';
  const taxOf = (l: { igst: number; cgst: number; sgst: number }): SlipLine[] =>
    !taxed ? [] : inter ? [{ label: 'IGST', amount: rupees(l.igst) }] : [{ label: 'CGST', amount: rupees(l.cgst) }, { label: 'SGST', amount: rupees(l.sgst) }];
  const lines: SlipLine[] = note.lines.flatMap((l): SlipLine[] => [
    { text: l.productName, bold: true },
    { label: `${l.hsnCode ? `HSN ${l.hsnCode} · ` : ''}${withUnit(l.quantity, l.unit)} × ${rupees(l.rate)}`, amount: rupees(l.value) },
    ...(taxed
      ? [{ text: `Taxable ${rupees(l.taxable)}` }, { text: inter ? `IGST ${l.gst}% ${rupees(l.igst)}` : `CGST ${l.gst / 2}% ${rupees(l.cgst)} · SGST ${l.gst / 2}% ${rupees(l.sgst)}` }]
      : []),
  ]);
  return rollPdf({
    title: `Credit Note ${note.creditNoteNumber ?? `${note.purchaseId}-${note.returnId}`}`,
    lines: [
      { text: 'Credit Note', centre: true, bold: true },
      { text: note.shop.displayName, centre: true, bold: true },
      ...shopLines(note.shop).map((text): SlipLine => ({ text, centre: true })),
      { rule: true },
      { text: `Credit Note No. ${note.creditNoteNumber ?? `${note.purchaseId}-${note.returnId}`}` },
      { text: `Date: ${formatDate(note.creditNoteDate)}` },
      { text: `Against invoice ${note.originalInvoiceNumber ?? `Bill No. ${note.purchaseId}`} of ${formatDate(note.originalInvoiceDate)}` },
      { text: `Customer: ${note.customerName} (${note.mobileNumber})` },
      ...(note.customerGstin ? [{ text: `GSTIN: ${note.customerGstin}` }] : []),
      ...(note.customerAddress ? [{ text: note.customerAddress }] : []),
      { text: `Place of supply: ${note.placeOfSupply}` },
      { rule: true },
      ...lines,
      { rule: true },
      ...(taxed ? [{ label: 'Taxable value', amount: rupees(note.taxable) }, ...taxOf(note)] : []),
      { label: 'Total', amount: rupees(note.value), bold: true },
      { text: `Total in words: ${note.valueInWords}` },
      { text: `Refunded ${rupees(note.refund)} (${note.refundTenders?.length ? partsOf(note.refundTenders) : note.paymentMode})` },
      { rule: true },
      ...signature(note.shop).map((text): SlipLine => ({ text })),
    ],
  });
}

export const creditNoteFileName = (note: CreditNote, paper: Paper = 'a4') => `Credit_Note_${note.purchaseId}_${note.returnId}${paper === 'roll80' ? '_80mm' : ''}.pdf`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function lineTax(receipt: Receipt, l: Pick<Receipt['lines'][number], 'igst' | 'igstPrice' | 'cgst' | 'cgstPrice' | 'sgst' | 'sgstPrice'>): string {
  if (receipt.title === 'Bill of Supply') return '';
  return receipt.supply === 'inter' ? ` (IGST ${l.igst}% ${rupees(l.igstPrice)})` : ` (CGST ${l.cgst}% ${rupees(l.cgstPrice)}, SGST ${l.sgst}% ${rupees(l.sgstPrice)})`;
}

/** The delivery charge's line in the e-mail, as the goods lines read. */
const deliveryMailLine = (receipt: Receipt, d: NonNullable<Receipt['delivery']>) =>
  `${DELIVERY_LABEL}${d.hsnCode ? ` (HSN ${d.hsnCode})` : ''} = ${rupees(d.amount)}${receipt.title === 'Bill of Supply' ? '' : ` (taxable ${rupees(d.taxable)})`}${lineTax(receipt, d)}`;

/**
 * The receipt e-mail: a text and an HTML body with the lines and totals, and the PDF attached; after a return, the
 * credit note it issued is attached as well.
 */
export async function receiptMail(receipt: Receipt, to: string, creditNote?: CreditNote): Promise<Mail> {
  const p = receipt.purchase;
  const lines = receipt.lines.map(
    (l) => `${markedName(l)} (${l.hsnCode ? `HSN ${l.hsnCode}` : l.artcode}) × ${withUnit(l.quantity, l.unit)} @ ${rupees(l.sellingPrice)} = ${rupees(l.netAmount)}${lineTax(receipt, l)}`,
  );
  if (receipt.delivery) lines.push(deliveryMailLine(receipt, receipt.delivery));
  const after = [...footer(receipt), ...(creditNote ? creditNoteSummary(creditNote) : [])];
  const head = [receipt.shop.displayName, ...summary(receipt)];
  const text = [...head, '', ...lines, '', ...after, '', 'Thank you for shopping with us.'].join('\n');
  const html = [
    `<h2>${escapeHtml(receipt.shop.displayName)}</h2>`,
    ...summary(receipt).map((s) => `<p>${escapeHtml(s)}</p>`),
    '<ul>',
    ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
    '</ul>',
    ...after.map((s) => `<p>${escapeHtml(s)}</p>`),
    '<p>Thank you for shopping with us.</p>',
  ].join('\n');
  return {
    to: [to],
    subject: `Receipt for bill ${p.purchaseId} from ${receipt.shop.displayName}`,
    text,
    html,
    attachments: [
      { fileName: receiptFileName(p.purchaseId), contentType: 'application/pdf', data: await receiptPdf(receipt) },
      ...(creditNote ? [{ fileName: creditNoteFileName(creditNote), contentType: 'application/pdf', data: await creditNotePdf(creditNote) }] : []),
    ],
  };
}

export interface MailOutcome {
  mailSent: boolean;
  mailProblem?: string;
}

/**
 * E-mails the receipt after the bill is saved. The bill stands whatever happens here, so a failure is reported in
 * the answer (and logged) instead of failing the save.
 */
export async function mailReceipt(tenantId: string, opened: OpenedBill, to: string | undefined, log: Logger, creditNote?: CreditNote): Promise<MailOutcome> {
  if (!to) return { mailSent: false, mailProblem: 'The customer has no e-mail address.' };
  try {
    await sendMail(await receiptMail(await receiptOf(tenantId, opened), to, creditNote));
    return { mailSent: true };
  } catch (error) {
    log.warn('receipt mail failed', { purchaseId: opened.bill.purchaseId, error: (error as Error).message });
    return { mailSent: false, mailProblem: 'The receipt could not be e-mailed. Please try again from the customer order list.' };
  }
}
