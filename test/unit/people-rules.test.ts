import { describe, expect, it } from 'vitest';
import { defaultRoles, hasOrgView, mayAssignRole, neverGranted, needsHr, needsManager, notHeld, ROLE } from '../../shared/roles.js';
import { latestEmployeeDob } from '../../shared/schemas/employee.js';
import { accountName } from '../../shared/tenant.js';

describe('account names', () => {
  it.each([
    ['Ravi Kumar', 'RaviKumar@demo.shop'],
    ['r.k-singh_99', 'rksingh99@demo.shop'],
    ['ravi@alpha.shop', 'ravi@demo.shop'],
    ['@@@', ''],
    ['', ''],
  ])('%s becomes %s', (entered, stored) => {
    expect(accountName(entered, '@Demo.Shop')).toBe(stored);
  });
});

const builtIn = (name: string) => ({ name, features: defaultRoles.find((r) => r.name === name)!.features });

describe('who may give a role', () => {
  it.each([
    // Nobody gives more than they hold: the owner lacks the shop administration features of ADMIN.
    [ROLE.ADMIN, ROLE.TENANT_MANAGER, false],
    [ROLE.ADMIN, ROLE.ADMIN, true],
    [ROLE.ADMIN, ROLE.MANAGER, false],
    [ROLE.ADMIN, ROLE.HR, false],
    [ROLE.TENANT_MANAGER, ROLE.ADMIN, true],
    [ROLE.TENANT_MANAGER, ROLE.TENANT_MANAGER, true],
    [ROLE.TENANT_MANAGER, ROLE.HR, false],
    [ROLE.MANAGER, ROLE.HR, false],
    [ROLE.MANAGER, ROLE.TENANT_MANAGER, true],
    [ROLE.CASHIER, ROLE.HR, false],
    [ROLE.CASHIER, ROLE.MANAGER, true],
    [ROLE.CUSTOMER, ROLE.TENANT_MANAGER, false],
  ])('%s by %s: %s', (role, caller, allowed) => {
    expect(mayAssignRole(builtIn(role), builtIn(caller).features)).toBe(allowed);
  });

  it('lets HR give a role made of features HR holds, and names what a caller lacks', () => {
    expect(mayAssignRole({ name: 'LEAVE CLERK', features: ['LeaveEdit', 'LeaveList'] }, builtIn(ROLE.HR).features)).toBe(true);
    expect(notHeld(['LeaveEdit', 'StockList', 'StockList'], builtIn(ROLE.HR).features)).toEqual(['StockList']);
  });

  it('never lets the owner role carry shop administration', () => {
    expect(neverGranted(ROLE.TENANT_MANAGER, ['StockList', 'TenantEdit', 'TenantDelete'])).toEqual(['TenantEdit', 'TenantDelete']);
    expect(neverGranted('STORE KEEPER', ['TenantEdit'])).toEqual([]);
  });

  it('asks a manager and an HR contact below the top of the organisation only', () => {
    expect(needsManager([ROLE.CASHIER])).toBe(true);
    expect(needsManager([ROLE.TENANT_MANAGER])).toBe(false);
    expect(needsHr([ROLE.HR])).toBe(false);
    expect(needsHr([ROLE.MANAGER])).toBe(true);
    expect(hasOrgView([ROLE.HR])).toBe(true);
    expect(hasOrgView([ROLE.MANAGER])).toBe(false);
  });
});

describe('employee age', () => {
  it('is at least 18 years on the day', () => {
    expect(latestEmployeeDob(new Date('2026-11-22T10:00:00Z'))).toBe('2008-11-22');
    expect(latestEmployeeDob(new Date('2028-02-29T10:00:00Z'))).toBe('2010-02-28');
  });
});
