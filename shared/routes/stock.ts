import * as z from 'zod';
import { countResponse, idParam, isoDate, pageQuery, searchText } from '../schemas/common.js';
import {
  reportFormat,
  stock,
  stockByProductParams,
  stockCreate,
  stockMovement,
  stockReportQuery,
  stockUpdate,
} from '../schemas/inventory.js';
import { answer, route, type FileAnswer } from './define.js';

/** The stock list; inventory staff see it too. There is no StockEdit feature: editing stock is an inventory change. */
const readers = ['StockList', 'InventoryEdit'] as const;
const byId = z.object({ id: idParam });
const byDate = z.object({ date: isoDate });
const byText = z.object({ text: searchText });

export const stockRoutes = {
  page: route({
    method: 'GET',
    path: '/stock',
    access: readers,
    summary: 'Current Stock: a page of the stock lines in id order',
    query: pageQuery,
    response: answer<z.ZodArray<typeof stock>>(),
  }),
  count: route({
    method: 'GET',
    path: '/stock/count',
    access: readers,
    summary: 'How many stock lines the shop has (a maintained counter)',
    response: answer<typeof countResponse>(),
  }),
  full: route({
    method: 'GET',
    path: '/stock/all',
    access: readers,
    summary: 'Full View: every stock line (at most 5,000; the report download holds all)',
    response: answer<z.ZodArray<typeof stock>>(),
  }),
  low: route({
    method: 'GET',
    path: '/stock/low',
    access: readers,
    summary: 'Low Quantity: every line with 5 or fewer units, read from a sparse index kept on every change',
    response: answer<z.ZodArray<typeof stock>>(),
  }),
  byDate: route({
    method: 'GET',
    path: '/stock/byDate/{date}',
    access: readers,
    summary: 'A page of the stock lines that received goods on a day, with the units received that day',
    params: byDate,
    query: pageQuery,
    response: answer<z.ZodArray<typeof stock>>(),
  }),
  byDateCount: route({
    method: 'GET',
    path: '/stock/byDateCount/{date}',
    access: readers,
    summary: 'How many stock lines received goods on a day',
    params: byDate,
    response: answer<typeof countResponse>(),
  }),
  search: route({
    method: 'GET',
    path: '/stock/search/{text}',
    access: readers,
    summary: 'A page of the stock lines whose product name or artcode starts with the text',
    params: byText,
    query: pageQuery,
    response: answer<z.ZodArray<typeof stock>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/stock/searchCount/{text}',
    access: readers,
    summary: 'How many stock lines have a product name or artcode starting with the text',
    params: byText,
    response: answer<typeof countResponse>(),
  }),
  byId: route({
    method: 'GET',
    path: '/stock/{id}',
    access: readers,
    summary: 'One stock line (the stock form)',
    params: byId,
    response: answer<typeof stock>(),
  }),
  byProduct: route({
    method: 'GET',
    path: '/stock/{id}/{artcode}',
    access: [...readers, 'PurchaseEdit', 'InventoryList'],
    summary: "The stock line of a product (id) and artcode (place order's stock check); 404 'Add in inventory' when never received",
    params: stockByProductParams,
    response: answer<typeof stock>(),
  }),
  create: route({
    method: 'POST',
    path: '/stock',
    access: 'InventoryEdit',
    summary: 'Add Stock: a new stock line of a product and artcode, its quantity recorded as a movement',
    body: stockCreate,
    response: answer<typeof stock>(),
  }),
  update: route({
    method: 'PUT',
    path: '/stock/{id}',
    access: 'InventoryEdit',
    summary: 'Edit Stock: quantity and price; a quantity change is recorded as a movement (optimistic version)',
    params: byId,
    body: stockUpdate,
    response: answer<typeof stock>(),
  }),
  movements: route({
    method: 'GET',
    path: '/stock/movements/{id}',
    access: readers,
    summary: 'A page of the movements of a stock line, newest first: who, when, why, before and after',
    params: byId,
    query: pageQuery,
    response: answer<z.ZodArray<typeof stockMovement>>(),
  }),
  movementsCount: route({
    method: 'GET',
    path: '/stock/movementsCount/{id}',
    access: readers,
    summary: 'How many movements a stock line has',
    params: byId,
    response: answer<typeof countResponse>(),
  }),
  download: route({
    method: 'GET',
    path: '/stock/download/{format}',
    access: readers,
    summary: 'The stock report as Stock_<dd-mm-yyyy>.pdf or .xlsx: the full, low or by-date view',
    params: z.object({ format: reportFormat }),
    query: stockReportQuery,
    response: answer<FileAnswer>(),
  }),
} as const;
