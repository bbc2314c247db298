import type { DailyReportEvent } from '../../shared/report-schedule.js';
import { cashSummary, cashSummaryLines, expenseFigures, salesFigures, salesLines } from '../../shared/figures.js';
import { fileDate, formatDate, formatDateTime, formatPaise } from '../../shared/format.js';
import { indiaToday } from '../../shared/leave-days.js';
import { ROLE } from '../../shared/roles.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { expenseTotals } from '../expenses/data.js';
import { rootLogger, type Logger } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { inTenant } from '../lib/tenant-scope.js';
import { tablePdf } from '../lib/pdf.js';
import { purchaseData } from '../purchases/data.js';
import { roleData } from '../roles/data.js';
import { stockData } from '../stock/data.js';
import { config } from '../lib/config.js';
import { tenantData } from '../tenants/data.js';
import { userData } from '../users/data.js';
import { reportData } from './data.js';

/** Who gets a shop's daily report: enabled holders of these roles with an e-mail address. */
const RECIPIENT_ROLES: readonly string[] = [ROLE.TENANT_MANAGER, ROLE.MANAGER];
const MAX_LOW_LINES = 2_000;
const TOP_PRODUCTS = 5;
const TENANT_PAGE = 100;

export interface DailyMailOutcome {
  day: string;
  mailed: { tenantId: string; to: string[] }[];
  skipped: { tenantId: string; reason: string }[];
  failed: { tenantId: string; message: string }[];
}

/** Every shop, from the tenant directory, a page at a time (each read going on from the last); the platform sells nothing. */
async function* everyTenant(): AsyncGenerator<Tenant> {
  for await (const tenant of tenantData.every(TENANT_PAGE)) if (tenant.tenantId !== config.platformTenant()) yield tenant;
}

/** A page of shops from the tenant directory (one Query from the cursor of the last), without the platform. */
export async function shopsPage(cursor: Record<string, unknown> | undefined): Promise<{ shops: Tenant[]; next?: Record<string, unknown> }> {
  const page = await tenantData.directoryPage(TENANT_PAGE, cursor);
  return { shops: page.items.filter((t) => t.tenantId !== config.platformTenant()), ...(page.next ? { next: page.next } : {}) };
}

export async function managerAddresses(tenantId: string): Promise<string[]> {
  const roles = (await roleData.all(tenantId)).filter((r) => RECIPIENT_ROLES.includes(r.name));
  const members = (await Promise.all(roles.map((r) => userData.members(tenantId, r.roleId)))).flat();
  const users = await Promise.all([...new Set(members.map((m) => m.appUserId))].map((id) => userData.byId(tenantId, id)));
  const addresses = users.flatMap((u) => (u && u.enabled !== false && u.emailId ? [u.emailId.trim().toLowerCase()] : []));
  return [...new Set(addresses)].sort();
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The day's sales summary and the low-stock list of one shop, as mail text, HTML and a PDF. */
export async function dailyReport(tenant: Tenant, day: string, now: Date) {
  const tenantId = tenant.tenantId;
  const [sales, lineSales, low, expenses] = await Promise.all([
    purchaseData.salesDay(tenantId, day),
    purchaseData.lineSalesDays(tenantId, day, day),
    stockData.low(tenantId, MAX_LOW_LINES),
    expenseTotals(tenantId, Number(day.slice(0, 4)), Number(day.slice(5, 7))),
  ]);
  const figures = salesFigures(sales ? [sales] : []);
  const spent = expenses.days.find((d) => d.date === day);
  const cash = cashSummary(figures, expenseFigures(spent?.cash ?? 0, spent?.online ?? 0));
  const sold = [...(lineSales[0]?.lines ?? new Map())].filter(([, f]) => f.value > 0).sort(([, a], [, b]) => b.value - a.value).slice(0, TOP_PRODUCTS);
  const names = new Map((await stockData.byIds(tenantId, sold.map(([id]) => id))).map((l) => [l.stockId, l]));
  const top = sold.map(([id, f]) => ({ name: `${names.get(id)?.productName ?? `Stock line ${id}`} (${names.get(id)?.artcode ?? ''})`, units: f.units, value: f.value }));
  const shop = tenant.displayName || tenant.tenantName || tenantId;
  const summary = [
    `Bills: ${figures.bills.total} (cash ${figures.bills.cash}, online ${figures.bills.online})`,
    ...salesLines(figures),
    ...cashSummaryLines(cash),
    `Low stock (5 or fewer units): ${low.length} line(s)`,
  ];
  const pdf = await tablePdf({
    title: `Daily Report · ${formatDate(day)}`,
    subtitle: [[shop, tenant.address].filter(Boolean).join(', '), ...summary, `Printed ${formatDateTime(now)}`],
    columns: [
      { header: 'Stock Id', width: 6, align: 'right' },
      { header: 'Product Name', width: 22 },
      { header: 'Artcode', width: 10 },
      { header: 'Quantity', width: 6, align: 'right' },
      { header: 'Price', width: 9, align: 'right' },
    ],
    rows: low.map((l) => [String(l.stockId), l.productName, l.artcode, String(l.quantity), formatPaise(l.sellingPrice)]),
    highlight: new Set(low.flatMap((l, i) => (l.quantity === 0 ? [i] : []))),
  });
  const topText = top.length ? top.map((t) => `  ${t.name}: ${t.units} unit(s), ${formatPaise(t.value)}`).join('\n') : '  No sales.';
  const text = [`${shop}: daily report for ${formatDate(day)}`, '', ...summary, '', 'Best sellers today:', topText, '', 'The low-stock list is attached as a PDF.'].join('\n');
  const html = [
    `<p><strong>${escape(shop)}</strong>: daily report for ${formatDate(day)}</p>`,
    `<ul>${summary.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>`,
    `<p>Best sellers today:</p>`,
    top.length ? `<ol>${top.map((t) => `<li>${escape(t.name)}: ${t.units} unit(s), ${escape(formatPaise(t.value))}</li>`).join('')}</ol>` : '<p>No sales.</p>',
    '<p>The low-stock list is attached as a PDF.</p>',
  ].join('');
  const fileName = `Daily_Report_${fileDate(day)}.pdf`;
  return { subject: `Daily report · ${shop} · ${formatDate(day)}`, text, html, attachment: { fileName, contentType: 'application/pdf', data: pdf } };
}

/** What became of one shop's daily report. */
export type ShopReportOutcome = { tenantId: string; mailed: string[] } | { tenantId: string; skipped: string };

/**
 * Mails one shop's daily report, or answers why not (closed, report e-mails off, no manager with an address,
 * already mailed that day). A failure is thrown, with the day's claim given back, so the report can be tried again.
 */
export async function mailShopReport(tenant: Tenant, day: string, resend: boolean, now: Date, log: Logger): Promise<ShopReportOutcome> {
  const tenantId = tenant.tenantId;
  if (tenant.enabled === false) return { tenantId, skipped: 'closed' };
  if (tenant.reportEmails === false) return { tenantId, skipped: 'report e-mails off' };
  let claimed = false;
  try {
    const to = await managerAddresses(tenantId);
    if (!to.length) return { tenantId, skipped: 'no manager with an e-mail address' };
    if (!resend) {
      claimed = await reportData.claimDailyMail(tenantId, day, to, now);
      if (!claimed) return { tenantId, skipped: 'already mailed' };
    }
    const report = await dailyReport(tenant, day, now);
    await sendMail({ to, subject: report.subject, text: report.text, html: report.html, attachments: [report.attachment] });
    log.child({ tenantId, day }).info('daily report mailed', { recipients: to.length });
    return { tenantId, mailed: to };
  } catch (error) {
    if (claimed) await reportData.releaseDailyMail(tenantId, day).catch(() => undefined);
    throw error;
  }
}

/** Mails one shop's daily report, or says in `outcome` why not. */
async function reportShop(tenant: Tenant, day: string, event: Partial<DailyReportEvent>, now: Date, outcome: DailyMailOutcome, log: Logger) {
  try {
    const result = await mailShopReport(tenant, day, event.resend === true, now, log);
    if ('mailed' in result) outcome.mailed.push({ tenantId: result.tenantId, to: result.mailed });
    else outcome.skipped.push({ tenantId: result.tenantId, reason: result.skipped });
  } catch (error) {
    outcome.failed.push({ tenantId: tenant.tenantId, message: (error as Error).message });
    log.child({ tenantId: tenant.tenantId, day }).error('daily report failed', { error: (error as Error).message });
  }
}

/** The shop day a run reports: that of the time it was scheduled for, or of now. */
export function reportDay(event: Partial<DailyReportEvent>, now: Date): string {
  const at = event.scheduledTime ? new Date(event.scheduledTime) : now;
  return indiaToday(Number.isNaN(at.getTime()) ? now : at);
}

/**
 * The scheduled run: for every open shop that has not switched report e-mails off (on unless `reportEmails` is
 * false), the day's sales summary and low-stock list to its TENANT_MANAGER and MANAGER role holders. A shop is
 * mailed once per day however often the schedule is delivered, unless the run asks to resend. One shop's failure
 * is logged and the run goes on with the next. The schedule runs the same per shop through the daily-reports state
 * machine (daily-reports.asl.json), shops in parallel, each retried and dead-lettered on its own; this whole-round
 * run is the manual one (`npm run reports:send-now`).
 */
export async function sendDailyReports(event: Partial<DailyReportEvent> = {}, now = new Date(), log: Logger = rootLogger): Promise<DailyMailOutcome> {
  const day = reportDay(event, now);
  const outcome: DailyMailOutcome = { day, mailed: [], skipped: [], failed: [] };
  for await (const tenant of everyTenant()) {
    // Each shop's report reads and writes as that shop only (the tenant fence, docs/aws.md).
    await inTenant(tenant.tenantId, () => reportShop(tenant, day, event, now, outcome, log));
  }
  log.info('daily reports done', { day, mailed: outcome.mailed.length, skipped: outcome.skipped.length, failed: outcome.failed.length });
  return outcome;
}
