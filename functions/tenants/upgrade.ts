import { defaultRoles, platformRoles } from '../../shared/roles.js';
import type { FeatureName } from '../../shared/features.js';
import { config } from '../lib/config.js';
import { tableName, transact, type TransactItem } from '../lib/db.js';
import { rootLogger } from '../lib/logger.js';
import { inTenant } from '../lib/tenant-scope.js';
import { featuresOf, roleData, toRoleModules } from '../roles/data.js';
import { tenantData } from './data.js';
import { upgradeUnpaid } from '../accounts/upgrade.js';
import { upgradeUncountedUpi } from '../payments/upgrade.js';
import { upgradeWords } from './word-upgrade.js';

/** Who the upgrade's changes are recorded as. */
const UPGRADE_ACTOR = 'platform-upgrade';

/**
 * Brings a shop made by an earlier release up to today's feature catalogue. A feature the catalogue gained since
 * (one the shop's stored catalogue does not list) is added to the shop's catalogue and to each built-in role that
 * has it by default today, so that the owner can use and grant it; nobody else could, since nobody grants a feature
 * they do not hold. A feature already in the shop's catalogue is never added back: an owner who took it from a role
 * keeps that choice. Runs once per new feature (the catalogue then lists it), all of a shop in one transaction;
 * role versions move on, so signed-in holders get the new access at their next request.
 */
export async function upgradeTenant(tenantId: string, now = new Date()): Promise<{ added: string[]; roles: string[] }> {
  return inTenant(tenantId, async () => {
    const stored = await roleData.storedFeatureNames(tenantId);
    const catalogue = roleData.featureItems(tenantId);
    const added = catalogue.filter((item) => !stored.has(String(item.featureName)));
    if (!added.length) return { added: [], roles: [] };
    const addedNames = new Set(added.map((item) => String(item.featureName)));
    const items: TransactItem[] = added.map((Item) => ({ Put: { TableName: tableName(), Item } }));
    const changedRoles: string[] = [];
    const builtIn = tenantId === config.platformTenant() ? platformRoles : defaultRoles;
    for (const role of await roleData.all(tenantId)) {
      const defaults = builtIn.find((d) => d.name === role.name)?.features ?? [];
      const held = featuresOf(role);
      const gained = defaults.filter((f) => addedNames.has(f) && !held.includes(f));
      if (!gained.length) continue;
      const roleModule = toRoleModules([...held, ...gained] as FeatureName[]);
      items.push(roleData.save(tenantId, { ...role, roleModule, updatedBy: UPGRADE_ACTOR, updatedOn: now.toISOString() }, role.version));
      changedRoles.push(`${role.name} +${gained.join(',')}`);
    }
    await transact(items);
    return { added: [...addedNames], roles: changedRoles };
  });
}

/**
 * Upgrades every shop of the directory (the deploy and the local start run it): the feature catalogue, then the
 * one-time data steps (`word-upgrade.ts`, `accounts/upgrade.ts`, `payments/upgrade.ts`); a shop that fails is logged
 * and left for the next run.
 */
export async function upgradeAllTenants(): Promise<void> {
  for (const tenant of await tenantData.list()) {
    try {
      const outcome = await upgradeTenant(tenant.tenantId);
      if (outcome.added.length) rootLogger.info('shop upgraded to the current feature catalogue', { tenantId: tenant.tenantId, ...outcome });
      const words = await inTenant(tenant.tenantId, () => upgradeWords(tenant.tenantId));
      if (words) rootLogger.info('shop given the word index of its names', { tenantId: tenant.tenantId, ...words });
      const unpaid = await inTenant(tenant.tenantId, () => upgradeUnpaid(tenant.tenantId));
      if (unpaid) rootLogger.info("shop's accounts given what they owe by day", { tenantId: tenant.tenantId, ...unpaid });
      const upi = await inTenant(tenant.tenantId, () => upgradeUncountedUpi(tenant.tenantId));
      if (upi) rootLogger.info('shop given its UPI payments to refund recorded before the list', { tenantId: tenant.tenantId, ...upi });
    } catch (error) {
      rootLogger.error('shop upgrade failed', { tenantId: tenant.tenantId, error: (error as Error).message });
    }
  }
}
