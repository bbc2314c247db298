import { reportRoutes } from '../../shared/routes/reports.js';
import { domainHandler, Paged } from '../lib/handler.js';
import {
  MAX_FILE_ROWS,
  inventoryByDate,
  inventoryByName,
  purchaseByDate,
  purchaseByName,
  salesByDate,
  salesByName,
  stockByDate,
  stockByName,
  stockCurrent,
  type PagedReport,
  type PageRequest,
} from './service.js';
import { reportPdf, type AnyReport } from './files.js';
import type { RequestContext } from '../lib/context.js';
import { einvoiceFile, gstr1File, gstr1Of, gstr1Summary } from './gst-return.js';

type ReportQuery = { page: number; size: number; cursor?: string; format?: 'pdf' };

/** The page asked for (by number, or by cursor on the reports that answer one), or the whole report (up to MAX_FILE_ROWS rows) for a PDF. */
const pageOf = (query: ReportQuery): PageRequest =>
  query.format === 'pdf' ? { page: 0, size: MAX_FILE_ROWS, whole: true } : { page: query.page, size: query.size, cursor: query.cursor };

/** Answers the page as JSON, or the report as a PDF file with `?format=pdf`. */
async function answer<T extends AnyReport>(ctx: RequestContext, query: { format?: 'pdf' }, made: T) {
  return query.format === 'pdf' ? reportPdf(ctx.me.tenantId, made, ctx.now) : (made.report as T['report']);
}

/** A report that pages by cursor: the page with the next page's cursor in `X-Next-Page`, or the PDF (saying when it is cut at its limit). */
async function answerPaged<R extends AnyReport['report']>(ctx: RequestContext, query: { format?: 'pdf' }, type: AnyReport['type'], made: PagedReport<R>) {
  if (query.format === 'pdf') return reportPdf(ctx.me.tenantId, { type, report: made.report, more: made.more } as AnyReport, ctx.now);
  return new Paged(made.report, made.next);
}

export const handler = domainHandler('reports', reportRoutes, {
  async inventoryByName({ params, query, ctx }) {
    return answerPaged(ctx, query, 'Inventory', await inventoryByName(ctx.me.tenantId, params.start, pageOf(query)));
  },
  async inventoryByDate({ params, query, ctx }) {
    return answer(ctx, query, { type: 'Inventory', report: await inventoryByDate(ctx.me.tenantId, params.start, params.end, pageOf(query), ctx.now) });
  },
  async purchaseByName({ params, query, ctx }) {
    return answerPaged(ctx, query, 'Purchase', await purchaseByName(ctx.me.tenantId, params.start, pageOf(query)));
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
    return answerPaged(ctx, query, 'Stock', await stockCurrent(ctx.me.tenantId, pageOf(query)));
  },
  async stockByName({ params, query, ctx }) {
    return answerPaged(ctx, query, 'Stock', await stockByName(ctx.me.tenantId, params.start, pageOf(query)));
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
