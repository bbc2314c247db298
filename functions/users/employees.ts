import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { ROLE, hasOrgView, hrRoles, managerRoles, mayAssignRole, needsHr, needsManager, notHeld } from '../../shared/roles.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import type { EmployeeBody, UserRef } from '../../shared/schemas/employee.js';
import { NAME_EXISTS } from '../../shared/schemas/employee-messages.js';
import { accountName, domainSuffix, tenantIdFromUserName } from '../../shared/tenant.js';
import { auditWrite } from '../lib/audit.js';
import type { Caller } from '../lib/context.js';
import { op, transactParts, updated, writePart, type Actor, type PageRequest } from '../lib/db.js';
import { Conflict, Forbidden, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { featuresOf, roleData } from '../roles/data.js';
import { tenantData } from '../tenants/data.js';
import { emailConfirmationData, passwordRevealData, userData, type EmployeeScope } from './data.js';
import {
  awaitsFirstSignIn,
  createAppUser,
  disableAppUser,
  endAllSessions,
  resetAddress,
  revokeRefreshTokens,
  sendTemporaryPassword,
  setTemporaryPassword,
  temporaryPassword,
} from './service.js';

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
  const [roles, revealable] = await Promise.all([roleData.byIds(me.tenantId, user.appUserRole.map((r) => r.roleId)), passwordRevealable(me, user)]);
  return { ...user, roles, ...(revealable === undefined ? {} : { passwordRevealable: revealable }) };
}

/**
 * For the shop owner looking at someone else: whether their temporary password may still be revealed (they have not
 * signed in yet and it was not revealed before), so the employee view offers it only then. Nobody else is told.
 */
async function passwordRevealable(me: Caller, user: AppUser): Promise<boolean | undefined> {
  if (!mayRevealPasswords(me) || user.appUserId === me.appUserId) return undefined;
  const [waiting, revealed] = await Promise.all([awaitsFirstSignIn(user.userName), passwordRevealData.byUser(me.tenantId, user.appUserId)]);
  return waiting && !revealed;
}

/** Org Employees need the org view; a Reporting or HR list is the caller's own unless they have it. */
function checkScope(me: Caller, scope: EmployeeScope): void {
  if (scope.kind === 'all') {
    if (!orgView(me)) throw new Forbidden('Org Employees are for TENANT_MANAGER, ADMIN and HR. Choose Direct.');
  } else if (!orgView(me) && scope.id !== me.appUserId) {
    throw new Forbidden('You can list only the employees who report to you.');
  }
}

export async function listEmployees(me: Caller, scope: EmployeeScope, text: string | undefined, request: PageRequest) {
  checkScope(me, scope);
  return userData.page(me.tenantId, scope, text, request);
}

export async function countEmployees(me: Caller, scope: EmployeeScope, text: string | undefined) {
  checkScope(me, scope);
  return text === undefined ? userData.count(me.tenantId, scope) : userData.searchCount(me.tenantId, scope, text, SEARCH_COUNT_CAP);
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

/**
 * Giving or taking away a role needs every feature of it (nobody makes someone more powerful than themselves);
 * the refusal names the role and the features the caller lacks. Roles are read as stored now, so a role whose
 * features grew since the form was opened is judged by what it carries today.
 */
function checkRoleChanges(me: Caller, roles: Role[]): void {
  for (const role of roles) {
    const features = featuresOf(role);
    if (role.name === ROLE.CUSTOMER) throw new Forbidden(CUSTOMERS_ELSEWHERE);
    if (!mayAssignRole({ name: role.name, features }, me.features)) {
      throw new Forbidden(`You cannot give or take away the ${role.name} role: it has features you do not hold (${notHeld(features, me.features).join(', ')}).`);
    }
  }
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
  checkRoleChanges(me, roles);
  const links = await resolveLinks(me.tenantId, body, roles.map((r) => r.name), undefined);
  if (!orgView(me) && links.managerId !== me.appUserId) throw new Forbidden('You can add employees only to your own team.');
  const password = temporaryPassword();
  const user = await createAppUser(
    me.tenantId,
    { userName, ...personalFields(body), ...links, appUserRole: roleRefs(roles) },
    actor,
    {
      temporaryPassword: password,
      with: (created) => writePart([auditWrite({ tenantId: me.tenantId, actor }, { entity: 'employee', entityId: created.appUserId, action: 'create', after: created })]),
    },
  );
  const shop = (await tenantData.get(me.tenantId))?.displayName ?? me.tenantId;
  return { ...user, ...(await sendTemporaryPassword(user, password, shop, log)) };
}

/** Another's record: the org view, or the caller is their manager or HR contact. */
function checkMayChange(me: Caller, user: AppUser): void {
  if (!inScope(me, user)) throw new Forbidden('You can change only the employees who report to you.');
  if (user.appUserRole.some((r) => r.name === ROLE.CUSTOMER)) throw new Forbidden(CUSTOMERS_ELSEWHERE);
  if (user.enabled === false) throw new NotFound('This employee has been deleted.');
}

export async function updateEmployee(me: Caller, appUserId: number, body: EmployeeBody, actor: Actor, log: Logger): Promise<AppUser> {
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
  checkRoleChanges(me, [...added, ...(await roleData.byIds(me.tenantId, removed.map((r) => r.roleId)))]);
  const links = await resolveLinks(me.tenantId, body, roles.map((r) => r.name), appUserId);
  if (current.appUserId === me.appUserId) {
    if (added.length || removed.length || links.managerId !== current.managerId || links.hrId !== current.hrId) {
      throw new Forbidden('You cannot change your own roles, manager or HR.');
    }
  } else if (!orgView(me) && links.managerId !== me.appUserId) {
    throw new Forbidden('You can keep employees only in your own team.');
  }
  const rolesChanged = added.length > 0 || removed.length > 0;
  const contact = await checkContactChange(me, current, body);
  const next: AppUser = {
    ...current,
    ...personalFields(body),
    // A new e-mail receives reset codes only once confirmed from it: until then they go where they went before.
    ...(contact.emailChanged ? { confirmedEmail: body.emailId && body.emailId === resetAddress(current) ? body.emailId : resetAddress(current) } : {}),
    ...links,
    appUserRole: roleRefs(roles),
    ...updated(actor),
    version: (current.version ?? 0) + 1,
    // Roles given or taken end the employee's sessions: the next call of an open session is refused, and the next
    // sign-in carries the new roles.
    ...(rolesChanged ? { sessionVersion: (current.sessionVersion ?? 0) + 1 } : {}),
  };
  const contactTaken = await userData.contactTaken(me.tenantId, next);
  if (contactTaken) throw new Conflict(contactTaken);
  await transactParts(
    writePart(
      [op.replace(userData.toItem(me.tenantId, next), current.version), STALE_RECORD],
      ...userData.contactClaims(me.tenantId, next),
      ...userData.contactReleases(me.tenantId, current, next).map((release) => [release] as const),
      ...added.map((r) => [roleData.holdersChange(me.tenantId, r.roleId, 1), `The role ${r.name} no longer exists.`] as const),
      ...added.map((r) => [op.create(userData.memberItem(me.tenantId, r.roleId, next))] as const),
      ...removed.map((r) => [roleData.holdersChange(me.tenantId, r.roleId, -1)] as const),
      ...removed.map((r) => [op.remove(userData.memberKey(me.tenantId, r.roleId, appUserId))] as const),
      ...userData.scopeCountWrites(me.tenantId, current, next).map((write) => [write] as const),
      [auditWrite({ tenantId: me.tenantId, actor }, { entity: 'employee', entityId: appUserId, action: 'update', before: current, after: next })],
    ),
  );
  if (rolesChanged) await revokeRefreshTokens(next.userName, log);
  if (contact.emailChanged) await announceEmailChange(me.tenantId, current, next, actor, log);
  return next;
}

/**
 * Changing someone's e-mail or mobile number moves where their reset codes and messages go, so it needs every
 * feature of their roles (as ending their sessions and revealing their password do), unless it is their own record.
 */
async function checkContactChange(me: Caller, current: AppUser, body: EmployeeBody) {
  const emailChanged = (body.emailId ?? '') !== (current.emailId ?? '');
  const mobileChanged = (body.mobileNumber ?? '') !== (current.mobileNumber ?? '');
  if ((emailChanged || mobileChanged) && current.appUserId !== me.appUserId) {
    const roles = await roleData.byIds(me.tenantId, current.appUserRole.map((r) => r.roleId));
    const lacking = notHeld([...new Set(roles.flatMap(featuresOf))], me.features);
    if (lacking.length) {
      throw new Forbidden(`You cannot change the e-mail or mobile number of ${current.userName}: their roles have features you do not hold (${lacking.join(', ')}).`);
    }
  }
  return { emailChanged, mobileChanged };
}

const CONFIRM_HOURS = 24;
const CONFIRM_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_INVALID = 'The code is wrong or has expired. Ask for the e-mail to be saved again to get a new code.';
const hashConfirmation = (appUserId: number, code: string) => createHash('sha256').update(`${appUserId}:${code}`).digest();

/**
 * A changed e-mail: the new address gets a code to confirm it with (entered by the person, signed in, in My Account),
 * and the address reset codes went to is told of the change. Mail that cannot be sent is logged; the change stays.
 */
async function announceEmailChange(tenantId: string, before: AppUser, after: AppUser, actor: Actor, log: Logger) {
  const shop = (await tenantData.get(tenantId))?.displayName ?? tenantId;
  const sends: Promise<unknown>[] = [];
  if (after.emailId && after.confirmedEmail !== after.emailId) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const pending = {
      emailId: after.emailId,
      codeHash: hashConfirmation(after.appUserId, code).toString('hex'),
      expiresAt: Math.floor(actor.now.getTime() / 1000) + CONFIRM_HOURS * 3600,
      attempts: 0,
    };
    await emailConfirmationData.put(tenantId, after.appUserId, pending);
    sends.push(
      sendMail({
        to: [after.emailId],
        subject: `Confirm your e-mail for ${shop}`,
        text:
          `Hello,\n\nthis address was entered as the e-mail of ${after.userName} at ${shop}. To confirm it, sign in and enter the code ` +
          `${code} under My Account within ${CONFIRM_HOURS} hours. Password reset codes come here only after that. If this is not your account, ignore this mail.`,
      }),
    );
  }
  const old = resetAddress(before);
  if (old !== after.emailId) {
    sends.push(
      sendMail({
        to: [old],
        subject: `The e-mail of your account at ${shop} was changed`,
        text:
          `Hello,\n\nthe e-mail of ${after.userName} at ${shop} was changed to ${after.emailId ?? '(none)'} by ${actor.userName}. Password reset codes ` +
          'keep coming to this address until the new one is confirmed. If you did not ask for this, tell your shop owner at once.',
      }),
    );
  }
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') log.warn('e-mail change not announced', { appUserId: after.appUserId, error: (result.reason as Error).message });
  }
}

/** The signed-in person confirms their changed e-mail with the mailed code: reset codes go there from then on. */
export async function confirmEmail(me: Caller, code: string, now: Date): Promise<{ message: string }> {
  if (me.appUserId === undefined) throw new Validation(EMAIL_CODE_INVALID);
  const pending = await emailConfirmationData.countAttempt(me.tenantId, me.appUserId, CONFIRM_MAX_ATTEMPTS, now);
  if (!pending || !timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), hashConfirmation(me.appUserId, code))) throw new Validation(EMAIL_CODE_INVALID);
  await transactParts(
    writePart(
      [emailConfirmationData.confirm(me.tenantId, me.appUserId, pending.emailId), 'Your e-mail was changed again since this code was sent. Use the code of the latest mail.'],
      [emailConfirmationData.remove(me.tenantId, me.appUserId)],
    ),
  );
  return { message: `${pending.emailId} is confirmed. Password reset codes go there from now on.` };
}

export async function deleteEmployee(me: Caller, appUserId: number, actor: Actor): Promise<AppUser> {
  const user = await userData.byId(me.tenantId, appUserId);
  if (!user) throw new NotFound('Employee not found.');
  if (user.appUserId === me.appUserId) throw new Validation('You cannot delete your own account.');
  checkMayChange(me, user);
  checkRoleChanges(me, await roleData.byIds(me.tenantId, user.appUserRole.map((r) => r.roleId)));
  const reports = await userData.count(me.tenantId, { kind: 'manager', id: appUserId });
  if (reports) throw new Conflict(`${reports} employee(s) report to ${user.userName}. Choose another manager for them first.`);
  const hrScoped = await userData.count(me.tenantId, { kind: 'hr', id: appUserId });
  if (hrScoped) throw new Conflict(`${user.userName} is the HR contact of ${hrScoped} employee(s). Choose another HR for them first.`);
  const audit = auditWrite({ tenantId: me.tenantId, actor }, { entity: 'employee', entityId: appUserId, action: 'delete', before: user, after: { ...user, enabled: false } });
  return disableAppUser(me.tenantId, user, actor, writePart([audit]));
}

/**
 * Someone the caller may change and whose every role the caller could give: nobody ends the sessions of, or reveals
 * a password for, a person with more rights than themselves.
 */
async function changeableEmployee(me: Caller, appUserId: number): Promise<AppUser> {
  const user = await userData.byId(me.tenantId, appUserId);
  if (!user) throw new NotFound('Employee not found.');
  checkMayChange(me, user);
  checkRoleChanges(me, await roleData.byIds(me.tenantId, user.appUserRole.map((r) => r.roleId)));
  return user;
}

/** Signs an employee out of every device (a lost phone, a shared till): their open sessions end at the next call. */
export async function signOutEmployee(me: Caller, appUserId: number, log: Logger): Promise<{ message: string }> {
  if (appUserId === me.appUserId) throw new Validation('Use Sign Out to end your own sessions.');
  const user = await changeableEmployee(me, appUserId);
  await endAllSessions(me.tenantId, user, log);
  return { message: `${user.userName} was signed out of every device.` };
}

/** Only the shop's owner (or its ADMIN) may see a temporary password, and only once per employee. */
const mayRevealPasswords = (me: Caller) => me.roleNames.includes(ROLE.TENANT_MANAGER) || me.roleNames.includes(ROLE.ADMIN);

/**
 * For a shop whose e-mail does not reach the employee yet: the owner confirms a second time and is shown a fresh
 * temporary password, once per employee and only before their first sign-in. The one sent earlier stops working.
 * Who revealed it and when is kept with the employee (`passwordRevealData`) and in the audit trail.
 */
export async function revealTemporaryPassword(me: Caller, appUserId: number, actor: Actor) {
  if (!mayRevealPasswords(me)) throw new Forbidden('Only the shop owner can reveal a temporary password.');
  if (appUserId === me.appUserId) throw new Validation('Your own password is yours alone.');
  const user = await changeableEmployee(me, appUserId);
  if (!(await awaitsFirstSignIn(user.userName))) {
    throw new Conflict(`${user.userName} has already signed in and chosen a password. Use Forgot Password instead.`);
  }
  const revealed = `The temporary password of ${user.userName} was already revealed once. Ask them to use Forgot Password.`;
  // The reveal and its audit record together (never the password itself).
  const audit = auditWrite({ tenantId: me.tenantId, actor }, { entity: 'employee', entityId: appUserId, action: 'revealPassword', after: { userName: user.userName } });
  await transactParts(writePart([op.create(passwordRevealData.item(me.tenantId, user, actor)), revealed], [audit]));
  const password = temporaryPassword();
  await setTemporaryPassword(user.userName, password);
  return { userName: user.userName, temporaryPassword: password };
}
