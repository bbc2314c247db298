import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { categoryRoutes } from '../../shared/routes/categories.js';
import { writeScope } from '../lib/context.js';
import type { CursorPage } from '../lib/db.js';
import { domainHandler, Paged, listPage } from '../lib/handler.js';
import { categoryData, type StoredCategory } from './data.js';
import { createCategory, deleteCategory, findCategory, updateCategory, withImageUrl } from './service.js';

const withImageUrls = async (page: CursorPage<StoredCategory>) => new Paged(await Promise.all(page.items.map(withImageUrl)), page.next);
/** One category with its image URL: the edit form's record and the storefront's card. */
const categoryCard = async (tenantId: string, categoryId: number) => withImageUrl(await findCategory(tenantId, categoryId));

export const handler = domainHandler('categories', categoryRoutes, {
  async page({ query, ctx }) {
    return listPage(await categoryData.page(ctx.me.tenantId, query));
  },
  async count({ ctx }) {
    return categoryData.count(ctx.me.tenantId);
  },
  async imagePage({ query, ctx }) {
    return withImageUrls(await categoryData.page(ctx.me.tenantId, query));
  },
  async imageSearch({ params, query, ctx }) {
    return withImageUrls(await categoryData.searchPage(ctx.me.tenantId, params.text, query));
  },
  async imageById({ params, ctx }) {
    return categoryCard(ctx.me.tenantId, params.id);
  },
  async search({ params, query, ctx }) {
    return listPage(await categoryData.searchPage(ctx.me.tenantId, params.text, query));
  },
  async searchCount({ params, ctx }) {
    return categoryData.searchCount(ctx.me.tenantId, params.text, SEARCH_COUNT_CAP);
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
