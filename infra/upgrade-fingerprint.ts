import { createHash } from 'node:crypto';
import { featureCatalogue } from '../shared/features.js';
import { defaultRoles, platformRoles } from '../shared/roles.js';
import { ACCOUNT_UNPAID_STEP } from '../shared/credit.js';
import { DATA_UPGRADE_STEPS } from '../shared/words.js';
import { UNCOUNTED_UPI_STEP } from '../shared/upi.js';

/** What the shop upgrade (functions/tenants/upgrade.ts) brings every shop to: the feature catalogue and built-in roles. */
export interface UpgradeTarget {
  featureCatalogue: unknown;
  defaultRoles: unknown;
  platformRoles: unknown;
}

/**
 * A short hash of what the upgrade brings: the feature catalogue, the built-in roles and the one-time data steps
 * (such as writing the word index of names). The deploy's custom resource carries it, so a release that adds a
 * feature, changes a built-in role or adds a data step changes the resource and CloudFormation upgrades every shop
 * again.
 */
export function upgradeFingerprint(target: UpgradeTarget = { featureCatalogue, defaultRoles, platformRoles }, dataSteps: readonly string[] = [...DATA_UPGRADE_STEPS, ACCOUNT_UNPAID_STEP, UNCOUNTED_UPI_STEP]): string {
  return createHash('sha256').update(JSON.stringify({ ...target, dataSteps })).digest('hex').slice(0, 16);
}
