import { tenantRoutes } from '../../shared/routes/tenants.js';
import { NotFound } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { tenantData } from './data.js';

export const handler = domainHandler('tenants', tenantRoutes, {
  async currentTenant({ ctx }) {
    const tenant = await tenantData.get(ctx.me.tenantId);
    if (!tenant) throw new NotFound('Your shop was not found.');
    return tenant;
  },
  async publicList() {
    const tenants = await tenantData.list();
    return tenants.map(({ tenantId, tenantName, displayName }) => ({ tenantId, tenantName, displayName }));
  },
});
