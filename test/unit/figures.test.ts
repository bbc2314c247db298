import { describe, expect, it } from 'vitest';
import { cashSummary, dayModeRows, expenseFigures, profitOf, refundBookedOn, returnPercentage, salesFigures, salesLines } from '../../shared/figures.js';
import { currentFinancialYear, financialYearLabel, financialYearSpan } from '../../shared/financial-year.js';

const rupees = (r: number) => r * 100;

// A month of one shop: on the 24th cash bills of ₹12,161 and online bills of ₹7,671 (goods ₹19,933, of which ₹101
// paid with points), 20 units costing ₹12,000; on the 25th one unit (cost ₹500) of a cash bill comes back for a cash
// refund of ₹854. Expenses: ₹2,450 in cash and ₹15,000 online.
const sale = {
  date: '2026-11-24',
  bills: 5,
  cashBills: 3,
  onlineBills: 2,
  soldQuantity: 20,
  net: rupees(19_933),
  redeemed: rupees(101),
  cashSold: rupees(12_161),
  onlineSold: rupees(7_671),
  cashCost: rupees(7_000),
  onlineCost: rupees(5_000),
  soldReturnedQuantity: 1,
};
const refund = { date: '2026-11-25', returnCount: 1, returnedQuantity: 1, returnedValue: rupees(854), returnedCost: rupees(500), cashReturns: rupees(854) };

describe('sales figures', () => {
  const f = salesFigures([sale, refund]);

  it('counts money received as sold, points redeemed as a deduction from the goods, and refunds as returns', () => {
    expect(f.goodsBilled).toBe(rupees(19_933));
    expect(f.pointsRedeemed).toBe(rupees(101));
    expect(f.sold).toEqual({ cash: rupees(12_161), online: rupees(7_671), total: rupees(19_832) });
    expect(f.returns).toEqual({ cash: rupees(854), online: 0, total: rupees(854) });
    expect(f.netSold).toEqual({ cash: rupees(11_307), online: rupees(7_671), total: rupees(18_978) });
    expect(f.units).toEqual({ sold: 20, returned: 1, net: 19 });
    expect(f.cost).toEqual({ billed: rupees(12_000), returned: rupees(500), net: rupees(11_500) });
    expect(f.bills).toEqual({ cash: 3, online: 2, total: 5 });
    expect(f.returnCount).toBe(1);
    expect(f.returnedGoods).toBe(rupees(854));
  });

  it('books a refund on the day of the refund, not on the day of the bill', () => {
    expect(salesFigures([sale]).returns.total).toBe(0);
    expect(salesFigures([sale]).sold.total).toBe(rupees(19_832));
    expect(salesFigures([refund]).returns.total).toBe(rupees(854));
    expect(salesFigures([refund]).netSold.total).toBe(-rupees(854));
    expect(refundBookedOn(new Date('2026-11-24T19:00:00Z'))).toBe('2026-11-25');
    expect(refundBookedOn(new Date('2026-11-24T18:29:59Z'))).toBe('2026-11-24');
  });

  it('reads days with counters never written as zero', () => {
    const none = salesFigures([{}, { cashSold: 500 }]);
    expect(none.sold).toEqual({ cash: 500, online: 0, total: 500 });
    expect(none.units.net).toBe(0);
    expect(salesFigures([]).netSold.total).toBe(0);
  });

  it('keeps cash in hand apart from online money', () => {
    const c = cashSummary(f, expenseFigures(rupees(2_450), rupees(15_000)));
    expect(c.cash).toEqual({ takings: rupees(12_161), refunds: rupees(854), expenses: rupees(2_450), inHand: rupees(8_857) });
    expect(c.online).toEqual({ takings: rupees(7_671), refunds: 0, expenses: rupees(15_000), balance: -rupees(7_329) });
  });

  it('takes profit as net sold less net cost less expenses', () => {
    expect(profitOf(f, rupees(17_450))).toMatchObject({ onAccount: 0, writtenOff: 0, sold: rupees(18_978), bought: rupees(11_500), expense: rupees(17_450), profit: -rupees(9_972) });
  });

  it('gives the return percentage as returns × 100 / cost to two decimals', () => {
    expect(returnPercentage(rupees(854), rupees(12_000))).toBe(7.12);
    expect(returnPercentage(100, 0)).toBe(0);
  });

  it('gives a day one row per payment mode with bills or refunds, cash first', () => {
    expect(dayModeRows(sale)).toEqual([
      { date: '2026-11-24', paymentMode: 'Cash', bills: 3, sold: rupees(12_161), cost: rupees(7_000), returns: 0 },
      { date: '2026-11-24', paymentMode: 'Online', bills: 2, sold: rupees(7_671), cost: rupees(5_000), returns: 0 },
    ]);
    expect(dayModeRows(refund)).toEqual([{ date: '2026-11-25', paymentMode: 'Cash', bills: 0, sold: 0, cost: 0, returns: rupees(854) }]);
  });

  it('words gross, deductions and net in one line each', () => {
    expect(salesLines(f)).toEqual([
      'Goods billed ₹19,933.00 − points redeemed ₹101.00 = Sold ₹19,832.00 (cash ₹12,161.00, online ₹7,671.00)',
      'Sold ₹19,832.00 − Returns ₹854.00 (refunds booked on the day of the return) = Net sold ₹18,978.00',
      'Units sold 20 − returned 1 = net 19 · Cost ₹12,000.00 − returned ₹500.00 = net cost ₹11,500.00',
    ]);
  });

  it('counts a storefront order\'s delivery charge as sold, apart from the goods billed', () => {
    // An online order: goods ₹450.00 and delivery ₹100.00, paid ₹550.00.
    const order = { date: '2026-11-26', bills: 1, onlineBills: 1, soldQuantity: 3, net: rupees(450), delivery: rupees(100), onlineSold: rupees(550), onlineCost: rupees(300) };
    const g = salesFigures([order]);
    expect(g).toMatchObject({ goodsBilled: rupees(450), deliveryCharges: rupees(100), sold: { online: rupees(550), total: rupees(550) }, units: { sold: 3 } });
    expect(salesLines(g)[0]).toBe('Goods billed ₹450.00 + delivery charges ₹100.00 − points redeemed ₹0.00 = Sold ₹550.00 (cash ₹0.00, online ₹550.00)');
    expect(salesFigures([sale]).deliveryCharges).toBe(0);
  });
});

describe('Indian financial year', () => {
  it('runs April to March and is named by both years', () => {
    const fy = financialYearSpan(2026);
    expect(fy.label).toBe('FY 2026-27');
    expect([fy.start, fy.end]).toEqual(['2026-04-01', '2027-03-31']);
    expect(fy.months[0]).toEqual({ year: 2026, month: 4 });
    expect(fy.months[8]).toEqual({ year: 2026, month: 12 });
    expect(fy.months[9]).toEqual({ year: 2027, month: 1 });
    expect(fy.months[11]).toEqual({ year: 2027, month: 3 });
    expect(financialYearLabel(2099)).toBe('FY 2099-00');
  });

  it("decides by the shop's day in India", () => {
    // 31 March 2027, 18:45 UTC is already 1 April 00:15 in India.
    expect(currentFinancialYear(new Date('2027-03-31T18:45:00Z'))).toBe(2027);
    expect(currentFinancialYear(new Date('2027-03-31T18:15:00Z'))).toBe(2026);
  });
});

describe('customer credit in the figures', () => {
  // ₹1,000 sold for cash, ₹600 on account, ₹100 of it returned to the account, ₹300 of old dues paid (₹200 in cash).
  const day = { bills: 2, cashBills: 2, net: 160_000, cashSold: 100_000, onlineSold: 0, cashCost: 120_000, accountSold: 60_000, accountReturns: 10_000, duesCollected: 30_000, duesCash: 20_000 };

  it('counts goods sold on account as sold in the profit but in no takings, and dues paid as takings but no sale', () => {
    const f = salesFigures([day]);
    expect(f.sold.total).toBe(100_000);
    expect(f.onAccount).toEqual({
      sold: 60_000,
      returns: 10_000,
      net: 50_000,
      duesCollected: 30_000,
      duesCash: 20_000,
      dues: { cash: 20_000, upi: 0, card: 0, otherOnline: 10_000, total: 30_000 },
      writtenOff: 0,
    });
    expect(profitOf(f, 0)).toEqual({ netSold: 100_000, onAccount: 50_000, sold: 150_000, bought: 120_000, expense: 0, writtenOff: 0, profit: 30_000 });
    const cash = cashSummary(f, expenseFigures(5_000, 0));
    expect(cash.cash).toEqual({ takings: 120_000, refunds: 0, expenses: 5_000, inHand: 115_000, dues: 20_000 });
    expect(cash.online).toEqual({ takings: 10_000, refunds: 0, expenses: 0, balance: 10_000, dues: 10_000 });
    expect(salesLines(f).slice(-2)).toEqual([
      'New credit given (sold on account, no money received) ₹600.00 − credited back by returns ₹100.00 = Net sold on account ₹500.00: in the profit, in no takings',
      'Dues collected ₹300.00 (cash ₹200.00, UPI ₹0.00, card ₹0.00, other online ₹100.00): takings, not in Sold',
    ]);
  });

  it('splits the dues collected by method and takes dues written off off the profit, never off the takings', () => {
    const later = { duesCollected: 25_000, duesCash: 5_000, duesUpi: 15_000, duesCard: 4_000, duesWrittenOff: 7_000 };
    const f = salesFigures([day, later]);
    expect(f.onAccount?.dues).toEqual({ cash: 25_000, upi: 15_000, card: 4_000, otherOnline: 11_000, total: 55_000 });
    expect(profitOf(f, 1_000)).toMatchObject({ sold: 150_000, writtenOff: 7_000, profit: 150_000 - 120_000 - 1_000 - 7_000 });
    expect(cashSummary(f, expenseFigures(0, 0)).cash.inHand).toBe(100_000 + 25_000);
    expect(salesLines(f).at(-1)).toBe('Dues written off ₹70.00: taken off the profit, no money moved');
    // Days add up to the period: the figures of the two days together are those of each day summed.
    const one = salesFigures([day]).onAccount!;
    const two = salesFigures([later]).onAccount!;
    expect(f.onAccount).toEqual({
      sold: one.sold + two.sold,
      returns: one.returns + two.returns,
      net: one.net + two.net,
      duesCollected: one.duesCollected + two.duesCollected,
      duesCash: one.duesCash + two.duesCash,
      dues: { cash: one.dues.cash + two.dues.cash, upi: one.dues.upi + two.dues.upi, card: one.dues.card + two.dues.card, otherOnline: one.dues.otherOnline + two.dues.otherOnline, total: one.dues.total + two.dues.total },
      writtenOff: one.writtenOff + two.writtenOff,
    });
  });

  it('leaves the figures of a shop without credit as they were', () => {
    expect(salesFigures([{ cashSold: 100, cashCost: 50, bills: 1, cashBills: 1 }]).onAccount).toBeUndefined();
  });
});
