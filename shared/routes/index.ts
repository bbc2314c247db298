import { accountRoutes } from './accounts.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { cartRoutes } from './cart.js';
import { categoryRoutes } from './categories.js';
import { customerRoutes } from './customers.js';
import type { RouteDef } from './define.js';
import { expenseRoutes } from './expenses.js';
import { holidayRoutes } from './holidays.js';
import { inventoryRoutes } from './inventory.js';
import { leaveRoutes } from './leave.js';
import { messageRoutes } from './messages.js';
import { partnerRoutes } from './partners.js';
import { paymentRoutes } from './payments.js';
import { policyRoutes } from './policies.js';
import { productRoutes } from './products.js';
import { purchaseRoutes } from './purchases.js';
import { reportRoutes } from './reports.js';
import { roleRoutes } from './roles.js';
import { stockRoutes } from './stock.js';
import { taxRoutes } from './taxes.js';
import { templateRoutes } from './templates.js';
import { tenantRoutes } from './tenants.js';
import { tillRoutes } from './tills.js';
import { uploadRoutes } from './uploads.js';
import { userRoutes } from './users.js';
import { wishRoutes } from './wish.js';

/**
 * Every route of the product, by domain. A domain is one Lambda function (`functions/<domain>`), one set of
 * API Gateway routes, one folder of the frontend's API client. Nothing routes anywhere that is not listed here.
 */
export const api = {
  auth: authRoutes,
  users: userRoutes,
  tenants: tenantRoutes,
  roles: roleRoutes,
  policies: policyRoutes,
  categories: categoryRoutes,
  products: productRoutes,
  taxes: taxRoutes,
  templates: templateRoutes,
  uploads: uploadRoutes,
  customers: customerRoutes,
  inventory: inventoryRoutes,
  stock: stockRoutes,
  partners: partnerRoutes,
  leave: leaveRoutes,
  holidays: holidayRoutes,
  purchases: purchaseRoutes,
  reports: reportRoutes,
  expenses: expenseRoutes,
  tills: tillRoutes,
  messages: messageRoutes,
  cart: cartRoutes,
  wish: wishRoutes,
  payments: paymentRoutes,
  audit: auditRoutes,
  accounts: accountRoutes,
} as const;

export type DomainName = keyof typeof api;
export const domainNames = Object.keys(api) as DomainName[];

export interface RouteEntry {
  domain: DomainName;
  name: string;
  route: RouteDef;
}

export const allRoutes: RouteEntry[] = domainNames.flatMap((domain) =>
  Object.entries(api[domain] as Record<string, RouteDef>).map(([name, route]) => ({ domain, name, route })),
);

export * from './define.js';
