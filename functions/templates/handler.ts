import { templateRoutes } from '../../shared/routes/templates.js';
import { writeScope } from '../lib/context.js';
import { domainHandler } from '../lib/handler.js';
import { templateData } from './data.js';
import { createTemplate, currentTemplateFile, deleteTemplate, findTemplate, replaceTemplate, toAnswer } from './service.js';

export const handler = domainHandler('templates', templateRoutes, {
  async all({ ctx }) {
    return Promise.all((await templateData.all(ctx.me.tenantId)).map(toAnswer));
  },
  async current({ ctx }) {
    return currentTemplateFile(ctx.me.tenantId);
  },
  async byId({ params, ctx }) {
    return toAnswer(await findTemplate(ctx.me.tenantId, params.id));
  },
  async create({ body, ctx }) {
    return createTemplate(writeScope(ctx), body.file);
  },
  async replace({ params, body, ctx }) {
    return replaceTemplate(writeScope(ctx), params.id, body.file);
  },
  async remove({ params, ctx }) {
    return deleteTemplate(writeScope(ctx), params.id);
  },
});
