import * as z from 'zod';
import { countResponse, idParam, mobileSchema, pageQuery, searchText } from '../schemas/common.js';
import {
  customer,
  customerBody,
  customerOrFalse,
  customerSignUpBody,
  customerUpdateBody,
  mobileListQuery,
} from '../schemas/customer.js';
import { answer, route } from './define.js';

const byCustomerId = z.object({ customerId: idParam });
const byMobile = z.object({ mobile: mobileSchema });
const byText = z.object({ text: searchText });

/** Reading customers: the customer screens, and the till looking a customer up by mobile. */
const readers = ['CustomerList', 'CustomerView'] as const;
const tillLookup = ['CustomerList', 'CustomerView', 'CustomerEdit', 'PurchaseEdit'] as const;

export const customerRoutes = {
  byAppUser: route({
    method: 'GET',
    path: '/customer/appUser/{appUserId}',
    access: 'signedIn',
    summary: 'The customer record of a user: a customer reads only their own, staff need CustomerView',
    params: z.object({ appUserId: idParam }),
    response: answer<typeof customer>(),
  }),
  mobiles: route({
    method: 'GET',
    path: '/customer/mobile',
    access: tillLookup,
    summary: "Customers' mobile numbers in order, those starting with `prefix` when given (the till's suggestions)",
    query: mobileListQuery,
    response: answer<z.ZodArray<z.ZodString>>(),
  }),
  validate: route({
    method: 'GET',
    path: '/customer/validate/{mobile}',
    access: tillLookup,
    summary: "The customer with this mobile, or 'False' when there is none",
    params: byMobile,
    response: answer<typeof customerOrFalse>(),
  }),
  isExist: route({
    method: 'GET',
    path: '/customer/isExist/{mobile}',
    access: tillLookup,
    summary: 'Whether a customer has this mobile number',
    params: byMobile,
    response: answer<z.ZodBoolean>(),
  }),
  all: route({
    method: 'GET',
    path: '/customer/all',
    access: readers,
    summary: 'Customers, newest first, a page',
    query: pageQuery,
    response: answer<z.ZodArray<typeof customer>>(),
  }),
  count: route({
    method: 'GET',
    path: '/customer/count',
    access: readers,
    summary: 'How many customers the shop has',
    response: answer<typeof countResponse>(),
  }),
  search: route({
    method: 'GET',
    path: '/customer/search/{text}',
    access: readers,
    summary: 'Customers whose mobile (when {text} is digits) or name starts with {text}, a page',
    params: byText,
    query: pageQuery,
    response: answer<z.ZodArray<typeof customer>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/customer/searchCount/{text}',
    access: readers,
    summary: 'How many customers match {text}',
    params: byText,
    response: answer<typeof countResponse>(),
  }),
  byId: route({
    method: 'GET',
    path: '/customer/{customerId}',
    access: [...readers, 'CustomerEdit'],
    summary: 'A customer',
    params: byCustomerId,
    response: answer<typeof customer>(),
  }),
  create: route({
    method: 'POST',
    path: '/customer/save',
    access: 'CustomerEdit',
    summary: 'Register a customer at the shop (no sign-in); the name gets the shop domain, name and mobile are unique',
    body: customerBody,
    response: answer<typeof customer>(),
  }),
  update: route({
    method: 'PUT',
    path: '/customer/{customerId}',
    access: 'CustomerEdit',
    summary: "Change a customer's e-mail and address; name and mobile stay as registered",
    params: byCustomerId,
    body: customerUpdateBody,
    response: answer<typeof customer>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/customer/{customerId}',
    access: 'CustomerDelete',
    summary: 'Delete a customer; a customer who signed up also loses their sign-in',
    params: byCustomerId,
    response: answer<typeof customer>(),
  }),
  signUp: route({
    method: 'POST',
    path: '/customer/signUp',
    access: 'public',
    summary: 'Customer self sign-up without login: a sign-in with the chosen password and the customer record',
    body: customerSignUpBody,
    response: answer<typeof customer>(),
  }),
} as const;
