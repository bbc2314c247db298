import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noAccount, type StoredAccount, type StoredEntry } from '../../functions/accounts/data.js';
import { nextEntry, passesLimit } from '../../functions/accounts/ledger.js';
import { nextUnpaid, unpaidBills, unpaidByDay, type Unpaid } from '../../functions/accounts/unpaid.js';
import type { WriteScope } from '../../functions/lib/context.js';
import { rootLogger } from '../../functions/lib/logger.js';

/**
 * The ledger's arithmetic (docs/customer-credit.md): each entry's running balance is the sum of the entries up to it,
 * a bill goes past the limit only with a manager's approval, and the unpaid bills (oldest paid first) make up the
 * balance, as the map of what is owed by day kept on the account says. Amounts in paise.
 */
const scope: WriteScope = { tenantId: 'demo', actor: { userName: 'cashier@demo.shop', now: new Date('2026-06-01T06:00:00Z') }, log: rootLogger };
/** The moves fall on shop days 0…9 days after the first, in order; several on one day. */
const scopeOnDay = (day: number): WriteScope => ({ ...scope, actor: { ...scope.actor, now: new Date(Date.parse('2026-06-01T06:00:00Z') + day * 86_400_000) } });

type Move = (
  | { kind: 'bill'; amount: number; approved: boolean }
  | { kind: 'payment'; amount: number; advance: boolean }
  | { kind: 'return'; amount: number }
  | { kind: 'writeOff'; amount: number }
) & { later?: boolean };

const paise = fc.integer({ min: 1, max: 2_000_000 });
const later = { later: fc.boolean() };
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), amount: paise, approved: fc.boolean(), ...later }),
  fc.record({ kind: fc.constant('payment' as const), amount: paise, advance: fc.boolean(), ...later }),
  fc.record({ kind: fc.constant('return' as const), amount: paise, ...later }),
  fc.record({ kind: fc.constant('writeOff' as const), amount: paise, ...later }),
);

/**
 * The moves as the services make them: a bill past the limit without an approval is refused, a payment above the
 * dues only as an advance, a write-off never more than the balance. The entries written, oldest first; a move marked
 * `later` falls on the next shop day. The account keeps its map of what is owed by day as the writes do.
 */
function ledgerOf(limit: number, moves: Move[]): { account: StoredAccount & { unpaid: Unpaid }; entries: StoredEntry[]; refused: { balance: number; adds: number }[]; maps: Unpaid[] } {
  let account: StoredAccount & { unpaid: Unpaid } = { ...noAccount(7), unpaid: {}, onAccount: true, creditLimit: limit };
  const entries: StoredEntry[] = [];
  const refused: { balance: number; adds: number }[] = [];
  const maps: Unpaid[] = [];
  let day = 0;
  for (const m of moves) {
    if (m.later) day += 1;
    const onDay = scopeOnDay(day);
    let entry: StoredEntry | undefined;
    if (m.kind === 'bill') {
      const over = passesLimit(account, m.amount);
      if (over && !m.approved) refused.push({ balance: account.balance, adds: m.amount });
      else entry = nextEntry(onDay, account, { kind: 'bill', amount: m.amount, approvedBy: over ? 'manager@demo.shop' : undefined });
    } else if (m.kind === 'payment') {
      const advance = m.amount > Math.max(account.balance, 0);
      if (!advance || m.advance) entry = nextEntry(onDay, account, { kind: 'payment', amount: -m.amount, advance: advance || undefined });
    } else if (m.kind === 'return') {
      entry = nextEntry(onDay, account, { kind: 'return', amount: -m.amount });
    } else if (m.amount <= account.balance) {
      entry = nextEntry(onDay, account, { kind: 'writeOff', amount: -m.amount, reason: 'Moved away' });
    }
    if (entry) {
      entries.push(entry);
      account = { ...account, balance: entry.balanceAfter, entries: entry.entryNo, unpaid: nextUnpaid(account.unpaid, entry) };
      maps.push(account.unpaid);
    }
  }
  return { account, entries, refused, maps };
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

  it("keeps on the account, after every entry, what is owed by day exactly as the ledger's unpaid bills say", () => {
    fc.assert(
      fc.property(paise, fc.array(move, { maxLength: 60 }), (limit, moves) => {
        const { entries, maps } = ledgerOf(limit, moves);
        entries.forEach((e, i) => {
          const billsNewestFirst = entries.slice(0, i + 1).filter((b) => b.kind === 'bill' && b.amount > 0).reverse();
          expect(maps[i]).toEqual(unpaidByDay(unpaidBills(e.balanceAfter, billsNewestFirst)));
          expect(Object.values(maps[i]!).every((paise) => paise > 0)).toBe(true);
        });
      }),
    );
  });

  it('settles the oldest day first, and a bill after an advance owes only what the advance does not cover', () => {
    const bill = (amount: number, day: string, balanceAfter: number) => ({ kind: 'bill' as const, amount, day, balanceAfter });
    let unpaid = nextUnpaid({}, bill(10_000, '2026-06-01', 10_000));
    unpaid = nextUnpaid(unpaid, bill(5_000, '2026-06-03', 15_000));
    unpaid = nextUnpaid(unpaid, bill(2_500, '2026-06-03', 17_500));
    expect(unpaid).toEqual({ '2026-06-01': 10_000, '2026-06-03': 7_500 });
    unpaid = nextUnpaid(unpaid, { kind: 'payment', amount: -12_000, day: '2026-06-04', balanceAfter: 5_500 });
    expect(unpaid).toEqual({ '2026-06-03': 5_500 });
    unpaid = nextUnpaid(unpaid, { kind: 'payment', amount: -6_000, day: '2026-06-04', balanceAfter: -500 });
    expect(unpaid).toEqual({});
    expect(nextUnpaid(unpaid, bill(2_000, '2026-06-05', 1_500))).toEqual({ '2026-06-05': 1_500 });
  });
});
