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
 * since shops keep their data when a stack goes. CloudFormation updates it whenever the upgrade's fingerprint or the
 * setup code changes (infra/stacks/api-stack.ts); a new `resendAdminInvite` value mails a first admin who has not
 * signed in yet a new temporary password.
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<{ PhysicalResourceId: string }> {
  const physicalId = `platform-tenant-${config.platformTenant()}`;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalId };
  const adminEmail = config.platformAdminEmail();
  // Its data access is the platform tenant's, fenced like a request's.
  const outcome = await inTenant(config.platformTenant(), () =>
    ensurePlatformTenant({ adminUserName: `admin@${config.platformTenant()}.shop`, adminEmail, resendInvite: resendAsked(event) }),
  );
  rootLogger.info('platform tenant ready', { tenantId: config.platformTenant(), adminCreated: outcome.created, ...outcome });
  if (outcome.mailSent === false) {
    rootLogger.warn('the first platform admin\'s temporary password was not mailed: verify the sender in SES, then deploy with a new -c resendAdminInvite value', {
      tenantId: config.platformTenant(),
    });
  }
  // Every deploy brings the shops made by earlier releases up to the current feature catalogue.
  await upgradeAllTenants();
  return { PhysicalResourceId: physicalId };
}

/** A resend is asked for by a new, non-blank `resendAdminInvite` property. */
function resendAsked(event: CloudFormationCustomResourceEvent): boolean {
  const wanted = String(event.ResourceProperties.resendAdminInvite ?? '');
  const before = event.RequestType === 'Update' ? String(event.OldResourceProperties.resendAdminInvite ?? '') : '';
  return wanted !== '' && wanted !== before;
}
