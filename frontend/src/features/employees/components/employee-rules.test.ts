import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../../shared/leave-days.js';
import { JOINING_TOO_LATE, latestEmployeeDob, latestJoiningDate } from '../../../../../shared/schemas/employee.js';
import { featuresOf, roleOf, roles } from '../../../../../test/web/people-fixtures.js';
import { HR_REQUIRED, MANAGER_REQUIRED, employeeFormSchema, peopleOptions, roleOptions, scopeFor } from './employee-rules.js';

const offered = Object.values(roles).filter((r) => r.name !== 'CUSTOMER');
const names = (options: { label: string }[]) => options.map((o) => o.label);

describe('the list behind Direct and All', () => {
  it('gives the org view its whole shop and everyone else their own people', () => {
    expect(scopeFor('ALL', ['HR'], 4)).toEqual({ kind: 'all' });
    expect(scopeFor('ALL', ['TENANT_MANAGER'], 2)).toEqual({ kind: 'all' });
    // A manager cannot ask for All: the filter falls back to their direct reports.
    expect(scopeFor('ALL', ['MANAGER'], 3)).toEqual({ kind: 'manager', id: 3 });
    expect(scopeFor('DIRECT', ['MANAGER'], 3)).toEqual({ kind: 'manager', id: 3 });
    // HR leads no team: their Direct list is the people whose HR contact they are.
    expect(scopeFor('DIRECT', ['HR'], 4)).toEqual({ kind: 'hr', id: 4 });
    expect(scopeFor('DIRECT', ['HR', 'MANAGER'], 4)).toEqual({ kind: 'manager', id: 4 });
  });
});

describe('the roles a creator may give', () => {
  it('offers only roles whose every feature the creator holds, and never CUSTOMER', () => {
    expect(names(roleOptions(offered, featuresOf('ADMIN')))).toEqual(['ADMIN', 'TENANT_MANAGER', 'MANAGER', 'HR', 'CASHIER']);
    // The owner lacks shop administration, so ADMIN is not theirs to give.
    expect(names(roleOptions(offered, featuresOf('TENANT_MANAGER')))).toEqual(['TENANT_MANAGER', 'MANAGER', 'HR', 'CASHIER']);
    // HR holds neither a manager's nor a cashier's features; a role made of HR's own features is offered.
    const leaveClerk = roleOf(7, 'LEAVE CLERK', ['LeaveEdit', 'LeaveList']);
    expect(names(roleOptions([...offered, leaveClerk], featuresOf('HR')))).toEqual(['HR', 'LEAVE CLERK']);
    expect(names(roleOptions([...offered, roles.CUSTOMER], featuresOf('ADMIN')))).not.toContain('CUSTOMER');
  });

  it('keeps a role the employee holds but the editor may not give, locked', () => {
    const options = roleOptions(offered, featuresOf('HR'), [{ roleId: 1, name: 'ADMIN' }]);
    expect(options.find((o) => o.label === 'ADMIN')).toEqual({ value: '1', label: 'ADMIN', disabled: true });
  });
});

describe('manager and HR choices', () => {
  const listed = [{ appUserId: 2, userName: 'owner@demo.shop' }];
  it('adds a creator who may manage to the choices for a new employee', () => {
    const creator = { appUserId: 3, userName: 'manager@demo.shop', roleNames: ['MANAGER'] };
    expect(peopleOptions(listed, 'manager', creator, true)).toEqual([
      { value: '3', label: 'manager@demo.shop' },
      { value: '2', label: 'owner@demo.shop' },
    ]);
    expect(peopleOptions(listed, 'hr', creator, true)).toEqual([{ value: '2', label: 'owner@demo.shop' }]);
    expect(peopleOptions(listed, 'manager', creator, false)).toHaveLength(1);
  });
});

describe('the form schema', () => {
  const nameOf = (id: number) => Object.values(roles).find((r) => r.roleId === id)?.name;
  const schema = employeeFormSchema(nameOf);
  const valid = {
    userName: 'Asha',
    emailId: 'asha@example.in',
    mobileNumber: '9845012345',
    dob: '1995-03-14',
    doj: '2024-06-01',
    gender: 'Female',
    address: 'Residency Road',
    appUserRole: [{ roleId: roles.CASHIER.roleId }],
    managerId: 3,
    hrId: 4,
  };
  const messages = (changes: Record<string, unknown>) => {
    const result = schema.safeParse({ ...valid, ...changes });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('needs a manager and an HR contact below the top of the organisation', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ managerId: undefined, hrId: undefined })).toEqual([MANAGER_REQUIRED, HR_REQUIRED]);
    expect(messages({ appUserRole: [{ roleId: roles.HR.roleId }], hrId: undefined })).toEqual([]);
    expect(messages({ appUserRole: [{ roleId: roles.TENANT_MANAGER.roleId }], managerId: undefined, hrId: undefined })).toEqual([]);
  });

  it('has the spec’s messages and the age limit', () => {
    expect(messages({ mobileNumber: '98450' })).toEqual(['Enter the Valid Mobile Number!!!']);
    expect(messages({ emailId: 'asha@' })).toEqual(['Enter the Valid Email Id!!!']);
    expect(messages({ dob: latestEmployeeDob() })).toEqual([]);
    const dayAfter = new Date(Date.parse(`${latestEmployeeDob()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(messages({ dob: dayAfter })).toEqual(['An employee must be at least 18 years old']);
    expect(messages({ appUserRole: [] })).toEqual(['Select at least one role']);
  });

  it('refuses a date of joining more than 90 days ahead, with the rule in the message', () => {
    expect(messages({ doj: latestJoiningDate() })).toEqual([]);
    expect(messages({ doj: addDays(latestJoiningDate(), 1) })).toEqual([JOINING_TOO_LATE]);
    expect(messages({ doj: '2031-06-01' })).toEqual(['Date of Joining can be at most 90 days from today']);
  });
});
