import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashSummary, expenseFigures, salesFigures, salesLines } from '../../shared/figures.js';
import {
  balanceOf,
  byMethodGroup,
  modeOfTenders,
  refundByMode,
  refundProblem,
  refundsOfReturns,
  sumTenders,
  TENDER_METHODS,
  tendersOfBill,
  tendersProblem,
  withRest,
  type RefundTender,
  type StoredTenderMethod,
  type Tender,
} from '../../shared/tenders.js';

const method = fc.constantFrom<StoredTenderMethod>(...TENDER_METHODS);
const net = fc.integer({ min: 1, max: 10_000_000 });

/** `net` cut into 1 to 6 parts above zero, each with a method. */
const split = (total: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(total - 1, 1) }), { maxLength: Math.min(5, total - 1) })
    .chain((cuts) => {
      const points = [0, ...cuts.filter((c) => c < total).sort((a, b) => a - b), total];
      const amounts = points.slice(1).map((p, i) => p - points[i]!);
      return fc.tuple(...amounts.map((amount) => method.map((m): Tender => ({ method: m, amount }))));
    });

const billWithTenders = net.chain((total) => split(total).map((tenders) => ({ net: total, tenders })));

describe('tenders of a bill', () => {
  it('parts that add up to the net pay it, to the paisa', () => {
    fc.assert(
      fc.property(billWithTenders, ({ net: total, tenders }) => {
        expect(sumTenders(tenders)).toBe(total);
        expect(tendersProblem(tenders, total)).toBeUndefined();
      }),
    );
  });

  it('parts a paisa short or over are refused, with the balance named', () => {
    fc.assert(
      fc.property(billWithTenders, fc.constantFrom(-1, 1), ({ net: total, tenders }, off) => {
        expect(tendersProblem(tenders, total + off)).toMatch(/add up to/);
      }),
    );
    expect(tendersProblem([{ method: 'cash', amount: 50_000 }], 75_000)).toBe('The payments add up to ₹500.00 but the customer pays ₹750.00. ₹250.00 is still to be paid.');
  });

  it('typed parts with the rest on one method always add up to the net', () => {
    fc.assert(
      fc.property(net, fc.array(fc.tuple(method, fc.integer({ min: 0, max: 1_000_000 })), { maxLength: 4 }), method, (total, typed, rest) => {
        const parts = typed.map(([m, amount]): Tender => ({ method: m, amount }));
        fc.pre(sumTenders(parts) <= total);
        const tenders = withRest(total, parts, rest);
        expect(sumTenders(tenders)).toBe(total);
        expect(balanceOf(total, tenders)).toBe(0);
      }),
    );
  });

  it('a part of zero, or more than six parts, is refused', () => {
    expect(tendersProblem([{ method: 'upi', amount: 0 }, { method: 'cash', amount: 100 }], 100)).toMatch(/UPI payment should be an amount above/);
    expect(tendersProblem(Array.from({ length: 7 }, () => ({ method: 'cash' as const, amount: 1 })), 7)).toMatch(/at most 6 parts/);
  });

  it('the Bill Type is the mode of the larger part, cash on a tie', () => {
    expect(modeOfTenders([{ method: 'cash', amount: 500 }, { method: 'upi', amount: 500 }], 'Online')).toBe('Cash');
    expect(modeOfTenders([{ method: 'cash', amount: 499 }, { method: 'upi', amount: 501 }], 'Cash')).toBe('Online');
    expect(modeOfTenders([], 'Online')).toBe('Online');
  });

  it('a bill from before parts is its Bill Type, whole; a storefront order was paid by Razorpay', () => {
    expect(tendersOfBill({ paymentMode: 'Cash', paid: 12_300 })).toEqual([{ method: 'cash', amount: 12_300 }]);
    expect(tendersOfBill({ paymentMode: 'Online', paid: 12_300 })).toEqual([{ method: 'online', amount: 12_300 }]);
    expect(tendersOfBill({ paymentMode: 'Online', paid: 12_300, orderId: 'ord_1' })).toEqual([{ method: 'razorpay', amount: 12_300 }]);
    expect(tendersOfBill({ paymentMode: 'Cash', paid: 0 })).toEqual([]);
  });

  it('the groups of the figures add up to what was paid, the part on account apart from the money', () => {
    fc.assert(
      fc.property(billWithTenders, ({ net: total, tenders }) => {
        const g = byMethodGroup(tenders);
        expect(g.cash + g.upi + g.card + g.otherOnline + g.account).toBe(total);
        expect(g.account).toBe(tenders.filter((t) => t.method === 'account').reduce((sum, t) => sum + t.amount, 0));
      }),
    );
  });
});

describe('refunds by tender', () => {
  /** A bill, and returns each asking a refund spread over methods at random. */
  const scenario = billWithTenders.chain((bill) =>
    fc.record({
      bill: fc.constant(bill),
      returns: fc.array(
        fc.record({
          refund: fc.integer({ min: 1, max: bill.net }),
          parts: fc.array(fc.tuple(fc.constantFrom<StoredTenderMethod>('cash', ...bill.tenders.map((t) => t.method), 'card'), fc.integer({ min: 1, max: 100 })), {
            minLength: 1,
            maxLength: 3,
          }),
          byMode: fc.option(fc.constantFrom('Cash' as const, 'Online' as const), { nil: undefined }),
        }),
        { maxLength: 6 },
      ),
    }),
  );

  /** Spreads `refund` over the asked methods by the asked weights, the rounding on the last. */
  const spread = (refund: number, parts: [StoredTenderMethod, number][]): RefundTender[] => {
    const weight = parts.reduce((s, [, w]) => s + w, 0);
    const out = parts.map(([m, w]) => ({ method: m, amount: Math.floor((refund * w) / weight) }));
    out[out.length - 1]!.amount += refund - out.reduce((s, t) => s + t.amount, 0);
    return out.filter((t) => t.amount > 0);
  };

  it('no method ever refunds more than it paid, and all refunds never more than the bill', () => {
    fc.assert(
      fc.property(scenario, ({ bill, returns }) => {
        let refunded: RefundTender[] = [];
        for (const r of returns) {
          const left = bill.net - sumTenders(refunded);
          const refund = Math.min(r.refund, left);
          if (refund <= 0) break;
          // A return that chose only its Bill Type of a bill paid online spreads over the bill's own methods.
          const asked = r.byMode ? refundByMode(r.byMode, refund, bill.tenders, refunded) : spread(refund, r.parts);
          if (r.byMode || refundProblem(asked, refund, bill.tenders, refunded) === undefined) refunded = [...refunded, ...asked];
        }
        for (const m of TENDER_METHODS.filter((x) => x !== 'cash')) {
          const paidBy = sumTenders(bill.tenders.filter((t) => t.method === m));
          expect(sumTenders(refunded.filter((t) => t.method === m))).toBeLessThanOrEqual(paidBy);
        }
        expect(sumTenders(refunded)).toBeLessThanOrEqual(bill.net);
      }),
    );
  });

  it('an accepted refund adds up to the return refund, to the paisa', () => {
    fc.assert(
      fc.property(scenario, ({ bill, returns }) => {
        const r = returns[0];
        fc.pre(r !== undefined);
        const asked = spread(r.refund, r.parts);
        if (refundProblem(asked, r.refund, bill.tenders, []) === undefined) expect(sumTenders(asked)).toBe(r.refund);
        expect(refundProblem(asked, r.refund + 1, bill.tenders, [])).toMatch(/add up to/);
      }),
    );
  });

  it('names the method that cannot refund so much, and one the bill was not paid by', () => {
    const paid: Tender[] = [{ method: 'cash', amount: 50_000 }, { method: 'upi', amount: 25_000 }];
    expect(refundProblem([{ method: 'upi', amount: 30_000 }], 30_000, paid, [])).toBe('UPI can refund at most ₹250.00 of this bill; refund the rest in cash.');
    expect(refundProblem([{ method: 'upi', amount: 20_000 }], 20_000, paid, [{ method: 'upi', amount: 10_000 }])).toMatch(/at most ₹150.00/);
    expect(refundProblem([{ method: 'card', amount: 100 }], 100, paid, [])).toMatch(/not paid by Card/);
    expect(refundProblem([{ method: 'cash', amount: 70_000 }], 70_000, paid, [])).toBeUndefined();
  });

  it('returns from before parts refund by their Bill Type', () => {
    const paid: Tender[] = [{ method: 'cash', amount: 100 }, { method: 'upi', amount: 300 }];
    expect(refundsOfReturns(paid, [{ paymentMode: 'Online', refund: 200 }, { paymentMode: 'Online', refund: 150 }, { paymentMode: 'Cash', refund: 50 }])).toEqual([
      { method: 'upi', amount: 200 },
      { method: 'upi', amount: 100 },
      { method: 'online', amount: 50 },
      { method: 'cash', amount: 50 },
    ]);
  });
});

describe('figures by method (shared/figures.ts)', () => {
  it('splits sold, returns and net sold into cash, UPI, card and other online, adding up to the modes', () => {
    const f = salesFigures([
      { cashSold: 10_000, onlineSold: 44_000, upiSold: 30_000, cardSold: 4_000, cashReturns: 500, onlineReturns: 2_000, upiReturns: 2_000 },
      { onlineSold: 1_000 },
    ]);
    expect(f.byMethod).toEqual({
      sold: { cash: 10_000, upi: 30_000, card: 4_000, otherOnline: 11_000, total: 55_000 },
      returns: { cash: 500, upi: 2_000, card: 0, otherOnline: 0, total: 2_500 },
      netSold: { cash: 9_500, upi: 28_000, card: 4_000, otherOnline: 11_000, total: 52_500 },
    });
    expect(salesLines(f)[3]).toBe(
      'By method: Sold cash ₹100.00, UPI ₹300.00, card ₹40.00, other online ₹110.00 · Returns cash ₹5.00, UPI ₹20.00, card ₹0.00, other online ₹0.00 · Net sold cash ₹95.00, UPI ₹280.00, card ₹40.00, other online ₹110.00',
    );
    // Cash in hand stays cash only.
    expect(cashSummary(f, expenseFigures(0, 0)).cash.inHand).toBe(9_500);
  });

  it('days without UPI or card have no split, and their lines are as before', () => {
    const f = salesFigures([{ cashSold: 10_000, onlineSold: 1_000 }]);
    expect(f.byMethod).toBeUndefined();
    expect(salesLines(f)).toHaveLength(3);
  });
});
