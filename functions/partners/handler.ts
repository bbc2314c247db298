import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { partnerRoutes } from '../../shared/routes/partners.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { partnerData } from './data.js';
import { createPartner, deletePartner, readPartner, updatePartner } from './service.js';

export const handler = domainHandler('partners', partnerRoutes, {
  all: async ({ query, ctx }) => listPage(await partnerData.page(ctx.me.tenantId, query)),
  count: ({ ctx }) => partnerData.count(ctx.me.tenantId),
  search: async ({ params, query, ctx }) => listPage(await partnerData.searchPage(ctx.me.tenantId, params.text, query)),
  searchCount: ({ params, ctx }) => partnerData.searchCount(ctx.me.tenantId, params.text, SEARCH_COUNT_CAP),
  isExist: async ({ params, ctx }) => Boolean(await partnerData.byMobile(ctx.me.tenantId, params.mobile)),
  byId: ({ params, ctx }) => readPartner(ctx.me.tenantId, params.businessPartnersId),
  create: ({ body, ctx }) => createPartner(ctx.me.tenantId, body, ctx.actor),
  update: ({ params, body, ctx }) => updatePartner(ctx.me.tenantId, params.businessPartnersId, body, ctx.actor),
  remove: ({ params, ctx }) => deletePartner(ctx.me.tenantId, params.businessPartnersId),
});
