import * as z from 'zod';
import { countResponse, idParam, pageQuery, searchText } from '../schemas/common.js';
import { expense, expenseBody, expenseSum, returnRow, returnSearchText, returnsSummary, yearBasisQuery, yearlyReturns } from '../schemas/expense.js';
import { monthYearParams } from '../schemas/purchase-rows.js';
import { answer, route } from './define.js';

const byId = z.object({ id: idParam });
const byText = monthYearParams.extend({ text: searchText });
const byReturnText = monthYearParams.extend({ text: returnSearchText });
/**
 * The monthly list's paths are `/expense/{month}/{year}` in the spec. API Gateway allows one variable name per
 * level of a path, and `/expense/{id}` names this level, so the month travels as `{id}` here.
 */
const monthAsId = z.object({ id: monthYearParams.shape.month, year: monthYearParams.shape.year });
const monthAsIdText = monthAsId.extend({ text: searchText });
const byYear = z.object({ year: monthYearParams.shape.year });

const readers = ['ExpenseList', 'ExpenseEdit', 'ExpenseDelete'] as const;
/** The month's expense total is also part of the monthly sales report and the yearly returns. */
const sumReaders = [...readers, 'MonthlyPurchaseList', 'ReturnList', 'YearlyReturnList'] as const;

/**
 * Expenses (one atomic write each: the expense and its month's and day's totals), the returns report and the
 * yearly returns. `/expense/returnsAll` and `/expense/paymentMode` are the point of sale's (shared/routes/purchases.ts).
 */
export const expenseRoutes = {
  byId: route({
    method: 'GET',
    path: '/expense/{id}',
    access: readers,
    summary: 'An expense',
    params: byId,
    response: answer<typeof expense>(),
  }),
  create: route({
    method: 'POST',
    path: '/expense/save',
    access: 'ExpenseEdit',
    summary: 'Add an expense: whole rupees, dated today or earlier',
    body: expenseBody,
    response: answer<typeof expense>(),
  }),
  update: route({
    method: 'PUT',
    path: '/expense/{id}',
    access: 'ExpenseEdit',
    summary: 'Edit an expense read at `version`; the month and day totals move with it',
    params: byId,
    body: expenseBody,
    response: answer<typeof expense>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/expense/{id}',
    access: 'ExpenseDelete',
    summary: "Delete an expense of the current month (older months are closed: 'Expenses can be deleted only in the current month.')",
    params: byId,
    response: answer<typeof expense>(),
  }),
  month: route({
    method: 'GET',
    path: '/expense/{id}/{year}',
    access: readers,
    summary: "A page of a month's expenses, newest first ({id} is the month, 1–12)",
    params: monthAsId,
    query: pageQuery,
    response: answer<z.ZodArray<typeof expense>>(),
  }),
  monthSearch: route({
    method: 'GET',
    path: '/expense/{id}/{year}/{text}',
    access: readers,
    summary: "A page of a month's expenses whose name starts with the text ({id} is the month)",
    params: monthAsIdText,
    query: pageQuery,
    response: answer<z.ZodArray<typeof expense>>(),
  }),
  all: route({
    method: 'GET',
    path: '/expense/all/{month}/{year}',
    access: readers,
    summary: "Every expense of a month, newest first",
    params: monthYearParams,
    response: answer<z.ZodArray<typeof expense>>(),
  }),
  allSearch: route({
    method: 'GET',
    path: '/expense/all/{month}/{year}/{text}',
    access: readers,
    summary: "Every expense of a month whose name starts with the text",
    params: byText,
    response: answer<z.ZodArray<typeof expense>>(),
  }),
  count: route({
    method: 'GET',
    path: '/expense/count/{month}/{year}',
    access: readers,
    summary: "How many expenses a month has (from the month's totals)",
    params: monthYearParams,
    response: answer<typeof countResponse>(),
  }),
  countSearch: route({
    method: 'GET',
    path: '/expense/count/{month}/{year}/{text}',
    access: readers,
    summary: "How many of a month's expenses have a name starting with the text",
    params: byText,
    response: answer<typeof countResponse>(),
  }),
  sum: route({
    method: 'GET',
    path: '/expense/sum/{month}/{year}',
    access: sumReaders,
    summary: "A month's expense total (expenseAmount) and its cash and online parts, from the maintained totals",
    params: monthYearParams,
    response: answer<typeof expenseSum>(),
  }),
  returns: route({
    method: 'GET',
    path: '/expense/returns/{month}/{year}',
    access: 'ReturnList',
    summary: "A page of the month's returns report: per shop day and payment mode, bills, sold, cost and refunds",
    params: monthYearParams,
    query: pageQuery,
    response: answer<z.ZodArray<typeof returnRow>>(),
  }),
  returnsSearch: route({
    method: 'GET',
    path: '/expense/returns/{month}/{year}/{text}',
    access: 'ReturnList',
    summary: 'A page of the returns report rows whose payment mode or date (dd/mm/yyyy) starts with the text',
    params: byReturnText,
    query: pageQuery,
    response: answer<z.ZodArray<typeof returnRow>>(),
  }),
  returnsCount: route({
    method: 'GET',
    path: '/expense/returns/count/{month}/{year}',
    access: 'ReturnList',
    summary: "How many rows the month's returns report has",
    params: monthYearParams,
    response: answer<typeof countResponse>(),
  }),
  returnsSearchCount: route({
    method: 'GET',
    path: '/expense/returns/count/{month}/{year}/{text}',
    access: 'ReturnList',
    summary: 'How many returns report rows match the text',
    params: byReturnText,
    response: answer<typeof countResponse>(),
  }),
  returnsSummary: route({
    method: 'GET',
    path: '/expense/returns/summary/{month}/{year}',
    access: 'ReturnList',
    summary: "The returns report's summary row: sums over the month and the return percentage (returns × 100 / cost)",
    params: monthYearParams,
    response: answer<typeof returnsSummary>(),
  }),
  returnsPdf: route({
    method: 'GET',
    path: '/expense/returns/pdf/{month}/{year}',
    access: 'ReturnList',
    summary: "The month's returns report as Return_List_<d>_<m>_<y>.pdf (dated the day it is taken)",
    params: monthYearParams,
    response: answer<z.ZodUnknown>(),
  }),
  yearlyReturns: route({
    method: 'GET',
    path: '/expense/yearlyReturns/{year}',
    access: 'YearlyReturnList',
    summary: 'Per month of the year: bought, online and cash credit, returns, sold, expense, profit; totals, return % and profit. `?basis=financial` for the Indian financial year starting in April of {year}',
    params: byYear,
    query: yearBasisQuery,
    response: answer<typeof yearlyReturns>(),
  }),
  yearlyReturnsPdf: route({
    method: 'GET',
    path: '/expense/yearlyReturns/{year}/pdf',
    access: 'YearlyReturnList',
    summary: 'The yearly returns as Yearly_Return_<d>_<m>_<y>.pdf (dated the day it is taken); `?basis=financial` as for the figures',
    params: byYear,
    query: yearBasisQuery,
    response: answer<z.ZodUnknown>(),
  }),
} as const;
