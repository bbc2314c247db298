import { z } from 'zod';
import { publicTenant, tenant } from '../schemas/tenant.js';
import { route } from './define.js';

export const tenantRoutes = {
  currentTenant: route({
    method: 'GET',
    path: '/tenant/currentTenant',
    access: 'signedIn',
    summary: "The signed-in user's shop: display name, address and GSTIN for receipts",
    response: tenant,
  }),
  publicList: route({
    method: 'GET',
    path: '/tenant',
    access: 'public',
    summary: 'Shops a customer can sign up with',
    response: z.array(publicTenant),
  }),
} as const;
