import * as z from 'zod';
import { countResponse, idParam, mobileSchema, pageQuery, searchText } from '../schemas/common.js';
import { businessPartner, businessPartnerBody } from '../schemas/partner.js';
import { route } from './define.js';

const byPartnerId = z.object({ businessPartnersId: idParam });
const byText = z.object({ text: searchText });

export const partnerRoutes = {
  all: route({
    method: 'GET',
    path: '/businessPartners',
    access: 'BusinessPartnerList',
    summary: 'Business partners by name, a page',
    query: pageQuery,
    response: z.array(businessPartner),
  }),
  count: route({
    method: 'GET',
    path: '/businessPartners/count',
    access: 'BusinessPartnerList',
    summary: 'How many business partners the shop has',
    response: countResponse,
  }),
  search: route({
    method: 'GET',
    path: '/businessPartners/search/{text}',
    access: 'BusinessPartnerList',
    summary: 'Partners whose name or company name starts with {text}, a page',
    params: byText,
    query: pageQuery,
    response: z.array(businessPartner),
  }),
  searchCount: route({
    method: 'GET',
    path: '/businessPartners/searchCount/{text}',
    access: 'BusinessPartnerList',
    summary: 'How many partners match {text}',
    params: byText,
    response: countResponse,
  }),
  isExist: route({
    method: 'GET',
    path: '/businessPartners/isExist/{mobile}',
    access: ['BusinessPartnerList', 'BusinessPartnerEdit'],
    summary: 'Whether a partner has this mobile number',
    params: z.object({ mobile: mobileSchema }),
    response: z.boolean(),
  }),
  byId: route({
    method: 'GET',
    path: '/businessPartners/{businessPartnersId}',
    access: ['BusinessPartnerList', 'BusinessPartnerEdit'],
    summary: 'A business partner',
    params: byPartnerId,
    response: businessPartner,
  }),
  create: route({
    method: 'POST',
    path: '/businessPartners/save',
    access: 'BusinessPartnerEdit',
    summary: 'Register a business partner; the mobile number is unique in the shop',
    body: businessPartnerBody,
    response: businessPartner,
  }),
  update: route({
    method: 'PUT',
    path: '/businessPartners/{businessPartnersId}',
    access: 'BusinessPartnerEdit',
    summary: 'Change a business partner',
    params: byPartnerId,
    body: businessPartnerBody,
    response: businessPartner,
  }),
  remove: route({
    method: 'DELETE',
    path: '/businessPartners/{businessPartnersId}',
    access: 'BusinessPartnerDelete',
    summary: 'Delete a business partner',
    params: byPartnerId,
    response: businessPartner,
  }),
} as const;
