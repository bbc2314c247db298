import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { allFeatures, type FeatureName } from '../../shared/features.js';
import { defaultRoles } from '../../shared/roles.js';
import HomeScreen from '../../frontend/src/features/dashboard/routes/home.js';
import { visibleSections } from '../../frontend/src/features/dashboard/components/dashboard-tiles.js';
import { clearSession, startSession, updateSession } from '../../frontend/src/lib/session.js';
import { renderWithApp, tokenAnswer } from './render.js';

const featuresOf = (role: string) => defaultRoles.find((r) => r.name === role)!.features;

function signedInWith(features: FeatureName[], appUserId = 7) {
  startSession(tokenAnswer(3600));
  updateSession({
    userName: 'someone@demo.shop',
    user: { appUserId, userName: 'someone@demo.shop', appUserRole: [] },
    features,
  });
}

const sectionButton = (title: string) => screen.queryByRole('button', { name: new RegExp(`^${title}`) });

beforeEach(() => clearSession());

describe('dashboard feature gating', () => {
  it('shows an admin all four sections with every tile', () => {
    signedInWith(allFeatures);
    renderWithApp(<HomeScreen />, { at: '/home' });
    for (const title of ['Employee', 'Inventory', 'Customer', 'Admin']) expect(sectionButton(title)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(16);
    expect(screen.getByRole('link', { name: 'Create Tenant' })).toHaveAttribute('href', '/tenant/new');
    expect(screen.getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('href', '/auditTrail');
  });

  it('shows a cashier only the links of the cashier’s features, and no Admin section', () => {
    signedInWith(featuresOf('CASHIER'), 12);
    renderWithApp(<HomeScreen />, { at: '/home' });
    expect(sectionButton('Admin')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Place Order' })).toHaveAttribute('href', '/purchaseUpdated/new');
    expect(screen.getByRole('link', { name: 'Your Details' })).toHaveAttribute('href', '/userView/12');
    expect(screen.getByRole('link', { name: 'Stock' })).toHaveAttribute('href', '/stock');
    for (const name of ['Create Employee', 'Reportees', 'Roles', 'Create Role', 'Add Products', 'Expenses', 'Partners', 'Audit Trail']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    const employees = screen.getByRole('article', { name: 'Employees' });
    expect(within(employees).getAllByRole('link').map((a) => a.textContent)).toEqual(['Your Details']);
    expect(screen.queryByRole('article', { name: 'Business Partners' })).not.toBeInTheDocument();
  });

  it('links the billing screens a cashier has, and the monthly report to a role holding it', () => {
    signedInWith(featuresOf('CASHIER'), 12);
    const { unmount } = renderWithApp(<HomeScreen />, { at: '/home' });
    const billing = screen.getByRole('article', { name: 'Billing' });
    expect(within(billing).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Place Order', '/purchaseUpdated/new'],
      ['Today’s Orders', '/purchase'],
      ['Customer Orders', '/customerPurchase/new'],
      ['Till', '/till'],
    ]);
    unmount();
    signedInWith(['CustomerPurchaseList', 'MonthlyPurchaseList']);
    renderWithApp(<HomeScreen />, { at: '/home' });
    const other = screen.getByRole('article', { name: 'Billing' });
    expect(within(other).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Customer Orders', '/customerPurchase/new'],
      ['Monthly Sales', '/monthlyPurchase'],
    ]);
  });

  it('shows HR the Employee section with staff links but no Inventory billing', () => {
    signedInWith(featuresOf('HR'));
    renderWithApp(<HomeScreen />, { at: '/home' });
    expect(screen.getByRole('link', { name: 'Create Employee' })).toHaveAttribute('href', '/user/new');
    expect(screen.getByRole('link', { name: 'Reportees' })).toHaveAttribute('href', '/user');
    expect(screen.queryByRole('article', { name: 'Billing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Expenses' })).toBeInTheDocument();
  });

  it('tells a user without back-office features that there is nothing to show', () => {
    signedInWith(featuresOf('CUSTOMER'));
    renderWithApp(<HomeScreen />, { at: '/home' });
    expect(screen.getByText('Nothing to show yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('visibleSections', () => {
  it('keeps a tile when one link survives and drops empty sections', () => {
    const sections = visibleSections(['LeaveList'], 1);
    expect(sections.map((s) => s.title)).toEqual(['Employee']);
    expect(sections[0]!.tiles).toEqual([expect.objectContaining({ title: 'Leave', links: [{ label: 'Leaves', to: '/leaveSystem' }] })]);
  });

  it('shows a link any one of whose features the user holds', () => {
    const sections = visibleSections(['CustomerOrderList'], 1);
    expect(sections[0]!.tiles[0]!.links).toEqual([{ label: 'Order Tracking', to: '/orderTracking' }]);
  });

  it('leaves out links to the user’s own record until the user’s id is known', () => {
    expect(visibleSections(['EmployeeView'], undefined)).toEqual([]);
    expect(visibleSections(['EmployeeView'], 5)[0]!.tiles[0]!.links).toEqual([{ label: 'Your Details', to: '/userView/5' }]);
  });

  it('shows nothing without features', () => {
    expect(visibleSections([], 1)).toEqual([]);
  });
});
