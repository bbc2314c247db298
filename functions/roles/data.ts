import { featureCatalogue, moduleOf, type FeatureName, type ModuleName } from '../../shared/features.js';
import type { Role } from '../../shared/schemas/auth.js';
import { batchGet, getItem, op, queryAll, strip, type Item, type TransactItem } from '../lib/db.js';
import { idSk, tenantPk, uniqueKey } from '../lib/keys.js';

const rolePk = (tenantId: string) => tenantPk(tenantId, 'ROLE');
const featurePk = (tenantId: string) => tenantPk(tenantId, 'FEATURE');

/** Feature ids are stable across tenants: the position in the catalogue, counted from 1. */
const catalogueIds = new Map<string, number>(
  Object.values(featureCatalogue)
    .flat()
    .map((name, i) => [name, i + 1]),
);

/** Groups feature names into the role's module list, in catalogue order. */
export function toRoleModules(features: readonly FeatureName[]): Role['roleModule'] {
  const byModule = new Map<ModuleName, FeatureName[]>();
  for (const feature of features) {
    const module = moduleOf(feature);
    byModule.set(module, [...(byModule.get(module) ?? []), feature]);
  }
  return [...byModule.entries()].map(([moduleName, names]) => ({
    moduleName,
    roleFeature: names.map((featureName) => ({ featureId: catalogueIds.get(featureName), featureName })),
  }));
}

export const featuresOf = (role: Pick<Role, 'roleModule'>) => role.roleModule.flatMap((m) => m.roleFeature.map((f) => f.featureName));

const roleKey = (tenantId: string, roleId: number) => ({ pk: rolePk(tenantId), sk: idSk(roleId) });

export const roleData = {
  key: roleKey,
  toItem(tenantId: string, role: Role): Item {
    return { ...roleKey(tenantId, role.roleId), entity: 'role', ...role };
  },
  /** The claim that keeps role names unique in a tenant. */
  nameClaim: (tenantId: string, name: string) => uniqueKey(tenantId, 'ROLE_NAME', name),
  async byId(tenantId: string, roleId: number): Promise<Role | undefined> {
    const key = roleKey(tenantId, roleId);
    const item = await getItem<Role & Item>(key.pk, key.sk);
    return item ? (strip(item) as Role) : undefined;
  },
  /**
   * Changes how many users hold a role, inside the transaction that gives or takes the role. Giving a role
   * requires it to still exist, so a role deleted meanwhile cannot end up held.
   */
  holdersChange(tenantId: string, roleId: number, by: 1 | -1): TransactItem {
    return op.update(roleKey(tenantId, roleId), {
      UpdateExpression: 'ADD holders :by',
      ConditionExpression: by > 0 ? 'attribute_exists(pk)' : undefined,
      ExpressionAttributeValues: { ':by': by },
    });
  },
  /** Saves a role's name and features, keeping its holder count; only if nobody saved it since `version`. */
  save(tenantId: string, role: Role, expectedVersion: number | undefined): TransactItem {
    return op.update(roleKey(tenantId, role.roleId), {
      UpdateExpression: 'SET #name = :name, #description = :name, #modules = :modules, #version = :next, #by = :by, #on = :on',
      ConditionExpression: expectedVersion ? '#version = :expected' : 'attribute_exists(pk) AND attribute_not_exists(#version)',
      ExpressionAttributeNames: {
        '#name': 'name',
        '#description': 'description',
        '#modules': 'roleModule',
        '#version': 'version',
        '#by': 'updatedBy',
        '#on': 'updatedOn',
      },
      ExpressionAttributeValues: {
        ':name': role.name,
        ':modules': role.roleModule,
        ':next': (expectedVersion ?? 0) + 1,
        ':by': role.updatedBy,
        ':on': role.updatedOn,
        ...(expectedVersion ? { ':expected': expectedVersion } : {}),
      },
    });
  },
  /** Deletes a role only while nobody holds it. */
  removeUnheld(tenantId: string, roleId: number): TransactItem {
    return op.remove(roleKey(tenantId, roleId), {
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(holders) OR holders = :none)',
      ExpressionAttributeValues: { ':none': 0 },
    });
  },
  featureItems(tenantId: string): Item[] {
    return [...catalogueIds.entries()].map(([featureName, featureId]) => ({
      pk: featurePk(tenantId),
      sk: `${moduleOf(featureName as FeatureName)}#${featureName}`,
      entity: 'feature',
      featureId,
      featureName,
      moduleName: moduleOf(featureName as FeatureName),
      description: featureName.replace(/([a-z])([A-Z])/g, '$1 $2'),
    }));
  },
  /** The features of the shop's stored catalogue: the catalogue as it was when the shop was made or last upgraded. */
  async storedFeatureNames(tenantId: string): Promise<Set<string>> {
    const items = await queryAll<{ featureName: string }>({ pk: featurePk(tenantId) });
    return new Set(items.map((i) => i.featureName));
  },
  async byIds(tenantId: string, ids: number[]): Promise<Role[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const items = await batchGet<Role & Item>(unique.map((id) => roleKey(tenantId, id)));
    return items.map((i) => strip(i) as Role).sort((a, b) => a.roleId - b.roleId);
  },
  async all(tenantId: string): Promise<Role[]> {
    const items = await queryAll<Role & Item>({ pk: rolePk(tenantId) });
    return items.map((i) => strip(i) as Role);
  },
};
