import { shopDay } from '../../../shared/bill.js';
import { currentFinancialYear } from '../../../shared/financial-year.js';
import { financialYearStart } from '../../../shared/gst.js';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The shop's current month and year (India). */
export function currentPeriod(now = new Date()) {
  const [year, month] = shopDay(now).split('-').map(Number) as [number, number];
  return { month, year };
}

/** The last `count` financial years, named by the calendar year each starts in, the current one first. */
export const recentFinancialYears = (count: number, now = new Date()) => Array.from({ length: count }, (_, i) => currentFinancialYear(now) - i);

/**
 * A month and year from the address (`?month=3&year=2027`) when its month lies in one of the last `count` financial
 * years (and is not after the current month when `upToNow`), else the current month. Judged by the financial year
 * the month falls in, so January–March of the oldest one are found although their calendar year is a year later than
 * the one it starts in.
 */
export function financialPeriodFrom(params: URLSearchParams, count: number, upToNow: boolean, now = new Date()) {
  const current = currentPeriod(now);
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || year < 1000) return current;
  const startYear = financialYearStart(`${year}-${String(month).padStart(2, '0')}-01`);
  const latest = currentFinancialYear(now);
  const inYears = startYear <= latest && startYear > latest - count;
  const notAhead = !upToNow || year * 100 + month <= current.year * 100 + current.month;
  return inYears && notAhead ? { month, year } : current;
}

/** Month options; in the current year only up to the current month when `upToNow` (the returns report). */
export function monthOptions(year: number, upToNow: boolean, now = new Date()) {
  const current = currentPeriod(now);
  const last = upToNow && year === current.year ? current.month : 12;
  return MONTHS.slice(0, last).map((label, i) => ({ value: String(i + 1), label }));
}

export const percentText = (value: number) => `${value.toFixed(2)}%`;
