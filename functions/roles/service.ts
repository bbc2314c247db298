import { isFeatureName, type FeatureName } from '../../shared/features.js';
import { ROLE, builtInRoles, mayAssignRole } from '../../shared/roles.js';
import { ROLE_NAME_EXISTS, type Role, type RoleBody } from '../../shared/schemas/auth.js';
import { auditWrite } from '../lib/audit.js';
import type { Caller } from '../lib/context.js';
import { created, nextId, op, transactParts, updated, writePart, type Actor } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import { featuresOf, roleData, toRoleModules } from './data.js';
import { checkRoleChange } from './grants.js';

const byId = (a: Role, b: Role) => a.roleId - b.roleId;

/** The roles the caller may give on the employee form. */
export async function employeeRoles(me: Caller): Promise<Role[]> {
  return (await roleData.all(me.tenantId)).filter((r) => mayAssignRole({ name: r.name, features: featuresOf(r) }, me.features)).sort(byId);
}

export async function allRoles(tenantId: string): Promise<Role[]> {
  return (await roleData.all(tenantId)).sort(byId);
}

export async function readRole(tenantId: string, roleId: number): Promise<Role> {
  const role = await roleData.byId(tenantId, roleId);
  if (!role) throw new NotFound('Role not found.');
  return role;
}

/** The features of the form, in catalogue order and grouped by module, whatever order they came in. */
const modulesOf = (body: RoleBody) =>
  toRoleModules([...new Set(body.roleModule.flatMap((m) => m.roleFeature.map((f) => f.featureName)))].filter(isFeatureName) as FeatureName[]);

/** A role as its audit record shows it: its name and the features it grants. */
const auditedRole = (role: Role) => ({ name: role.name, features: featuresOf(role) });

/** Role names are few per shop, so the check reads them all; the name claim in the write settles any race. */
async function checkNameFree(tenantId: string, name: string, exceptId?: number): Promise<void> {
  if ((await roleData.all(tenantId)).some((r) => r.name === name && r.roleId !== exceptId)) throw new Conflict(ROLE_NAME_EXISTS);
}

export async function createRole(me: Caller, body: RoleBody, actor: Actor): Promise<Role> {
  const tenantId = me.tenantId;
  const roleModule = modulesOf(body);
  checkRoleChange(me, { name: body.name, after: featuresOf({ roleModule }) });
  await checkNameFree(tenantId, body.name);
  const role: Role = {
    roleId: await nextId(tenantId, 'role'),
    name: body.name,
    description: body.name,
    roleModule,
    holders: 0,
    version: 1,
    ...created(actor),
  };
  await transactParts(
    writePart(
      [op.create(roleData.toItem(tenantId, role))],
      [op.claim(roleData.nameClaim(tenantId, role.name), `role#${role.roleId}`), ROLE_NAME_EXISTS],
      [auditWrite({ tenantId, actor }, { entity: 'role', entityId: role.roleId, action: 'create', after: auditedRole(role) })],
    ),
  );
  return role;
}

export async function updateRole(me: Caller, roleId: number, body: RoleBody, actor: Actor): Promise<Role> {
  const tenantId = me.tenantId;
  const current = await readRole(tenantId, roleId);
  checkRoleChange(me, { roleId, name: current.name, before: featuresOf(current), after: featuresOf({ roleModule: modulesOf(body) }) });
  if (current.name === ROLE.ADMIN) throw new Validation('The ADMIN role always has every feature and cannot be changed.');
  if (body.name !== current.name && builtInRoles.includes(current.name)) {
    throw new Validation(`The ${current.name} role cannot be renamed: the product relies on its name.`);
  }
  if (body.version !== undefined && body.version !== (current.version ?? 0)) throw new Conflict(STALE_RECORD);
  const renamed = body.name !== current.name;
  if (renamed) await checkNameFree(tenantId, body.name, roleId);
  const next: Role = { ...current, name: body.name, description: body.name, roleModule: modulesOf(body), ...updated(actor), version: (current.version ?? 0) + 1 };
  await transactParts(
    writePart(
      [roleData.save(tenantId, next, current.version), STALE_RECORD],
      [auditWrite({ tenantId, actor }, { entity: 'role', entityId: roleId, action: 'update', before: auditedRole(current), after: auditedRole(next) })],
      ...(renamed
        ? ([
            [op.claim(roleData.nameClaim(tenantId, next.name), `role#${roleId}`), ROLE_NAME_EXISTS],
            [op.release(roleData.nameClaim(tenantId, current.name))],
          ] as const)
        : []),
    ),
  );
  return next;
}

export async function deleteRole(me: Caller, roleId: number, actor: Actor): Promise<Role> {
  const tenantId = me.tenantId;
  const role = await readRole(tenantId, roleId);
  checkRoleChange(me, { roleId, name: role.name, before: featuresOf(role) });
  if (builtInRoles.includes(role.name)) throw new Validation(`The ${role.name} role cannot be deleted: the product relies on it.`);
  const inUse = `The role ${role.name} is held by ${role.holders ?? 0} user(s). Take it away from them before deleting it.`;
  if (role.holders) throw new Conflict(inUse);
  await transactParts(
    writePart(
      [roleData.removeUnheld(tenantId, roleId), 'The role was given to someone meanwhile. Take it away from them before deleting it.'],
      [op.release(roleData.nameClaim(tenantId, role.name))],
      [auditWrite({ tenantId, actor }, { entity: 'role', entityId: roleId, action: 'delete', before: auditedRole(role) })],
    ),
  );
  return role;
}
