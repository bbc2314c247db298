/**
 * Leave day counting (spec 3 sections 5 and 9), shared by the leave form and the server, which recomputes every
 * request with the same function and refuses one whose day count differs. Dates are calendar days written
 * `yyyy-mm-dd`; they are handled as UTC midnights so no time zone can shift them.
 */
import { shopDay } from './format.js';
import { LEAVE_MESSAGES } from './schemas/leave-messages.js';

const DAY_MS = 86_400_000;

/** The longest leave, first to last day: a year, so every leave falls into a bounded window of the calendar. */
export const MAX_LEAVE_SPAN_DAYS = 366;

/** The shop's calendar day (India) at an instant, as `yyyy-mm-dd`; a server in UTC still starts the day at IST midnight. */
export const indiaToday: (now: Date) => string = shopDay;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * DAY_MS);
}

/** Calendar days from `start` to `end`, both included (1 for a single day). */
export function spanDays(start: string, end: string): number {
  return Math.round((toTime(end) - toTime(start)) / DAY_MS) + 1;
}

export function isWeekend(date: string): boolean {
  const day = new Date(toTime(date)).getUTCDay();
  return day === 0 || day === 6;
}

export interface LeaveDayCount {
  /** Working days the leave takes from the balance. */
  days: number;
  /** Saturdays and Sundays in the range. */
  weekendDays: number;
  /** Holidays on working days in the range, which the leave does not count (a holiday on a weekend is a weekend). */
  excludedHolidays: string[];
}

/** Counts the leave days from `start` to `end` (both included), leaving out weekends and the given holidays. */
export function countLeaveDays(start: string, end: string, holidays: Iterable<string>): LeaveDayCount {
  const holidaySet = new Set(holidays);
  const count: LeaveDayCount = { days: 0, weekendDays: 0, excludedHolidays: [] };
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (isWeekend(date)) count.weekendDays += 1;
    else if (holidaySet.has(date)) count.excludedHolidays.push(date);
    else count.days += 1;
  }
  return count;
}

/**
 * Checks a leave's dates in the order the form shows the messages, and counts its days. Answers the spec's message
 * for the first problem, or the count. `today` is the shop's day (`indiaToday`).
 */
export function checkLeaveDates(
  start: string,
  end: string,
  today: string,
  holidays: Iterable<string>,
): { problem: string } | { count: LeaveDayCount } {
  if (start < today) return { problem: LEAVE_MESSAGES.pastStart };
  if (end < start) return { problem: LEAVE_MESSAGES.endBeforeStart };
  if (spanDays(start, end) > MAX_LEAVE_SPAN_DAYS) return { problem: LEAVE_MESSAGES.tooLong };
  const holidaySet = new Set(holidays);
  if (holidaySet.has(start) || holidaySet.has(end)) return { problem: LEAVE_MESSAGES.holiday };
  const count = countLeaveDays(start, end, holidaySet);
  if (count.days === 0) return { problem: LEAVE_MESSAGES.nothingToApply };
  return { count };
}

/** The information line the form shows when holidays were left out ('Excluded 2 Public Holidays!!!'). */
export function excludedHolidaysNote(count: LeaveDayCount): string | undefined {
  return count.excludedHolidays.length ? LEAVE_MESSAGES.excludedHolidays(count.excludedHolidays.length) : undefined;
}

/** Whether two leaves share a day. */
export function rangesOverlap(a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}
