import { policyRoutes } from '../../shared/routes/policies.js';
import { domainHandler } from '../lib/handler.js';
import { policyData } from './data.js';

export const handler = domainHandler('policies', policyRoutes, {
  async all({ ctx }) {
    return policyData.all(ctx.me.tenantId);
  },
});
