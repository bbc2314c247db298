import { holidayRoutes } from '../../shared/routes/holidays.js';
import { domainHandler } from '../lib/handler.js';
import { createHoliday, deleteHoliday, getHoliday, listHolidays, updateHoliday } from './service.js';

export const handler = domainHandler('holidays', holidayRoutes, {
  publicHolidays: ({ query, ctx }) => listHolidays(ctx.me.tenantId, 'public', query.year, ctx.now),
  publicHoliday: ({ params, ctx }) => getHoliday(ctx.me.tenantId, 'public', params.id),
  createPublicHoliday: ({ body, ctx }) => createHoliday(ctx.me.tenantId, 'public', body, ctx.actor),
  updatePublicHoliday: ({ params, body, ctx }) => updateHoliday(ctx.me.tenantId, 'public', params.id, body, ctx.actor),
  deletePublicHoliday: ({ params, ctx }) => deleteHoliday(ctx.me.tenantId, 'public', params.id),
  companyHolidays: ({ query, ctx }) => listHolidays(ctx.me.tenantId, 'company', query.year, ctx.now),
  companyHoliday: ({ params, ctx }) => getHoliday(ctx.me.tenantId, 'company', params.id),
  createCompanyHoliday: ({ body, ctx }) => createHoliday(ctx.me.tenantId, 'company', body, ctx.actor),
  updateCompanyHoliday: ({ params, body, ctx }) => updateHoliday(ctx.me.tenantId, 'company', params.id, body, ctx.actor),
  deleteCompanyHoliday: ({ params, ctx }) => deleteHoliday(ctx.me.tenantId, 'company', params.id),
});
