import { userRoutes } from '../../shared/routes/users.js';
import { NotFound } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { userData } from './data.js';

export const handler = domainHandler('users', userRoutes, {
  async currentUser({ ctx }) {
    const user = await userData.byUserName(ctx.me.tenantId, ctx.me.userName);
    if (!user) throw new NotFound('Your user record was not found. Please contact your shop administrator.');
    return user;
  },
});
