import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { config } from '../lib/config.js';
import { rootLogger } from '../lib/logger.js';
import { inTenant } from '../lib/tenant-scope.js';
import { ensurePlatformTenant } from './platform.js';
import { upgradeAllTenants } from './upgrade.js';

/**
 * The deploy's custom resource: creates the platform tenant and its first admin (`admin@<platform id>.shop`, the
 * temporary password mailed to PLATFORM_ADMIN_EMAIL) on create and on every update, then upgrades every shop to the
 * current feature catalogue (functions/tenants/upgrade.ts); nothing is removed on delete,
 * since shops keep their data when a stack goes.
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<{ PhysicalResourceId: string }> {
  const physicalId = `platform-tenant-${config.platformTenant()}`;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalId };
  const adminEmail = config.platformAdminEmail();
  // Its data access is the platform tenant's, fenced like a request's.
  const outcome = await inTenant(config.platformTenant(), () => ensurePlatformTenant({ adminUserName: `admin@${config.platformTenant()}.shop`, adminEmail }));
  rootLogger.info('platform tenant ready', { tenantId: config.platformTenant(), adminCreated: outcome.created });
  // Every deploy brings the shops made by earlier releases up to the current feature catalogue.
  await upgradeAllTenants();
  return { PhysicalResourceId: physicalId };
}
