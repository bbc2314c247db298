import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLE } from '../shared/roles.js';
import { gstinSchema } from '../shared/schemas/tenant.js';
import { tenantIdFromUserName } from '../shared/tenant.js';
import { provisionTenant } from '../functions/tenants/provision.js';
import { createAppUser } from '../functions/users/service.js';

/**
 * Creates a shop and its first administrator in a deployed stack (the local stack seeds its own). Reads the table
 * and user pool from the environment, as the functions do:
 *
 *   AWS_REGION=ap-south-1 TABLE_NAME=... USER_POOL_ID=... USER_POOL_CLIENT_ID=... \
 *   npx tsx scripts/create-tenant.ts --admin admin@myshop.in --name "My Shop" --address "..." --gstin 29ABCDE1234F1Z5
 *
 * The administrator gets a temporary password, printed once, to replace at the first sign-in.
 */
const { values } = parseArgs({
  options: {
    admin: { type: 'string' },
    name: { type: 'string' },
    address: { type: 'string' },
    gstin: { type: 'string' },
    role: { type: 'string', default: ROLE.ADMIN },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const admin = values.admin?.toLowerCase() ?? fail('--admin <login e-mail> is required');
const tenantId = tenantIdFromUserName(admin) ?? fail(`Cannot read a shop id from ${admin}: it is the text between @ and the first dot.`);
const gstin = gstinSchema.safeParse(values.gstin ?? '');
if (!gstin.success) fail('--gstin must be a valid 15-character GSTIN');
const role = values.role!;
if (role !== ROLE.ADMIN && role !== ROLE.TENANT_MANAGER) fail('--role is ADMIN or TENANT_MANAGER');

const actor = { userName: 'setup', now: new Date() };
const roleIds = await provisionTenant(
  {
    tenantId,
    tenantName: tenantId,
    displayName: values.name ?? fail('--name "<shop display name>" is required'),
    address: values.address ?? fail('--address "<shop address>" is required'),
    gstNumber: gstin.data,
    emailId: admin,
    reportEmails: true,
  },
  actor,
);
const temporaryPassword = `${randomBytes(6).toString('base64url')}aA1!`;
await createAppUser(
  tenantId,
  { userName: admin, emailId: admin, appUserRole: [{ roleId: roleIds[role]!, name: role, description: role }] },
  actor,
  { temporaryPassword },
);
console.log(`Created shop "${tenantId}" with ${role} ${admin}. Temporary password (shown once): ${temporaryPassword}`);
