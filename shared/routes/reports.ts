import {
  dateRangeParams,
  inventoryReport,
  productNameParams,
  purchaseReport,
  reportQuery,
  salesReport,
  stockReport,
} from '../schemas/report.js';
import { monthYearParams } from '../schemas/purchase-rows.js';
import { einvoiceParams, gstr1FileQuery, gstr1Summary } from '../schemas/gstr1.js';
import * as z from 'zod';
import { answer, route } from './define.js';

const readers = 'ReportList' as const;

/**
 * Report generation (spec 3 sections 2 and 7): inventory receipts, bill lines (purchases), stock and sales per
 * product, by product name or by a date range (stock also as it stands now). Pages of `?page&size`; the current
 * stock and the receipts, bill lines and stock lines of a product name also answer the next page's cursor in
 * `X-Next-Page`, taken back as `?cursor=`; `?format=pdf` answers the whole report as
 * `{Report}_{dd}_{mm}_{yyyy}.pdf`. Figures over dates come from the daily and monthly items the writing domains keep
 * (docs/finance.md), never from reading every bill.
 */
export const reportRoutes = {
  inventoryByName: route({
    method: 'GET',
    path: '/report/inventory/{start}',
    access: readers,
    summary: 'Receipts of the products whose name starts with the text (`start` is the product name), counted up to 1,000 (X-Next-Page)',
    params: productNameParams,
    query: reportQuery,
    response: answer<typeof inventoryReport>(),
  }),
  inventoryByDate: route({
    method: 'GET',
    path: '/report/inventory/{start}/{end}',
    access: readers,
    summary: 'Receipts of the receiving days from start to end, newest first, with units and cost per day',
    params: dateRangeParams,
    query: reportQuery,
    response: answer<typeof inventoryReport>(),
  }),
  purchaseByName: route({
    method: 'GET',
    path: '/report/purchase/{start}',
    access: readers,
    summary: 'Bill lines of the products whose name starts with the text (`start` is the product name), counted up to 1,000 (X-Next-Page)',
    params: productNameParams,
    query: reportQuery,
    response: answer<typeof purchaseReport>(),
  }),
  purchaseByDate: route({
    method: 'GET',
    path: '/report/purchase/{start}/{end}',
    access: readers,
    summary: 'Bill lines sold from start to end, newest first, with the totals, sales per day and the payment-mode split',
    params: dateRangeParams,
    query: reportQuery,
    response: answer<typeof purchaseReport>(),
  }),
  salesByName: route({
    method: 'GET',
    path: '/report/sales/{start}',
    access: readers,
    summary: 'Sales of the stock lines whose product name starts with the text, over all time (`start` is the name)',
    params: productNameParams,
    query: reportQuery,
    response: answer<typeof salesReport>(),
  }),
  salesByDate: route({
    method: 'GET',
    path: '/report/sales/{start}/{end}',
    access: readers,
    summary: 'Sales per stock line from start to end, best sellers first, with sales per day and the payment-mode split',
    params: dateRangeParams,
    query: reportQuery,
    response: answer<typeof salesReport>(),
  }),
  stockCurrent: route({
    method: 'GET',
    path: '/report/stock',
    access: readers,
    summary: 'The stock as it stands now, in stock id order, low quantities marked (X-Next-Page)',
    query: reportQuery,
    response: answer<typeof stockReport>(),
  }),
  stockByName: route({
    method: 'GET',
    path: '/report/stock/{start}',
    access: readers,
    summary: 'Stock lines whose product name starts with the text (`start` is the product name), counted up to 1,000 (X-Next-Page)',
    params: productNameParams,
    query: reportQuery,
    response: answer<typeof stockReport>(),
  }),
  stockByDate: route({
    method: 'GET',
    path: '/report/stock/{start}/{end}',
    access: readers,
    summary: 'Stock lines received from start to end, by receiving day, newest first',
    params: dateRangeParams,
    query: reportQuery,
    response: answer<typeof stockReport>(),
  }),
  gstr1: route({
    method: 'GET',
    path: '/report/gstr1/{month}/{year}',
    access: 'GstReturn',
    summary: "GSTR-1 of a month: the sections with counts and totals, B2C small rows, HSN quantities by unit, documents issued, and the problems to fix first",
    params: monthYearParams,
    response: answer<typeof gstr1Summary>(),
  }),
  gstr1File: route({
    method: 'GET',
    path: '/report/gstr1/{month}/{year}/file',
    access: 'GstReturn',
    summary: "The month's GSTR-1 as the GST portal's JSON (`?format=json`, GSTR1_<GSTIN>_<MMYYYY>.json) or a workbook with a sheet per section (`?format=xlsx`); 409 while problems are listed",
    params: monthYearParams,
    query: gstr1FileQuery,
    response: answer<z.ZodUnknown>(),
  }),
  einvoice: route({
    method: 'GET',
    path: '/report/einvoice/{purchaseId}',
    access: 'GstReturn',
    summary: 'The e-invoice JSON (schema 1.1) of a B2B tax invoice, EINV_<invoice>.json, for the shop to upload to its IRP; 409 with what is missing',
    params: einvoiceParams,
    response: answer<z.ZodUnknown>(),
  }),
};
