import { taxRoutes } from '../../shared/routes/taxes.js';
import { writeScope } from '../lib/context.js';
import { domainHandler } from '../lib/handler.js';
import { taxData } from './data.js';
import { createTax, deleteTax, findTax, updateTax } from './service.js';

export const handler = domainHandler('taxes', taxRoutes, {
  async all({ ctx }) {
    // Slabs read naturally by rate (GST 5% before GST 12%), which text order of the type would not give.
    const taxes = await taxData.all(ctx.me.tenantId);
    return taxes.sort((a, b) => a.cgst + a.sgst - (b.cgst + b.sgst) || a.categoryType.localeCompare(b.categoryType));
  },
  async byId({ params, ctx }) {
    return findTax(ctx.me.tenantId, params.id);
  },
  async isExist({ params, ctx }) {
    return (await taxData.types.owner(ctx.me.tenantId, params.categoryType)) !== undefined;
  },
  async save({ body, ctx }) {
    return createTax(writeScope(ctx), body);
  },
  async update({ params, body, ctx }) {
    return updateTax(writeScope(ctx), params.id, body);
  },
  async remove({ params, ctx }) {
    return deleteTax(writeScope(ctx), params.id);
  },
});
