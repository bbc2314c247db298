import {
  IconBeach,
  IconBoxSeam,
  IconBuildingStore,
  IconCalendarEvent,
  IconCategory,
  IconFileSpreadsheet,
  IconFileText,
  IconHeartHandshake,
  IconHistory,
  IconPackages,
  IconReceipt2,
  IconReportMoney,
  IconShieldLock,
  IconTruckDelivery,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { FeatureName, ModuleName } from '../../../../../shared/features.js';

export interface TileLink {
  label: string;
  /** A path, or a function of the signed-in user's id for links to their own records. */
  to: string | ((myId: number) => string);
  /** Any one of these features shows the link. */
  features: FeatureName[];
}

export interface Tile {
  title: string;
  description: string;
  icon: Icon;
  links: TileLink[];
}

export interface DashboardSection {
  module: ModuleName;
  title: string;
  tiles: Tile[];
}

/**
 * The staff dashboard (spec 1 sections 2 and 6): four sections by module, tiles by area, a link per feature.
 * Targets are the screens of spec 1's route table; links needing a record id (re-bill, returns) start from lists.
 */
export const dashboardSections: DashboardSection[] = [
  {
    module: 'ERP',
    title: 'Employee',
    tiles: [
      {
        title: 'Employees',
        description: 'Staff records and who reports to whom.',
        icon: IconUsers,
        links: [
          { label: 'Create Employee', to: '/user/new', features: ['EmployeeEdit'] },
          { label: 'Your Details', to: (myId) => `/userView/${myId}`, features: ['EmployeeView'] },
          { label: 'Reportees', to: '/user', features: ['EmployeeList'] },
        ],
      },
      {
        title: 'Roles',
        description: 'What each role may see and do.',
        icon: IconShieldLock,
        links: [
          { label: 'Create Role', to: '/role/new', features: ['RoleEdit'] },
          { label: 'Roles', to: '/role', features: ['RoleList'] },
        ],
      },
      {
        title: 'Audit Trail',
        description: 'Who changed bills, stock, prices, products, roles, employees and settings, and when.',
        icon: IconHistory,
        links: [{ label: 'Audit Trail', to: '/auditTrail', features: ['AuditTrail'] }],
      },
      {
        title: 'Leave',
        description: 'Apply for leave and approve your team’s.',
        icon: IconCalendarEvent,
        links: [
          { label: 'Apply Leave', to: '/leaveSystem/new', features: ['LeaveEdit'] },
          { label: 'Leaves', to: '/leaveSystem', features: ['LeaveList'] },
          { label: 'Leave Types', to: '/leaveMaster', features: ['LeaveDelete'] },
        ],
      },
      {
        title: 'Holidays',
        description: 'Public holidays and the shop’s own holidays.',
        icon: IconBeach,
        links: [
          { label: 'Public Holidays', to: '/publicHolidays', features: ['PubHolidayList'] },
          { label: 'Add Public Holiday', to: '/publicHolidays/new', features: ['PubHolidayEdit'] },
          { label: 'Company Holidays', to: '/companyHolidays', features: ['CompHolidayList'] },
          { label: 'Add Company Holiday', to: '/companyHolidays/new', features: ['CompHolidayEdit'] },
        ],
      },
    ],
  },
  {
    module: 'IMS',
    title: 'Inventory',
    tiles: [
      {
        title: 'Billing',
        description: 'Counter sales, bills, re-bills and returns.',
        icon: IconReceipt2,
        links: [
          { label: 'Place Order', to: '/purchaseUpdated/new', features: ['PurchaseEdit'] },
          { label: 'Today’s Orders', to: '/purchase', features: ['PurchaseList'] },
          { label: 'Customer Orders', to: '/customerPurchase/new', features: ['CustomerPurchaseList'] },
          { label: 'Monthly Sales', to: '/monthlyPurchase', features: ['MonthlyPurchaseList'] },
          { label: 'Held Bills', to: '/heldBills', features: ['HeldBills'] },
          { label: 'Till', to: '/till', features: ['PurchaseEdit'] },
          { label: 'Till Closes', to: '/tillCloses', features: ['TillCloses'] },
          { label: 'UPI Payments to Refund', to: '/upiRefunds', features: ['TillCloses'] },
          { label: 'Receivables', to: '/receivables', features: ['CustomerCredit'] },
        ],
      },
      {
        title: 'Stock',
        description: 'What is on the shelves and what came in.',
        icon: IconBoxSeam,
        links: [
          { label: 'Stock', to: '/stock', features: ['StockList'] },
          { label: 'Inventory', to: '/inventory', features: ['InventoryList'] },
          { label: 'Add Inventory', to: '/inventory/new', features: ['InventoryEdit'] },
          { label: 'Upload Inventory', to: '/inventoryFile', features: ['InventoryEdit'] },
        ],
      },
      {
        title: 'Products',
        description: 'The product catalogue with prices and sizes.',
        icon: IconPackages,
        links: [
          { label: 'Products', to: '/product', features: ['ProductList'] },
          { label: 'Add Products', to: '/product/new', features: ['ProductEdit'] },
        ],
      },
      {
        title: 'Categories & Taxes',
        description: 'Product categories and their GST rates.',
        icon: IconCategory,
        links: [
          { label: 'Categories', to: '/category', features: ['CategoryList'] },
          { label: 'Create Category', to: '/category/new', features: ['CategoryEdit'] },
          { label: 'Taxes', to: '/tax', features: ['CategoryList', 'CategoryEdit'] },
        ],
      },
      {
        title: 'Finance',
        description: 'Expenses, returns, yearly profit and reports.',
        icon: IconReportMoney,
        links: [
          { label: 'Expenses', to: '/expense', features: ['ExpenseList'] },
          { label: 'Add Expense', to: '/expense/new', features: ['ExpenseEdit'] },
          { label: 'Returns', to: '/return', features: ['ReturnList'] },
          { label: 'Yearly Returns', to: '/yearlyReturn', features: ['YearlyReturnList'] },
          { label: 'Reports', to: '/reportGeneration', features: ['ReportList'] },
          { label: 'GST Return (GSTR-1)', to: '/gstReturn', features: ['GstReturn'] },
        ],
      },
    ],
  },
  {
    module: 'CRM',
    title: 'Customer',
    tiles: [
      {
        title: 'Customers',
        description: 'Customer details and credit points.',
        icon: IconUsersGroup,
        links: [
          { label: 'Create Customer', to: '/customer/new', features: ['CustomerEdit'] },
          { label: 'Customers', to: '/customer', features: ['CustomerList'] },
        ],
      },
      {
        title: 'Business Partners',
        description: 'Suppliers and the products they bring.',
        icon: IconHeartHandshake,
        links: [
          { label: 'Create Partner', to: '/businessPartners/new', features: ['BusinessPartnerEdit'] },
          { label: 'Partners', to: '/businessPartners', features: ['BusinessPartnerList'] },
        ],
      },
      {
        title: 'Online Orders',
        description: 'Ship and deliver what customers bought online.',
        icon: IconTruckDelivery,
        links: [{ label: 'Order Tracking', to: '/orderTracking', features: ['OrderList', 'OrderEdit', 'CustomerOrderList'] }],
      },
    ],
  },
  {
    module: 'ADMIN',
    title: 'Admin',
    tiles: [
      {
        title: 'Tenants',
        description: 'The shops on this platform.',
        icon: IconBuildingStore,
        links: [
          { label: 'Create Tenant', to: '/tenant/new', features: ['TenantEdit'] },
          { label: 'Tenants', to: '/tenant', features: ['TenantList'] },
        ],
      },
      {
        title: 'Templates',
        description: 'Spreadsheet templates for inventory upload.',
        icon: IconFileSpreadsheet,
        links: [
          { label: 'Upload Template', to: '/template/new', features: ['TemplateEdit'] },
          { label: 'Templates', to: '/template', features: ['TemplateList'] },
        ],
      },
      {
        title: 'Policies',
        description: 'Terms, returns and shipping policies shown to customers.',
        icon: IconFileText,
        links: [
          { label: 'Create Policy', to: '/policy/new', features: ['PolicyEdit'] },
          { label: 'Policies', to: '/policy', features: ['PolicyList'] },
          { label: 'Policy Templates', to: '/policyTemplate', features: ['PolicyTemplate'] },
        ],
      },
    ],
  },
];

export interface VisibleTile extends Omit<Tile, 'links'> {
  links: { label: string; to: string }[];
}

export interface VisibleSection extends Omit<DashboardSection, 'tiles'> {
  tiles: VisibleTile[];
}

/**
 * The part of the dashboard a user may see: a link per feature held, a tile when it keeps a link, a section when
 * it keeps a tile. Links to the user's own record need their id.
 */
export function visibleSections(features: readonly FeatureName[], myId: number | undefined): VisibleSection[] {
  const held = new Set(features);
  return dashboardSections
    .map((section) => ({
      ...section,
      tiles: section.tiles
        .map((tile) => ({
          ...tile,
          links: tile.links.flatMap((link) => {
            if (!link.features.some((f) => held.has(f))) return [];
            if (typeof link.to === 'string') return [{ label: link.label, to: link.to }];
            return myId === undefined ? [] : [{ label: link.label, to: link.to(myId) }];
          }),
        }))
        .filter((tile) => tile.links.length > 0),
    }))
    .filter((section) => section.tiles.length > 0);
}
