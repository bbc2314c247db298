import { shopDay } from '../../shared/bill.js';
import { expenseBody } from '../../shared/schemas/expense.js';
import type { PaymentMode } from '../../shared/schemas/purchase.js';
import type { WriteScope } from '../../functions/lib/context.js';
import { createExpense } from '../../functions/expenses/service.js';

export interface ExpenseSeed {
  /** Dated this many days before the seed runs. */
  daysAgo: number;
  expenseName: string;
  paymentMode: PaymentMode;
  /** Whole rupees. */
  amount: number;
}

/** A shop's usual running costs over the last weeks, so the expense, returns and yearly screens have figures. */
export const demoExpenses: ExpenseSeed[] = [
  { daysAgo: 0, expenseName: 'Tea and snacks for staff', paymentMode: 'Cash', amount: 180 },
  { daysAgo: 1, expenseName: 'Shop cleaning', paymentMode: 'Cash', amount: 350 },
  { daysAgo: 3, expenseName: 'Electricity bill', paymentMode: 'Online', amount: 2450 },
  { daysAgo: 5, expenseName: 'Auto fare for deliveries', paymentMode: 'Cash', amount: 120 },
  { daysAgo: 12, expenseName: 'Shop rent', paymentMode: 'Online', amount: 15000 },
  { daysAgo: 40, expenseName: 'Internet bill', paymentMode: 'Online', amount: 799 },
];

const DAY_MS = 86_400_000;

/** Expenses written through the expenses service, so the month and day totals are the real ones. */
export async function seedExpenses(scope: WriteScope, expenses: ExpenseSeed[]): Promise<void> {
  for (const e of expenses) {
    const expenseDate = shopDay(new Date(scope.actor.now.getTime() - e.daysAgo * DAY_MS));
    await createExpense(scope, expenseBody.parse({ expenseName: e.expenseName, paymentMode: e.paymentMode, expenseDate, expenseAmount: e.amount }));
  }
}
