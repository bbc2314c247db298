import { formatDate, formatPaise } from '../../shared/format.js';
import { shopDay } from '../../shared/bill.js';
import { shopPayee, upiPayLink } from '../../shared/upi.js';
import { auditWrite } from '../lib/audit.js';
import { op, transact, tableName } from '../lib/db.js';
import { Conflict, Validation } from '../lib/errors.js';
import type { WriteScope } from '../lib/context.js';
import { sendWhatsApp } from '../lib/whatsapp.js';
import { tenantData } from '../tenants/data.js';
import { accountData, type StoredAccount } from './data.js';
import { agingOf, receivables } from './receivables.js';

/**
 * Reminders of dues on WhatsApp (docs/customer-credit.md, "Reminders"): the balance, the oldest unpaid bill's date
 * and a UPI link for the exact amount; at most one per customer in 7 days, claimed on the account before sending.
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

/** Claims this week's reminder of the account: refused when one went out in the last 7 days. */
async function claimReminder(scope: WriteScope, account: StoredAccount & { lastRemindedAt?: string }, name: string) {
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
      auditWrite(scope, { entity: 'account', entityId: account.customerId, action: 'update', before: {}, after: { reminded: now.toISOString(), balance: account.balance } }),
    ]);
  } catch (error) {
    if (error instanceof Conflict) throw new Conflict(remindedRecently(name, account.lastRemindedAt ?? now.toISOString()));
    throw error;
  }
}

/** Gives the claim back when the message could not go out, so the cashier may try again. */
const releaseReminder = (scope: WriteScope, customerId: number) =>
  transact([op.update(accountData.key(scope.tenantId, customerId), { UpdateExpression: 'REMOVE lastRemindedAt' })]).catch(() => undefined);

export async function remind(scope: WriteScope, customerId: number): Promise<{ message: string; text: string }> {
  const [account, shop] = await Promise.all([accountData.get(scope.tenantId, customerId, true), tenantData.get(scope.tenantId)]);
  const stored = account as (StoredAccount & { lastRemindedAt?: string }) | undefined;
  const name = stored?.customerName ?? `Customer ${customerId}`;
  if (!stored || stored.balance <= 0) throw new Validation(nothingOwed(name));
  const { oldestUnpaid } = await agingOf(scope.tenantId, stored, shopDay(scope.actor.now));
  const payee = shopPayee(shop);
  const text = reminderText({
    shop: shop?.displayName ?? scope.tenantId,
    name,
    balance: stored.balance,
    oldestUnpaid,
    upiLink: payee ? upiPayLink(payee, stored.balance, `DUES-${customerId}`, `Dues of ${name}`) : undefined,
  });
  await claimReminder(scope, stored, name);
  try {
    await sendWhatsApp(stored.mobileNumber ?? '', { type: 'text', text: { body: text, preview_url: false } });
  } catch (error) {
    await releaseReminder(scope, customerId);
    throw error;
  }
  scope.log.info('dues reminder sent', { customerId });
  return { message: `Reminder sent to ${name} on WhatsApp.`, text };
}

/** Reminds every customer whose oldest unpaid bill is at least `minAge` days old, each at most once a week. */
export async function remindAll(scope: WriteScope, minAge: number) {
  const list = await receivables(scope.tenantId, scope.actor.now, minAge);
  const sent: number[] = [];
  const skipped: { customerId: number; reason: string }[] = [];
  for (const row of list.rows.filter((r) => r.balance > 0)) {
    try {
      await remind(scope, row.customerId);
      sent.push(row.customerId);
    } catch (error) {
      skipped.push({ customerId: row.customerId, reason: error instanceof Error ? error.message : 'Not sent.' });
    }
  }
  return { sent, skipped };
}
