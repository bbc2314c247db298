import { inventoryRoutes } from '../../shared/routes/inventory.js';
import { writeScope } from '../lib/context.js';
import { Forbidden } from '../lib/errors.js';
import { mapPage } from '../lib/db.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { inventoryData } from './data.js';
import { inventoryView, receive, searchCount, searchPage, suggestions } from './service.js';
import { byArtcode, byProductName, categoryProducts, categoryStrip } from './shelf.js';
import { publicCategories, publicCategoryProducts, publicProduct, publicProductPage, siteOrigin } from './public-catalogue.js';
import { commitBatch, stageUpload } from './upload.js';

export const UPLOAD_FOR_SELF = 'You can upload inventory only as yourself.';

export const handler = domainHandler('inventory', inventoryRoutes, {
  async all({ query, ctx }) {
    return listPage(mapPage(await inventoryData.page(ctx.me.tenantId, query), inventoryView));
  },
  count: ({ ctx }) => inventoryData.count(ctx.me.tenantId),
  async dates({ ctx }) {
    return (await inventoryData.days(ctx.me.tenantId)).map((d) => d.date);
  },
  async byDate({ params, query, ctx }) {
    return listPage(mapPage(await inventoryData.dayCursorPage(ctx.me.tenantId, params.date, query), inventoryView));
  },
  byDateCount: ({ params, ctx }) => inventoryData.dayCount(ctx.me.tenantId, params.date),
  search: async ({ params, query, ctx }) => listPage(await searchPage(ctx.me.tenantId, params.text, query)),
  searchCount: ({ params, ctx }) => searchCount(ctx.me.tenantId, params.text),
  suggestions: ({ params, ctx }) => suggestions(ctx.me.tenantId, params.text, params.all),
  save: ({ body, ctx }) => receive(writeScope(ctx), body),
  async saveByFile({ params, query, body, ctx }) {
    if (params.userName !== ctx.me.userName.toLowerCase()) throw new Forbidden(UPLOAD_FOR_SELF);
    return stageUpload(writeScope(ctx), body.file, query.confirm);
  },
  uploadBatch: ({ params, ctx }) => commitBatch(writeScope(ctx), params.uploadId, params.batch),
  artcode: ({ params, ctx }) => byArtcode(ctx.me.tenantId, params.artcode),
  productName: ({ params, ctx }) => byProductName(ctx.me.tenantId, params.name),
  categoryProducts: async ({ params, query, ctx }) => listPage(await categoryProducts(ctx.me.tenantId, params.categoryId, '', query)),
  categorySearch: async ({ params, query, ctx }) => listPage(await categoryProducts(ctx.me.tenantId, params.categoryId, params.searchText, query)),
  category: ({ params, ctx }) => categoryStrip(ctx.me.tenantId, params.id),
  publicCategories: async ({ params, query, ctx }) => listPage(await publicCategories(params.shop, query.search ?? '', query, ctx.now)),
  publicCategoryProducts: async ({ params, query, ctx }) => listPage(await publicCategoryProducts(params.shop, params.categoryId, query.search ?? '', query, ctx.now)),
  publicProduct: ({ params, ctx }) => publicProduct(params.shop, params.artcode, ctx.now),
  publicProductPage: async ({ params, ctx }) => publicProductPage(params.shop, params.artcode, siteOrigin(ctx.headers), ctx.now),
});
