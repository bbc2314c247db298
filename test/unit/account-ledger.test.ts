import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noAccount, type StoredAccount, type StoredEntry } from '../../functions/accounts/data.js';
import { nextEntry, passesLimit } from '../../functions/accounts/ledger.js';
import { unpaidBills } from '../../functions/accounts/receivables.js';
import type { WriteScope } from '../../functions/lib/context.js';
import { rootLogger } from '../../functions/lib/logger.js';

/**
 * The ledger's arithmetic (docs/customer-credit.md): each entry's running balance is the sum of the entries up to it,
 * a bill goes past the limit only with a manager's approval, and the unpaid bills (oldest paid first) make up the
 * balance. Amounts in paise.
 */
const scope: WriteScope = { tenantId: 'demo', actor: { userName: 'cashier@demo.shop', now: new Date('2026-06-01T06:00:00Z') }, log: rootLogger };

type Move =
  | { kind: 'bill'; amount: number; approved: boolean }
  | { kind: 'payment'; amount: number; advance: boolean }
  | { kind: 'return'; amount: number }
  | { kind: 'writeOff'; amount: number };

const paise = fc.integer({ min: 1, max: 2_000_000 });
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), amount: paise, approved: fc.boolean() }),
  fc.record({ kind: fc.constant('payment' as const), amount: paise, advance: fc.boolean() }),
  fc.record({ kind: fc.constant('return' as const), amount: paise }),
  fc.record({ kind: fc.constant('writeOff' as const), amount: paise }),
);

/**
 * The moves as the services make them: a bill past the limit without an approval is refused, a payment above the
 * dues only as an advance, a write-off never more than the balance. The entries written, oldest first.
 */
function ledgerOf(limit: number, moves: Move[]): { account: StoredAccount; entries: StoredEntry[]; refused: { balance: number; adds: number }[] } {
  let account: StoredAccount = { ...noAccount(7), onAccount: true, creditLimit: limit };
  const entries: StoredEntry[] = [];
  const refused: { balance: number; adds: number }[] = [];
  for (const m of moves) {
    let entry: StoredEntry | undefined;
    if (m.kind === 'bill') {
      const over = passesLimit(account, m.amount);
      if (over && !m.approved) refused.push({ balance: account.balance, adds: m.amount });
      else entry = nextEntry(scope, account, { kind: 'bill', amount: m.amount, approvedBy: over ? 'manager@demo.shop' : undefined });
    } else if (m.kind === 'payment') {
      const advance = m.amount > Math.max(account.balance, 0);
      if (!advance || m.advance) entry = nextEntry(scope, account, { kind: 'payment', amount: -m.amount, advance: advance || undefined });
    } else if (m.kind === 'return') {
      entry = nextEntry(scope, account, { kind: 'return', amount: -m.amount });
    } else if (m.amount <= account.balance) {
      entry = nextEntry(scope, account, { kind: 'writeOff', amount: -m.amount, reason: 'Moved away' });
    }
    if (entry) {
      entries.push(entry);
      account = { ...account, balance: entry.balanceAfter, entries: entry.entryNo };
    }
  }
  return { account, entries, refused };
}

describe("a customer's ledger", () => {
  it('numbers its entries 1…n, each balance the sum of the entries up to it, the last the balance', () => {
    fc.assert(
      fc.property(paise, fc.array(move, { maxLength: 40 }), (limit, moves) => {
        const { account, entries } = ledgerOf(limit, moves);
        let sum = 0;
        entries.forEach((e, i) => {
          sum += e.amount;
          expect(e.entryNo).toBe(i + 1);
          expect(e.balanceAfter).toBe(sum);
        });
        expect(account.balance).toBe(sum);
        expect(account.entries).toBe(entries.length);
      }),
    );
  });

  it('never passes the limit without an approval: a bill within it needs none, one past it is refused or names the manager', () => {
    fc.assert(
      fc.property(paise, fc.array(move, { maxLength: 40 }), (limit, moves) => {
        const { entries, refused } = ledgerOf(limit, moves);
        for (const r of refused) expect(r.balance + r.adds).toBeGreaterThan(limit);
        for (const e of entries.filter((x) => x.kind === 'bill')) {
          expect(e.balanceAfter > limit).toBe(e.approvedBy !== undefined);
        }
        if (!entries.some((e) => e.approvedBy)) for (const e of entries) expect(e.balanceAfter).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('lets a bill take the balance up to the limit exactly, and not a paisa past it', () => {
    const account = { balance: 450_000, creditLimit: 500_000 };
    expect(passesLimit(account, 50_000)).toBe(false);
    expect(passesLimit(account, 50_001)).toBe(true);
  });

  it('goes below zero only by an advance or a return credited to the account', () => {
    fc.assert(
      fc.property(paise, fc.array(move, { maxLength: 40 }), (limit, moves) => {
        const { entries } = ledgerOf(limit, moves);
        entries.forEach((e, i) => {
          const before = i === 0 ? 0 : entries[i - 1]!.balanceAfter;
          if (e.balanceAfter < 0 && e.balanceAfter < before) expect(e.kind === 'return' || e.advance === true).toBe(true);
        });
      }),
    );
  });

  it("has unpaid bills, the oldest paid first, that make up what the customer owes", () => {
    fc.assert(
      fc.property(paise, fc.array(move, { maxLength: 40 }), (limit, moves) => {
        const { account, entries } = ledgerOf(limit, moves);
        const billsNewestFirst = entries.filter((e) => e.kind === 'bill').reverse();
        const unpaid = unpaidBills(account.balance, billsNewestFirst);
        expect(unpaid.reduce((sum, u) => sum + u.unpaid, 0)).toBe(Math.max(account.balance, 0));
        // The newest bills are wholly unpaid; only the oldest of those still owed may be part paid.
        unpaid.forEach((u, i) => {
          expect(u.unpaid).toBeGreaterThan(0);
          if (i < unpaid.length - 1) expect(u.unpaid).toBe(billsNewestFirst[i]!.amount);
          else expect(u.unpaid).toBeLessThanOrEqual(billsNewestFirst[i]!.amount);
        });
      }),
    );
  });
});
