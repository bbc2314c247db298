import { roleRoutes } from '../../shared/routes/roles.js';
import { Forbidden } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { roleData } from './data.js';

export const handler = domainHandler('roles', roleRoutes, {
  async rolesByIds({ body, ctx }) {
    const me = ctx.me;
    const mayReadAny = me.features.has('RoleList') || me.features.has('RoleEdit');
    if (!mayReadAny && body.roleIdList.some((id) => !me.roleIds.includes(id))) {
      throw new Forbidden('You can read only the roles you hold.');
    }
    return roleData.byIds(me.tenantId, body.roleIdList);
  },
});
