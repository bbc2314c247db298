import * as z from 'zod';
import {
  cartLine,
  cartMasterRow,
  cartSave,
  cartStatusesParam,
  cartStatusParam,
  cartSummaryView,
  cartUpdate,
  orderRow,
  orderStatusesParam,
} from '../schemas/cart.js';
import { countResponse, idParam, pageQuery, searchText } from '../schemas/common.js';
import { answer, route } from './define.js';

/**
 * The customer's cart, saved items and orders, and staff order tracking. Routes with `{customerId}` serve only
 * that customer themselves (the service checks it against the caller's own customer record); a customer holds
 * CartList and CartEdit.
 */
const readers = ['CartList', 'CartEdit'] as const;
const trackers = ['OrderList', 'OrderEdit'] as const;

const customerStatus = z.object({ customerId: idParam, status: cartStatusParam });
const customerStatuses = z.object({ customerId: idParam, statuses: cartStatusesParam });
const customerOrderStatuses = z.object({ customerId: idParam, statuses: orderStatusesParam });
const byCartId = z.object({ customerCartId: idParam });

export const cartRoutes = {
  byCustomerStatus: route({
    method: 'GET',
    path: '/cart/byCustomerStatus/{customerId}/{status}',
    access: readers,
    summary: "The customer's lines of one status (InCart: the whole cart; others: the first 100, name order)",
    params: customerStatus,
    response: answer<z.ZodArray<typeof cartLine>>(),
  }),
  byCustomerStatusList: route({
    method: 'GET',
    path: '/cart/byCustomerStatusList/{customerId}/{statuses}',
    access: readers,
    summary: "The customer's lines of several statuses (`InCart,Saved`), up to 100 of each",
    params: customerStatuses,
    response: answer<z.ZodArray<typeof cartLine>>(),
  }),
  master: route({
    method: 'GET',
    path: '/cart/master/{customerId}/{statuses}',
    access: readers,
    summary: "The customer's lines of the statuses with product, image, shelf stock and stock message (the cart screen)",
    params: customerStatuses,
    response: answer<z.ZodArray<typeof cartMasterRow>>(),
  }),
  masterPage: route({
    method: 'GET',
    path: '/cart/master/page/{customerId}/{status}',
    access: readers,
    summary: 'A page of the customer’s lines of one status in name order (saved items), as master rows',
    params: customerStatus,
    query: pageQuery,
    response: answer<z.ZodArray<typeof cartMasterRow>>(),
  }),
  masterPageCount: route({
    method: 'GET',
    path: '/cart/master/page/count/{customerId}/{status}',
    access: readers,
    summary: 'How many lines of one status the customer has',
    params: customerStatus,
    response: answer<typeof countResponse>(),
  }),
  customerPage: route({
    method: 'GET',
    path: '/cart/customer/page/{customerId}/{status}',
    access: readers,
    summary: 'A page of the customer’s lines of one status in name order',
    params: customerStatus,
    query: pageQuery,
    response: answer<z.ZodArray<typeof cartLine>>(),
  }),
  masterSearch: route({
    method: 'GET',
    path: '/cart/master/search/{customerId}/{status}/{text}',
    access: readers,
    summary: 'A page of the customer’s lines of one status whose product name starts with the text, as master rows',
    params: customerStatus.extend({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof cartMasterRow>>(),
  }),
  masterSearchCount: route({
    method: 'GET',
    path: '/cart/master/search/count/{customerId}/{status}/{text}',
    access: readers,
    summary: 'How many of the customer’s lines of one status have a product name starting with the text',
    params: customerStatus.extend({ text: searchText }),
    response: answer<typeof countResponse>(),
  }),
  customerSearch: route({
    method: 'GET',
    path: '/cart/customer/search/{customerId}/{status}/{text}',
    access: readers,
    summary: 'A page of the customer’s lines of one status whose product name starts with the text',
    params: customerStatus.extend({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof cartLine>>(),
  }),
  masterOrderPage: route({
    method: 'GET',
    path: '/cart/masterOrder/page/{customerId}/{statuses}',
    access: readers,
    summary: 'A page of the customer’s orders of the statuses, newest first (Your Orders)',
    params: customerOrderStatuses,
    query: pageQuery,
    response: answer<z.ZodArray<typeof cartMasterRow>>(),
  }),
  masterOrderPageCount: route({
    method: 'GET',
    path: '/cart/masterOrder/page/count/{customerId}/{statuses}',
    access: readers,
    summary: 'How many orders of the statuses the customer has',
    params: customerOrderStatuses,
    response: answer<typeof countResponse>(),
  }),
  masterOrderSearch: route({
    method: 'GET',
    path: '/cart/masterOrder/search/{customerId}/{statuses}/{text}',
    access: readers,
    summary: 'A page of the customer’s orders of the statuses whose product name starts with the text, name order',
    params: customerOrderStatuses.extend({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof cartMasterRow>>(),
  }),
  masterOrderSearchCount: route({
    method: 'GET',
    path: '/cart/masterOrder/search/count/{customerId}/{statuses}/{text}',
    access: readers,
    summary: 'How many of the customer’s orders of the statuses have a product name starting with the text',
    params: customerOrderStatuses.extend({ text: searchText }),
    response: answer<typeof countResponse>(),
  }),
  summary: route({
    method: 'GET',
    path: '/cart/summary/{customerId}',
    access: readers,
    summary: 'The checkout’s order summary of the cart: tax, delivery charge, saved, payable, delivery date, stock check',
    params: z.object({ customerId: idParam }),
    response: answer<typeof cartSummaryView>(),
  }),
  save: route({
    method: 'POST',
    path: '/cart/save',
    access: 'CartEdit',
    summary: "Add to cart: a new line or more of the product's line, capped by the shelf's stock; at most 10 lines",
    body: cartSave,
    response: answer<typeof cartLine>(),
  }),
  update: route({
    method: 'PUT',
    path: '/cart/{customerCartId}',
    access: ['CartEdit', 'OrderEdit'],
    summary:
      'The customer changes a quantity (0 removes), saves for later, moves to cart or to the wishlist; staff with OrderEdit ship an OrderSuccess line or deliver a Shipped one',
    params: byCartId,
    body: cartUpdate,
    response: answer<z.ZodNullable<typeof cartLine>>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/cart/{customerCartId}',
    access: 'CartEdit',
    summary: 'Delete a line from the cart or the saved items',
    params: byCartId,
    response: answer<typeof cartLine>(),
  }),
  orders: route({
    method: 'GET',
    path: '/cart/order/{statuses}',
    access: trackers,
    summary: "A page of the shop's orders of the statuses, newest first (order tracking)",
    params: z.object({ statuses: orderStatusesParam }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof orderRow>>(),
  }),
  ordersCount: route({
    method: 'GET',
    path: '/cart/order/count/{statuses}',
    access: trackers,
    summary: 'How many orders of the statuses the shop has',
    params: z.object({ statuses: orderStatusesParam }),
    response: answer<typeof countResponse>(),
  }),
  ordersSearch: route({
    method: 'GET',
    path: '/cart/search/{statuses}/{text}',
    access: trackers,
    summary: 'A page of the orders of the statuses whose customer mobile number starts with the digits',
    params: z.object({ statuses: orderStatusesParam, text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof orderRow>>(),
  }),
  ordersSearchCount: route({
    method: 'GET',
    path: '/cart/search/count/{statuses}/{text}',
    access: trackers,
    summary: 'How many orders of the statuses have a customer mobile number starting with the digits',
    params: z.object({ statuses: orderStatusesParam, text: searchText }),
    response: answer<typeof countResponse>(),
  }),
} as const;
