import { shopDay } from '../../../../../shared/bill.js';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The shop's current month and year (India). */
export function currentPeriod(now = new Date()) {
  const [year, month] = shopDay(now).split('-').map(Number) as [number, number];
  return { month, year };
}

/** The year select: this year first, then the `count − 1` before it (spec 3 section 9). */
export const recentYears = (count: number, now = new Date()) => Array.from({ length: count }, (_, i) => currentPeriod(now).year - i);

/** Month options; in the current year only up to the current month when `upToNow` (the returns report). */
export function monthOptions(year: number, upToNow: boolean, now = new Date()) {
  const current = currentPeriod(now);
  const last = upToNow && year === current.year ? current.month : 12;
  return MONTHS.slice(0, last).map((label, i) => ({ value: String(i + 1), label }));
}

/** A month and year from the address (`?month=3&year=2026`), else the current ones; out-of-range values fall back. */
export function periodFrom(params: URLSearchParams, years: number[], upToNow: boolean, now = new Date()) {
  const current = currentPeriod(now);
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const y = years.includes(year) ? year : current.year;
  const lastMonth = upToNow && y === current.year ? current.month : 12;
  const m = Number.isInteger(month) && month >= 1 && month <= lastMonth ? month : Math.min(current.month, lastMonth);
  return { month: m, year: y };
}

export const percentText = (value: number) => `${value.toFixed(2)}%`;
