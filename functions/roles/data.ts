import { featureCatalogue, moduleOf, type FeatureName, type ModuleName } from '../../shared/features.js';
import type { Role } from '../../shared/schemas/auth.js';
import { batchGet, queryAll, strip, type Item } from '../lib/db.js';
import { idSk, tenantPk } from '../lib/keys.js';

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

export const roleData = {
  toItem(tenantId: string, role: Role): Item {
    return { pk: rolePk(tenantId), sk: idSk(role.roleId), entity: 'role', ...role };
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
  async byIds(tenantId: string, ids: number[]): Promise<Role[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const items = await batchGet<Role & Item>(unique.map((id) => ({ pk: rolePk(tenantId), sk: idSk(id) })));
    return items.map((i) => strip(i) as Role).sort((a, b) => a.roleId - b.roleId);
  },
  async all(tenantId: string): Promise<Role[]> {
    const items = await queryAll<Role & Item>({ pk: rolePk(tenantId) });
    return items.map((i) => strip(i) as Role);
  },
};
