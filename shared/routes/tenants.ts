import * as z from 'zod';
import { countResponse, pageQuery } from '../schemas/common.js';
import { publicTenant, reportEmailsBody, tenant, tenantCreateBody, tenantCreated, tenantUpdateBody } from '../schemas/tenant.js';
import { answer, route } from './define.js';

const byTenantId = z.object({ tenantId: z.string().trim().toLowerCase().min(1).max(40) });

/**
 * Shop administration. A shop's own ADMIN may read and edit their shop; only a platform admin (ADMIN of the
 * platform's own shop, env PLATFORM_TENANT) may list, create, edit or delete other shops (docs/people.md).
 */
export const tenantRoutes = {
  currentTenant: route({
    method: 'GET',
    path: '/tenant/currentTenant',
    access: 'signedIn',
    beforeTwoStep: true,
    summary: "The signed-in user's shop: display name, address and GSTIN for receipts",
    response: answer<typeof tenant>(),
  }),
  reportEmails: route({
    method: 'PUT',
    path: '/tenant/currentTenant/reportEmails',
    access: 'ReportList',
    summary: "Switch the shop's daily report e-mail to its managers on or off",
    body: reportEmailsBody,
    response: answer<typeof tenant>(),
  }),
  publicList: route({
    method: 'GET',
    path: '/tenant',
    access: 'public',
    summary: 'Shops a customer can sign up with',
    response: answer<z.ZodArray<typeof publicTenant>>(),
  }),
  all: route({
    method: 'GET',
    path: '/tenant/all',
    access: 'TenantList',
    summary: 'Shops by id, a page: every shop for a platform admin, otherwise only the caller’s own',
    query: pageQuery,
    response: answer<z.ZodArray<typeof tenant>>(),
  }),
  count: route({
    method: 'GET',
    path: '/tenant/count',
    access: 'TenantList',
    summary: 'How many shops the caller may see',
    response: answer<typeof countResponse>(),
  }),
  byId: route({
    method: 'GET',
    path: '/tenant/{tenantId}',
    access: ['TenantList', 'TenantEdit'],
    summary: 'A shop: the caller’s own, or any for a platform admin',
    params: byTenantId,
    response: answer<typeof tenant>(),
  }),
  create: route({
    method: 'POST',
    path: '/tenant/save',
    access: 'TenantEdit',
    summary: 'Create a shop with its feature catalogue, default roles and first TENANT_MANAGER (platform admin only)',
    body: tenantCreateBody,
    response: answer<typeof tenantCreated>(),
  }),
  update: route({
    method: 'PUT',
    path: '/tenant/{tenantId}',
    access: 'TenantEdit',
    summary: 'Change the shop display name, address, GSTIN and contacts',
    params: byTenantId,
    body: tenantUpdateBody,
    response: answer<typeof tenant>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/tenant/{tenantId}',
    access: 'TenantDelete',
    summary: 'Disable a shop: its people can no longer sign in and it leaves the sign-up list (platform admin only)',
    params: byTenantId,
    response: answer<typeof tenant>(),
  }),
} as const;
