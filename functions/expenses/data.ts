import type { PaymentMode } from '../../shared/schemas/purchase.js';
import {
  getItem,
  mapPage,
  op,
  queryAll,
  queryCountUpTo,
  queryCursorPage,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type QueryOptions,
  type TransactItem,
} from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Expenses. One item per expense (`EXPENSE` / id) with two indexes that keep a month's expenses together:
 * - gsi1: the month's expenses by date, then id (the monthly list, newest first, and its pages);
 * - gsi2: the month's expenses by lower-case name, date, id (search by expense name inside a month).
 * Besides the expenses the domain keeps running totals per month and per day in one partition per year
 * (`EXPENSE_TOTALS#<yyyy>`, sk `M#<yyyy-mm>` and `D#<yyyy-mm-dd>`); every save, edit and delete changes them by ADD
 * in the same transaction as the expense, so a month's or a year's figures are read from at most 12 or 31 items,
 * never from the expenses. Money is paise.
 */
const expensePk = (tenantId: string) => tenantPk(tenantId, 'EXPENSE');
const monthPk = (tenantId: string, month: string) => tenantPk(tenantId, 'EXPENSE_MONTH', month);
const namePk = (tenantId: string, month: string) => tenantPk(tenantId, 'EXPENSE_NAME', month);
const totalsPk = (tenantId: string, year: number | string) => tenantPk(tenantId, 'EXPENSE_TOTALS', year);
const MONTH_SK = 'M#';
const DAY_SK = 'D#';

export interface StoredExpense {
  expenseId: number;
  expenseName: string;
  paymentMode: PaymentMode;
  /** The shop's calendar day of the expense, `yyyy-mm-dd`. */
  expenseDate: string;
  /** Paise; the form takes whole rupees. */
  amount: number;
  version: number;
  createdBy: string;
  createdOn: string;
  updatedBy?: string;
  updatedOn?: string;
}

/** Running totals of a month or a day (paise): how many expenses, their sum, and the sum per payment mode. */
export interface ExpenseFigures {
  count: number;
  amount: number;
  cash: number;
  online: number;
}

export interface ExpenseTotals {
  year: number;
  month?: number;
  /** The year's (or, with a month, the month's) figures. */
  total: ExpenseFigures;
  /** Months with expenses, in order, as `yyyy-mm` (with a month asked for: that month only, when it has any). */
  months: (ExpenseFigures & { month: string })[];
  /** With a month: its days with expenses, in order, as `yyyy-mm-dd`; otherwise empty. */
  days: (ExpenseFigures & { date: string })[];
}

export const monthOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

const ZERO: ExpenseFigures = { count: 0, amount: 0, cash: 0, online: 0 };
const figuresOf = (item: Record<string, unknown> | undefined): ExpenseFigures => ({
  count: Number(item?.count ?? 0),
  amount: Number(item?.amount ?? 0),
  cash: Number(item?.cash ?? 0),
  online: Number(item?.online ?? 0),
});
/** Items whose figures came back to nothing (every expense of the day deleted) are left out of the answers. */
const hasExpenses = (f: ExpenseFigures) => f.count !== 0 || f.amount !== 0;

/**
 * The expense figures of a year, or of one month of it, from the maintained totals: at most 12 items for a year,
 * 32 for a month. For the monthly sales report, the yearly returns and the reports screen.
 */
export async function expenseTotals(tenantId: string, year: number, month?: number): Promise<ExpenseTotals> {
  if (month === undefined) {
    const items = await queryAll({ pk: totalsPk(tenantId, year), skPrefix: MONTH_SK });
    const months = items.map((i) => ({ month: String(i.sk).slice(MONTH_SK.length), ...figuresOf(i) })).filter(hasExpenses);
    const total = months.reduce(
      (sum, m) => ({ count: sum.count + m.count, amount: sum.amount + m.amount, cash: sum.cash + m.cash, online: sum.online + m.online }),
      ZERO,
    );
    return { year, total, months, days: [] };
  }
  const key = monthOf(year, month);
  const [monthItem, dayItems] = await Promise.all([
    getItem(totalsPk(tenantId, year), `${MONTH_SK}${key}`),
    queryAll({ pk: totalsPk(tenantId, year), skPrefix: `${DAY_SK}${key}` }),
  ]);
  const total = figuresOf(monthItem);
  return {
    year,
    month,
    total,
    months: hasExpenses(total) ? [{ month: key, ...total }] : [],
    days: dayItems.map((i) => ({ date: String(i.sk).slice(DAY_SK.length), ...figuresOf(i) })).filter(hasExpenses),
  };
}

/** A change to the totals: an expense counted in (+1) or out (−1) on its day, in its payment mode. */
export interface TotalsChange {
  date: string;
  paymentMode: PaymentMode;
  amount: number;
  sign: 1 | -1;
}

/**
 * The ADD updates for a set of changes, merged per totals item (a transaction may touch an item only once), so an
 * edit that keeps the day subtracts and adds on one item. Changes that cancel out write nothing.
 */
function totalsWrites(tenantId: string, changes: TotalsChange[]): TransactItem[] {
  const deltas = new Map<string, { pk: string; sk: string; date: string; figures: ExpenseFigures }>();
  for (const change of changes) {
    const year = change.date.slice(0, 4);
    for (const sk of [`${MONTH_SK}${change.date.slice(0, 7)}`, `${DAY_SK}${change.date}`]) {
      const key = `${year}|${sk}`;
      const entry = deltas.get(key) ?? { pk: totalsPk(tenantId, year), sk, date: change.date, figures: { ...ZERO } };
      entry.figures.count += change.sign;
      entry.figures.amount += change.sign * change.amount;
      if (change.paymentMode === 'Cash') entry.figures.cash += change.sign * change.amount;
      else entry.figures.online += change.sign * change.amount;
      deltas.set(key, entry);
    }
  }
  return [...deltas.values()]
    .filter((d) => Object.values(d.figures).some((v) => v !== 0))
    .map((d) =>
      op.update(
        { pk: d.pk, sk: d.sk },
        {
          UpdateExpression: 'SET entity = :entity ADD #count :count, #amount :amount, #cash :cash, #online :online',
          ExpressionAttributeNames: { '#count': 'count', '#amount': 'amount', '#cash': 'cash', '#online': 'online' },
          ExpressionAttributeValues: {
            ':entity': 'expenseTotals',
            ':count': d.figures.count,
            ':amount': d.figures.amount,
            ':cash': d.figures.cash,
            ':online': d.figures.online,
          },
        },
      ),
    );
}

const byDate = (e: Pick<StoredExpense, 'expenseDate' | 'expenseId'>) => `${e.expenseDate}#${idSk(e.expenseId)}`;

function expenseItem(tenantId: string, expense: StoredExpense): Item {
  const month = expense.expenseDate.slice(0, 7);
  const nameKey = searchKey(expense.expenseName);
  return {
    pk: expensePk(tenantId),
    sk: idSk(expense.expenseId),
    gsi1pk: monthPk(tenantId, month),
    gsi1sk: byDate(expense),
    gsi2pk: namePk(tenantId, month),
    gsi2sk: `${nameKey}#${byDate(expense)}`,
    entity: 'expense',
    nameKey,
    ...expense,
  };
}

const toExpense = (item: Record<string, unknown>): StoredExpense => {
  const { nameKey: _nameKey, ...rest } = strip(item as Item) as Record<string, unknown>;
  return rest as unknown as StoredExpense;
};

const countIn = (e: StoredExpense, sign: 1 | -1): TotalsChange => ({ date: e.expenseDate, paymentMode: e.paymentMode, amount: e.amount, sign });

type ListQuery = Omit<QueryOptions, 'startKey' | 'limit'>;

export const expenseData = {
  async byId(tenantId: string, expenseId: number): Promise<StoredExpense | undefined> {
    const item = await getItem(expensePk(tenantId), idSk(expenseId));
    return item ? toExpense(item) : undefined;
  },

  /** A month's expenses (`yyyy-mm`), newest first; with text, those whose name starts with it. */
  listQuery(tenantId: string, month: string, text?: string): ListQuery {
    return text === undefined
      ? { index: 'gsi1', pk: monthPk(tenantId, month), descending: true }
      : { index: 'gsi2', pk: namePk(tenantId, month), skPrefix: searchKey(text) };
  },
  async page(opts: ListQuery, request: PageRequest): Promise<CursorPage<StoredExpense>> {
    return mapPage(await queryCursorPage(opts, request), toExpense);
  },
  async all(opts: ListQuery): Promise<StoredExpense[]> {
    return (await queryAll(opts)).map(toExpense);
  },
  /** How many expenses a query holds, counting at most `cap` (a name search's key condition selects exactly those). */
  countUpTo: (opts: ListQuery, cap: number) => queryCountUpTo(opts, cap),

  // ------------------------------------------------------------ writes (one transaction each)

  /** A new expense and its totals. */
  createWrites(tenantId: string, expense: StoredExpense): TransactItem[] {
    return [op.create(expenseItem(tenantId, expense)), ...totalsWrites(tenantId, [countIn(expense, 1)])];
  },

  /** An edited expense, read at `readVersion`; the totals move from its old day and mode to the new ones. */
  replaceWrites(tenantId: string, before: StoredExpense, after: StoredExpense): TransactItem[] {
    return [
      {
        Put: {
          TableName: tableName(),
          Item: expenseItem(tenantId, after),
          ConditionExpression: 'version = :read',
          ExpressionAttributeValues: { ':read': before.version },
        },
      },
      ...totalsWrites(tenantId, [countIn(before, -1), countIn(after, 1)]),
    ];
  },

  /** Removes an expense read at `readVersion` and takes it out of the totals. */
  removeWrites(tenantId: string, expense: StoredExpense): TransactItem[] {
    return [
      op.remove(
        { pk: expensePk(tenantId), sk: idSk(expense.expenseId) },
        { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': expense.version } },
      ),
      ...totalsWrites(tenantId, [countIn(expense, -1)]),
    ];
  },
};
