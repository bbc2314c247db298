import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expenseRoutes } from '../../../../../shared/routes/expenses.js';
import type { Expense, ExpenseBody, YearBasis } from '../../../../../shared/schemas/expense.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiForFile, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

export interface MonthYear {
  month: number;
  year: number;
}

const expenseKeys = {
  all: ['expenses'] as const,
  page: (m: MonthYear, search: string, page: number) => ['expenses', 'page', m.month, m.year, search, page] as const,
  count: (m: MonthYear, search: string) => ['expenses', 'count', m.month, m.year, search] as const,
  total: (m: MonthYear, search: string) => ['expenses', 'total', m.month, m.year, search] as const,
  one: (id: number) => ['expenses', 'one', id] as const,
};

/** A page (from 1) of a month's expenses, newest first, or of those whose name starts with `search`. */
export function useExpensePage(m: MonthYear, search: string, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: expenseKeys.page(m, search, page),
    queryFn: () =>
      fetchCursorPage(queryClient, expenseKeys.page(m, search, page - 1), page, (cursor) =>
        search
          ? callApiPage(expenseRoutes.monthSearch, { params: { id: m.month, year: m.year, text: search }, query: { ...pageQueryFor(page), cursor } })
          : callApiPage(expenseRoutes.month, { params: { id: m.month, year: m.year }, query: { ...pageQueryFor(page), cursor } }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useExpenseCount(m: MonthYear, search: string) {
  return useQuery({
    queryKey: expenseKeys.count(m, search),
    queryFn: () =>
      search
        ? callApi(expenseRoutes.countSearch, { params: { ...m, text: search } })
        : callApi(expenseRoutes.count, { params: m }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The total row: the month's sum from the kept totals, or, while searching, the sum of the matching expenses of
 * the month (a month's expenses, not the shop's).
 */
export function useExpenseTotal(m: MonthYear, search: string) {
  return useQuery({
    queryKey: expenseKeys.total(m, search),
    queryFn: async () =>
      search
        ? (await callApi(expenseRoutes.allSearch, { params: { ...m, text: search } })).reduce((sum, e) => sum + Math.round(e.expenseAmount * 100), 0) / 100
        : (await callApi(expenseRoutes.sum, { params: m })).expenseAmount,
    placeholderData: keepPreviousData,
  });
}

export function useExpense(id: number | undefined) {
  return useQuery({
    queryKey: expenseKeys.one(id ?? 0),
    queryFn: () => callApi(expenseRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export function useSaveExpense(expense: Expense | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenseBody) =>
      expense
        ? callApi(expenseRoutes.update, { params: { id: expense.expenseId }, body: { ...body, version: expense.version } })
        : callApi(expenseRoutes.create, { body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}

export function useDeleteExpense() {
  return useOptimisticDelete<Expense, number>({
    listKey: expenseKeys.all,
    isDeleted: (row, id) => row.expenseId === id,
    remove: (id) => callApi(expenseRoutes.remove, { params: { id } }),
  });
}

// ---------------------------------------------------------------- returns report and yearly returns

/** A page (from 1) of the month's returns rows; `size` 100 is the Full View (a month has at most 62 rows). */
export function useReturnRows(m: MonthYear, search: string, page: number, fullView: boolean) {
  const query = fullView ? { page: 0, size: 100 } : pageQueryFor(page);
  return useQuery({
    queryKey: ['returns', 'rows', m.month, m.year, search, fullView ? 'full' : page],
    queryFn: () =>
      search
        ? callApi(expenseRoutes.returnsSearch, { params: { ...m, text: search }, query })
        : callApi(expenseRoutes.returns, { params: m, query }),
    placeholderData: keepPreviousData,
  });
}

export function useReturnCount(m: MonthYear, search: string) {
  return useQuery({
    queryKey: ['returns', 'count', m.month, m.year, search],
    queryFn: () =>
      search
        ? callApi(expenseRoutes.returnsSearchCount, { params: { ...m, text: search } })
        : callApi(expenseRoutes.returnsCount, { params: m }),
    placeholderData: keepPreviousData,
  });
}

export function useReturnsSummary(m: MonthYear) {
  return useQuery({
    queryKey: ['returns', 'summary', m.month, m.year],
    queryFn: () => callApi(expenseRoutes.returnsSummary, { params: m }),
    placeholderData: keepPreviousData,
  });
}

export const returnsPdf = (m: MonthYear) => callApiForFile(expenseRoutes.returnsPdf, { params: m });

export function useYearlyReturns(year: number, basis: YearBasis) {
  return useQuery({
    queryKey: ['returns', 'yearly', basis, year],
    queryFn: () => callApi(expenseRoutes.yearlyReturns, { params: { year }, query: { basis } }),
    placeholderData: keepPreviousData,
  });
}

export const yearlyReturnsPdf = (year: number, basis: YearBasis) => callApiForFile(expenseRoutes.yearlyReturnsPdf, { params: { year }, query: { basis } });
