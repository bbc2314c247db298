import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { ROLE, hasOrgView, hrRoles, managerRoles, mayAssignRole, needsHr, needsManager } from '../../../../../shared/roles.js';
import type { AppUser, Role } from '../../../../../shared/schemas/auth.js';
import { employeeBody, type UserRef } from '../../../../../shared/schemas/employee.js';

/** Which list the employee screen reads (spec 3 sections 2 and 6). */
export type EmployeeScope = { kind: 'all' } | { kind: 'manager'; id: number } | { kind: 'hr'; id: number };
export type EmployeeListView = 'DIRECT' | 'ALL';

export const listTitle = (view: EmployeeListView) => (view === 'ALL' ? 'Org Employees' : 'Reporting Employees');

/** The Org Employees view is for TENANT_MANAGER, ADMIN and HR; everyone else sees their own people only. */
export const mayViewAll = (roleNames: readonly string[]) => hasOrgView(roleNames);

/**
 * The list behind the filter. All is the whole shop; Direct is the caller's direct reports, or for HR (who leads
 * no team) the people whose HR contact they are.
 */
export function scopeFor(view: EmployeeListView, roleNames: readonly string[], myId: number): EmployeeScope {
  if (view === 'ALL' && mayViewAll(roleNames)) return { kind: 'all' };
  const leads = roleNames.some((r) => managerRoles.includes(r));
  return !leads && roleNames.includes(ROLE.HR) ? { kind: 'hr', id: myId } : { kind: 'manager', id: myId };
}

export const MANAGER_REQUIRED = 'Manager is required.';
export const HR_REQUIRED = 'HR is required.';

/**
 * The form's rules: the shared employee schema, plus the manager and HR contact the chosen roles need (the top of
 * the organisation reports to nobody, HR needs no HR contact), with the server's messages.
 */
export function employeeFormSchema(roleNameOf: (roleId: number) => string | undefined) {
  return employeeBody.superRefine((value, ctx) => {
    const names = value.appUserRole.map((r) => roleNameOf(r.roleId) ?? '');
    if (!names.length) return;
    if (needsManager(names) && !value.managerId) ctx.addIssue({ code: 'custom', message: MANAGER_REQUIRED, path: ['managerId'] });
    if (needsHr(names) && !value.hrId) ctx.addIssue({ code: 'custom', message: HR_REQUIRED, path: ['hrId'] });
  });
}

export interface RoleOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const featuresOf = (role: Role) => role.roleModule.flatMap((m) => m.roleFeature.map((f) => f.featureName));

/**
 * The roles the form offers: those the server offers this creator, and of them only roles whose every feature the
 * creator holds (the server's rule: nobody gives more than they hold), never CUSTOMER. Roles the employee already
 * holds but the creator may not give stay visible, locked, so saving does not take them away.
 */
export function roleOptions(offered: Role[], creatorFeatures: readonly string[], held: AppUser['appUserRole'] = []): RoleOption[] {
  const options: RoleOption[] = offered
    .filter((role) => mayAssignRole({ name: role.name, features: featuresOf(role) }, creatorFeatures))
    .map((role) => ({ value: String(role.roleId), label: role.name }));
  for (const role of held) {
    if (!options.some((o) => o.value === String(role.roleId))) {
      options.push({ value: String(role.roleId), label: role.name, disabled: true });
    }
  }
  return options;
}

/**
 * The people offered as manager (or HR contact). The server lists everyone holding the role except the employee
 * being edited; a new employee has no id yet, so the list is asked about the creator and the creator is added back
 * when they hold the role themselves.
 */
export function peopleOptions(
  listed: UserRef[] | undefined,
  kind: 'manager' | 'hr',
  creator: { appUserId: number; userName: string; roleNames: readonly string[] } | undefined,
  isNew: boolean,
): { value: string; label: string }[] {
  const people = [...(listed ?? [])];
  const holds = kind === 'manager' ? managerRoles : hrRoles;
  if (isNew && creator && creator.roleNames.some((r) => holds.includes(r)) && !people.some((p) => p.appUserId === creator.appUserId)) {
    people.push({ appUserId: creator.appUserId, userName: creator.userName });
    people.sort((a, b) => a.userName.localeCompare(b.userName));
  }
  return people.map((p) => ({ value: String(p.appUserId), label: p.userName }));
}

/** The local part of a stored user name, which the form shows and sends back unchanged on an edit. */
export const localPart = (userName: string) => userName.split('@')[0] ?? userName;

export type EmployeeFormValues = z.input<typeof employeeBody>;

/** The form's starting values: blank for a registration, the record for an update. */
export function initialValues(user: AppUser | undefined, defaults: { managerId?: number } = {}): DefaultValues<EmployeeFormValues> {
  if (!user) {
    return {
      userName: '',
      emailId: '',
      mobileNumber: '',
      dob: '',
      doj: '',
      address: '',
      managerId: defaults.managerId,
      hrId: undefined,
      appUserRole: [],
    };
  }
  return {
    userName: localPart(user.userName),
    emailId: user.emailId ?? '',
    mobileNumber: user.mobileNumber ?? '',
    dob: user.dob ?? '',
    doj: user.doj ?? '',
    gender: user.gender,
    address: user.address ?? '',
    managerId: user.managerId,
    hrId: user.hrId,
    appUserRole: user.appUserRole.map((r) => ({ roleId: r.roleId })),
    version: user.version,
  };
}
