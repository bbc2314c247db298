import { createHash } from 'node:crypto';
import { featureCatalogue } from '../shared/features.js';
import { defaultRoles, platformRoles } from '../shared/roles.js';

/** What the shop upgrade (functions/tenants/upgrade.ts) brings every shop to: the feature catalogue and built-in roles. */
export interface UpgradeTarget {
  featureCatalogue: unknown;
  defaultRoles: unknown;
  platformRoles: unknown;
}

/**
 * A short hash of what the upgrade brings. The deploy's custom resource carries it, so a release that adds a feature
 * or changes a built-in role changes the resource and CloudFormation upgrades every shop again.
 */
export function upgradeFingerprint(target: UpgradeTarget = { featureCatalogue, defaultRoles, platformRoles }): string {
  return createHash('sha256').update(JSON.stringify(target)).digest('hex').slice(0, 16);
}
