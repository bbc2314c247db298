import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPaise, formatRupees, shopDay } from '../../shared/format.js';

describe('rupee formatting', () => {
  it('groups paise amounts the Indian way with two decimals', () => {
    expect(formatPaise(12_345_650)).toBe('₹1,23,456.50');
    expect(formatPaise(1_000_000_000)).toBe('₹1,00,00,000.00');
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-250_000)).toBe('-₹2,500.00');
  });

  it('formats rupee amounts the same way', () => {
    expect(formatRupees(123_456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(100)).toBe('₹100.00');
    expect(formatRupees(99.999)).toBe('₹100.00');
  });
});

describe('dates', () => {
  it('shows a calendar date as day/month/year without shifting it by time zones', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
  });

  it('shows a timestamp as the shop’s (IST) day, also late in the UTC evening', () => {
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('23/11/2026');
    expect(formatDate(new Date('2026-11-22T10:00:00Z'))).toBe('22/11/2026');
  });

  it('shows date and time in IST', () => {
    expect(formatDateTime('2026-11-22T16:00:00Z')).toBe('22/11/2026, 09:30 pm');
  });

  it('leaves empty and invalid values blank', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('the shop day', () => {
  it('is the IST calendar day of an instant: half past midnight IST is already the next day', () => {
    expect(shopDay(new Date('2026-11-24T18:29:59.999Z'))).toBe('2026-11-24');
    expect(shopDay(new Date('2026-11-24T18:30:00.000Z'))).toBe('2026-11-25');
    expect(shopDay(new Date('2026-12-31T19:00:00.000Z'))).toBe('2027-01-01');
  });

  it('agrees with the time-zone database for Asia/Kolkata at any instant from 1970 to 2100', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (at) => {
        expect(shopDay(at)).toBe(zone.format(at));
      }),
      { numRuns: 2000 },
    );
  });
});
