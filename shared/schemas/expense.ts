import * as z from 'zod';
import { shopDay } from '../bill.js';
import { versionField } from './common.js';
import { PAYMENT_MODES } from './purchase-messages.js';

/**
 * Expenses, the returns report and the yearly returns (spec 3 sections 2, 3, 5 and 9). Amounts travel in rupees;
 * the table keeps paise. The spec names the expense rules (integer amount, date not after today, name, date and
 * amount required) without wording them; these are the product's messages for them.
 */
export const EXPENSE_MESSAGES = {
  nameRequired: 'Expense Name is required.',
  dateRequired: 'Expense Date is required.',
  futureDate: 'Expense Date should not be a future date.',
  amountRequired: 'Expense Amount is required.',
  amountInteger: 'Enter the Amount in whole rupees!!!',
  amountPositive: 'Expense Amount should be more than 0.',
  amountTooLarge: 'Expense Amount is too large.',
  paymentMode: 'Please choose the Payment Mode (Cash or Online).',
  notFound: 'Expense not found.',
  deleteClosedMonth: 'Expenses can be deleted only in the current month.',
} as const;

/** The largest expense the form takes: ₹1,00,00,000. */
export const MAX_EXPENSE_RUPEES = 10_000_000;

/** Year selects (spec 3 section 9): expenses offer the last 10 years, the returns screens the last 8. */
export const EXPENSE_YEARS = 10;
export const RETURN_YEARS = 8;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Whole rupees as typed (`"1500"`) or sent as a number; anything else is not an integer amount. A negative whole
 * number is an integer: it gets the rule it breaks (more than 0), not the integer message.
 */
const expenseAmount = lazySchema(() => z
  .unknown()
  .superRefine((value, ctx) => {
    if (isBlank(value)) ctx.addIssue({ code: 'custom', message: EXPENSE_MESSAGES.amountRequired });
    else if (!(typeof value === 'number' && Number.isInteger(value)) && !(typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))) {
      ctx.addIssue({ code: 'custom', message: EXPENSE_MESSAGES.amountInteger });
    }
  })
  .transform((value) => Number(typeof value === 'string' ? value.trim() : value))
  .pipe(z.number().min(1, EXPENSE_MESSAGES.amountPositive).max(MAX_EXPENSE_RUPEES, EXPENSE_MESSAGES.amountTooLarge)));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A calendar day `yyyy-mm-dd`, not after the shop's today (IST). */
const expenseDate = lazySchema(() => z
  .string({ error: EXPENSE_MESSAGES.dateRequired })
  .trim()
  .min(1, EXPENSE_MESSAGES.dateRequired)
  .refine(isCalendarDate, EXPENSE_MESSAGES.dateRequired)
  .refine((value) => value <= shopDay(new Date()), EXPENSE_MESSAGES.futureDate));

/** The Add or Edit Expense form and the body of `POST /expense/save` and `PUT /expense/{id}`. */
export const expenseBody = lazySchema(() => z.object({
  expenseName: z.string({ error: EXPENSE_MESSAGES.nameRequired }).trim().min(1, EXPENSE_MESSAGES.nameRequired).max(100),
  paymentMode: z.enum(PAYMENT_MODES, { error: EXPENSE_MESSAGES.paymentMode }).default('Cash'),
  expenseDate,
  expenseAmount,
  version: versionField,
}));
export type ExpenseBody = z.output<typeof expenseBody>;
export type ExpenseBodyIn = z.input<typeof expenseBody>;

/** A year of the yearly returns: the calendar year (January–December, as the spec shows) or the Indian financial year (April–March). */
export const YEAR_BASES = ['calendar', 'financial'] as const;
export type YearBasis = (typeof YEAR_BASES)[number];
export const yearBasisQuery = lazySchema(() => z.object({
  basis: z.enum(YEAR_BASES, { error: 'Choose the calendar year or the financial year.' }).default('calendar'),
}));

/** The returns list's search: rows whose payment mode or date (as shown, dd/mm/yyyy, or yyyy-mm-dd) starts with the text. */
export const returnSearchText = lazySchema(() => z.string().trim().min(1, 'Search text should not be empty!').max(20));

/** What the server answers, as types: the schemas are in expense-answers.ts, which requests never load. */
import type {
  expense,
  Expense,
  expenseSum,
  ExpenseSum,
  returnRow,
  ReturnRow,
  returnsSummary,
  ReturnsSummary,
  yearlyRow,
  YearlyRow,
  yearlyReturns,
  YearlyReturns,
} from './expense-answers.js';
export type {
  expense, Expense, expenseSum, ExpenseSum, returnRow, ReturnRow, returnsSummary, ReturnsSummary, yearlyRow,
  YearlyRow, yearlyReturns, YearlyReturns,
};
import { lazySchema } from '../lazy.js';
