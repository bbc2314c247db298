import { messageRoutes } from '../../shared/routes/messages.js';
import { writeScope } from '../lib/context.js';
import { domainHandler } from '../lib/handler.js';
import { emailCustomer, whatsappCustomer } from './service.js';

export const handler = domainHandler('messages', messageRoutes, {
  async email({ body, ctx }) {
    return emailCustomer(writeScope(ctx), body);
  },
  async whatsapp({ body, ctx }) {
    return whatsappCustomer(writeScope(ctx), body);
  },
});
