/**
 * The feature catalogue (spec 1 section 3). Every tenant gets this catalogue; roles grant features from it and
 * every route declares the feature it needs.
 */
export const featureCatalogue = {
  ADMIN: ['TenantEdit', 'TenantList', 'TenantDelete', 'TemplateEdit', 'TemplateList', 'PolicyEdit', 'PolicyList', 'PolicyTemplate'],
  CRM: [
    'CustomerEdit', 'CustomerList', 'CustomerDelete', 'BusinessPartnerEdit', 'BusinessPartnerList',
    'BusinessPartnerDelete', 'CartEdit', 'CartList', 'OrderEdit', 'OrderList', 'CustomerView', 'CustomerCredit',
    'CreditWriteOff',
  ],
  ERP: [
    'EmployeeView', 'EmployeeEdit', 'EmployeeList', 'EmployeeDelete', 'RoleEdit', 'RoleList', 'RoleDelete',
    'LeaveEdit', 'LeaveList', 'LeaveDelete', 'PubHolidayEdit', 'PubHolidayList', 'PubHolidayDelete',
    'CompHolidayEdit', 'CompHolidayList', 'CompHolidayDelete', 'AuditTrail', 'TillCloses',
  ],
  IMS: [
    'StockList', 'PurchaseEdit', 'PurchaseList', 'MonthlyPurchaseList', 'PurchaseReturn', 'ProductEdit',
    'ProductList', 'ProductDelete', 'InventoryEdit', 'InventoryList', 'ReportList', 'ExpenseEdit', 'ExpenseList',
    'ExpenseDelete', 'ReturnList', 'CategoryEdit', 'CategoryList', 'CustomerOrderList', 'ProductReturn', 'ReBill',
    'CustomerPurchaseList', 'YearlyReturnList', 'GstReturn', 'HeldBills',
  ],
} as const;

export type ModuleName = keyof typeof featureCatalogue;
export type FeatureName = (typeof featureCatalogue)[ModuleName][number];

export const moduleNames = Object.keys(featureCatalogue) as ModuleName[];
export const allFeatures: FeatureName[] = moduleNames.flatMap((m) => [...featureCatalogue[m]]);

export function moduleOf(feature: FeatureName): ModuleName {
  const found = moduleNames.find((m) => (featureCatalogue[m] as readonly string[]).includes(feature));
  if (!found) throw new Error(`Unknown feature ${feature}`);
  return found;
}

export function isFeatureName(value: string): value is FeatureName {
  return (allFeatures as string[]).includes(value);
}
