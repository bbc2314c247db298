import { wishRoutes } from '../../shared/routes/wish.js';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { ownTenant as own } from '../cart/owner.js';
import { LIST_LIMIT } from '../cart/service.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { wishData } from './data.js';
import { addWish, removeWish, wishesOfStatus, wishPage } from './service.js';

export const handler = domainHandler('wish', wishRoutes, {
  byCustomer: async ({ params, ctx }) => wishesOfStatus(await own(ctx, params.customerId), params.customerId, params.status, LIST_LIMIT),
  page: async ({ params, query, ctx }) => listPage(await wishPage(await own(ctx, params.customerId), params.customerId, '', query)),
  count: async ({ params, ctx }) => wishData.count(await own(ctx, params.customerId), params.customerId, '', SEARCH_COUNT_CAP),
  search: async ({ params, query, ctx }) => listPage(await wishPage(await own(ctx, params.customerId), params.customerId, params.text, query)),
  searchCount: async ({ params, ctx }) => wishData.count(await own(ctx, params.customerId), params.customerId, params.text, SEARCH_COUNT_CAP),
  save: ({ body, ctx }) => addWish(writeScope(ctx), ctx.me, body),
  remove: ({ params, ctx }) => removeWish(writeScope(ctx), ctx.me, params.customerWishId),
});
