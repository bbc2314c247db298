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

/** The roles every new tenant starts with, and what each may do. Tenants can edit them afterwards. */
export const defaultRoles: { name: string; features: FeatureName[] }[] = [
  { name: ROLE.ADMIN, features: [...allFeatures] },
  {
    name: ROLE.TENANT_MANAGER,
    features: allFeatures.filter((f) => !['TenantEdit', 'TenantList', 'TenantDelete'].includes(f)),
  },
  {
    name: ROLE.MANAGER,
    features: [
      ...ims,
      ...without(crm, 'BusinessPartnerDelete'),
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
