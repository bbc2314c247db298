import { roleRoutes } from '../../shared/routes/roles.js';
import { Forbidden } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { roleData } from './data.js';
import { allRoles, createRole, deleteRole, employeeRoles, readRole, updateRole } from './service.js';

export const handler = domainHandler('roles', roleRoutes, {
  async rolesByIds({ body, ctx }) {
    const me = ctx.me;
    const mayReadAny = me.features.has('RoleList') || me.features.has('RoleEdit');
    if (!mayReadAny && body.roleIdList.some((id) => !me.roleIds.includes(id))) {
      throw new Forbidden('You can read only the roles you hold.');
    }
    return roleData.byIds(me.tenantId, body.roleIdList);
  },
  employeeRoles: ({ ctx }) => employeeRoles(ctx.me),
  all: ({ ctx }) => allRoles(ctx.me.tenantId),
  byId: ({ params, ctx }) => readRole(ctx.me.tenantId, params.roleId),
  create: ({ body, ctx }) => createRole(ctx.me, body, ctx.actor),
  update: ({ params, body, ctx }) => updateRole(ctx.me, params.roleId, body, ctx.actor),
  remove: ({ params, ctx }) => deleteRole(ctx.me, params.roleId, ctx.actor),
});
