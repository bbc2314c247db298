import { categoryRoutes } from '../../shared/routes/categories.js';
import { writeScope } from '../lib/context.js';
import { domainHandler } from '../lib/handler.js';
import { categoryData } from './data.js';
import { createCategory, deleteCategory, findCategory, updateCategory, withImageUrl } from './service.js';

const withImageUrls = (categories: Awaited<ReturnType<typeof categoryData.page>>) => Promise.all(categories.map(withImageUrl));
/** One category with its image URL: the edit form's record and the storefront's card. */
const categoryCard = async (tenantId: string, categoryId: number) => withImageUrl(await findCategory(tenantId, categoryId));

export const handler = domainHandler('categories', categoryRoutes, {
  async page({ query, ctx }) {
    return categoryData.page(ctx.me.tenantId, query.page, query.size);
  },
  async count({ ctx }) {
    return categoryData.count(ctx.me.tenantId);
  },
  async imagePage({ query, ctx }) {
    return withImageUrls(await categoryData.page(ctx.me.tenantId, query.page, query.size));
  },
  async imageSearch({ params, query, ctx }) {
    return withImageUrls(await categoryData.searchPage(ctx.me.tenantId, params.text, query.page, query.size));
  },
  async imageById({ params, ctx }) {
    return categoryCard(ctx.me.tenantId, params.id);
  },
  async search({ params, query, ctx }) {
    return categoryData.searchPage(ctx.me.tenantId, params.text, query.page, query.size);
  },
  async searchCount({ params, ctx }) {
    return categoryData.searchCount(ctx.me.tenantId, params.text);
  },
  async all({ ctx }) {
    return categoryData.all(ctx.me.tenantId);
  },
  async map({ ctx }) {
    const categories = await categoryData.all(ctx.me.tenantId);
    return Object.fromEntries(categories.map((c) => [String(c.categoryId), c.categoryName]));
  },
  async byId({ params, ctx }) {
    return categoryCard(ctx.me.tenantId, params.id);
  },
  async isExist({ params, ctx }) {
    return (await categoryData.names.owner(ctx.me.tenantId, params.categoryName)) !== undefined;
  },
  async save({ body, ctx }) {
    return createCategory(writeScope(ctx), body);
  },
  async update({ params, body, ctx }) {
    return updateCategory(writeScope(ctx), params.categoryId, body);
  },
  async remove({ params, ctx }) {
    return deleteCategory(writeScope(ctx), params.id);
  },
});
