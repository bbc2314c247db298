import { ROLE } from '../../shared/roles.js';
import { DEMO_PASSWORD, seedTenant, type TenantSeed } from '../../infra/local/seed.js';

/**
 * Two shops for the tests besides the demo shop: `alpha` holds data whose text carries ALPHA_MARK, so a test can
 * prove another tenant's answers never contain it; `beta` is the other tenant that tries to reach it.
 */
export const ALPHA_MARK = 'ALPHA-ONLY';

const shop = (id: string, mark: string): TenantSeed => ({
  tenant: {
    tenantId: id,
    tenantName: id,
    displayName: `${mark} Traders`,
    address: `${mark} street, Pune 411001`,
    gstNumber: '27AAPFU0939F1ZV',
    emailId: `accounts@${id}.shop`,
  },
  users: [
    { userName: `admin@${id}.shop`, password: DEMO_PASSWORD, role: ROLE.ADMIN, mobileNumber: '9000000001' },
    { userName: `cashier@${id}.shop`, password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9000000002' },
    {
      userName: `customer@${id}.shop`,
      password: DEMO_PASSWORD,
      role: ROLE.CUSTOMER,
      mobileNumber: '9000000003',
      customer: { customerName: `${mark} Customer`, address: `${mark} lane` },
    },
  ],
  policies: [`${mark} Return Policy`],
  walkInCustomers: [{ customerName: `${id}walkin@${id}.shop`, mobileNumber: '9000000004', emailId: `walkin@${id}.example`, address: `${mark} market` }],
  partners: [
    {
      name: `${mark} Supplier`,
      emailId: `supplier@${id}.example`,
      companyName: `${mark} Wholesale`,
      mobileNumber: '9000000005',
      productDetail: `${mark} grains`,
      address: `${mark} yard`,
    },
  ],
  catalogue: {
    taxes: [{ categoryType: `${mark} GST 5%`, cgst: 2.5, sgst: 2.5 }],
    categories: [{ categoryName: `${mark} Spices`, colour: [150, 60, 30] }],
    products: [
      { productName: `${mark} Garam Masala`, category: `${mark} Spices`, description: `${mark} spice mix`, size: '100 g', colour: 'Brown', tint: [120, 70, 30] },
    ],
  },
  sales: true,
  expenses: [{ daysAgo: 0, expenseName: `${mark} Tea`, paymentMode: 'Cash', amount: 150 }],
  leave: {
    types: [{ leaveType: `${mark} Leave`, allowance: 10 }],
    publicHolidays: [{ date: '2027-01-26', holiday: `${mark} Republic Day` }],
    companyHolidays: [{ date: '2027-06-15', holiday: `${mark} Closure` }],
  },
});

export const alpha = shop('alpha', ALPHA_MARK);

/**
 * Signing out ends every session of the user, so the sweeps call the session-ending routes as a user of beta's
 * kept for that, never as the admin or customer whose tokens the other calls use.
 */
export const SESSION_USER = 'leaver';
const betaShop = shop('beta', 'Beta');
export const beta: TenantSeed = {
  ...betaShop,
  users: [...betaShop.users, { userName: `${SESSION_USER}@beta.shop`, password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9000000006' }],
};

export async function seedTestTenants() {
  await seedTenant(alpha);
  await seedTenant(beta);
}
