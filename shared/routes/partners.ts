import * as z from 'zod';
import { countResponse, idParam, mobileSchema, pageQuery, searchText } from '../schemas/common.js';
import { businessPartner, businessPartnerBody } from '../schemas/partner.js';
import { answer, route } from './define.js';

const byPartnerId = z.object({ businessPartnersId: idParam });
const byText = z.object({ text: searchText });

export const partnerRoutes = {
  all: route({
    method: 'GET',
    path: '/businessPartners',
    access: 'BusinessPartnerList',
    summary: 'Business partners by name, a page',
    query: pageQuery,
    response: answer<z.ZodArray<typeof businessPartner>>(),
  }),
  count: route({
    method: 'GET',
    path: '/businessPartners/count',
    access: 'BusinessPartnerList',
    summary: 'How many business partners the shop has',
    response: answer<typeof countResponse>(),
  }),
  search: route({
    method: 'GET',
    path: '/businessPartners/search/{text}',
    access: 'BusinessPartnerList',
    summary: 'Partners whose name or company name starts with {text}, a page',
    params: byText,
    query: pageQuery,
    response: answer<z.ZodArray<typeof businessPartner>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/businessPartners/searchCount/{text}',
    access: 'BusinessPartnerList',
    summary: 'How many partners match {text}',
    params: byText,
    response: answer<typeof countResponse>(),
  }),
  isExist: route({
    method: 'GET',
    path: '/businessPartners/isExist/{mobile}',
    access: ['BusinessPartnerList', 'BusinessPartnerEdit'],
    summary: 'Whether a partner has this mobile number',
    params: z.object({ mobile: mobileSchema }),
    response: answer<z.ZodBoolean>(),
  }),
  byId: route({
    method: 'GET',
    path: '/businessPartners/{businessPartnersId}',
    access: ['BusinessPartnerList', 'BusinessPartnerEdit'],
    summary: 'A business partner',
    params: byPartnerId,
    response: answer<typeof businessPartner>(),
  }),
  create: route({
    method: 'POST',
    path: '/businessPartners/save',
    access: 'BusinessPartnerEdit',
    summary: 'Register a business partner; the mobile number is unique in the shop',
    body: businessPartnerBody,
    response: answer<typeof businessPartner>(),
  }),
  update: route({
    method: 'PUT',
    path: '/businessPartners/{businessPartnersId}',
    access: 'BusinessPartnerEdit',
    summary: 'Change a business partner',
    params: byPartnerId,
    body: businessPartnerBody,
    response: answer<typeof businessPartner>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/businessPartners/{businessPartnersId}',
    access: 'BusinessPartnerDelete',
    summary: 'Delete a business partner',
    params: byPartnerId,
    response: answer<typeof businessPartner>(),
  }),
} as const;
