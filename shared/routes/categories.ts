import * as z from 'zod';
import { category, categorySave } from '../schemas/category.js';
import { countResponse, idParam, pageQuery, searchText } from '../schemas/common.js';
import { answer, catalogueCache, route } from './define.js';

/** Back-office readers of the category list; the product screens read the names for their category column. */
const listReaders = ['CategoryList', 'CategoryEdit'] as const;
const nameReaders = ['CategoryList', 'CategoryEdit', 'ProductList', 'ProductEdit', 'InventoryEdit'] as const;

export const categoryRoutes = {
  page: route({
    method: 'GET',
    path: '/category',
    access: listReaders,
    summary: 'A page of the categories (back-office list), in creation order',
    query: pageQuery,
    response: answer<z.ZodArray<typeof category>>(),
  }),
  count: route({
    method: 'GET',
    path: '/category/count',
    // The storefront pages the category cards too, so customers read the count as well as staff.
    access: 'signedIn',
    summary: 'How many categories the shop has',
    response: answer<typeof countResponse>(),
  }),
  imagePage: route({
    method: 'GET',
    path: '/category/image',
    access: 'signedIn',
    cache: catalogueCache,
    summary: 'A page of the categories with image URLs (storefront cards and the back-office list)',
    query: pageQuery,
    response: answer<z.ZodArray<typeof category>>(),
  }),
  imageSearch: route({
    method: 'GET',
    path: '/category/image/search/{text}',
    access: 'signedIn',
    cache: catalogueCache,
    summary: 'A page of the categories whose name starts with the text, with image URLs',
    params: z.object({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof category>>(),
  }),
  imageById: route({
    method: 'GET',
    path: '/category/image/{id}',
    access: 'signedIn',
    cache: catalogueCache,
    summary: "One category card with its image URL (a category's product listing opened by its address)",
    params: z.object({ id: idParam }),
    response: answer<typeof category>(),
  }),
  search: route({
    method: 'GET',
    path: '/category/search/{text}',
    access: listReaders,
    summary: 'A page of the categories whose name starts with the text (case-insensitive), in name order',
    params: z.object({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof category>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/category/searchCount/{text}',
    access: 'signedIn',
    summary: 'How many categories have a name starting with the text',
    params: z.object({ text: searchText }),
    response: answer<typeof countResponse>(),
  }),
  all: route({
    method: 'GET',
    path: '/category/all',
    access: nameReaders,
    summary: 'Every category of the shop, in name order (the category select of the product forms)',
    response: answer<z.ZodArray<typeof category>>(),
  }),
  map: route({
    method: 'GET',
    path: '/category/map',
    access: nameReaders,
    summary: 'Category names by category id, for the category column of the product list',
    response: answer<z.ZodRecord<z.ZodString, z.ZodString>>(),
  }),
  byId: route({
    method: 'GET',
    path: '/category/{id}',
    access: listReaders,
    summary: 'One category with its image URL (the edit form)',
    params: z.object({ id: idParam }),
    response: answer<typeof category>(),
  }),
  isExist: route({
    method: 'GET',
    path: '/category/isExist/{categoryName}',
    access: 'CategoryEdit',
    summary: 'Whether a category of that name (any letter case) exists; true means the name is taken',
    params: z.object({ categoryName: z.string().trim().min(1, 'Category Name is required.') }),
    response: answer<z.ZodBoolean>(),
  }),
  save: route({
    method: 'POST',
    path: '/category/save',
    access: 'CategoryEdit',
    summary: "Create a category with its image; 'Category Name already exists!!!' for a taken name",
    body: categorySave,
    response: answer<typeof category>(),
  }),
  update: route({
    method: 'PUT',
    path: '/category/{categoryId}',
    access: 'CategoryEdit',
    summary: 'Rename a category or change its image',
    params: z.object({ categoryId: idParam }),
    body: categorySave,
    response: answer<typeof category>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/category/{id}',
    access: 'CategoryEdit',
    summary: 'Delete a category that no product belongs to any more',
    params: z.object({ id: idParam }),
    response: answer<z.ZodObject<{ categoryId: z.ZodNumber }>>(),
  }),
} as const;
