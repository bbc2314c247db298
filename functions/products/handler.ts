import { productRoutes } from '../../shared/routes/products.js';
import { PRODUCT_SUGGESTIONS, SEARCH_COUNT_CAP } from '../../shared/schemas/catalogue.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, Paged } from '../lib/handler.js';
import { categoryData } from '../categories/data.js';
import { productData } from './data.js';
import { deleteProducts, findProducts, saveProducts, updateProducts, withImageUrls } from './service.js';

/** `GET /product` answers every product in one response; past this the screens page instead. */
const ALL_LIMIT = 1000;

export const handler = domainHandler('products', productRoutes, {
  async page({ query, ctx }) {
    const page = await productData.cursorPage(ctx.me.tenantId, query);
    return new Paged(await withImageUrls(page.items), page.next);
  },
  async count({ ctx }) {
    return productData.count(ctx.me.tenantId);
  },
  async search({ params, query, ctx }) {
    const page = await productData.searchCursorPage(ctx.me.tenantId, params.text, query);
    return new Paged(await withImageUrls(page.items), page.next);
  },
  async searchCount({ params, ctx }) {
    return productData.searchCount(ctx.me.tenantId, params.text, SEARCH_COUNT_CAP);
  },
  async all({ ctx }) {
    return productData.byNamePrefix(ctx.me.tenantId, undefined, ALL_LIMIT);
  },
  async suggestion({ params, ctx }) {
    return productData.suggestions(ctx.me.tenantId, params.text, PRODUCT_SUGGESTIONS);
  },
  async listOfProducts({ params, ctx }) {
    return withImageUrls(await findProducts(ctx.me.tenantId, params.ids));
  },
  async byIds({ body, ctx }) {
    return withImageUrls(await findProducts(ctx.me.tenantId, body));
  },
  async saveAll({ body, ctx }) {
    return saveProducts(writeScope(ctx), body);
  },
  async updateAll({ body, ctx }) {
    return updateProducts(writeScope(ctx), body);
  },
  async deleteAll({ body, ctx }) {
    return deleteProducts(writeScope(ctx), body);
  },
  async withoutHsn({ ctx }) {
    return productData.withoutHsn(ctx.me.tenantId, ALL_LIMIT);
  },
  withoutHsnCount: ({ ctx }) => productData.withoutHsnCount(ctx.me.tenantId),
  async countByCategory({ params, ctx }) {
    return categoryData.productCount(ctx.me.tenantId, params.categoryId);
  },
  async searchCountByCategory({ params, ctx }) {
    return productData.searchCountInCategory(ctx.me.tenantId, params.categoryId, params.text, SEARCH_COUNT_CAP);
  },
});
