import * as z from 'zod';
import { newProductRows, product, productIdList, productIds, productSuggestion, productUpdateRows } from '../schemas/catalogue.js';
import { countResponse, idParam, pageQuery, searchText } from '../schemas/common.js';
import { answer, route, shelfCache } from './define.js';

const listReaders = ['ProductList', 'ProductEdit', 'ProductDelete'] as const;
/** Screens that pick a product: bulk add and edit, inventory add, place order. */
const pickers = ['ProductList', 'ProductEdit', 'InventoryEdit', 'PurchaseEdit'] as const;

export const productRoutes = {
  page: route({
    method: 'GET',
    path: '/product/all',
    access: listReaders,
    summary: 'A page of the products (product list), in creation order, with image URLs',
    query: pageQuery,
    response: answer<z.ZodArray<typeof product>>(),
  }),
  count: route({
    method: 'GET',
    path: '/product/count',
    access: listReaders,
    summary: 'How many products the shop has',
    response: answer<typeof countResponse>(),
  }),
  search: route({
    method: 'GET',
    path: '/product/search/{text}',
    access: listReaders,
    summary: 'A page of the products whose name starts with the text (case-insensitive), in name order',
    params: z.object({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof product>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/product/searchCount/{text}',
    access: listReaders,
    summary: 'How many products have a name starting with the text, counted up to 1,000 (more answers 1,000)',
    params: z.object({ text: searchText }),
    response: answer<typeof countResponse>(),
  }),
  all: route({
    method: 'GET',
    path: '/product',
    access: pickers,
    summary: 'The products of the shop in name order, without image URLs (at most 1,000; page beyond that)',
    response: answer<z.ZodArray<typeof product>>(),
  }),
  suggestion: route({
    method: 'GET',
    path: '/product/suggestion/{text}',
    access: pickers,
    summary: 'The first 20 products in name order whose name starts with the text (asked again as the user types on)',
    params: z.object({ text: searchText }),
    response: answer<z.ZodArray<typeof productSuggestion>>(),
  }),
  listOfProducts: route({
    method: 'GET',
    path: '/product/listOfProducts/{ids}',
    access: ['ProductList', 'ProductEdit'],
    summary: 'The products of a comma-separated id list (bulk edit loads the selected products)',
    params: z.object({ ids: productIdList }),
    response: answer<z.ZodArray<typeof product>>(),
  }),
  byIds: route({
    method: 'POST',
    path: '/product',
    access: ['ProductList', 'ProductEdit'],
    summary: 'The products of an id list sent as the body',
    body: productIds,
    response: answer<z.ZodArray<typeof product>>(),
  }),
  saveAll: route({
    method: 'POST',
    path: '/product/saveAll',
    access: 'ProductEdit',
    summary: "Bulk add: all rows saved or none; a bad row answers 400 'Row n: reason'",
    body: newProductRows,
    response: answer<z.ZodArray<typeof product>>(),
  }),
  updateAll: route({
    method: 'PUT',
    path: '/product/listOfProducts',
    access: 'ProductEdit',
    summary: "Bulk edit of the selected products: all rows saved or none; a bad row answers 400 'Row n: reason'",
    body: productUpdateRows,
    response: answer<z.ZodArray<typeof product>>(),
  }),
  deleteAll: route({
    method: 'DELETE',
    path: '/product/deleteAllById',
    access: 'ProductDelete',
    summary: 'Delete the selected products (an id list body): all or none',
    body: productIds,
    response: answer<z.ZodArray<z.ZodNumber>>(),
  }),
  withoutHsn: route({
    method: 'GET',
    path: '/product/withoutHsn',
    access: ['ProductList', 'ProductEdit'],
    summary: 'The products without an HSN code, in name order (at most 1,000), so the owner can give them one',
    response: answer<z.ZodArray<typeof product>>(),
  }),
  withoutHsnCount: route({
    method: 'GET',
    path: '/product/withoutHsn/count',
    access: ['ProductList', 'ProductEdit'],
    summary: 'How many products have no HSN code (all of them, where the list stops at 1,000)',
    response: answer<typeof countResponse>(),
  }),
  countByCategory: route({
    method: 'GET',
    path: '/product/count/category/{categoryId}',
    // The storefront pages a category's products, so customers read these counts as well as staff.
    access: 'signedIn',
    cache: shelfCache,
    summary: 'How many products a category has',
    params: z.object({ categoryId: idParam }),
    response: answer<typeof countResponse>(),
  }),
  searchCountByCategory: route({
    method: 'GET',
    path: '/product/searchCount/{categoryId}/{text}',
    access: 'signedIn',
    cache: shelfCache,
    summary: 'How many products of a category have a name starting with the text, counted up to 1,000',
    params: z.object({ categoryId: idParam, text: searchText }),
    response: answer<typeof countResponse>(),
  }),
} as const;
