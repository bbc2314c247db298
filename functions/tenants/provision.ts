import { defaultRoles, platformRoles } from '../../shared/roles.js';
import type { Role } from '../../shared/schemas/auth.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { created, op, tableName, transact, type Actor, type TransactItem } from '../lib/db.js';
import { tenantPk } from '../lib/keys.js';
import { rootLogger } from '../lib/logger.js';
import { roleData, toRoleModules } from '../roles/data.js';
import { prepareDefaultTemplate, unprepareDefaultTemplate } from '../templates/service.js';
import { shopDomain, tenantData } from './data.js';

type NewTenant = Omit<Tenant, 'createdBy' | 'createdOn'>;

/** A retail shop, or the platform's own tenant (which sells nothing: one role administering shops, no template). */
export type TenantKind = 'shop' | 'platform';

function defaultRoleRecords(actor: Actor, kind: TenantKind): Role[] {
  const stamps = created(actor);
  return (kind === 'platform' ? platformRoles : defaultRoles).map((r, i) => ({
    roleId: i + 1,
    name: r.name,
    description: r.name,
    roleModule: toRoleModules(r.features),
    version: 1,
    ...stamps,
  }));
}

/** Every item a new shop starts with, keyed, so provisioning and its undo name the same items. */
function startingItems(tenant: NewTenant, actor: Actor, kind: TenantKind) {
  const roles = defaultRoleRecords(actor, kind);
  const tenantId = tenant.tenantId;
  return {
    roles,
    profile: tenantData.toItem({ ...tenant, domain: shopDomain(tenant), enabled: tenant.enabled ?? true, version: 1, ...created(actor) }),
    roleItems: roles.map((role) => roleData.toItem(tenantId, role)),
    roleNameClaims: roles.map((role) => ({ ...roleData.nameClaim(tenantId, role.name), entity: 'unique', owner: `role#${role.roleId}` })),
    roleSequence: { pk: tenantPk(tenantId, 'SEQ'), sk: 'role', value: roles.length },
    features: roleData.featureItems(tenantId),
  };
}

/**
 * Creates a tenant with everything a new shop needs to start: the shop record, the feature catalogue and the
 * default roles, in one transaction (a tenant is either fully there or not at all). Returns the role ids by name.
 */
export async function provisionTenant(tenant: NewTenant, actor: Actor, kind: TenantKind = 'shop'): Promise<Record<string, number>> {
  const start = startingItems(tenant, actor, kind);
  const put = (Item: Record<string, unknown>, condition = true): TransactItem => ({
    Put: { TableName: tableName(), Item, ...(condition ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}) },
  });
  const items: TransactItem[] = [
    put(start.profile),
    ...start.roleItems.map((item) => put(item)),
    ...start.roleNameClaims.map((item) => put(item, false)),
    put(start.roleSequence, false),
    ...start.features.map((item) => put(item, false)),
  ];
  // The default inventory template's file is stored first and removed again if the shop is not created.
  const template =
    kind === 'shop'
      ? await prepareDefaultTemplate(tenant.tenantId, created(actor), { log: rootLogger })
      : { items: [], discard: async () => undefined };
  items.push(...template.items.map((item) => put(item)));
  const messages = [`A shop with the id ${tenant.tenantId} already exists.`];
  try {
    await transact(items, messages);
  } catch (error) {
    await template.discard();
    throw error;
  }
  return Object.fromEntries(start.roles.map((r) => [r.name, r.roleId]));
}

/**
 * Undoes `provisionTenant` when the rest of a shop's creation fails (its first manager could not be created), so
 * the shop id is free for another try. The shop has no users and no data yet at that point.
 */
export async function unprovisionTenant(tenant: NewTenant, actor: Actor, extraSequences: string[]): Promise<void> {
  const start = startingItems(tenant, actor, 'shop');
  const keys = [start.profile, ...start.roleItems, ...start.roleNameClaims, start.roleSequence, ...start.features].map(({ pk, sk }) => ({ pk, sk }));
  const sequences = extraSequences.map((sk) => ({ pk: tenantPk(tenant.tenantId, 'SEQ'), sk }));
  const template = await unprepareDefaultTemplate(tenant.tenantId, { log: rootLogger });
  await transact([...keys, ...sequences, ...template].map((key) => op.remove(key)));
}
