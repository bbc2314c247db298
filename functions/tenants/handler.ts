import { tenantRoutes } from '../../shared/routes/tenants.js';
import { NotFound } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { tenantData } from './data.js';
import { countTenants, createTenant, deleteTenant, listTenants, readTenant, setReportEmails, updateTenant } from './service.js';

export const handler = domainHandler('tenants', tenantRoutes, {
  async currentTenant({ ctx }) {
    const tenant = await tenantData.get(ctx.me.tenantId);
    if (!tenant) throw new NotFound('Your shop was not found.');
    return tenant;
  },
  reportEmails: ({ body, ctx }) => setReportEmails(ctx.me, body.reportEmails, ctx.actor),
  async publicList() {
    const tenants = await tenantData.list();
    return tenants.filter((t) => t.enabled !== false).map(({ tenantId, tenantName, displayName }) => ({ tenantId, tenantName, displayName }));
  },
  all: ({ query, ctx }) => listTenants(ctx.me, query.page, query.size),
  count: ({ ctx }) => countTenants(ctx.me),
  byId: ({ params, ctx }) => readTenant(ctx.me, params.tenantId),
  create: ({ body, ctx }) => createTenant(ctx.me, body, ctx.actor, ctx.log),
  update: ({ params, body, ctx }) => updateTenant(ctx.me, params.tenantId, body, ctx.actor),
  remove: ({ params, ctx }) => deleteTenant(ctx.me, params.tenantId, ctx.actor),
});
