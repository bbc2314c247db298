import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AccountRedirect, RequireCustomer, RequireSignIn } from './guards.js';

/** Who may open a screen: anyone, a signed-in user, or a customer with a customer record. */
type Access = 'public' | 'signedIn' | 'customer';
type Screen = () => Promise<{ default: ComponentType }>;

type ScreenRoute = {
  /** As spec 1 writes it, parameters in braces. */
  path: string;
  access: Access;
} & (
  | /** The lazily loaded screen. */ { screen: Screen; component?: never }
  | /** A tiny component that needs no chunk of its own (redirects). */ { component: ComponentType; screen?: never }
);

const signIn: Screen = () => import('../features/auth/routes/sign-in.js');
const customerForm: Screen = () => import('../features/customers/routes/customer-form.js');
const customerOrders: Screen = () => import('../features/billing/routes/customer-orders.js');
const notFound: Screen = () => import('../features/system/routes/not-found.js');

/** `/ticket` is where the original client's stock form returned to; here that is the stock list. */
const ToStockList = () => <Navigate to="/stock" replace />;

/** Every route of spec 1 section 2, once. `/#/` arrives as `/` with a hash (see HashRedirect). */
export const screenRoutes: ScreenRoute[] = [
  { path: '/', access: 'public', screen: signIn },
  { path: '/login', access: 'public', screen: signIn },
  { path: '/logout', access: 'public', screen: () => import('../features/auth/routes/sign-out.js') },
  { path: '/passwordReset', access: 'public', screen: () => import('../features/auth/routes/password-reset.js') },
  { path: '/error', access: 'public', screen: () => import('../features/system/routes/error-screen.js') },
  { path: '/about', access: 'public', screen: () => import('../features/info/routes/about.js') },
  // The static terms page of spec 3 section 1; spec 1's table has no path for it.
  { path: '/terms', access: 'public', screen: () => import('../features/info/routes/terms.js') },
  { path: '/home', access: 'signedIn', screen: () => import('../features/dashboard/routes/home.js') },
  { path: '/customerHome', access: 'signedIn', screen: () => import('../features/storefront/routes/customer-home.js') },
  { path: '/account', access: 'signedIn', component: AccountRedirect },
  // Two-step sign-in's set-up (Me menu); platform admins are sent here first until it is on.
  { path: '/twoStep', access: 'signedIn', screen: () => import('../features/auth/routes/two-step.js') },

  { path: '/ticket', access: 'signedIn', component: ToStockList },
  { path: '/ticket/{ticketId}', access: 'signedIn', component: ToStockList },
  { path: '/stock', access: 'signedIn', screen: () => import('../features/stock/routes/stock-list.js') },
  { path: '/stock/{id}', access: 'signedIn', screen: () => import('../features/stock/routes/stock-form.js') },
  { path: '/leaveSystem', access: 'signedIn', screen: () => import('../features/leave/routes/leave-list.js') },
  { path: '/leaveSystem/{id}', access: 'signedIn', screen: () => import('../features/leave/routes/leave-form.js') },
  // Leave types (docs/leave.md); company holidays have their own path below.
  { path: '/leaveMaster', access: 'signedIn', screen: () => import('../features/leave/routes/leave-types.js') },
  { path: '/leaveMaster/{id}', access: 'signedIn', screen: () => import('../features/leave/routes/leave-type-form.js') },
  { path: '/publicHolidays', access: 'signedIn', screen: () => import('../features/leave/routes/public-holidays.js') },
  { path: '/publicHolidays/{id}', access: 'signedIn', screen: () => import('../features/leave/routes/public-holiday-form.js') },
  { path: '/companyHolidays', access: 'signedIn', screen: () => import('../features/leave/routes/company-holidays.js') },
  { path: '/companyHolidays/{id}', access: 'signedIn', screen: () => import('../features/leave/routes/company-holiday-form.js') },
  { path: '/purchase', access: 'signedIn', screen: () => import('../features/billing/routes/order-list.js') },
  { path: '/monthlyPurchase', access: 'signedIn', screen: () => import('../features/billing/routes/monthly-sales.js') },
  { path: '/customerPurchase', access: 'signedIn', screen: customerOrders },
  { path: '/customerPurchase/{id}', access: 'signedIn', screen: customerOrders },
  { path: '/purchaseEdit/{id}', access: 'signedIn', screen: () => import('../features/billing/routes/place-order.js') },
  { path: '/purchaseUpdated/new', access: 'signedIn', screen: () => import('../features/billing/routes/place-order.js') },
  { path: '/purchase/queue', access: 'signedIn', screen: () => import('../features/billing/routes/bill-queue.js') },
  // A customer's account: balance, payments against it, terms and ledger (docs/customer-credit.md).
  { path: '/customerAccount/{id}', access: 'signedIn', screen: () => import('../features/accounts/routes/customer-account.js') },
  { path: '/receivables', access: 'signedIn', screen: () => import('../features/accounts/routes/receivables.js') },
  // The day's close (docs/point-of-sale.md); spec 1's table has no paths for it.
  { path: '/till', access: 'signedIn', screen: () => import('../features/tills/routes/till.js') },
  { path: '/tillCloses', access: 'signedIn', screen: () => import('../features/tills/routes/till-closes.js') },
  { path: '/tillCloses/{id}', access: 'signedIn', screen: () => import('../features/tills/routes/till-close.js') },
  { path: '/upiRefunds', access: 'signedIn', screen: () => import('../features/tills/routes/upi-refunds.js') },
  { path: '/reBill/{id}', access: 'signedIn', screen: () => import('../features/billing/routes/re-bill.js') },
  { path: '/productReturn/{id}', access: 'signedIn', screen: () => import('../features/billing/routes/product-return.js') },
  { path: '/user', access: 'signedIn', screen: () => import('../features/employees/routes/employee-list.js') },
  { path: '/user/{id}', access: 'signedIn', screen: () => import('../features/employees/routes/employee-form.js') },
  { path: '/userView/{id}', access: 'signedIn', screen: () => import('../features/employees/routes/employee-view.js') },
  { path: '/product', access: 'signedIn', screen: () => import('../features/products/routes/product-list.js') },
  { path: '/product/edit', access: 'signedIn', screen: () => import('../features/products/routes/product-edit.js') },
  { path: '/product/new', access: 'signedIn', screen: () => import('../features/products/routes/product-add.js') },
  { path: '/product/withoutHsn', access: 'signedIn', screen: () => import('../features/products/routes/products-without-hsn.js') },
  { path: '/role', access: 'signedIn', screen: () => import('../features/roles/routes/role-list.js') },
  { path: '/role/{id}', access: 'signedIn', screen: () => import('../features/roles/routes/role-form.js') },
  { path: '/tenant', access: 'signedIn', screen: () => import('../features/tenants/routes/tenant-list.js') },
  { path: '/tenant/{id}', access: 'signedIn', screen: () => import('../features/tenants/routes/tenant-form.js') },
  { path: '/businessPartners', access: 'signedIn', screen: () => import('../features/partners/routes/partner-list.js') },
  { path: '/businessPartners/{id}', access: 'signedIn', screen: () => import('../features/partners/routes/partner-form.js') },
  { path: '/return', access: 'signedIn', screen: () => import('../features/expenses/routes/returns-report.js') },
  { path: '/yearlyReturn', access: 'signedIn', screen: () => import('../features/expenses/routes/yearly-returns.js') },
  { path: '/expense', access: 'signedIn', screen: () => import('../features/expenses/routes/expense-list.js') },
  { path: '/expense/{id}', access: 'signedIn', screen: () => import('../features/expenses/routes/expense-form.js') },
  { path: '/inventoryFile', access: 'signedIn', screen: () => import('../features/inventory/routes/inventory-upload.js') },
  { path: '/inventory', access: 'signedIn', screen: () => import('../features/inventory/routes/inventory-list.js') },
  { path: '/inventory/{id}', access: 'signedIn', screen: () => import('../features/inventory/routes/inventory-form.js') },
  { path: '/customer', access: 'signedIn', screen: () => import('../features/customers/routes/customer-list.js') },
  // Customers sign themselves up without signing in (spec 3 section 2).
  { path: '/customer/new', access: 'public', screen: customerForm },
  { path: '/customer/{id}', access: 'signedIn', screen: customerForm },
  { path: '/tax', access: 'signedIn', screen: () => import('../features/taxes/routes/tax-list.js') },
  { path: '/tax/{id}', access: 'signedIn', screen: () => import('../features/taxes/routes/tax-form.js') },
  { path: '/category', access: 'signedIn', screen: () => import('../features/categories/routes/category-list.js') },
  { path: '/category/{id}', access: 'signedIn', screen: () => import('../features/categories/routes/category-form.js') },
  { path: '/receipt', access: 'signedIn', screen: () => import('../features/billing/routes/receipt.js') },
  { path: '/reportGeneration', access: 'signedIn', screen: () => import('../features/reports/routes/report-generation.js') },
  { path: '/gstReturn', access: 'signedIn', screen: () => import('../features/reports/routes/gst-return.js') },
  // Offline bills the server held for a manager's decision (docs/point-of-sale.md); spec 1's table has no path.
  { path: '/heldBills', access: 'signedIn', screen: () => import('../features/held-bills/routes/held-bills.js') },
  { path: '/heldBills/{key}', access: 'signedIn', screen: () => import('../features/held-bills/routes/held-bill.js') },
  { path: '/auditTrail', access: 'signedIn', screen: () => import('../features/audit/routes/audit-trail.js') },
  { path: '/template', access: 'signedIn', screen: () => import('../features/templates/routes/template-list.js') },
  { path: '/template/{id}', access: 'signedIn', screen: () => import('../features/templates/routes/template-form.js') },
  { path: '/orderTracking', access: 'signedIn', screen: () => import('../features/storefront/routes/order-tracking.js') },
  { path: '/policies/{policyName}', access: 'signedIn', screen: () => import('../features/policies/routes/policy-view.js') },
  { path: '/policy', access: 'signedIn', screen: () => import('../features/policies/routes/policy-list.js') },
  { path: '/policyTemplate', access: 'signedIn', screen: () => import('../features/policies/routes/policy-templates.js') },
  { path: '/policy/{id}', access: 'signedIn', screen: () => import('../features/policies/routes/policy-form.js') },

  // The public storefront (docs/storefront.md): a shop's catalogue for visitors, where a shared product link opens.
  { path: '/shop/{shop}', access: 'public', screen: () => import('../features/storefront/routes/public-categories.js') },
  { path: '/shop/{shop}/category/{categoryId}', access: 'public', screen: () => import('../features/storefront/routes/public-category-products.js') },
  { path: '/shop/{shop}/product/{artcode}', access: 'public', screen: () => import('../features/storefront/routes/public-product.js') },
  { path: '/productDetails/{artcode}', access: 'customer', screen: () => import('../features/storefront/routes/product-details.js') },
  { path: '/cart', access: 'customer', screen: () => import('../features/storefront/routes/cart.js') },
  { path: '/cart/{categoryId}', access: 'customer', screen: () => import('../features/storefront/routes/category-products.js') },
  { path: '/payment', access: 'customer', screen: () => import('../features/storefront/routes/checkout.js') },
  { path: '/order', access: 'customer', screen: () => import('../features/storefront/routes/your-orders.js') },
  { path: '/wish', access: 'customer', screen: () => import('../features/storefront/routes/wishlist.js') },

  // Developer demonstrations in the original client (spec 1 section 2), not product behaviour: not-found here.
  { path: '/pagination', access: 'public', screen: notFound },
  { path: '/search', access: 'public', screen: notFound },
  { path: '/test', access: 'public', screen: notFound },
  { path: '/db', access: 'public', screen: notFound },
];

/** `/stock/{id}` -> `/stock/:id`. */
export const routerPath = (specPath: string) => specPath.replace(/\{(\w+)\}/g, ':$1');

function toRoute({ path, screen, component }: ScreenRoute): RouteObject {
  if (component) return { path: routerPath(path), Component: component };
  return { path: routerPath(path), lazy: async () => ({ Component: (await screen()).default }) };
}

const withAccess = (access: Access) => screenRoutes.filter((r) => r.access === access).map(toRoute);

/** The children of the app layout: the screens grouped under their guards, then the not-found screen. */
export function screenRouteObjects(): RouteObject[] {
  return [
    ...withAccess('public'),
    { Component: RequireSignIn, children: withAccess('signedIn') },
    { Component: RequireCustomer, children: withAccess('customer') },
    { path: '*', lazy: async () => ({ Component: (await notFound()).default }) },
  ];
}
