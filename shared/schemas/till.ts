import * as z from 'zod';
import { lazySchema } from '../lazy.js';
import { DENOMINATION_KEYS, MAX_PIECES, MIN_REASON, type DenominationKey } from '../till.js';
import { idempotencyKey, rupees } from './purchase.js';

/**
 * Till sessions and the day's close (docs/point-of-sale.md, "The day's close"). Amounts travel in rupees, counts of
 * notes and coins as whole pieces; the table keeps paise.
 */
export const TILL_NAME_MESSAGE = 'Enter the till’s name or number (1 to 30 letters, digits, spaces, - or /).';

const tillName = lazySchema(() => z
  .string({ error: TILL_NAME_MESSAGE })
  .trim()
  .regex(/^[\w ./-]{1,30}$/, TILL_NAME_MESSAGE));

const reason = (what: string) =>
  z
    .string({ error: `${what} is required (at least ${MIN_REASON} characters).` })
    .trim()
    .min(MIN_REASON, `${what} is required (at least ${MIN_REASON} characters).`)
    .max(200, `${what} can be at most 200 characters.`);

/**
 * Opening a till: its name and the float put in the drawer. `key` makes a repeat harmless: a session opened offline
 * is sent again when the network returns, and a repeat answers the session the first send opened. `openedAt` is when
 * the till was opened on the device (a session opened offline keeps its time).
 */
export const openTillBody = lazySchema(() => z.object({
  tillName,
  openingFloat: rupees('The opening float'),
  key: idempotencyKey.optional(),
  openedAt: z.iso.datetime({ error: 'Enter a valid time' }).optional(),
}));
export type OpenTillBody = z.output<typeof openTillBody>;

/**
 * Cash put into the drawer (`in`: change brought from the bank) or taken out (`out`: petty cash) during the day,
 * with its reason. A pay-out may be recorded as an expense paid in cash at the same time (`expenseName`).
 */
export const cashMoveBody = lazySchema(() => z.object({
  kind: z.enum(['in', 'out'], { error: 'Choose Pay-in or Pay-out.' }),
  amount: rupees('The amount').refine((v) => v > 0, 'The amount should be more than ₹0.'),
  reason: reason('Reason'),
  expenseName: z.string().trim().min(1).max(100, 'Expense Name can be at most 100 characters.').optional(),
}).refine((m) => m.kind === 'out' || m.expenseName === undefined, { message: 'Only a pay-out can be an expense.', path: ['expenseName'] }));
export type CashMoveBody = z.output<typeof cashMoveBody>;

const pieces = lazySchema(() => z.coerce
  .number({ error: 'Enter how many, as a whole number.' })
  .int('Enter how many, as a whole number.')
  .min(0, 'A count cannot be negative.')
  .max(MAX_PIECES, 'That count is too large.'));

/** How many of each note and coin are in the drawer; a denomination left out is none. */
export const drawerCount = lazySchema(() => z.partialRecord(z.enum(DENOMINATION_KEYS as [DenominationKey, ...DenominationKey[]]), pieces));

/**
 * Closing a session: the drawer as counted and, when it is over or short, why. `version` is the session as read on
 * the close screen: a bill saved since then moves the expected cash, and the close is refused to be looked at again.
 */
export const closeTillBody = lazySchema(() => z.object({
  count: drawerCount,
  reason: z.string().trim().max(200, 'Reason can be at most 200 characters.').optional(),
  version: z.number().int().min(1).optional(),
}));
export type CloseTillBody = z.output<typeof closeTillBody>;

/** The owner reopening a close: why. */
export const reopenTillBody = lazySchema(() => z.object({ reason: reason('Reason') }));

export const tillSessionParams = lazySchema(() => z.object({ id: z.string().regex(/^[\w-]{1,40}$/, 'Enter a valid till session.') }));

/** The close's print: A4 or the 80 mm roll. */
export const tillPrintQuery = lazySchema(() => z.object({ size: z.enum(['a4', 'roll']).default('a4') }));

export type { TillSession, TillMove, TillMonth } from './till-answers.js';
export type { tillSession, tillMonth, tillMove } from './till-answers.js';
