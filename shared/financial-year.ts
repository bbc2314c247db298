/**
 * The Indian financial year: April to March, named by both calendar years ("FY 2026-27" runs from 1 April 2026 to
 * 31 March 2027). Shops file GST and income tax by it, so yearly figures are offered by it. A financial year is
 * identified by the calendar year it starts in; the day that decides it is the shop day (India's time zone,
 * shared/bill.ts), so a bill at 00:30 IST on 1 April belongs to the new year. The year of a day is the GST
 * module's (shared/gst.ts, which also writes it as invoice numbers do, `26-27`); this module adds what yearly
 * reports need: the label, the months in order and the current year.
 */
import { shopDay } from './bill.js';
import { financialYearDays, financialYearStart } from './gst.js';

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

export function financialYearSpan(startYear: number): FinancialYear {
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = FINANCIAL_YEAR_FIRST_MONTH + i;
    return m > 12 ? { year: startYear + 1, month: m - 12 } : { year: startYear, month: m };
  });
  const { from, to } = financialYearDays(`${startYear}-04-01`);
  return { startYear, label: financialYearLabel(startYear), start: from, end: to, months };
}

/** The financial year the shop is in now (India's time zone). */
export const currentFinancialYear = (now: Date) => financialYearStart(shopDay(now));

