import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { ADD_IN_INVENTORY, MAX_STOCK_VIEW } from '../../shared/schemas/inventory-messages.js';
import { stockRoutes } from '../../shared/routes/stock.js';
import { writeScope } from '../lib/context.js';
import { NotFound } from '../lib/errors.js';
import { mapPage } from '../lib/db.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { stockData } from './data.js';
import { stockSearchCount } from './search.js';
import { stockReport } from './report.js';
import { byDatePage, byProduct, createStock, findStock, searchPage, stockPage, updateStock } from './service.js';
import { movementView, stockView } from './view.js';

export const handler = domainHandler('stock', stockRoutes, {
  async page({ query, ctx }) {
    return listPage(await stockPage(ctx.me.tenantId, query));
  },
  count: ({ ctx }) => stockData.count(ctx.me.tenantId),
  async full({ ctx }) {
    return (await stockData.first(ctx.me.tenantId, MAX_STOCK_VIEW)).map((line) => stockView(line));
  },
  async low({ ctx }) {
    return (await stockData.low(ctx.me.tenantId, MAX_STOCK_VIEW)).map((line) => stockView(line));
  },
  byDate: async ({ params, query, ctx }) => listPage(await byDatePage(ctx.me.tenantId, params.date, query)),
  byDateCount: ({ params, ctx }) => stockData.dayCount(ctx.me.tenantId, params.date),
  search: async ({ params, query, ctx }) => listPage(await searchPage(ctx.me.tenantId, params.text, query)),
  searchCount: ({ params, ctx }) => stockSearchCount(ctx.me.tenantId, params.text, SEARCH_COUNT_CAP),
  async byId({ params, ctx }) {
    return stockView(await findStock(ctx.me.tenantId, params.id));
  },
  async byProduct({ params, ctx }) {
    const line = await byProduct(ctx.me.tenantId, params.id, params.artcode);
    if (!line) throw new NotFound(ADD_IN_INVENTORY);
    return stockView(line);
  },
  create: ({ body, ctx }) => createStock(writeScope(ctx), body),
  update: ({ params, body, ctx }) => updateStock(writeScope(ctx), params.id, body),
  async movements({ params, query, ctx }) {
    await findStock(ctx.me.tenantId, params.id);
    return listPage(mapPage(await stockData.movementPage(ctx.me.tenantId, params.id, query), movementView));
  },
  movementsCount: ({ params, ctx }) => stockData.movementCount(ctx.me.tenantId, params.id),
  download: ({ params, query, ctx }) => stockReport(ctx.me.tenantId, params.format, query, ctx.now),
});
