import { ROLE } from '../../shared/roles.js';
import type { BusinessPartnerBody } from '../../shared/schemas/partner.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { saveNewCustomer } from '../../functions/customers/service.js';
import type { Actor } from '../../functions/lib/db.js';
import { createPartner } from '../../functions/partners/service.js';
import { provisionTenant } from '../../functions/tenants/provision.js';
import { tenantData } from '../../functions/tenants/data.js';
import { upgradeAllTenants } from '../../functions/tenants/upgrade.js';
import { ensurePlatformTenant } from '../../functions/tenants/platform.js';
import { createAppUser } from '../../functions/users/service.js';
import { rootLogger } from '../../functions/lib/logger.js';
import { demoCatalogue, seedCatalogue, seedPolicies, type CatalogueSeed } from './seed-catalogue.js';
import { demoExpenses, seedExpenses, type ExpenseSeed } from './seed-expenses.js';
import { seedInventory } from './seed-inventory.js';
import { seedSales } from './seed-sales.js';
import { demoLeave, seedLeave, type LeaveSeed } from './seed-leave.js';

export interface SeedUser {
  userName: string;
  password: string;
  role: string;
  mobileNumber: string;
  /** Reports to this user (by user name). */
  manager?: string;
  /** Has this user as HR contact (by user name). */
  hr?: string;
  customer?: { customerName: string; address: string };
}

/** A customer registered at the till: no sign-in of their own. */
export interface WalkInCustomer {
  customerName: string;
  mobileNumber: string;
  emailId: string;
  address: string;
}

export interface TenantSeed {
  tenant: Omit<Tenant, 'createdBy' | 'createdOn'>;
  users: SeedUser[];
  policies: string[];
  walkInCustomers?: WalkInCustomer[];
  partners?: BusinessPartnerBody[];
  /** Taxes, categories and products, with images. */
  catalogue?: CatalogueSeed;
  /** A few days of bills (cash, online, a redemption, a return) sold by the shop's cashier from the seeded stock. */
  sales?: boolean;
  /** Leave types, holidays and leave requests. */
  leave?: LeaveSeed;
  /** Expenses of the last weeks (running costs). */
  expenses?: ExpenseSeed[];
}

export const DEMO_PASSWORD = 'Demo@1234';

/** The demo shop every fresh local stack starts with; README lists these logins. */
export const demoTenant: TenantSeed = {
  tenant: {
    tenantId: 'demo',
    tenantName: 'demo',
    displayName: 'Sri Lakshmi General Stores',
    address: '12, Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004',
    gstNumber: '29ABCDE1234F1ZW',
    state: '29',
    gstRegistered: true,
    emailId: 'accounts@demo.shop',
    phone: '9845012345',
    reportEmails: true,
  },
  users: [
    { userName: 'admin@demo.shop', password: DEMO_PASSWORD, role: ROLE.ADMIN, mobileNumber: '9845000001' },
    { userName: 'owner@demo.shop', password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9845000002' },
    { userName: 'manager@demo.shop', password: DEMO_PASSWORD, role: ROLE.MANAGER, mobileNumber: '9845000003', manager: 'owner@demo.shop' },
    { userName: 'hr@demo.shop', password: DEMO_PASSWORD, role: ROLE.HR, mobileNumber: '9845000004', manager: 'owner@demo.shop' },
    { userName: 'cashier@demo.shop', password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9845000005', manager: 'manager@demo.shop', hr: 'hr@demo.shop' },
    {
      userName: 'customer@demo.shop',
      password: DEMO_PASSWORD,
      role: ROLE.CUSTOMER,
      mobileNumber: '9876543210',
      customer: { customerName: 'Ravi Kumar', address: '45, 3rd Cross, Jayanagar, Bengaluru 560011' },
    },
    // Two more of the manager's team, so Reporting Employees has a list to page through.
    { userName: 'suresh@demo.shop', password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9845000006', manager: 'manager@demo.shop', hr: 'hr@demo.shop' },
    { userName: 'lakshmi@demo.shop', password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9845000007', manager: 'manager@demo.shop', hr: 'hr@demo.shop' },
  ],
  policies: ['Terms and Conditions', 'Privacy Policy', 'Return Policy', 'Shipping and Delivery'],
  walkInCustomers: [
    { customerName: 'AnjaliRao@demo.shop', mobileNumber: '9880011223', emailId: 'anjali.rao@example.in', address: '8, 5th Main, Malleswaram, Bengaluru 560003' },
    { customerName: 'MohammedIrfan@demo.shop', mobileNumber: '9740055667', emailId: 'irfan.m@example.in', address: '21, Frazer Town, Bengaluru 560005' },
    { customerName: 'GeethaNair@demo.shop', mobileNumber: '9008877665', emailId: 'geetha.nair@example.in', address: '3, Indiranagar 2nd Stage, Bengaluru 560038' },
  ],
  partners: [
    {
      name: 'Venkatesh Murthy',
      emailId: 'orders@murthyagencies.in',
      companyName: 'Murthy Agencies',
      mobileNumber: '9845123456',
      productDetail: 'Rice, dal and pulses, wholesale',
      address: 'APMC Yard, Yeshwanthpur, Bengaluru 560022',
    },
    {
      name: 'Farida Begum',
      emailId: 'sales@deccanspices.in',
      companyName: 'Deccan Spice Traders',
      mobileNumber: '9886543210',
      productDetail: 'Whole and ground spices',
      address: '14, Avenue Road, Bengaluru 560002',
    },
  ],
  catalogue: demoCatalogue,
  sales: true,
  leave: demoLeave,
  expenses: demoExpenses,
};

/** Creates a tenant with its users, customer records and policies. */
export async function seedTenant(seed: TenantSeed, now = new Date()): Promise<void> {
  const tenantId = seed.tenant.tenantId;
  const actor: Actor = { userName: 'system', now };
  const roleIds = await provisionTenant(seed.tenant, actor);
  const ids = new Map<string, number>();
  for (const u of seed.users) {
    const managerId = u.manager ? ids.get(u.manager) : undefined;
    const hrId = u.hr ? ids.get(u.hr) : undefined;
    const user = await createAppUser(
      tenantId,
      {
        userName: u.userName,
        emailId: u.userName,
        mobileNumber: u.mobileNumber,
        gender: 'Other',
        address: seed.tenant.address,
        dob: u.customer ? undefined : '1990-06-15',
        doj: now.toISOString().slice(0, 10),
        managerId,
        managerName: u.manager,
        hrId,
        hrName: u.hr,
        appUserRole: [{ roleId: roleIds[u.role]!, name: u.role, description: u.role }],
      },
      actor,
      { permanentPassword: u.password },
    );
    ids.set(u.userName, user.appUserId);
    if (u.customer) {
      const fields = { customerName: u.customer.customerName, mobileNumber: u.mobileNumber, emailId: u.userName, address: u.customer.address };
      await saveNewCustomer(tenantId, fields, actor, user.appUserId);
    }
  }
  for (const customer of seed.walkInCustomers ?? []) await saveNewCustomer(tenantId, customer, actor);
  for (const partner of seed.partners ?? []) await createPartner(tenantId, partner, actor);
  const scope = { tenantId, actor, log: rootLogger };
  await seedPolicies(scope, seed.policies);
  if (seed.catalogue) await seedCatalogue(scope, seed.catalogue);
  if (seed.catalogue) await seedInventory(scope, seed.catalogue, seed.partners?.[0]?.companyName);
  if (seed.sales) {
    const cashier = seed.users.find((u) => u.role === ROLE.CASHIER)?.userName ?? actor.userName;
    const mobiles = [...(seed.walkInCustomers ?? []).map((c) => c.mobileNumber), ...seed.users.filter((u) => u.customer).map((u) => u.mobileNumber)];
    await seedSales({ ...scope, actor: { ...actor, userName: cashier } }, mobiles);
  }
  if (seed.expenses) {
    const owner = seed.users.find((u) => u.role === ROLE.TENANT_MANAGER)?.userName ?? seed.users.find((u) => u.role === ROLE.ADMIN)?.userName;
    await seedExpenses({ ...scope, actor: { ...actor, userName: owner ?? actor.userName } }, seed.expenses);
  }
  if (seed.leave) {
    const seeded = new Map(seed.users.map((u) => [u.userName, { appUserId: ids.get(u.userName)!, role: u.role, manager: u.manager }]));
    await seedLeave(tenantId, seed.leave, seeded, now);
  }
}

/** The platform admin of the local stack: administers shops, belongs to none (README lists the login). */
export const PLATFORM_ADMIN = 'admin@platform.shop';

/**
 * Seeds the platform tenant with its admin and the demo shop on the first start; later starts find them and keep
 * what is there.
 */
export async function seedIfEmpty(): Promise<boolean> {
  await ensurePlatformTenant({ adminUserName: PLATFORM_ADMIN, permanentPassword: DEMO_PASSWORD });
  if (await tenantData.get(demoTenant.tenant.tenantId)) {
    // Data kept from an earlier version: its shops get the features added since, as a deploy gives them.
    await upgradeAllTenants();
    return false;
  }
  await seedTenant(demoTenant);
  return true;
}
