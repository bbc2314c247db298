import { describe, expect, it } from 'vitest';
import { addDays, checkLeaveDates, countLeaveDays, excludedHolidaysNote, indiaToday, isWeekend, spanDays } from '../../shared/leave-days.js';
import { isIsoDate, LEAVE_MESSAGES } from '../../shared/schemas/leave.js';

// 2026-11-23 is a Monday.
const MON = '2026-11-23';

describe('leave day counting', () => {
  it('counts a working week as five days', () => {
    expect(countLeaveDays(MON, '2026-11-27', [])).toEqual({ days: 5, weekendDays: 0, excludedHolidays: [] });
  });

  it('leaves out Saturday and Sunday when a leave runs across a weekend', () => {
    expect(countLeaveDays('2026-11-26', '2026-12-01', [])).toEqual({ days: 4, weekendDays: 2, excludedHolidays: [] });
  });

  it('counts two whole weeks as ten days', () => {
    expect(countLeaveDays(MON, '2026-12-06', []).days).toBe(10);
  });

  it('leaves out holidays on working days and reports them', () => {
    const count = countLeaveDays('2026-12-21', '2026-12-31', ['2026-12-25', '2026-12-31']);
    expect(count).toEqual({ days: 7, weekendDays: 2, excludedHolidays: ['2026-12-25', '2026-12-31'] });
    expect(excludedHolidaysNote(count)).toBe('Excluded 2 Public Holidays!!!');
  });

  it('treats a holiday on a weekend as a weekend, not as an excluded holiday', () => {
    // Independence Day 2026 is a Saturday.
    const count = countLeaveDays('2026-08-14', '2026-08-17', ['2026-08-15']);
    expect(count).toEqual({ days: 2, weekendDays: 2, excludedHolidays: [] });
    expect(excludedHolidaysNote(count)).toBeUndefined();
  });

  it('counts a single working day as one and a weekend alone as none', () => {
    expect(countLeaveDays(MON, MON, []).days).toBe(1);
    expect(countLeaveDays('2026-11-28', '2026-11-29', []).days).toBe(0);
  });

  it('crosses month, year and leap-day boundaries by the calendar', () => {
    expect(countLeaveDays('2027-12-30', '2028-01-04', []).days).toBe(4);
    expect(countLeaveDays('2028-02-28', '2028-03-01', []).days).toBe(3);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(spanDays('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('knows the weekend days', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(isWeekend)).toEqual([false, true, true, false]);
  });
});

describe('leave date checks', () => {
  const today = '2026-11-22';

  it.each([
    ['a start before today', '2026-11-20', '2026-11-24', LEAVE_MESSAGES.pastStart],
    ['an end before the start', '2026-11-25', '2026-11-24', LEAVE_MESSAGES.endBeforeStart],
    ['a start on a holiday', '2026-12-25', '2026-12-28', LEAVE_MESSAGES.holiday],
    ['an end on a holiday', '2026-12-23', '2026-12-25', LEAVE_MESSAGES.holiday],
    ['only a weekend', '2026-11-28', '2026-11-29', LEAVE_MESSAGES.nothingToApply],
    ['more than a year', '2026-11-23', '2027-11-24', LEAVE_MESSAGES.tooLong],
  ])('refuses %s with the form message', (_, start, end, message) => {
    expect(checkLeaveDates(start, end, today, ['2026-12-25'])).toEqual({ problem: message });
  });

  it('refuses a weekend whose only working day is a holiday', () => {
    expect(checkLeaveDates('2026-12-26', '2026-12-28', today, ['2026-12-28'])).toEqual({ problem: LEAVE_MESSAGES.holiday });
    expect(checkLeaveDates('2027-01-23', '2027-01-27', today, ['2027-01-25', '2027-01-26'])).toEqual({ count: { days: 1, weekendDays: 2, excludedHolidays: ['2027-01-25', '2027-01-26'] } });
  });

  it('accepts a leave starting today and counts it', () => {
    expect(checkLeaveDates('2026-11-23', '2026-11-24', '2026-11-23', [])).toEqual({ count: { days: 2, weekendDays: 0, excludedHolidays: [] } });
  });
});

describe('the shop day', () => {
  it('starts at midnight in India, not in UTC', () => {
    expect(indiaToday(new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-22');
    expect(indiaToday(new Date('2026-11-22T18:31:00Z'))).toBe('2026-11-23');
  });

  it('accepts only real calendar dates', () => {
    expect(['2026-02-28', '2028-02-29', '2026-02-29', '2026-13-01', '26-1-1', ''].map(isIsoDate)).toEqual([true, true, false, false, false, false]);
  });
});
