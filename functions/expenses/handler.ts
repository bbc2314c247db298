import { expenseRoutes } from '../../shared/routes/expenses.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, listPage } from '../lib/handler.js';
import * as report from './report.js';
import { createExpense, deleteExpense, monthAll, monthCount, monthPage, monthSum, readExpense, updateExpense } from './service.js';

export const handler = domainHandler('expenses', expenseRoutes, {
  byId: ({ params, ctx }) => readExpense(ctx.me.tenantId, params.id),
  create: ({ body, ctx }) => createExpense(writeScope(ctx), body),
  update: ({ params, body, ctx }) => updateExpense(writeScope(ctx), params.id, body),
  remove: ({ params, ctx }) => deleteExpense(writeScope(ctx), params.id),
  month: async ({ params, query, ctx }) => listPage(await monthPage(ctx.me.tenantId, params.id, params.year, undefined, query)),
  monthSearch: async ({ params, query, ctx }) => listPage(await monthPage(ctx.me.tenantId, params.id, params.year, params.text, query)),
  all: ({ params, ctx }) => monthAll(ctx.me.tenantId, params.month, params.year),
  allSearch: ({ params, ctx }) => monthAll(ctx.me.tenantId, params.month, params.year, params.text),
  count: ({ params, ctx }) => monthCount(ctx.me.tenantId, params.month, params.year),
  countSearch: ({ params, ctx }) => monthCount(ctx.me.tenantId, params.month, params.year, params.text),
  sum: ({ params, ctx }) => monthSum(ctx.me.tenantId, params.month, params.year),
  returns: ({ params, query, ctx }) => report.returnsPage(ctx.me.tenantId, params.month, params.year, undefined, query.page, query.size),
  returnsSearch: ({ params, query, ctx }) => report.returnsPage(ctx.me.tenantId, params.month, params.year, params.text, query.page, query.size),
  returnsCount: ({ params, ctx }) => report.returnsCount(ctx.me.tenantId, params.month, params.year),
  returnsSearchCount: ({ params, ctx }) => report.returnsCount(ctx.me.tenantId, params.month, params.year, params.text),
  returnsSummary: ({ params, ctx }) => report.returnsSummary(ctx.me.tenantId, params.month, params.year),
  returnsPdf: ({ params, ctx }) => report.returnsPdf(ctx.me.tenantId, params.month, params.year, ctx.now),
  yearlyReturns: ({ params, query, ctx }) => report.yearlyReturns(ctx.me.tenantId, params.year, query.basis, ctx.now),
  yearlyReturnsPdf: ({ params, query, ctx }) => report.yearlyReturnsPdf(ctx.me.tenantId, params.year, query.basis, ctx.now),
});
