import { ROLE } from '../../shared/roles.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { customerData } from '../../functions/customers/data.js';
import { created, nextId, putNew, type Actor } from '../../functions/lib/db.js';
import { provisionTenant } from '../../functions/tenants/provision.js';
import { tenantData } from '../../functions/tenants/data.js';
import { createAppUser } from '../../functions/users/service.js';
import { rootLogger } from '../../functions/lib/logger.js';
import { demoCatalogue, seedCatalogue, seedPolicies, type CatalogueSeed } from './seed-catalogue.js';
import { demoLeave, seedLeave, type LeaveSeed } from './seed-leave.js';

export interface SeedUser {
  userName: string;
  password: string;
  role: string;
  mobileNumber: string;
  /** Reports to this user (by user name). */
  manager?: string;
  customer?: { customerName: string; address: string };
}

export interface TenantSeed {
  tenant: Omit<Tenant, 'createdBy' | 'createdOn'>;
  users: SeedUser[];
  policies: string[];
  /** Taxes, categories and products, with images. */
  catalogue?: CatalogueSeed;
  /** Leave types, holidays and leave requests. */
  leave?: LeaveSeed;
}

export const DEMO_PASSWORD = 'Demo@1234';

/** The demo shop every fresh local stack starts with; README lists these logins. */
export const demoTenant: TenantSeed = {
  tenant: {
    tenantId: 'demo',
    tenantName: 'demo',
    displayName: 'Sri Lakshmi General Stores',
    address: '12, Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004',
    gstNumber: '29ABCDE1234F1Z5',
    emailId: 'accounts@demo.shop',
    phone: '9845012345',
    reportEmails: true,
  },
  users: [
    { userName: 'admin@demo.shop', password: DEMO_PASSWORD, role: ROLE.ADMIN, mobileNumber: '9845000001' },
    { userName: 'owner@demo.shop', password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9845000002' },
    { userName: 'manager@demo.shop', password: DEMO_PASSWORD, role: ROLE.MANAGER, mobileNumber: '9845000003', manager: 'owner@demo.shop' },
    { userName: 'hr@demo.shop', password: DEMO_PASSWORD, role: ROLE.HR, mobileNumber: '9845000004', manager: 'owner@demo.shop' },
    { userName: 'cashier@demo.shop', password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9845000005', manager: 'manager@demo.shop' },
    {
      userName: 'customer@demo.shop',
      password: DEMO_PASSWORD,
      role: ROLE.CUSTOMER,
      mobileNumber: '9876543210',
      customer: { customerName: 'Ravi Kumar', address: '45, 3rd Cross, Jayanagar, Bengaluru 560011' },
    },
  ],
  policies: ['Terms and Conditions', 'Privacy Policy', 'Return Policy', 'Shipping and Delivery'],
  catalogue: demoCatalogue,
  leave: demoLeave,
};

/** Creates a tenant with its users, customer records and policies. */
export async function seedTenant(seed: TenantSeed, now = new Date()): Promise<void> {
  const tenantId = seed.tenant.tenantId;
  const actor: Actor = { userName: 'system', now };
  const roleIds = await provisionTenant(seed.tenant, actor);
  const ids = new Map<string, number>();
  for (const u of seed.users) {
    const managerId = u.manager ? ids.get(u.manager) : undefined;
    const user = await createAppUser(
      tenantId,
      {
        userName: u.userName,
        emailId: u.userName,
        mobileNumber: u.mobileNumber,
        gender: 'Other',
        address: seed.tenant.address,
        doj: now.toISOString().slice(0, 10),
        managerId,
        managerName: u.manager,
        appUserRole: [{ roleId: roleIds[u.role]!, name: u.role, description: u.role }],
      },
      actor,
      { permanentPassword: u.password },
    );
    ids.set(u.userName, user.appUserId);
    if (u.customer) {
      const customerId = await nextId(tenantId, 'customer');
      await putNew(
        customerData.toItem(tenantId, {
          customerId,
          customerName: u.customer.customerName,
          mobileNumber: u.mobileNumber,
          emailId: u.userName,
          address: u.customer.address,
          creditPoints: 0,
          appUserId: user.appUserId,
          tenant: tenantId,
          ...created(actor),
        }),
      );
    }
  }
  const scope = { tenantId, actor, log: rootLogger };
  await seedPolicies(scope, seed.policies);
  if (seed.catalogue) await seedCatalogue(scope, seed.catalogue);
  if (seed.leave) {
    const seeded = new Map(seed.users.map((u) => [u.userName, { appUserId: ids.get(u.userName)!, role: u.role, manager: u.manager }]));
    await seedLeave(tenantId, seed.leave, seeded, now);
  }
}

/** Seeds the demo shop on the first start; later starts find it and keep what is there. */
export async function seedIfEmpty(): Promise<boolean> {
  if (await tenantData.get(demoTenant.tenant.tenantId)) return false;
  await seedTenant(demoTenant);
  return true;
}
