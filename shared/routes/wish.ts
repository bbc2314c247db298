import * as z from 'zod';
import { cartStatusParam } from '../schemas/cart-fields.js';
import { wishLine, wishSave } from '../schemas/wish.js';
import { countResponse, idParam, pageQuery, searchText } from '../schemas/common.js';
import { answer, route } from './define.js';

/** The wishlist: its own records, one per product and customer; `{customerId}` must be the caller's own record. */
const readers = ['CartList', 'CartEdit'] as const;
const byCustomer = z.object({ customerId: idParam });
const byText = z.object({ customerId: idParam, text: searchText });

export const wishRoutes = {
  byCustomer: route({
    method: 'GET',
    path: '/wish/byCustomer/{customerId}/{status}',
    access: readers,
    summary: "The customer's wish lines of the status (only 'Wishlist' has any), the first 100 in name order",
    params: byCustomer.extend({ status: cartStatusParam }),
    response: answer<z.ZodArray<typeof wishLine>>(),
  }),
  page: route({
    method: 'GET',
    path: '/wish/customer/{customerId}',
    access: readers,
    summary: "A page of the customer's wishlist in name order",
    params: byCustomer,
    query: pageQuery,
    response: answer<z.ZodArray<typeof wishLine>>(),
  }),
  count: route({
    method: 'GET',
    path: '/wish/count/{customerId}',
    access: readers,
    summary: 'How many products the customer wishes for',
    params: byCustomer,
    response: answer<typeof countResponse>(),
  }),
  search: route({
    method: 'GET',
    path: '/wish/search/{customerId}/{text}',
    access: readers,
    summary: "A page of the customer's wishlist whose product name starts with the text",
    params: byText,
    query: pageQuery,
    response: answer<z.ZodArray<typeof wishLine>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/wish/searchCount/{customerId}/{text}',
    access: readers,
    summary: "How many of the customer's wishes have a product name starting with the text",
    params: byText,
    response: answer<typeof countResponse>(),
  }),
  save: route({
    method: 'POST',
    path: '/wish/save',
    access: 'CartEdit',
    summary: 'Add a product to the wishlist; a product already there is answered as it is',
    body: wishSave,
    response: answer<typeof wishLine>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/wish/{customerWishId}',
    access: 'CartEdit',
    summary: 'Remove a product from the wishlist',
    params: z.object({ customerWishId: idParam }),
    response: answer<typeof wishLine>(),
  }),
} as const;
