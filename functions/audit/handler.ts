import { auditRoutes } from '../../shared/routes/audit.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { auditData } from './data.js';

export const handler = domainHandler('audit', auditRoutes, {
  async page({ query, ctx }) {
    return listPage(await auditData.page(ctx.me.tenantId, query));
  },
});
