import { reportRoutes } from '../../shared/routes/reports.js';
import { domainHandler } from '../lib/handler.js';
import { MAX_FILE_ROWS, inventoryByDate, inventoryByName, purchaseByDate, purchaseByName, salesByDate, salesByName, stockByDate, stockByName, stockCurrent, type PageRequest } from './service.js';
import { reportPdf, type AnyReport } from './files.js';
import type { RequestContext } from '../lib/context.js';
import { einvoiceFile, gstr1File, gstr1Of, gstr1Summary } from './gst-return.js';

/** The page asked for, or the whole report (up to MAX_FILE_ROWS rows) when the answer is a PDF. */
const pageOf = (query: { page: number; size: number; format?: 'pdf' }): PageRequest =>
  query.format === 'pdf' ? { page: 0, size: MAX_FILE_ROWS } : { page: query.page, size: query.size };

/** Answers the page as JSON, or the report as a PDF file with `?format=pdf`. */
async function answer<T extends AnyReport>(ctx: RequestContext, query: { format?: 'pdf' }, made: T) {
  return query.format === 'pdf' ? reportPdf(ctx.me.tenantId, made, ctx.now) : (made.report as T['report']);
}

export const handler = domainHandler('reports', reportRoutes, {
  async inventoryByName({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Inventory', report: await inventoryByName(ctx.me.tenantId, params.start, pageOf(query)) });
  },
  async inventoryByDate({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Inventory', report: await inventoryByDate(ctx.me.tenantId, params.start, params.end, pageOf(query), ctx.now) });
  },
  async purchaseByName({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Purchase', report: await purchaseByName(ctx.me.tenantId, params.start, pageOf(query)) });
  },
  async purchaseByDate({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Purchase', report: await purchaseByDate(ctx.me.tenantId, params.start, params.end, pageOf(query), ctx.now) });
  },
  async salesByName({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Sales', report: await salesByName(ctx.me.tenantId, params.start, pageOf(query)) });
  },
  async salesByDate({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Sales', report: await salesByDate(ctx.me.tenantId, params.start, params.end, pageOf(query), ctx.now) });
  },
  async stockCurrent({ query, ctx }) {
    return answer(ctx, query, { type: 'Stock', report: await stockCurrent(ctx.me.tenantId, pageOf(query)) });
  },
  async stockByName({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Stock', report: await stockByName(ctx.me.tenantId, params.start, pageOf(query)) });
  },
  async stockByDate({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Stock', report: await stockByDate(ctx.me.tenantId, params.start, params.end, pageOf(query), ctx.now) });
  },
  async gstr1({ params, ctx }) {
    return gstr1Summary(await gstr1Of(ctx.me.tenantId, params.month, params.year));
  },
  async gstr1File({ params, query, ctx }) {
    return gstr1File(ctx.me.tenantId, params.month, params.year, query.format);
  },
  async einvoice({ params, ctx }) {
    return einvoiceFile(ctx.me.tenantId, params.purchaseId);
  },
});
