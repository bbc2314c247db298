/**
 * Display formats of the product, shared by the web app and the server (receipts, e-mails, PDFs) so a bill shows
 * the same figures everywhere. Shops are in India: rupees with Indian digit grouping, dates day/month/year in IST.
 */

import { lazy } from './lazy.js';

// Intl formatters are made on first use: the first one a process makes loads ICU's locale and time-zone data (tens
// of milliseconds), which a function's cold start should not pay unless the request formats something.

const rupees = /* @__PURE__ */ lazy(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }));

/** `12345650` paise -> `₹1,23,456.50`. Amounts are stored as integer paise so sums never drift. */
export function formatPaise(paise: number): string {
  return rupees().format(paise / 100);
}

/** `123456.5` rupees -> `₹1,23,456.50`, for values the spec documents in rupees (delivery charge, prices). */
export function formatRupees(amount: number): string {
  return rupees().format(amount);
}

/** `2026-11-22` -> `22_11_2026`, the date in the names of downloaded files (`Purchase_List_22_11_2026.pdf`). */
export const fileDate = (day: string) => day.split('-').reverse().join('_');

const SHOP_TIME_ZONE = 'Asia/Kolkata';
const dayMonthYear = /* @__PURE__ */ lazy(() => new Intl.DateTimeFormat('en-IN', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }));
const dayMonthYearTime = /* @__PURE__ */ lazy(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      timeZone: SHOP_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    }),
);

/** India Standard Time is UTC+05:30 all year (no daylight saving since 1945). */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The shop's calendar day (India) of an instant, `yyyy-mm-dd`: a bill at 00:30 IST belongs to that IST day, also
 * on a server running in UTC. Plain arithmetic on the fixed offset, so no time-zone data is loaded for it.
 */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `2026-11-22` or an ISO timestamp -> `22/11/2026`. A bare date is a calendar day and is never shifted by time
 * zones; a timestamp is shown as the shop's (IST) day, also on a server running in UTC. Empty or invalid -> ''.
 */
export function formatDate(value: string | Date | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dayMonthYear().format(date);
}

/** An ISO timestamp -> `22/11/2026, 09:30 pm` in IST (order and payment times). Empty or invalid -> ''. */
export function formatDateTime(value: string | Date | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dayMonthYearTime().format(date);
}
