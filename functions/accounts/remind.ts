import { formatDate, formatPaise } from '../../shared/format.js';
import { shopDay } from '../../shared/bill.js';
import { shopPayee, upiPayLink } from '../../shared/upi.js';
import { auditWrite } from '../lib/audit.js';
import { op, transact, tableName } from '../lib/db.js';
import { Conflict, Validation } from '../lib/errors.js';
import type { WriteScope } from '../lib/context.js';
import { sendMail, type Mail } from '../lib/mail.js';
import { sendWhatsApp } from '../lib/whatsapp.js';
import { customerData } from '../customers/data.js';
import { tenantData } from '../tenants/data.js';
import { accountData, type StoredAccount } from './data.js';
import { agingOf, receivables } from './receivables.js';

/**
 * Reminders of dues on WhatsApp, and by e-mail when the customer has an address (docs/customer-credit.md,
 * "Reminders"): the balance, the oldest unpaid bill's date and a UPI link for the exact amount; at most one per
 * customer in 7 days whatever the channels, claimed on the account before sending.
 */
export const REMIND_EVERY_DAYS = 7;
const WEEK_MS = REMIND_EVERY_DAYS * 86_400_000;

export const remindedRecently = (name: string, at: string) =>
  `${name} was reminded on ${formatDate(at.slice(0, 10))}; the next reminder can go ${REMIND_EVERY_DAYS} days after that.`;
export const nothingOwed = (name: string) => `${name} owes nothing: there is nothing to remind.`;

export function reminderText(input: { shop: string; name: string; balance: number; oldestUnpaid?: string; upiLink?: string }): string {
  return [
    `Namaste ${input.name}, this is a reminder from ${input.shop}: you owe ${formatPaise(input.balance)} on your account.`,
    input.oldestUnpaid ? `The oldest unpaid bill is of ${formatDate(input.oldestUnpaid)}.` : '',
    input.upiLink ? `Pay by UPI: ${input.upiLink}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The ways a reminder goes: always WhatsApp, and e-mail when the customer has an address. */
export type ReminderChannel = 'WhatsApp' | 'e-mail';

export const reminderSubject = (shop: string, balance: number) => `Payment reminder from ${shop}: ${formatPaise(balance)} due`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reminder as an e-mail: the same words as the WhatsApp text, the UPI link clickable. */
export function reminderMail(to: string, subject: string, text: string, upiLink?: string): Mail {
  const html = text
    .split('\n')
    .map((line) => {
      if (upiLink && line.endsWith(upiLink)) return `<p>Pay by UPI: <a href="${escapeHtml(upiLink)}">${escapeHtml(upiLink)}</a></p>`;
      return `<p>${escapeHtml(line)}</p>`;
    })
    .join('');
  return { to: [to], subject, text, html };
}

/** "on WhatsApp and by e-mail (asha@example.in)". */
const channelWords = (channels: ReminderChannel[], email?: string) =>
  channels.map((c) => (c === 'WhatsApp' ? 'on WhatsApp' : `by e-mail (${email})`)).join(' and ');

/**
 * Claims this week's reminder of the account, recording in the audit the channels it goes by: refused when one
 * went out in the last 7 days.
 */
async function claimReminder(scope: WriteScope, account: StoredAccount & { lastRemindedAt?: string }, name: string, channels: { channels: ReminderChannel[]; email?: string }) {
  const now = scope.actor.now;
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: accountData.key(scope.tenantId, account.customerId),
          UpdateExpression: 'SET lastRemindedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastRemindedAt) OR lastRemindedAt < :weekAgo)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':weekAgo': new Date(now.getTime() - WEEK_MS).toISOString() },
        },
      },
      auditWrite(scope, { entity: 'account', entityId: account.customerId, action: 'update', before: {}, after: { reminded: now.toISOString(), balance: account.balance, ...channels } }),
    ]);
  } catch (error) {
    if (error instanceof Conflict) throw new Conflict(remindedRecently(name, account.lastRemindedAt ?? now.toISOString()));
    throw error;
  }
}

/** Gives the claim back when the message could not go out, so the cashier may try again. */
const releaseReminder = (scope: WriteScope, customerId: number) =>
  transact([op.update(accountData.key(scope.tenantId, customerId), { UpdateExpression: 'REMOVE lastRemindedAt' })]).catch(() => undefined);

/** Records in the audit a channel the claimed reminder could not go by, the other having gone. */
const recordNotSent = (scope: WriteScope, customerId: number, channel: ReminderChannel, error: unknown) =>
  transact([
    auditWrite(scope, { entity: 'account', entityId: customerId, action: 'update', before: {}, after: { reminderNotSent: channel, reason: error instanceof Error ? error.message : 'not sent' } }),
  ]).catch(() => undefined);

export async function remind(scope: WriteScope, customerId: number): Promise<{ message: string; text: string; channels: ReminderChannel[] }> {
  const [account, shop, customer] = await Promise.all([
    accountData.get(scope.tenantId, customerId, true),
    tenantData.get(scope.tenantId),
    customerData.byId(scope.tenantId, customerId),
  ]);
  const stored = account as (StoredAccount & { lastRemindedAt?: string }) | undefined;
  const name = stored?.customerName ?? `Customer ${customerId}`;
  if (!stored || stored.balance <= 0) throw new Validation(nothingOwed(name));
  const { oldestUnpaid } = await agingOf(scope.tenantId, stored, shopDay(scope.actor.now));
  const payee = shopPayee(shop);
  const shopName = shop?.displayName ?? scope.tenantId;
  const upiLink = payee ? upiPayLink(payee, stored.balance, `DUES-${customerId}`, `Dues of ${name}`) : undefined;
  const text = reminderText({ shop: shopName, name, balance: stored.balance, oldestUnpaid, upiLink });
  const email = customer?.emailId?.trim() || undefined;
  const planned: ReminderChannel[] = email ? ['WhatsApp', 'e-mail'] : ['WhatsApp'];
  await claimReminder(scope, stored, name, { channels: planned, ...(email ? { email } : {}) });
  const sends: Record<ReminderChannel, () => Promise<unknown>> = {
    WhatsApp: () => sendWhatsApp(stored.mobileNumber ?? '', { type: 'text', text: { body: text, preview_url: false } }),
    'e-mail': () => sendMail(reminderMail(email!, reminderSubject(shopName, stored.balance), text, upiLink)),
  };
  const outcomes = await Promise.allSettled(planned.map((channel) => sends[channel]()));
  const channels = planned.filter((_, i) => outcomes[i]!.status === 'fulfilled');
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (!channels.length) {
    // Nothing went out: the claim is given back so the cashier may try again.
    await releaseReminder(scope, customerId);
    throw failed!.reason;
  }
  for (const [i, o] of outcomes.entries()) if (o.status === 'rejected') await recordNotSent(scope, customerId, planned[i]!, o.reason);
  scope.log.info('dues reminder sent', { customerId, channels });
  const notSent = planned.filter((c) => !channels.includes(c));
  return {
    message: `Reminder sent to ${name} ${channelWords(channels, email)}.${notSent.length ? ` It could not go ${channelWords(notSent, email)}.` : ''}`,
    text,
    channels,
  };
}

/** Reminds every customer whose oldest unpaid bill is at least `minAge` days old, each at most once a week. */
export async function remindAll(scope: WriteScope, minAge: number) {
  const list = await receivables(scope.tenantId, scope.actor.now, minAge);
  const sent: number[] = [];
  const emailed: number[] = [];
  const skipped: { customerId: number; reason: string }[] = [];
  for (const row of list.rows.filter((r) => r.balance > 0)) {
    try {
      const { channels } = await remind(scope, row.customerId);
      sent.push(row.customerId);
      if (channels.includes('e-mail')) emailed.push(row.customerId);
    } catch (error) {
      skipped.push({ customerId: row.customerId, reason: error instanceof Error ? error.message : 'Not sent.' });
    }
  }
  return { sent, emailed, skipped };
}
