import { describe, expect, it } from 'vitest';
import { financialPeriodFrom, recentFinancialYears } from './period.js';

const address = (month: number, year: number) => new URLSearchParams({ month: String(month), year: String(year) });

describe('a month chosen by financial year', () => {
  // 10 February 2027, noon in India: the current financial year is FY 2026-27, the tenth back FY 2017-18.
  const february2027 = new Date('2027-02-10T06:30:00Z');

  it('offers the last financial years, the current one first, also in January–March', () => {
    expect(recentFinancialYears(10, february2027)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
    expect(recentFinancialYears(3, new Date('2026-11-25T06:30:00Z'))).toEqual([2026, 2025, 2024]);
  });

  it('keeps a month of the oldest financial year although its calendar year is older than the last ten calendar years', () => {
    expect(financialPeriodFrom(address(5, 2017), 10, true, february2027)).toEqual({ month: 5, year: 2017 });
    expect(financialPeriodFrom(address(1, 2018), 10, true, february2027)).toEqual({ month: 1, year: 2018 });
  });

  it('falls back to the current month outside the years offered, after the current month, or for nonsense', () => {
    const current = { month: 2, year: 2027 };
    expect(financialPeriodFrom(address(3, 2017), 10, true, february2027)).toEqual(current);
    expect(financialPeriodFrom(address(3, 2027), 10, true, february2027)).toEqual(current);
    expect(financialPeriodFrom(address(4, 2027), 10, false, february2027)).toEqual(current);
    expect(financialPeriodFrom(new URLSearchParams('month=13&year=2026'), 10, true, february2027)).toEqual(current);
    expect(financialPeriodFrom(new URLSearchParams(), 10, true, february2027)).toEqual(current);
  });

  it('offers the rest of the current financial year where the future may be chosen', () => {
    expect(financialPeriodFrom(address(3, 2027), 10, false, february2027)).toEqual({ month: 3, year: 2027 });
  });
});
