/**
 * The credit limit of a customer's account (docs/customer-credit.md): one check and one message for the server's
 * bill, the server's look at a bill made offline and the till's look at its own copy of the account while offline.
 * Amounts are paise (shared/money.ts).
 */
import { formatPaise } from './format.js';
import type { Paise } from './money.js';

/** Whether `adds` more on account takes the account past its limit (up to the limit exactly is within it). */
export const passesLimit = (account: { balance: Paise; creditLimit: Paise }, adds: Paise): boolean => account.balance + adds > account.creditLimit;

export const notOnAccount = (name: string) => `${name} may not buy on account. The owner or a manager can allow it on the customer's account.`;

export const limitExceeded = (name: string, balance: Paise, limit: Paise, adds: Paise) =>
  `Credit limit exceeded: ${name} owes ${formatPaise(balance)} of a ${formatPaise(limit)} limit; this bill puts ${formatPaise(adds)} on account. A manager can approve it.`;

/**
 * Why `adds` may not go on this account, if it may not: the customer is not allowed to buy on account, or the bill
 * takes them past the limit. Nothing for a bill that puts nothing more on account.
 */
export function accountRefusal(account: { onAccount: boolean; balance: Paise; creditLimit: Paise }, name: string, adds: Paise): string | undefined {
  if (adds <= 0) return undefined;
  if (!account.onAccount) return notOnAccount(name);
  if (passesLimit(account, adds)) return limitExceeded(name, account.balance, account.creditLimit, adds);
  return undefined;
}

/** A payment above what is owed is an advance only when the cashier says so. */
export const paymentOverDue = (name: string, balance: Paise, paying: Paise) =>
  balance > 0
    ? `${name} owes ${formatPaise(balance)}; this payment is ${formatPaise(paying)}. Take at most ${formatPaise(balance)}, or record the rest as an advance.`
    : `${name} owes nothing. Record the payment as an advance, or take nothing.`;

/** Why a payment of `paying` may not be taken as it is: more than is owed, not recorded as an advance. */
export const paymentRefusal = (account: { balance: Paise }, name: string, paying: Paise, advance: boolean): string | undefined =>
  !advance && paying > Math.max(account.balance, 0) ? paymentOverDue(name, account.balance, paying) : undefined;

/**
 * The shop upgrade's step that gives each account made before it its map of what is owed by day, worked from the
 * ledger (functions/accounts/upgrade.ts); the deploy's upgrade fingerprint carries it.
 */
export const ACCOUNT_UNPAID_STEP = 'accounts#unpaid';
