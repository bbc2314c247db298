import type { StoredAccount, StoredEntry } from './data.js';

/**
 * What a customer still owes by shop day (docs/customer-credit.md, "Receivables"): payments, returns and write-offs
 * settle the oldest bills first, so what is owed is the newest bills, taken back from the latest until they make up
 * the balance. The account item keeps it as a map of shop day → unpaid paise, written with every ledger entry.
 */
export type Unpaid = Record<string, number>;

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

/** The unpaid bills added up by shop day. */
export function unpaidByDay(unpaid: readonly { day: string; unpaid: number }[]): Unpaid {
  const byDay: Unpaid = {};
  for (const u of unpaid) byDay[u.day] = (byDay[u.day] ?? 0) + u.unpaid;
  return byDay;
}

/**
 * The map after one more entry: a bill on account adds its amount on its day; then the oldest days are settled until
 * the map makes up what is owed after the entry (nothing when the balance is an advance). A bill whose edit took off
 * part of what it put on account settles like a payment.
 */
export function nextUnpaid(unpaid: Unpaid, entry: Pick<StoredEntry, 'kind' | 'amount' | 'day' | 'balanceAfter'>): Unpaid {
  const next: Unpaid = { ...unpaid };
  if (entry.kind === 'bill' && entry.amount > 0) next[entry.day] = (next[entry.day] ?? 0) + entry.amount;
  let over = Object.values(next).reduce((sum, v) => sum + v, 0) - Math.max(entry.balanceAfter, 0);
  for (const day of Object.keys(next).sort()) {
    if (over <= 0) break;
    const settled = Math.min(next[day]!, over);
    next[day] = next[day]! - settled;
    over -= settled;
    if (next[day] === 0) delete next[day];
  }
  return next;
}

/** The oldest shop day still owed, if any. */
export const oldestUnpaidDay = (unpaid: Unpaid): string | undefined => Object.keys(unpaid).filter((day) => unpaid[day]! > 0).sort()[0];

/** The map the account item keeps, when it accounts for every entry (an account with none owes nothing by day). */
export function keptUnpaid(account: Pick<StoredAccount, 'entries' | 'unpaid' | 'unpaidEntries'>): Unpaid | undefined {
  if (!account.entries) return {};
  return account.unpaid && account.unpaidEntries === account.entries ? account.unpaid : undefined;
}
