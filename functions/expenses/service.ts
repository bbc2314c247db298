import { shopDay } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { EXPENSE_MESSAGES, type Expense, type ExpenseBody, type ExpenseSum } from '../../shared/schemas/expense.js';
import type { WriteScope } from '../lib/context.js';
import { mapPage, nextId, transact, type PageRequest } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import { expenseData, expenseTotals, monthOf, type StoredExpense } from './data.js';

export const expenseView = (e: StoredExpense): Expense => ({
  expenseId: e.expenseId,
  expenseName: e.expenseName,
  paymentMode: e.paymentMode,
  expenseDate: e.expenseDate,
  expenseAmount: toRupees(e.amount),
  version: e.version,
  createdBy: e.createdBy,
  createdOn: e.createdOn,
  updatedBy: e.updatedBy,
  updatedOn: e.updatedOn,
});

async function read(tenantId: string, id: number): Promise<StoredExpense> {
  const found = await expenseData.byId(tenantId, id);
  if (!found) throw new NotFound(EXPENSE_MESSAGES.notFound);
  return found;
}

export const readExpense = async (tenantId: string, id: number) => expenseView(await read(tenantId, id));

/** The schema checks the date against the clock where it runs; the server's own day decides. */
function checkDate(body: ExpenseBody, now: Date) {
  if (body.expenseDate > shopDay(now)) throw new Validation(EXPENSE_MESSAGES.futureDate);
}

const fields = (body: ExpenseBody) => ({
  expenseName: body.expenseName,
  paymentMode: body.paymentMode,
  expenseDate: body.expenseDate,
  amount: toPaise(body.expenseAmount),
});

export async function createExpense(scope: WriteScope, body: ExpenseBody): Promise<Expense> {
  checkDate(body, scope.actor.now);
  const expense: StoredExpense = {
    expenseId: await nextId(scope.tenantId, 'expense'),
    ...fields(body),
    version: 1,
    createdBy: scope.actor.userName,
    createdOn: scope.actor.now.toISOString(),
  };
  await transact(expenseData.createWrites(scope.tenantId, expense));
  return expenseView(expense);
}

/** An edit from an older read (`version`) is refused; the totals move from the old day and mode to the new ones. */
export async function updateExpense(scope: WriteScope, id: number, body: ExpenseBody): Promise<Expense> {
  checkDate(body, scope.actor.now);
  const before = await read(scope.tenantId, id);
  if (body.version !== undefined && body.version !== before.version) throw new Conflict(STALE_RECORD);
  const after: StoredExpense = {
    ...before,
    ...fields(body),
    version: before.version + 1,
    updatedBy: scope.actor.userName,
    updatedOn: scope.actor.now.toISOString(),
  };
  await transact(expenseData.replaceWrites(scope.tenantId, before, after), [STALE_RECORD]);
  return expenseView(after);
}

/**
 * Only expenses of the current month may be deleted (spec 3 section 4: the screen offers Delete only there); the
 * server holds to it too, so a closed month's figures cannot change by a delete.
 */
export async function deleteExpense(scope: WriteScope, id: number): Promise<Expense> {
  const expense = await read(scope.tenantId, id);
  if (expense.expenseDate.slice(0, 7) !== shopDay(scope.actor.now).slice(0, 7)) throw new Validation(EXPENSE_MESSAGES.deleteClosedMonth);
  await transact(expenseData.removeWrites(scope.tenantId, expense), [STALE_RECORD]);
  return expenseView(expense);
}

// ---------------------------------------------------------------- lists

export async function monthPage(tenantId: string, month: number, year: number, text: string | undefined, request: PageRequest) {
  return mapPage(await expenseData.page(expenseData.listQuery(tenantId, monthOf(year, month), text), request), expenseView);
}

export async function monthAll(tenantId: string, month: number, year: number, text?: string) {
  return (await expenseData.all(expenseData.listQuery(tenantId, monthOf(year, month), text))).map(expenseView);
}

/** Without text the count is the month's total's; with text, a count of the month's name index from the prefix. */
/**
 * A month's count: without text the month's totals item; with text the expenses whose name starts with it, counted
 * up to `cap` (SEARCH_COUNT_CAP) by the name index's key condition, so a one-letter search reads at most the cap's keys.
 */
export async function monthCount(tenantId: string, month: number, year: number, text?: string, cap = SEARCH_COUNT_CAP): Promise<number> {
  if (text === undefined) return (await expenseTotals(tenantId, year, month)).total.count;
  return expenseData.countUpTo(expenseData.listQuery(tenantId, monthOf(year, month), text), cap);
}

export async function monthSum(tenantId: string, month: number, year: number): Promise<ExpenseSum> {
  const { total } = await expenseTotals(tenantId, year, month);
  return { month, year, expenseAmount: toRupees(total.amount), cash: toRupees(total.cash), online: toRupees(total.online), count: total.count };
}
