import { describe, expect, it } from 'vitest';
import { hasOrgView, mayAssignRole, needsHr, needsManager, ROLE } from '../../shared/roles.js';
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

describe('who may give a role', () => {
  it.each([
    [ROLE.ADMIN, [ROLE.TENANT_MANAGER], true],
    [ROLE.ADMIN, [ROLE.ADMIN], false],
    [ROLE.ADMIN, [ROLE.MANAGER], false],
    [ROLE.ADMIN, [ROLE.HR], false],
    [ROLE.TENANT_MANAGER, [ROLE.ADMIN], true],
    [ROLE.TENANT_MANAGER, [ROLE.HR], false],
    [ROLE.CASHIER, [ROLE.HR], true],
    [ROLE.CUSTOMER, [ROLE.TENANT_MANAGER], false],
  ])('%s by %j: %s', (role, caller, allowed) => {
    expect(mayAssignRole(role, caller)).toBe(allowed);
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
