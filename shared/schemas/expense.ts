import * as z from 'zod';
import { shopDay } from '../bill.js';
import { auditFields, versionField } from './common.js';
import { PAYMENT_MODES } from './purchase-messages.js';
import { salesRow } from './purchase-rows.js';

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
const expenseAmount = z
  .unknown()
  .superRefine((value, ctx) => {
    if (isBlank(value)) ctx.addIssue({ code: 'custom', message: EXPENSE_MESSAGES.amountRequired });
    else if (!(typeof value === 'number' && Number.isInteger(value)) && !(typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))) {
      ctx.addIssue({ code: 'custom', message: EXPENSE_MESSAGES.amountInteger });
    }
  })
  .transform((value) => Number(typeof value === 'string' ? value.trim() : value))
  .pipe(z.number().min(1, EXPENSE_MESSAGES.amountPositive).max(MAX_EXPENSE_RUPEES, EXPENSE_MESSAGES.amountTooLarge));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A calendar day `yyyy-mm-dd`, not after the shop's today (IST). */
const expenseDate = z
  .string({ error: EXPENSE_MESSAGES.dateRequired })
  .trim()
  .min(1, EXPENSE_MESSAGES.dateRequired)
  .refine(isCalendarDate, EXPENSE_MESSAGES.dateRequired)
  .refine((value) => value <= shopDay(new Date()), EXPENSE_MESSAGES.futureDate);

/** The Add or Edit Expense form and the body of `POST /expense/save` and `PUT /expense/{id}`. */
export const expenseBody = z.object({
  expenseName: z.string({ error: EXPENSE_MESSAGES.nameRequired }).trim().min(1, EXPENSE_MESSAGES.nameRequired).max(100),
  paymentMode: z.enum(PAYMENT_MODES, { error: EXPENSE_MESSAGES.paymentMode }).default('Cash'),
  expenseDate,
  expenseAmount,
  version: versionField,
});
export type ExpenseBody = z.output<typeof expenseBody>;
export type ExpenseBodyIn = z.input<typeof expenseBody>;

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
 * online and cash credit less refunds; Profit = Sold − Bought − Expense.
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
});
export type YearlyRow = z.output<typeof yearlyRow>;

/** A year of the yearly returns: the calendar year (January–December, as the spec shows) or the Indian financial year (April–March). */
export const YEAR_BASES = ['calendar', 'financial'] as const;
export type YearBasis = (typeof YEAR_BASES)[number];
export const yearBasisQuery = z.object({
  basis: z.enum(YEAR_BASES, { error: 'Choose the calendar year or the financial year.' }).default('calendar'),
});

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
});
export type YearlyReturns = z.output<typeof yearlyReturns>;

/** The returns list's search: rows whose payment mode or date (as shown, dd/mm/yyyy, or yyyy-mm-dd) starts with the text. */
export const returnSearchText = z.string().trim().min(1, 'Search text should not be empty!').max(20);
