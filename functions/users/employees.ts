import { ROLE, hasOrgView, hrRoles, managerRoles, mayAssignRole, needsHr, needsManager } from '../../shared/roles.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import { NAME_EXISTS, type EmployeeBody, type UserRef } from '../../shared/schemas/employee.js';
import { accountName, domainSuffix, tenantIdFromUserName } from '../../shared/tenant.js';
import type { Caller } from '../lib/context.js';
import { op, transactParts, updated, writePart, type Actor } from '../lib/db.js';
import { Conflict, Forbidden, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { roleData } from '../roles/data.js';
import { tenantData } from '../tenants/data.js';
import { userData, type EmployeeScope } from './data.js';
import { createAppUser, disableAppUser, mailTemporaryPassword, temporaryPassword } from './service.js';

const CUSTOMERS_ELSEWHERE = 'Customers are managed on the customer screens.';

const orgView = (me: Caller) => hasOrgView(me.roleNames);

/** The caller's own record, their direct reports, the people they are HR contact of, or anyone with the org view. */
const inScope = (me: Caller, user: AppUser) =>
  orgView(me) || user.appUserId === me.appUserId || user.managerId === me.appUserId || user.hrId === me.appUserId;

/** The login name an entered name becomes: special characters removed, the creator's domain appended, lower case. */
export function employeeUserName(entered: string, me: Caller): string {
  const name = accountName(entered, domainSuffix(me.userName)).toLowerCase();
  if (!name || tenantIdFromUserName(name) !== me.tenantId) throw new Validation('Enter the Valid UserName...');
  return name;
}

export async function readEmployee(me: Caller, appUserId: number): Promise<AppUser> {
  const user = await userData.byId(me.tenantId, appUserId);
  if (!user) throw new NotFound('Employee not found.');
  if (!inScope(me, user)) throw new Forbidden('You can see only your own record and the employees who report to you.');
  return user;
}

export async function employeeDetail(me: Caller, appUserId: number) {
  const user = await readEmployee(me, appUserId);
  return { ...user, roles: await roleData.byIds(me.tenantId, user.appUserRole.map((r) => r.roleId)) };
}

/** Org Employees need the org view; a Reporting or HR list is the caller's own unless they have it. */
function checkScope(me: Caller, scope: EmployeeScope): void {
  if (scope.kind === 'all') {
    if (!orgView(me)) throw new Forbidden('Org Employees are for TENANT_MANAGER, ADMIN and HR. Choose Direct.');
  } else if (!orgView(me) && scope.id !== me.appUserId) {
    throw new Forbidden('You can list only the employees who report to you.');
  }
}

export async function listEmployees(me: Caller, scope: EmployeeScope, text: string | undefined, page: number, size: number) {
  checkScope(me, scope);
  return userData.page(me.tenantId, scope, text, page, size);
}

export async function countEmployees(me: Caller, scope: EmployeeScope, text: string | undefined) {
  checkScope(me, scope);
  return userData.count(me.tenantId, scope, text);
}

/** Enabled holders of the given roles, once each, by name, without `exceptId` (nobody manages themselves). */
async function holdersOf(tenantId: string, roleNames: readonly string[], exceptId: number): Promise<UserRef[]> {
  const roles = (await roleData.all(tenantId)).filter((r) => roleNames.includes(r.name));
  const members = (await Promise.all(roles.map((r) => userData.members(tenantId, r.roleId)))).flat();
  const unique = new Map(members.filter((m) => m.appUserId !== exceptId).map((m) => [m.appUserId, m]));
  return [...unique.values()].sort((a, b) => a.userName.localeCompare(b.userName));
}

export const managerOptions = (me: Caller, exceptId: number) => holdersOf(me.tenantId, managerRoles, exceptId);
export const hrOptions = (me: Caller, exceptId: number) => holdersOf(me.tenantId, hrRoles, exceptId);

export async function managerOf(me: Caller, appUserId: number): Promise<UserRef | null> {
  const user = await readEmployee(me, appUserId);
  if (!user.managerId) return null;
  const manager = await userData.byId(me.tenantId, user.managerId);
  return manager ? { appUserId: manager.appUserId, userName: manager.userName } : null;
}

/** Whether the name is taken in the caller's shop, by anyone but `exceptId` (the record being edited). */
export async function isNameTaken(me: Caller, entered: string, exceptId?: number): Promise<boolean> {
  const name = accountName(entered, domainSuffix(me.userName));
  if (!name) return false;
  const user = await userData.byUserName(me.tenantId, name);
  return Boolean(user && user.appUserId !== exceptId);
}

/** The roles of the form, as stored; every one must exist. */
async function resolveRoles(tenantId: string, body: EmployeeBody): Promise<Role[]> {
  const ids = [...new Set(body.appUserRole.map((r) => r.roleId))];
  const roles = await roleData.byIds(tenantId, ids);
  if (roles.length !== ids.length) throw new Validation('Select a valid role.');
  return roles;
}

function checkRoleChanges(me: Caller, roleNames: string[]): void {
  const refused = roleNames.find((name) => !mayAssignRole(name, me.roleNames));
  if (refused === ROLE.CUSTOMER) throw new Forbidden(CUSTOMERS_ELSEWHERE);
  if (refused) throw new Forbidden(`You cannot give or take away the ${refused} role.`);
}

/** Manager and HR: required below the top of the organisation, and each must be an enabled holder of the right role. */
async function resolveLinks(tenantId: string, body: EmployeeBody, roleNames: string[], selfId: number | undefined) {
  const pick = async (id: number | undefined, required: boolean, allowed: readonly string[], label: string) => {
    if (!id) {
      if (required) throw new Validation(`${label} is required.`);
      return undefined;
    }
    if (id === selfId) throw new Validation(`An employee cannot be their own ${label}.`);
    const person = await userData.byId(tenantId, id);
    if (!person || person.enabled === false || !person.appUserRole.some((r) => allowed.includes(r.name))) {
      throw new Validation(`Select a valid ${label}.`);
    }
    return person;
  };
  const manager = await pick(body.managerId, needsManager(roleNames), managerRoles, 'Manager');
  const hr = await pick(body.hrId, needsHr(roleNames), hrRoles, 'HR');
  return { managerId: manager?.appUserId, managerName: manager?.userName, hrId: hr?.appUserId, hrName: hr?.userName };
}

const personalFields = (body: EmployeeBody) => ({
  emailId: body.emailId,
  mobileNumber: body.mobileNumber,
  dob: body.dob,
  doj: body.doj,
  gender: body.gender,
  address: body.address,
});

const roleRefs = (roles: Role[]) => roles.map((r) => ({ roleId: r.roleId, name: r.name, description: r.description }));

export async function createEmployee(me: Caller, body: EmployeeBody, actor: Actor, log: Logger) {
  const userName = employeeUserName(body.userName, me);
  const roles = await resolveRoles(me.tenantId, body);
  checkRoleChanges(me, roles.map((r) => r.name));
  const links = await resolveLinks(me.tenantId, body, roles.map((r) => r.name), undefined);
  if (!orgView(me) && links.managerId !== me.appUserId) throw new Forbidden('You can add employees only to your own team.');
  const password = temporaryPassword();
  const user = await createAppUser(
    me.tenantId,
    { userName, ...personalFields(body), ...links, appUserRole: roleRefs(roles) },
    actor,
    { temporaryPassword: password },
  );
  const shop = (await tenantData.get(me.tenantId))?.displayName ?? me.tenantId;
  const mailSent = await mailTemporaryPassword(user, password, shop, log);
  return { ...user, temporaryPassword: password, mailSent };
}

/** Another's record: the org view, or the caller is their manager or HR contact. */
function checkMayChange(me: Caller, user: AppUser): void {
  if (!inScope(me, user)) throw new Forbidden('You can change only the employees who report to you.');
  if (user.appUserRole.some((r) => r.name === ROLE.CUSTOMER)) throw new Forbidden(CUSTOMERS_ELSEWHERE);
  if (user.enabled === false) throw new NotFound('This employee has been deleted.');
}

export async function updateEmployee(me: Caller, appUserId: number, body: EmployeeBody, actor: Actor): Promise<AppUser> {
  const current = await userData.byId(me.tenantId, appUserId);
  if (!current) throw new NotFound('Employee not found.');
  checkMayChange(me, current);
  if (body.version !== undefined && body.version !== (current.version ?? 0)) throw new Conflict(STALE_RECORD);
  const userName = employeeUserName(body.userName, me);
  if (userName !== current.userName) {
    if (await userData.byUserName(me.tenantId, userName)) throw new Conflict(NAME_EXISTS);
    throw new Validation('The user name is the sign-in name and cannot be changed.');
  }
  const roles = await resolveRoles(me.tenantId, body);
  const before = new Set(current.appUserRole.map((r) => r.roleId));
  const after = new Set(roles.map((r) => r.roleId));
  const added = roles.filter((r) => !before.has(r.roleId));
  const removed = current.appUserRole.filter((r) => !after.has(r.roleId));
  checkRoleChanges(me, [...added, ...removed].map((r) => r.name));
  const links = await resolveLinks(me.tenantId, body, roles.map((r) => r.name), appUserId);
  if (current.appUserId === me.appUserId) {
    if (added.length || removed.length || links.managerId !== current.managerId || links.hrId !== current.hrId) {
      throw new Forbidden('You cannot change your own roles, manager or HR.');
    }
  } else if (!orgView(me) && links.managerId !== me.appUserId) {
    throw new Forbidden('You can keep employees only in your own team.');
  }
  const next: AppUser = {
    ...current,
    ...personalFields(body),
    ...links,
    appUserRole: roleRefs(roles),
    ...updated(actor),
    version: (current.version ?? 0) + 1,
  };
  await transactParts(
    writePart(
      [op.replace(userData.toItem(me.tenantId, next), current.version), STALE_RECORD],
      ...added.map((r) => [roleData.holdersChange(me.tenantId, r.roleId, 1), `The role ${r.name} no longer exists.`] as const),
      ...added.map((r) => [op.create(userData.memberItem(me.tenantId, r.roleId, next))] as const),
      ...removed.map((r) => [roleData.holdersChange(me.tenantId, r.roleId, -1)] as const),
      ...removed.map((r) => [op.remove(userData.memberKey(me.tenantId, r.roleId, appUserId))] as const),
    ),
  );
  return next;
}

export async function deleteEmployee(me: Caller, appUserId: number, actor: Actor): Promise<AppUser> {
  const user = await userData.byId(me.tenantId, appUserId);
  if (!user) throw new NotFound('Employee not found.');
  if (user.appUserId === me.appUserId) throw new Validation('You cannot delete your own account.');
  checkMayChange(me, user);
  checkRoleChanges(me, user.appUserRole.map((r) => r.name));
  const reports = await userData.count(me.tenantId, { kind: 'manager', id: appUserId }, undefined);
  if (reports) throw new Conflict(`${reports} employee(s) report to ${user.userName}. Choose another manager for them first.`);
  const hrScoped = await userData.count(me.tenantId, { kind: 'hr', id: appUserId }, undefined);
  if (hrScoped) throw new Conflict(`${user.userName} is the HR contact of ${hrScoped} employee(s). Choose another HR for them first.`);
  return disableAppUser(me.tenantId, user, actor);
}
