import { formatDateTime, formatPaise } from '../../shared/format.js';
import { toPaise } from '../../shared/money.js';
import type { Receipt } from '../../shared/schemas/purchase.js';
import type { Logger } from '../lib/logger.js';
import { sendMail, type Mail } from '../lib/mail.js';
import { tablePdf, type PdfColumn } from '../lib/pdf.js';
import { tenantData } from '../tenants/data.js';
import type { OpenedBill } from './data.js';
import { receiptView } from './view.js';

const rupees = (amount: number) => formatPaise(toPaise(amount));

export const receiptFileName = (purchaseId: number) => `Receipt_${purchaseId}.pdf`;

/** The receipt of a bill with the shop's display name, address and GSTIN from its tenant record. */
export async function receiptOf(tenantId: string, opened: OpenedBill): Promise<Receipt> {
  const tenant = await tenantData.get(tenantId);
  return receiptView({ displayName: tenant?.displayName ?? tenantId, address: tenant?.address ?? '', gstNumber: tenant?.gstNumber ?? '' }, opened);
}

/** The summary lines under the shop's name, on the PDF and in the e-mail alike. */
function summary(receipt: Receipt): string[] {
  const p = receipt.purchase;
  const t = receipt.totals;
  return [
    receipt.shop.address,
    `GSTIN: ${receipt.shop.gstNumber}`,
    `Bill No. ${p.purchaseId} · ${formatDateTime(p.createdOn)} · Customer: ${p.customerName} (${p.mobileNumber})`,
    `Payment Mode: ${p.paymentMode} · ${receipt.paymentStatus}`,
    `Gross Amount ${rupees(t.grossAmount)} · Discount ${rupees(t.discount)} · Tax ${rupees(t.tax)} (CGST ${rupees(t.cgst)} + SGST ${rupees(t.sgst)})`,
    [
      ...(t.redeemAmount ? [`Redeemed ${rupees(t.redeemAmount)}`] : []),
      ...(t.returnAmount ? [`Refunded ${rupees(t.returnAmount)}`] : []),
      `Net Amount ${rupees(t.netAmount)}`,
    ].join(' · '),
  ];
}

const columns: PdfColumn[] = [
  { header: 'No.', width: 5, align: 'right' },
  { header: 'Product', width: 13 },
  { header: 'HSN/Artcode', width: 11 },
  { header: 'Qty', width: 4, align: 'right' },
  { header: 'MRP', width: 8, align: 'right' },
  { header: 'Rate', width: 8, align: 'right' },
  { header: 'Taxable', width: 9, align: 'right' },
  { header: 'CGST', width: 12, align: 'right' },
  { header: 'SGST', width: 12, align: 'right' },
  { header: 'Amount', width: 9, align: 'right' },
];

/** The receipt as an A4 PDF: lines with HSN/artcode and CGST and SGST per line, the totals row, the summary. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const rows = receipt.lines.map((l, i) => [
    String(i + 1),
    l.productName,
    l.artcode,
    String(l.quantity),
    rupees(l.price),
    rupees(l.sellingPrice),
    rupees(l.taxable),
    `${l.cgst}% ${rupees(l.cgstPrice)}`,
    `${l.sgst}% ${rupees(l.sgstPrice)}`,
    rupees(l.netAmount),
  ]);
  const t = receipt.totals;
  const units = receipt.lines.reduce((sum, l) => sum + l.quantity, 0);
  return tablePdf({
    title: receipt.shop.displayName,
    subtitle: summary(receipt),
    columns,
    rows,
    totals: ['', 'Total', '', String(units), '', '', rupees(t.taxable), rupees(t.cgst), rupees(t.sgst), rupees(t.totalSellingAmount)],
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The receipt e-mail: a text and an HTML body with the lines and totals, and the PDF attached. */
export async function receiptMail(receipt: Receipt, to: string): Promise<Mail> {
  const p = receipt.purchase;
  const lines = receipt.lines.map(
    (l) => `${l.productName} (${l.artcode}) × ${l.quantity} @ ${rupees(l.sellingPrice)} = ${rupees(l.netAmount)} (CGST ${l.cgst}% ${rupees(l.cgstPrice)}, SGST ${l.sgst}% ${rupees(l.sgstPrice)})`,
  );
  const head = [receipt.shop.displayName, ...summary(receipt)];
  const text = [...head, '', ...lines, '', 'Thank you for shopping with us.'].join('\n');
  const html = [
    `<h2>${escapeHtml(receipt.shop.displayName)}</h2>`,
    ...summary(receipt).map((s) => `<p>${escapeHtml(s)}</p>`),
    '<ul>',
    ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
    '</ul>',
    '<p>Thank you for shopping with us.</p>',
  ].join('\n');
  return {
    to: [to],
    subject: `Receipt for bill ${p.purchaseId} from ${receipt.shop.displayName}`,
    text,
    html,
    attachments: [{ fileName: receiptFileName(p.purchaseId), contentType: 'application/pdf', data: await receiptPdf(receipt) }],
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
export async function mailReceipt(tenantId: string, opened: OpenedBill, to: string | undefined, log: Logger): Promise<MailOutcome> {
  if (!to) return { mailSent: false, mailProblem: 'The customer has no e-mail address.' };
  try {
    await sendMail(await receiptMail(await receiptOf(tenantId, opened), to));
    return { mailSent: true };
  } catch (error) {
    log.warn('receipt mail failed', { purchaseId: opened.bill.purchaseId, error: (error as Error).message });
    return { mailSent: false, mailProblem: 'The receipt could not be e-mailed. Please try again from the customer order list.' };
  }
}
