import { ROLE } from '../../shared/roles.js';
import { config } from '../lib/config.js';
import type { Actor } from '../lib/db.js';
import { rootLogger } from '../lib/logger.js';
import { createAppUser, sendTemporaryPassword, temporaryPassword } from '../users/service.js';
import { userData } from '../users/data.js';
import { tenantData } from './data.js';
import { provisionTenant } from './provision.js';

/** The platform's own tenant: administers shops, sells nothing, is offered to nobody for sign-up. */
export const isPlatformTenant = (tenantId: string) => tenantId === config.platformTenant();

export interface PlatformSetup {
  /** The first platform admin's sign-in name, `<name>@<platform id>.<anything>` (e.g. admin@platform.shop). */
  adminUserName: string;
  /** Where the admin's temporary password is mailed (AWS); the admin's own name when absent. */
  adminEmail?: string;
  /** Locally the seed gives a known password instead of a mailed temporary one. */
  permanentPassword?: string;
}

/**
 * Creates the platform tenant and its first admin unless they exist (the deploy runs it on every update; the local
 * seed on the first start). A retail shop's roles never reach other shops: only holders of ADMIN here do
 * (functions/tenants/service.ts).
 */
export async function ensurePlatformTenant(setup: PlatformSetup, now = new Date()): Promise<{ created: boolean }> {
  const tenantId = config.platformTenant();
  const actor: Actor = { userName: 'system', now };
  let roleIds: Record<string, number> | undefined;
  if (!(await tenantData.get(tenantId))) {
    roleIds = await provisionTenant(
      {
        tenantId,
        tenantName: tenantId,
        displayName: 'Platform administration',
        address: 'Platform',
        gstNumber: '',
        domain: setup.adminUserName.split('@')[1],
      },
      actor,
      'platform',
    );
  }
  const adminUserName = setup.adminUserName.toLowerCase();
  if (await userData.byUserName(tenantId, adminUserName)) return { created: false };
  const adminRoleId = roleIds?.[ROLE.ADMIN] ?? 1;
  const password = setup.permanentPassword ?? temporaryPassword();
  const admin = await createAppUser(
    tenantId,
    {
      userName: adminUserName,
      emailId: setup.adminEmail ?? adminUserName,
      doj: now.toISOString().slice(0, 10),
      appUserRole: [{ roleId: adminRoleId, name: ROLE.ADMIN, description: ROLE.ADMIN }],
    },
    actor,
    setup.permanentPassword ? { permanentPassword: password } : { temporaryPassword: password },
  );
  if (!setup.permanentPassword) await sendTemporaryPassword(admin, password, 'the shop platform', rootLogger);
  return { created: true };
}
