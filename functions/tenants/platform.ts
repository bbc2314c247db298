import { ROLE } from '../../shared/roles.js';
import type { AppUser } from '../../shared/schemas/auth.js';
import { config } from '../lib/config.js';
import type { Actor } from '../lib/db.js';
import { rootLogger } from '../lib/logger.js';
import { awaitsFirstSignIn, createAppUser, sendTemporaryPassword, setTemporaryPassword, temporaryPassword } from '../users/service.js';
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
  /** Mails the existing first admin a new temporary password, if they have not signed in yet (the deploy's `resendAdminInvite`). */
  resendInvite?: boolean;
}

/** What the setup did: whether it made the first admin, and whether a temporary password was mailed. */
export interface PlatformSetupOutcome {
  created: boolean;
  /** Undefined when no temporary password was due (a known password, or an admin who already exists). */
  mailSent?: boolean;
  /** The admin exists and has signed in, so a resend was asked for and refused. */
  alreadySignedIn?: boolean;
}

/**
 * Creates the platform tenant and its first admin unless they exist (the deploy runs it on every update; the local
 * seed on the first start). A retail shop's roles never reach other shops: only holders of ADMIN here do
 * (functions/tenants/service.ts).
 */
export async function ensurePlatformTenant(setup: PlatformSetup, now = new Date()): Promise<PlatformSetupOutcome> {
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
  const existing = await userData.byUserName(tenantId, adminUserName);
  if (existing) return setup.resendInvite ? resendInvite(existing, setup.adminEmail) : { created: false };
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
  if (setup.permanentPassword) return { created: true };
  const { mailSent } = await sendTemporaryPassword(admin, password, PLATFORM_NAME, rootLogger);
  return { created: true, mailSent };
}

const PLATFORM_NAME = 'the shop platform';

/**
 * A new temporary password for a first admin who has not signed in yet (the first mail went nowhere: the sender
 * was not verified yet, or the address was wrong), mailed to the address the deploy now names.
 */
async function resendInvite(admin: AppUser, adminEmail: string | undefined): Promise<PlatformSetupOutcome> {
  if (!(await awaitsFirstSignIn(admin.userName))) return { created: false, alreadySignedIn: true };
  const password = temporaryPassword();
  await setTemporaryPassword(admin.userName, password);
  const { mailSent } = await sendTemporaryPassword({ ...admin, emailId: adminEmail ?? admin.emailId }, password, PLATFORM_NAME, rootLogger);
  return { created: false, mailSent };
}
