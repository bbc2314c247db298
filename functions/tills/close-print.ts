import { fileDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { DENOMINATIONS, denominationLabel, expectedCash } from '../../shared/till.js';
import type { WriteScope } from '../lib/context.js';
import { FileResponse } from '../lib/handler.js';
import { sendMail } from '../lib/mail.js';
import { tablePdf } from '../lib/pdf.js';
import { rollPdf, type SlipLine } from '../lib/roll-pdf.js';
import { roleData } from '../roles/data.js';
import { tenantData } from '../tenants/data.js';
import { userData } from '../users/data.js';
import type { StoredMove, StoredSession } from './data.js';
import { OWNER_ROLE } from './service.js';

/**
 * The close as a document (A4 and the 80 mm roll), read from the session as closed: the figures printed are those
 * recorded at close, whatever happens later (a reopen shows as a line of its own).
 */
interface Printed {
  title: string;
  heading: string[];
  figures: [string, string][];
  counted: [string, string][];
  moves: [string, string][];
  notes: string[];
}

const signed = (paise: number) => (paise > 0 ? `+${formatPaise(paise)}` : paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(0));

export function closeDocument(shopName: string, s: StoredSession, moves: StoredMove[]): Printed {
  const expected = s.expected ?? expectedCash(s);
  const difference = s.difference ?? 0;
  return {
    title: `Till close — ${s.tillName}`,
    heading: [
      shopName,
      `Till ${s.tillName} · cashier ${s.cashier}`,
      `Opened ${formatDateTime(s.openedAt)}${s.closedAt ? ` · closed ${formatDateTime(s.closedAt)}` : ' · still open'}`,
    ],
    figures: [
      ['Opening float', formatPaise(s.openingFloat)],
      ['Cash sales', formatPaise(s.cashSales)],
      ['Cash refunds', `−${formatPaise(s.cashRefunds)}`],
      ['Pay-ins', formatPaise(s.payIns)],
      ['Pay-outs', `−${formatPaise(s.payOuts)}`],
      ['Expected in the drawer', formatPaise(expected)],
      ['Counted', s.counted === undefined ? '—' : formatPaise(s.counted)],
      [difference < 0 ? 'Short' : difference > 0 ? 'Over' : 'Over / short', signed(difference)],
      ['UPI', formatPaise(s.upiSales)],
      ['Card', formatPaise(s.cardSales)],
      ['Other online', formatPaise(s.otherSales)],
      ['Refunds not in cash', `−${formatPaise(s.otherRefunds)}`],
      ['Bills', String(s.bills)],
    ],
    counted: DENOMINATIONS.filter((d) => (s.count?.[d.key] ?? 0) > 0).map((d) => [`${denominationLabel(d)} × ${s.count![d.key]}`, formatPaise(s.count![d.key]! * d.rupees * 100)]),
    moves: moves.map((m) => [`${m.kind === 'in' ? 'Pay-in' : 'Pay-out'}: ${m.reason}${m.expenseId ? ` (expense ${m.expenseId})` : ''}`, `${m.kind === 'in' ? '' : '−'}${formatPaise(m.amount)}`]),
    notes: [
      ...(s.reason ? [`Reason: ${s.reason}`] : []),
      ...s.reopens.map((r) => `Reopened ${formatDateTime(r.at)} by ${r.by}: ${r.reason}`),
    ],
  };
}

const fileName = (s: StoredSession) => `Till_Close_${s.tillName.replace(/[^\w-]/g, '_')}_${fileDate(s.day)}.pdf`;

export async function closeA4(doc: Printed): Promise<Buffer> {
  const section = (title: string, rows: [string, string][]) => (rows.length ? [[title, ''], ...rows] : []);
  return tablePdf({
    title: doc.title,
    subtitle: doc.heading,
    columns: [{ header: 'Item', width: 3 }, { header: 'Amount', width: 1, align: 'right' }],
    rows: [...doc.figures, ...section('Drawer counted', doc.counted), ...section('Pay-ins and pay-outs', doc.moves)],
    footer: doc.notes,
  });
}

export async function closeRoll(doc: Printed): Promise<Buffer> {
  const pairs = (rows: [string, string][], boldFrom?: string): SlipLine[] => rows.map(([label, amount]) => ({ label, amount, bold: label === boldFrom }));
  return rollPdf({
    title: doc.title,
    lines: [
      { text: doc.title, centre: true, bold: true },
      ...doc.heading.map((text): SlipLine => ({ text, centre: true })),
      { rule: true },
      ...pairs(doc.figures, 'Expected in the drawer'),
      ...(doc.counted.length ? [{ rule: true } as const, { text: 'Drawer counted', bold: true }, ...pairs(doc.counted)] : []),
      ...(doc.moves.length ? [{ rule: true } as const, { text: 'Pay-ins and pay-outs', bold: true }, ...pairs(doc.moves)] : []),
      ...(doc.notes.length ? [{ rule: true } as const, ...doc.notes.map((text): SlipLine => ({ text }))] : []),
    ],
  });
}

export async function printClose(tenantId: string, session: StoredSession, moves: StoredMove[], size: 'a4' | 'roll'): Promise<FileResponse> {
  const shop = await tenantData.get(tenantId);
  const doc = closeDocument(shop?.displayName ?? tenantId, session, moves);
  return new FileResponse(size === 'roll' ? await closeRoll(doc) : await closeA4(doc), 'application/pdf', fileName(session));
}

/** The shop's owners with an e-mail address. */
async function ownerAddresses(tenantId: string): Promise<string[]> {
  const roles = (await roleData.all(tenantId)).filter((r) => r.name === OWNER_ROLE);
  const members = (await Promise.all(roles.map((r) => userData.members(tenantId, r.roleId)))).flat();
  const users = await Promise.all([...new Set(members.map((m) => m.appUserId))].map((id) => userData.byId(tenantId, id)));
  return [...new Set(users.flatMap((u) => (u && u.enabled !== false && u.emailId ? [u.emailId.trim().toLowerCase()] : [])))].sort();
}

/**
 * Mails the close (its A4 PDF) to the shop's owners. The close stands whatever happens to the mail: a failure is
 * logged and answered as not mailed.
 */
export async function mailClose(scope: WriteScope, session: StoredSession, moves: StoredMove[]): Promise<boolean> {
  try {
    const to = await ownerAddresses(scope.tenantId);
    if (!to.length) return false;
    const shop = await tenantData.get(scope.tenantId);
    const doc = closeDocument(shop?.displayName ?? scope.tenantId, session, moves);
    const difference = session.difference ?? 0;
    await sendMail({
      to,
      subject: `Till ${session.tillName} closed by ${session.cashier}: ${difference < 0 ? `short ${formatPaise(-difference)}` : difference > 0 ? `over ${formatPaise(difference)}` : 'drawer as expected'}`,
      text: [...doc.heading, '', ...doc.figures.map(([l, a]) => `${l}: ${a}`), '', ...doc.notes].join('\n'),
      attachments: [{ fileName: fileName(session), contentType: 'application/pdf', data: await closeA4(doc) }],
    });
    return true;
  } catch (error) {
    scope.log.error('till close mail failed', { sessionId: session.sessionId, error: (error as Error).message });
    return false;
  }
}
