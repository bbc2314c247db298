import { allFeatures, featureCatalogue, type FeatureName } from './features.js';

/** Role names with a meaning of their own in the product (spec 1 section 1, spec 3 section 6). */
export const ROLE = {
  ADMIN: 'ADMIN',
  TENANT_MANAGER: 'TENANT_MANAGER',
  MANAGER: 'MANAGER',
  HR: 'HR',
  CASHIER: 'CASHIER',
  CUSTOMER: 'CUSTOMER',
} as const;

const ims = featureCatalogue.IMS;
const crm = featureCatalogue.CRM;
const without = (list: readonly FeatureName[], ...drop: FeatureName[]) => list.filter((f) => !drop.includes(f));

/**
 * Shop administration of the platform (listing, creating, editing and closing shops). A shop's own ADMIN holds
 * them for its own shop's profile only; the shop owner's role can never hold them (docs/people.md).
 */
export const tenantFeatures: readonly FeatureName[] = ['TenantEdit', 'TenantList', 'TenantDelete'];

/** The roles every new tenant starts with, and what each may do. Tenants can edit them afterwards. */
export const defaultRoles: { name: string; features: FeatureName[] }[] = [
  { name: ROLE.ADMIN, features: [...allFeatures] },
  { name: ROLE.TENANT_MANAGER, features: allFeatures.filter((f) => !tenantFeatures.includes(f)) },
  {
    name: ROLE.MANAGER,
    features: [
      ...ims,
      // Writing off a customer's dues is the owner's alone (docs/customer-credit.md).
      ...without(crm, 'BusinessPartnerDelete', 'CreditWriteOff'),
      'EmployeeView', 'EmployeeList', 'LeaveEdit', 'LeaveList', 'PubHolidayList', 'CompHolidayList',
    ],
  },
  {
    name: ROLE.HR,
    features: [
      'EmployeeView', 'EmployeeEdit', 'EmployeeList', 'EmployeeDelete', 'RoleList', 'LeaveEdit', 'LeaveList',
      'LeaveDelete', 'PubHolidayEdit', 'PubHolidayList', 'PubHolidayDelete', 'CompHolidayEdit', 'CompHolidayList',
      'CompHolidayDelete', 'ExpenseList',
    ],
  },
  {
    name: ROLE.CASHIER,
    features: [
      'PurchaseEdit', 'PurchaseList', 'PurchaseReturn', 'ProductReturn', 'ReBill', 'CustomerPurchaseList',
      'StockList', 'ProductList', 'InventoryList', 'CategoryList', 'CustomerEdit', 'CustomerList', 'CustomerView',
      'EmployeeView', 'LeaveEdit', 'LeaveList', 'PubHolidayList', 'CompHolidayList',
    ],
  },
  { name: ROLE.CUSTOMER, features: ['CartEdit', 'CartList'] },
];

/** Roles that see the whole organisation's employees (the Org Employees view, spec 3 section 6). */
export const orgViewRoles: readonly string[] = [ROLE.TENANT_MANAGER, ROLE.ADMIN, ROLE.HR];
export const hasOrgView = (roleNames: readonly string[]) => roleNames.some((r) => orgViewRoles.includes(r));

/** Roles whose names the product relies on: they cannot be renamed or deleted. */
export const builtInRoles: readonly string[] = [ROLE.ADMIN, ROLE.TENANT_MANAGER, ROLE.MANAGER, ROLE.HR, ROLE.CUSTOMER];

/**
 * The platform's own tenant sells nothing: its one role administers shops and the platform's own staff. Its
 * holders are the platform admins (functions/tenants/platform.ts).
 */
export const platformRoles: { name: string; features: FeatureName[] }[] = [
  {
    name: ROLE.ADMIN,
    features: [...tenantFeatures, 'EmployeeView', 'EmployeeEdit', 'EmployeeList', 'EmployeeDelete', 'RoleList'],
  },
];

/** The features of `wanted` the caller does not hold: nobody hands out more than they have. */
export const notHeld = (wanted: readonly string[], held: Iterable<string>): string[] => {
  const mine = new Set(held);
  return [...new Set(wanted)].filter((feature) => !mine.has(feature));
};

/** Features a role of this name may never carry, whoever edits it (the shop owner never administers shops). */
export const neverGranted = (roleName: string, features: readonly string[]): string[] =>
  roleName === ROLE.TENANT_MANAGER ? features.filter((f) => (tenantFeatures as readonly string[]).includes(f)) : [];

/**
 * Whether a caller holding `callerFeatures` may give (or take away) a role on the employee form: only a role
 * whose every feature the caller holds, so nobody creates an employee more powerful than themselves (an owner
 * cannot make a shop ADMIN, HR cannot make a MANAGER). CUSTOMER is never an employee role: customers sign up.
 */
export function mayAssignRole(role: { name: string; features: readonly string[] }, callerFeatures: Iterable<string>): boolean {
  if (role.name === ROLE.CUSTOMER) return false;
  return notHeld(role.features, callerFeatures).length === 0;
}

/** Employees at the top of the organisation report to nobody; everyone else needs a manager and an HR contact. */
export const needsManager = (roleNames: readonly string[]) =>
  !roleNames.some((r) => r === ROLE.TENANT_MANAGER || r === ROLE.ADMIN);
export const needsHr = (roleNames: readonly string[]) => needsManager(roleNames) && !roleNames.includes(ROLE.HR);

/** Who may be chosen as an employee's manager, and as their HR contact. */
export const managerRoles: readonly string[] = [ROLE.MANAGER, ROLE.TENANT_MANAGER];
export const hrRoles: readonly string[] = [ROLE.HR];

/**
 * The daily report e-mail goes to the shop's owner; switching it off is the owner's decision (and the admin's),
 * not that of a manager who also receives it.
 */
export const reportEmailSwitchRoles: readonly string[] = [ROLE.TENANT_MANAGER, ROLE.ADMIN];
export const maySwitchReportEmails = (roleNames: readonly string[]) => roleNames.some((r) => reportEmailSwitchRoles.includes(r));
export const REPORT_EMAILS_OWNER_ONLY = 'Only the shop owner or an admin can switch the daily report e-mail on or off.';
