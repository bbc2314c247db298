import { defaultRoles } from '../../shared/roles.js';
import type { Role } from '../../shared/schemas/auth.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { created, tableName, transact, type Actor, type TransactItem } from '../lib/db.js';
import { tenantPk } from '../lib/keys.js';
import { rootLogger } from '../lib/logger.js';
import { roleData, toRoleModules } from '../roles/data.js';
import { prepareDefaultTemplate } from '../templates/service.js';
import { tenantData } from './data.js';

/**
 * Creates a tenant with everything a new shop needs to start: the shop record, the feature catalogue and the
 * default roles, in one transaction (a tenant is either fully there or not at all). Returns the role ids by name.
 */
export async function provisionTenant(tenant: Omit<Tenant, 'createdBy' | 'createdOn'>, actor: Actor): Promise<Record<string, number>> {
  const stamps = created(actor);
  const roles: Role[] = defaultRoles.map((r, i) => ({
    roleId: i + 1,
    name: r.name,
    description: r.name,
    roleModule: toRoleModules(r.features),
    ...stamps,
  }));
  const put = (Item: Record<string, unknown>, condition = true): TransactItem => ({
    Put: { TableName: tableName(), Item, ...(condition ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}) },
  });
  const items: TransactItem[] = [
    put(tenantData.toItem({ ...tenant, ...stamps })),
    ...roles.map((role) => put(roleData.toItem(tenant.tenantId, role))),
    put({ pk: tenantPk(tenant.tenantId, 'SEQ'), sk: 'role', value: roles.length }, false),
    ...roleData.featureItems(tenant.tenantId).map((item) => put(item, false)),
  ];
  // The default inventory template's file is stored first and removed again if the shop is not created.
  const template = await prepareDefaultTemplate(tenant.tenantId, created(actor), { log: rootLogger });
  items.push(...template.items.map((item) => put(item)));
  const messages = [`A shop with the id ${tenant.tenantId} already exists.`];
  try {
    await transact(items, messages);
  } catch (error) {
    await template.discard();
    throw error;
  }
  return Object.fromEntries(roles.map((r) => [r.name, r.roleId]));
}
