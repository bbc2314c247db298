/**
 * The day's close of a till (docs/point-of-sale.md, "The day's close"). A cashier opens a till session with the
 * opening float; the session's cash moves with every bill and return made by its cashier while it is open, and with
 * the pay-ins and pay-outs entered during the day; at close the cashier counts the drawer by denomination and the
 * difference between counted and expected is the over (above zero) or short (below zero). Amounts are paise
 * (shared/money.ts); the screens and the server compute with these same functions.
 */
import type { Paise } from './money.js';

/**
 * The notes and coins a drawer is counted in: the Reserve Bank's notes in everyday use (the ₹2000 note was withdrawn
 * from circulation in 2023 and is not taken at the counter) and the coins of ₹1 to ₹20. Each has a key the count is
 * sent and stored under.
 */
export const DENOMINATIONS = [
  { key: 'n500', rupees: 500, kind: 'note' },
  { key: 'n200', rupees: 200, kind: 'note' },
  { key: 'n100', rupees: 100, kind: 'note' },
  { key: 'n50', rupees: 50, kind: 'note' },
  { key: 'n20', rupees: 20, kind: 'note' },
  { key: 'n10', rupees: 10, kind: 'note' },
  { key: 'c20', rupees: 20, kind: 'coin' },
  { key: 'c10', rupees: 10, kind: 'coin' },
  { key: 'c5', rupees: 5, kind: 'coin' },
  { key: 'c2', rupees: 2, kind: 'coin' },
  { key: 'c1', rupees: 1, kind: 'coin' },
] as const;

export type DenominationKey = (typeof DENOMINATIONS)[number]['key'];
export const DENOMINATION_KEYS = DENOMINATIONS.map((d) => d.key) as DenominationKey[];
/** How many pieces of one denomination a count may hold: far beyond any drawer, short of a typing slip's millions. */
export const MAX_PIECES = 100_000;

/** How many of each note and coin were counted; a denomination not counted is none. */
export type DrawerCount = Partial<Record<DenominationKey, number>>;

export const denominationLabel = (d: (typeof DENOMINATIONS)[number]) => `₹${d.rupees} ${d.kind === 'note' ? 'notes' : 'coins'}`;

/** What a count of the drawer adds up to, in paise. */
export function countedTotal(count: DrawerCount): Paise {
  return DENOMINATIONS.reduce((sum, d) => sum + (count[d.key] ?? 0) * d.rupees * 100, 0);
}

/** What moved a session's cash and takings: every figure paise, kept by atomic additions as bills and moves are saved. */
export interface SessionMoney {
  openingFloat: Paise;
  /** Cash tenders of the session's bills (an edit moves it by the difference). */
  cashSales: Paise;
  /** Cash refunded from the drawer on returns made during the session. */
  cashRefunds: Paise;
  payIns: Paise;
  payOuts: Paise;
}

/** The cash that should be in the drawer: the float, plus cash taken, less cash refunded, plus pay-ins, less pay-outs. */
export const expectedCash = (m: SessionMoney): Paise => m.openingFloat + m.cashSales - m.cashRefunds + m.payIns - m.payOuts;

/** Counted less expected: above zero the drawer is over, below zero short. */
export const overShort = (counted: Paise, expected: Paise): Paise => counted - expected;

export const CLOSE_MESSAGES = {
  reasonRequired: 'The drawer is not what was expected: say why in Reason (at least 5 characters).',
  alreadyOpen: (tillName: string, cashier: string) => `Till ${tillName} is already open (by ${cashier}). Close it before opening it again.`,
  cashierHasOpen: (tillName: string) => `You already have till ${tillName} open. Close it before opening another.`,
  notOpen: 'This till session is not open: it was closed. Ask the owner to reopen it if the close was wrong.',
  notYours: 'This till session belongs to another cashier.',
  notFound: 'Till session not found.',
  notClosed: 'Only a closed till session can be reopened.',
  closedDuringBill: 'Your till was closed while this was being saved. Open the till again and save it once more.',
  payOutTooLarge: 'A pay-out cannot take more cash than the drawer should hold.',
  offlineWaiting: (count: number) => `${count} bill${count === 1 ? ' is' : 's are'} still waiting on this device to be sent. Send them before closing the till.`,
} as const;

/** The shortest reason an over or short, a pay-in or pay-out, and a reopen take. */
export const MIN_REASON = 5;

/**
 * Why a close with this difference and reason cannot be recorded, or undefined when it can: a drawer that is over
 * or short needs a reason.
 */
export function closeProblem(difference: Paise, reason: string | undefined): string | undefined {
  if (difference !== 0 && (reason ?? '').trim().length < MIN_REASON) return CLOSE_MESSAGES.reasonRequired;
  return undefined;
}

/** A month's totals of one cashier's closes: how many, and the sums of their shorts and overs (both paise, ≥ 0). */
export interface CashierMonth {
  cashier: string;
  closes: number;
  short: Paise;
  over: Paise;
}

/** How one close counts in its cashier's month: a short counts as short, an over as over, never one against the other. */
export const monthShare = (difference: Paise): Pick<CashierMonth, 'closes' | 'short' | 'over'> => ({
  closes: 1,
  short: difference < 0 ? -difference : 0,
  over: difference > 0 ? difference : 0,
});
