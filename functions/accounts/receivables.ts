import { shopDay } from '../../shared/bill.js';
import type { Receivables } from '../../shared/schemas/account.js';
import { toRupees } from '../../shared/money.js';
import { accountData, type StoredAccount, type StoredEntry } from './data.js';

/**
 * Who owes what (docs/customer-credit.md, "Receivables"). Payments, returns and write-offs settle the oldest bills
 * first, so what a customer still owes is their newest bills, taken back from the latest until they make up the
 * balance; each is aged by its shop day: 0–30, 31–60, 61–90 and over 90 days.
 */
export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
type Bucket = (typeof AGE_BUCKETS)[number];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export const bucketOf = (age: number): Bucket => (age <= 30 ? '0-30' : age <= 60 ? '31-60' : age <= 90 ? '61-90' : '90+');

/** The unpaid part of each bill, newest first, for a balance of `balance` paise: oldest bills are paid first. */
export function unpaidBills(balance: number, billsNewestFirst: readonly Pick<StoredEntry, 'amount' | 'day'>[]): { day: string; unpaid: number }[] {
  const out: { day: string; unpaid: number }[] = [];
  let left = balance;
  for (const bill of billsNewestFirst) {
    if (left <= 0) break;
    const unpaid = Math.min(bill.amount, left);
    out.push({ day: bill.day, unpaid });
    left -= unpaid;
  }
  return out;
}

export function aged(today: string, unpaid: readonly { day: string; unpaid: number }[]): Record<Bucket, number> {
  const sums: Record<Bucket, number> = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
  for (const u of unpaid) sums[bucketOf(dayNumber(today) - dayNumber(u.day))] += u.unpaid;
  return sums;
}

/** What one account owes, aged, with its oldest unpaid bill's day (undefined when nothing is owed). */
export async function agingOf(tenantId: string, account: StoredAccount, today: string) {
  if (account.balance <= 0) return { buckets: aged(today, []), oldestUnpaid: undefined };
  const bills = await accountData.recentBills(tenantId, account.customerId, (found) => found.reduce((sum, b) => sum + b.amount, 0) >= account.balance);
  const unpaid = unpaidBills(account.balance, bills);
  return { buckets: aged(today, unpaid), oldestUnpaid: unpaid.at(-1)?.day };
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
