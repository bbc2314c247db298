import { cartRoutes } from '../../shared/routes/cart.js';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { cartData } from './data.js';
import { ownTenant as own } from './owner.js';
import {
  addToCart,
  customerOrders,
  customerOrderSearch,
  linePage,
  masterLines,
  masterPage,
  rawLines,
  removeLine,
  staffOrders,
  staffOrderSearch,
  staffOrderSearchCount,
  summaryOf,
  updateLine,
} from './service.js';

export const handler = domainHandler('cart', cartRoutes, {
  byCustomerStatus: async ({ params: p, ctx }) => rawLines(await own(ctx, p.customerId), p.customerId, [p.status]),
  byCustomerStatusList: async ({ params: p, ctx }) => rawLines(await own(ctx, p.customerId), p.customerId, p.statuses),
  master: async ({ params: p, ctx }) => masterLines(await own(ctx, p.customerId), p.customerId, p.statuses),
  masterPage: async ({ params: p, query: q, ctx }) => listPage(await masterPage(await own(ctx, p.customerId), p.customerId, p.status, '', q)),
  masterPageCount: async ({ params: p, ctx }) => cartData.count(await own(ctx, p.customerId), p.customerId, p.status, '', SEARCH_COUNT_CAP),
  customerPage: async ({ params: p, query: q, ctx }) => listPage(await linePage(await own(ctx, p.customerId), p.customerId, p.status, '', q)),
  masterSearch: async ({ params: p, query: q, ctx }) => listPage(await masterPage(await own(ctx, p.customerId), p.customerId, p.status, p.text, q)),
  masterSearchCount: async ({ params: p, ctx }) => cartData.count(await own(ctx, p.customerId), p.customerId, p.status, p.text, SEARCH_COUNT_CAP),
  customerSearch: async ({ params: p, query: q, ctx }) => listPage(await linePage(await own(ctx, p.customerId), p.customerId, p.status, p.text, q)),
  masterOrderPage: async ({ params: p, query: q, ctx }) => listPage(await customerOrders(await own(ctx, p.customerId), p.customerId, p.statuses, q)),
  masterOrderPageCount: async ({ params: p, ctx }) => cartData.customerOrdersCount(await own(ctx, p.customerId), p.customerId, p.statuses),
  masterOrderSearch: async ({ params: p, query: q, ctx }) =>
    listPage(await customerOrderSearch(await own(ctx, p.customerId), p.customerId, p.statuses, p.text, q)),
  masterOrderSearchCount: async ({ params: p, ctx }) => cartData.customerOrderSearchCount(await own(ctx, p.customerId), p.customerId, p.statuses, p.text, SEARCH_COUNT_CAP),
  summary: async ({ params: p, ctx }) => summaryOf(await own(ctx, p.customerId), p.customerId, ctx.now),
  save: ({ body, ctx }) => addToCart(writeScope(ctx), ctx.me, body),
  update: ({ params: p, body, ctx }) => updateLine(writeScope(ctx), ctx.me, p.customerCartId, body),
  remove: ({ params: p, ctx }) => removeLine(writeScope(ctx), ctx.me, p.customerCartId),
  orders: async ({ params: p, query: q, ctx }) => listPage(await staffOrders(ctx.me.tenantId, p.statuses, q)),
  ordersCount: ({ params: p, ctx }) => cartData.ordersCount(ctx.me.tenantId, p.statuses),
  ordersSearch: async ({ params: p, query: q, ctx }) => listPage(await staffOrderSearch(ctx.me.tenantId, p.statuses, p.text, q)),
  ordersSearchCount: ({ params: p, ctx }) => staffOrderSearchCount(ctx.me.tenantId, p.statuses, p.text),
});
