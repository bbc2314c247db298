import * as z from 'zod';
import { PAYMENT_MODES } from './purchase-messages.js';
import { auditFields } from './common.js';
import { salesRow } from './purchase-rows-answers.js';
import { salesSummary } from './figures-answers.js';
import { YEAR_BASES } from './expense.js';

/**
 * What the server answers about expenses and the finance screens.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. expense.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const expense = z.object({
  expenseId: z.number().int(),
  expenseName: z.string(),
  paymentMode: z.enum(PAYMENT_MODES),
  expenseDate: z.string(),
  /** Rupees. */
  expenseAmount: z.number(),
  version: z.number().int(),
  ...auditFields,
});

export type Expense = z.output<typeof expense>;

/** `GET /expense/sum/{month}/{year}`: the month's total (rupees), and how it splits by payment mode. */
export const expenseSum = z.object({
  month: z.number().int(),
  year: z.number().int(),
  expenseAmount: z.number(),
  cash: z.number(),
  online: z.number(),
  count: z.number().int(),
});

export type ExpenseSum = z.output<typeof expenseSum>;

// ---------------------------------------------------------------- returns report and yearly returns

/** A row of the returns report (spec 3 'Return row'): one shop day in one payment mode, numbered in the month. */
export const returnRow = salesRow.extend({ returnId: z.number().int() });

export type ReturnRow = z.output<typeof returnRow>;

/** The summary row of a month's returns report: sums of every row and the return percentage (returns × 100 / cost). */
export const returnsSummary = z.object({
  month: z.number().int(),
  year: z.number().int(),
  rows: z.number().int(),
  transaction: z.number().int(),
  credit: z.number(),
  debit: z.number(),
  returns: z.number(),
  /** Sold (credit) − Returns: the month's net takings. */
  net: z.number(),
  /** Goods paid with credit points that month (not counted in Sold). */
  pointsRedeemed: z.number(),
  /** returns × 100 / debit, two decimals; 0 when nothing was sold. */
  returnPercentage: z.number(),
});

export type ReturnsSummary = z.output<typeof returnsSummary>;

/**
 * A month of the yearly returns (spec 3 'Yearly row'), with the returns and cost behind the return percentage and
 * the month's profit. Bought is the bought price of the goods sold that month less that of goods returned; Sold is
 * online and cash credit less refunds (money received); Profit = Sold + Sold on account − Bought − Expense − dues
 * written off (shared/figures.ts).
 */
export const yearlyRow = z.object({
  /** `yyyy-mm` */
  transactionMonth: z.string(),
  boughtAmount: z.number(),
  onlineCredit: z.number(),
  cashCredit: z.number(),
  returns: z.number(),
  soldAmount: z.number(),
  expense: z.number(),
  profit: z.number(),
  /** Money received for the month's bills (Online + Cash Credit) before returns, and goods paid with points. */
  grossSold: z.number(),
  pointsRedeemed: z.number(),
  /** Bought price of the goods billed, before returns: the "cost" of the return percentage. */
  cost: z.number(),
  /**
   * Customer credit, on a month (and the totals of a year) that had any: net sold on account (new credit given less
   * returns credited back: sold, no money received, so in no credit column), dues collected (money received in the
   * cash and online balances but not sold, so in no credit column and not in the profit) and dues written off.
   */
  onAccount: z.number().optional(),
  duesCollected: z.number().optional(),
  writtenOff: z.number().optional(),
});

export type YearlyRow = z.output<typeof yearlyRow>;

export const yearlyReturns = z.object({
  /** The calendar year, or the year the financial year starts in (2026 for FY 2026-27). */
  year: z.number().int(),
  basis: z.enum(YEAR_BASES),
  /** `2026` or `FY 2026-27`. */
  label: z.string(),
  /** Every month of the year, up to the current one in the current year. */
  rows: z.array(yearlyRow),
  totals: yearlyRow.omit({ transactionMonth: true }),
  /** returns × 100 / cost over the year, two decimals. */
  returnPercentage: z.number(),
  /** Sold − Bought − Expense over the year. */
  profit: z.number(),
  /** The year's Sold, Returns and Net sold by method (shared/figures.ts), when any money went by UPI or card. */
  byMethod: salesSummary.shape.byMethod,
  /** The year's customer credit (shared/figures.ts): new credit given, credited back, dues collected by method, written off. */
  onAccount: salesSummary.shape.onAccount,
});

export type YearlyReturns = z.output<typeof yearlyReturns>;
