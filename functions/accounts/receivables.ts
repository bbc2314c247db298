import { shopDay } from '../../shared/bill.js';
import type { Receivables } from '../../shared/schemas/account.js';
import { toRupees } from '../../shared/money.js';
import { accountData, type StoredAccount } from './data.js';
import { unpaidFromLedger } from './ledger.js';
import { keptUnpaid, oldestUnpaidDay, type Unpaid } from './unpaid.js';

/**
 * Who owes what (docs/customer-credit.md, "Receivables"). Payments, returns and write-offs settle the oldest bills
 * first; each account item keeps what it still owes by shop day (functions/accounts/unpaid.ts), aged here: 0–30,
 * 31–60, 61–90 and over 90 days. The answer reads the account items only, no ledger.
 */
export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
type Bucket = (typeof AGE_BUCKETS)[number];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export const bucketOf = (age: number): Bucket => (age <= 30 ? '0-30' : age <= 60 ? '31-60' : age <= 90 ? '61-90' : '90+');

export function aged(today: string, unpaid: Unpaid): Record<Bucket, number> {
  const sums: Record<Bucket, number> = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
  for (const [day, paise] of Object.entries(unpaid)) sums[bucketOf(dayNumber(today) - dayNumber(day))] += paise;
  return sums;
}

/**
 * What one account owes, aged, with its oldest unpaid bill's day (undefined when nothing is owed): from the map the
 * account item keeps, or from its ledger for an account not yet given one by the shop upgrade.
 */
export async function agingOf(tenantId: string, account: StoredAccount, today: string) {
  if (account.balance <= 0) return { buckets: aged(today, {}), oldestUnpaid: undefined };
  const unpaid = keptUnpaid(account) ?? (await unpaidFromLedger(tenantId, account));
  return { buckets: aged(today, unpaid), oldestUnpaid: oldestUnpaidDay(unpaid) };
}

/** Every customer who owes (or holds an advance), aged, with the totals and those over their limit. */
export async function receivables(tenantId: string, now: Date, minAge = 0): Promise<Receivables> {
  const today = shopDay(now);
  const accounts = (await accountData.all(tenantId)).filter((a) => a.balance !== 0);
  const rows = await Promise.all(
    accounts.map(async (a) => {
      const { buckets, oldestUnpaid } = await agingOf(tenantId, a, today);
      return {
        customerId: a.customerId,
        customerName: a.customerName ?? `Customer ${a.customerId}`,
        mobileNumber: a.mobileNumber ?? '',
        balance: toRupees(a.balance),
        limit: toRupees(a.creditLimit),
        overLimit: a.balance > a.creditLimit,
        aged: { d0to30: toRupees(buckets['0-30']), d31to60: toRupees(buckets['31-60']), d61to90: toRupees(buckets['61-90']), d90plus: toRupees(buckets['90+']) },
        ...(oldestUnpaid ? { oldestUnpaid, daysOverdue: dayNumber(today) - dayNumber(oldestUnpaid) } : {}),
      };
    }),
  );
  const shown = rows.filter((r) => (r.daysOverdue ?? 0) >= minAge).sort((x, y) => y.balance - x.balance);
  const sum = (pick: (r: (typeof rows)[number]) => number) => Math.round(shown.reduce((total, r) => total + pick(r) * 100, 0)) / 100;
  return {
    rows: shown,
    totals: {
      balance: sum((r) => Math.max(r.balance, 0)),
      advances: sum((r) => Math.max(-r.balance, 0)),
      d0to30: sum((r) => r.aged.d0to30),
      d31to60: sum((r) => r.aged.d31to60),
      d61to90: sum((r) => r.aged.d61to90),
      d90plus: sum((r) => r.aged.d90plus),
    },
    overLimit: shown.filter((r) => r.overLimit).map((r) => r.customerId),
  };
}
