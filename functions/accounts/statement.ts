import { formatDate, formatPaise } from '../../shared/format.js';
import { toRupees } from '../../shared/money.js';
import type { StatementQuery } from '../../shared/schemas/account.js';
import { shopDay } from '../../shared/bill.js';
import { XLSX_TYPE } from '../../shared/spreadsheets.js';
import { tableWorkbook } from '../lib/excel-report.js';
import { FileResponse } from '../lib/handler.js';
import { tablePdf } from '../lib/pdf.js';
import { tenantData } from '../tenants/data.js';
import { accountData, type StoredEntry } from './data.js';

/**
 * A customer's statement of account for a period (docs/customer-credit.md): the balance brought forward, every entry
 * of the period with its running balance, and the balance carried forward; A4 PDF or Excel.
 */
const KINDS: Record<StoredEntry['kind'], string> = { bill: 'Bill on account', payment: 'Payment received', return: 'Return credited', writeOff: 'Written off' };

const detailOf = (e: StoredEntry) =>
  [
    e.invoiceNumber ? `Invoice ${e.invoiceNumber}` : e.purchaseId !== undefined ? `Bill ${e.purchaseId}` : '',
    e.returnId !== undefined ? `return ${e.returnId}` : '',
    e.tenders?.map((t) => `${t.method.toUpperCase()} ${formatPaise(t.amount)}`).join(' + ') ?? '',
    e.reason ?? '',
    e.note ?? '',
  ]
    .filter(Boolean)
    .join(' · ');

export async function statementFile(tenantId: string, customer: { customerId: number; name: string; mobileNumber: string }, q: StatementQuery, now: Date): Promise<FileResponse> {
  const to = q.to ?? shopDay(now);
  const from = q.from ?? `${to.slice(0, 8)}01`;
  const [shop, before, entries] = await Promise.all([
    tenantData.get(tenantId),
    accountData.lastEntryBefore(tenantId, customer.customerId, from),
    accountData.entriesOfPeriod(tenantId, customer.customerId, from, to),
  ]);
  const opening = before?.balanceAfter ?? 0;
  const closing = entries.at(-1)?.balanceAfter ?? opening;
  const debit = entries.filter((e) => e.amount > 0).reduce((sum, e) => sum + e.amount, 0);
  const credit = -entries.filter((e) => e.amount < 0).reduce((sum, e) => sum + e.amount, 0);
  const title = 'Statement of account';
  const subtitle = [
    shop?.displayName ?? tenantId,
    `${customer.name} (${customer.mobileNumber}) · ${formatDate(from)} to ${formatDate(to)}`,
    `Balance brought forward ${formatPaise(opening)} · Billed on account ${formatPaise(debit)} · Paid and credited ${formatPaise(credit)} · Balance carried forward ${formatPaise(closing)}`,
  ];
  const fileName = `Statement_${customer.customerId}_${from}_${to}`;
  if (q.format === 'pdf') {
    const body = await tablePdf({
      title,
      subtitle,
      columns: [
        { header: 'Date', width: 1.2 },
        { header: 'No.', width: 0.6, align: 'right' },
        { header: 'Entry', width: 1.6 },
        { header: 'Details', width: 3.4 },
        { header: 'Debit', width: 1.2, align: 'right' },
        { header: 'Credit', width: 1.2, align: 'right' },
        { header: 'Balance', width: 1.3, align: 'right' },
      ],
      rows: [
        [formatDate(from), '', 'Brought forward', '', '', '', formatPaise(opening)],
        ...entries.map((e) => [
          formatDate(e.day),
          String(e.entryNo),
          KINDS[e.kind],
          detailOf(e),
          e.amount > 0 ? formatPaise(e.amount) : '',
          e.amount < 0 ? formatPaise(-e.amount) : '',
          formatPaise(e.balanceAfter),
        ]),
      ],
      totals: ['Total', '', '', '', formatPaise(debit), formatPaise(credit), formatPaise(closing)],
      footer: [`Balance carried forward on ${formatDate(to)}: ${formatPaise(closing)}${closing < 0 ? ' (an advance the shop holds)' : ''}`],
    });
    return new FileResponse(body, 'application/pdf', `${fileName}.pdf`);
  }
  const body = await tableWorkbook({
    sheetName: 'Statement',
    title,
    subtitle,
    columns: [
      { header: 'Date', width: 12, kind: 'date' },
      { header: 'No.', width: 6, kind: 'integer' },
      { header: 'Entry', width: 18, kind: 'text' },
      { header: 'Details', width: 40, kind: 'text' },
      { header: 'Debit', width: 14, kind: 'rupees' },
      { header: 'Credit', width: 14, kind: 'rupees' },
      { header: 'Balance', width: 14, kind: 'rupees' },
    ],
    rows: [
      [from, undefined, 'Brought forward', undefined, undefined, undefined, toRupees(opening)],
      ...entries.map((e) => [e.day, e.entryNo, KINDS[e.kind], detailOf(e), e.amount > 0 ? toRupees(e.amount) : undefined, e.amount < 0 ? toRupees(-e.amount) : undefined, toRupees(e.balanceAfter)]),
    ],
    totals: ['Total', undefined, undefined, undefined, toRupees(debit), toRupees(credit), toRupees(closing)],
  });
  return new FileResponse(body, XLSX_TYPE, `${fileName}.xlsx`);
}
