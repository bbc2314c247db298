/**
 * The Indian financial year: April to March, named by both calendar years ("FY 2026-27" runs from 1 April 2026 to
 * 31 March 2027). Shops file GST and income tax by it, so yearly figures are offered by it. A financial year is
 * identified by the calendar year it starts in; the day that decides it is the shop day (India's time zone,
 * shared/bill.ts), so a bill at 00:30 IST on 1 April belongs to the new year.
 */
import { shopDay } from './bill.js';

/** The month a financial year starts with (April). */
export const FINANCIAL_YEAR_FIRST_MONTH = 4;

export interface FinancialYear {
  /** The calendar year it starts in: 2026 for FY 2026-27. */
  startYear: number;
  /** `FY 2026-27` */
  label: string;
  /** First and last day, `yyyy-mm-dd`. */
  start: string;
  end: string;
  /** Its twelve months in order, April first, as `{ year, month }`. */
  months: { year: number; month: number }[];
}

/** `FY 2026-27` for the year starting in April 2026. */
export const financialYearLabel = (startYear: number) => `FY ${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

export function financialYear(startYear: number): FinancialYear {
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = FINANCIAL_YEAR_FIRST_MONTH + i;
    return m > 12 ? { year: startYear + 1, month: m - 12 } : { year: startYear, month: m };
  });
  return { startYear, label: financialYearLabel(startYear), start: `${startYear}-04-01`, end: `${startYear + 1}-03-31`, months };
}

/** The financial year (its start year) a calendar month belongs to: January–March belong to the year before. */
export const financialYearOfMonth = (year: number, month: number) => (month >= FINANCIAL_YEAR_FIRST_MONTH ? year : year - 1);

/** The financial year (its start year) of a shop day `yyyy-mm-dd`. */
export const financialYearOfDay = (day: string) => financialYearOfMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)));

/** The financial year the shop is in now (India's time zone). */
export const currentFinancialYear = (now: Date) => financialYearOfDay(shopDay(now));

/** The calendar year a month of a financial year falls in: April–December the start year, January–March the next. */
export const calendarYearOf = (startYear: number, month: number) => (month >= FINANCIAL_YEAR_FIRST_MONTH ? startYear : startYear + 1);
