import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPaise } from '../../shared/money.js';
import { cashMoveBody, closeTillBody, openTillBody } from '../../shared/schemas/till.js';
import {
  CLOSE_MESSAGES,
  closeProblem,
  countedTotal,
  DENOMINATIONS,
  DENOMINATION_KEYS,
  expectedCash,
  monthShare,
  overShort,
  type DrawerCount,
  type SessionMoney,
} from '../../shared/till.js';

const paise = fc.integer({ min: 0, max: 50_000_000 });
const session = fc.record<SessionMoney>({ openingFloat: paise, cashSales: paise, cashRefunds: paise, payIns: paise, payOuts: paise });
const count = fc.dictionary(fc.constantFrom(...DENOMINATION_KEYS), fc.integer({ min: 0, max: 10_000 })) as fc.Arbitrary<DrawerCount>;

describe('the drawer count', () => {
  it('adds notes and coins at their face value, in paise', () => {
    expect(countedTotal({})).toBe(0);
    // ₹500 × 3 + ₹200 × 1 + ₹20 notes × 2 + ₹20 coins × 1 + ₹1 × 7 = 1,500 + 200 + 40 + 20 + 7
    expect(countedTotal({ n500: 3, n200: 1, n20: 2, c20: 1, c1: 7 })).toBe(toPaise(1767));
    expect(DENOMINATIONS.map((d) => d.rupees)).toEqual([500, 200, 100, 50, 20, 10, 20, 10, 5, 2, 1]);
  });

  it('is the sum of each denomination counted alone, and grows by a piece’s value for each piece added', () => {
    fc.assert(
      fc.property(count, fc.constantFrom(...DENOMINATIONS), (c, d) => {
        const alone = DENOMINATION_KEYS.reduce((sum, key) => sum + countedTotal({ [key]: c[key] ?? 0 }), 0);
        expect(countedTotal(c)).toBe(alone);
        expect(countedTotal({ ...c, [d.key]: (c[d.key] ?? 0) + 1 }) - countedTotal(c)).toBe(d.rupees * 100);
        expect(Number.isInteger(countedTotal(c))).toBe(true);
      }),
    );
  });
});

describe('expected cash and the over or short', () => {
  it('is the float plus cash sales less cash refunds plus pay-ins less pay-outs', () => {
    const day = { openingFloat: toPaise(2000), cashSales: toPaise(5430.5), cashRefunds: toPaise(120), payIns: toPaise(500), payOuts: toPaise(250.25) };
    expect(expectedCash(day)).toBe(toPaise(7560.25));
    // Counted ₹7,500: short by ₹60.25.
    expect(overShort(toPaise(7500), expectedCash(day))).toBe(-toPaise(60.25));
  });

  it('moves by exactly each figure: a rupee more taken in cash is a rupee more expected, a rupee more paid out one less', () => {
    fc.assert(
      fc.property(session, paise, (s, extra) => {
        const base = expectedCash(s);
        expect(expectedCash({ ...s, cashSales: s.cashSales + extra })).toBe(base + extra);
        expect(expectedCash({ ...s, payIns: s.payIns + extra })).toBe(base + extra);
        expect(expectedCash({ ...s, cashRefunds: s.cashRefunds + extra })).toBe(base - extra);
        expect(expectedCash({ ...s, payOuts: s.payOuts + extra })).toBe(base - extra);
      }),
    );
  });

  it('is zero exactly when the count equals what is expected, and then needs no reason', () => {
    fc.assert(
      fc.property(session, count, (s, c) => {
        const difference = overShort(countedTotal(c), expectedCash(s));
        expect(difference === 0).toBe(countedTotal(c) === expectedCash(s));
        expect(closeProblem(difference, undefined)).toBe(difference === 0 ? undefined : CLOSE_MESSAGES.reasonRequired);
        expect(closeProblem(difference, 'Gave change twice')).toBeUndefined();
      }),
    );
  });

  it('counts a short as short and an over as over in the month, never one against the other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (d) => {
        const share = monthShare(d);
        expect(share.closes).toBe(1);
        expect(share.short).toBeGreaterThanOrEqual(0);
        expect(share.over).toBeGreaterThanOrEqual(0);
        expect(share.over - share.short).toBe(d);
      }),
    );
  });
});

describe('the till forms', () => {
  it('take a till name and float, a pay-out with its reason, and a count of whole pieces', () => {
    expect(openTillBody.parse({ tillName: 'Counter 1', openingFloat: '2000' })).toMatchObject({ tillName: 'Counter 1', openingFloat: 2000 });
    expect(openTillBody.safeParse({ tillName: '', openingFloat: 1 }).success).toBe(false);
    expect(cashMoveBody.safeParse({ kind: 'out', amount: 100, reason: 'Tea' }).success).toBe(false);
    expect(cashMoveBody.safeParse({ kind: 'in', amount: 100, reason: 'Change from the bank', expenseName: 'x' }).success).toBe(false);
    expect(cashMoveBody.parse({ kind: 'out', amount: '45.50', reason: 'Tea for staff', expenseName: 'Tea' })).toMatchObject({ amount: 45.5 });
    expect(closeTillBody.parse({ count: { n500: '4', c1: 3 } }).count).toEqual({ n500: 4, c1: 3 });
    expect(closeTillBody.safeParse({ count: { n500: 1.5 } }).success).toBe(false);
    expect(closeTillBody.safeParse({ count: { n2000: 1 } }).success).toBe(false);
  });
});
