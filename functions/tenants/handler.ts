import { tenantRoutes } from '../../shared/routes/tenants.js';
import { NotFound } from '../lib/errors.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { inTenant } from '../lib/tenant-scope.js';
import { tenantData } from './data.js';
import { isPlatformTenant } from './platform.js';
import { countTenants, createTenant, deleteTenant, listTenants, newShopId, readTenant, setReportEmails, updateTenant } from './service.js';

/*
 * The platform admin works on other shops: those routes act as the shop they name, after the service has checked
 * that the caller may (a shop's own staff reach only their own shop).
 */

export const handler = domainHandler('tenants', tenantRoutes, {
  async currentTenant({ ctx }) {
    const tenant = await tenantData.get(ctx.me.tenantId);
    if (!tenant) throw new NotFound('Your shop was not found.');
    return tenant;
  },
  reportEmails: ({ body, ctx }) => setReportEmails(ctx.me, body.reportEmails, ctx.actor),
  async publicList() {
    const tenants = await tenantData.list();
    return tenants.filter((t) => t.enabled !== false && !isPlatformTenant(t.tenantId)).map(({ tenantId, tenantName, displayName }) => ({ tenantId, tenantName, displayName }));
  },
  all: async ({ query, ctx }) => listPage(await listTenants(ctx.me, query)),
  count: ({ ctx }) => countTenants(ctx.me),
  byId: ({ params, ctx }) => inTenant(params.tenantId, () => readTenant(ctx.me, params.tenantId)),
  create: ({ body, ctx }) => inTenant(newShopId(body), () => createTenant(ctx.me, body, ctx.actor, ctx.log)),
  update: ({ params, body, ctx }) => inTenant(params.tenantId, () => updateTenant(ctx.me, params.tenantId, body, ctx.actor)),
  remove: ({ params, ctx }) => inTenant(params.tenantId, () => deleteTenant(ctx.me, params.tenantId, ctx.actor)),
});
