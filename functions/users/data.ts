import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ROLE } from '../../shared/roles.js';
import type { AppUser } from '../../shared/schemas/auth.js';
import { EMPLOYEE_EMAIL_TAKEN, EMPLOYEE_MOBILE_TAKEN } from '../../shared/schemas/employee-messages.js';
import type { UserRef } from '../../shared/schemas/employee.js';
import { dynamo } from '../lib/aws.js';
import {
  getItem,
  mapPage,
  putItem,
  op,
  query,
  queryAll,
  queryCountUpTo,
  queryCursorPage,
  readCounter,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
} from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantPk, uniqueKey } from '../lib/keys.js';

const userPk = (tenantId: string) => tenantPk(tenantId, 'USER');
/** gsi1: every user by login name, enabled or not (sign-in, the current user, name checks). */
const userNamePk = (tenantId: string) => tenantPk(tenantId, 'USERNAME');
/** gsi2: enabled employees by name (Org Employees). */
const employeesPk = (tenantId: string) => tenantPk(tenantId, 'EMPLOYEES');
/** gsi3: enabled employees by name, per manager (Reporting Employees). */
const reportsPk = (tenantId: string, managerId: number) => tenantPk(tenantId, 'REPORTS', managerId);
/** gsi4: enabled employees by name, per HR contact (the HR-scoped list). */
const hrScopePk = (tenantId: string, hrId: number) => tenantPk(tenantId, 'HR_SCOPE', hrId);
/** Base table: enabled employees per role (who can be picked as manager or HR). */
const memberPk = (tenantId: string, roleId: number) => tenantPk(tenantId, 'ROLE_MEMBER', roleId);

type UserItem = AppUser & Item;

/** Employee lists show enabled users holding a staff role; customers who signed up are users too, but not staff. */
const isListedEmployee = (user: AppUser) => user.enabled !== false && user.appUserRole.some((r) => r.name !== ROLE.CUSTOMER);

/** Which list a query reads: the whole organisation, a manager's direct reports, or an HR contact's people. */
export type EmployeeScope = { kind: 'all' } | { kind: 'manager'; id: number } | { kind: 'hr'; id: number };

function scopeQuery(tenantId: string, scope: EmployeeScope, text: string | undefined) {
  const skPrefix = text === undefined ? undefined : searchKey(text);
  if (scope.kind === 'manager') return { index: 'gsi3', pk: reportsPk(tenantId, scope.id), skPrefix };
  if (scope.kind === 'hr') return { index: 'gsi4', pk: hrScopePk(tenantId, scope.id), skPrefix };
  return { index: 'gsi2', pk: employeesPk(tenantId), skPrefix };
}

/**
 * The counter of a scope's list: the organisation's employees, a manager's direct reports, an HR contact's people.
 * Kept by the transactions that create, edit and disable users, so a list's count is one read at any size.
 */
const scopeCounter = (tenantId: string, scope: EmployeeScope) =>
  counterKey(tenantId, scope.kind === 'all' ? 'employee' : `employee#${scope.kind}#${scope.id}`);

/** The scopes whose lists show `user` (none for a customer or a disabled user). */
const scopesOf = (user: AppUser | undefined): EmployeeScope[] =>
  user && isListedEmployee(user)
    ? [{ kind: 'all' }, ...(user.managerId ? [{ kind: 'manager', id: user.managerId } as const] : []), ...(user.hrId ? [{ kind: 'hr', id: user.hrId } as const] : [])]
    : [];

/**
 * The e-mail and mobile number each employee holds alone in a shop (a temporary password mailed to a colleague's
 * address is the harm). Customers are not claimed: a customer may share them with an employee.
 */
const contactFields = [
  { field: 'emailId', kind: 'EMPLOYEE_EMAIL', taken: EMPLOYEE_EMAIL_TAKEN },
  { field: 'mobileNumber', kind: 'EMPLOYEE_MOBILE', taken: EMPLOYEE_MOBILE_TAKEN },
] as const;

/** Each claimed contact of a user: its claim key and the message when another employee holds it. */
const contactClaimsOf = (tenantId: string, user: AppUser) =>
  isListedEmployee(user)
    ? contactFields.flatMap(({ field, kind, taken }) => {
        const value = user[field];
        return value ? [{ key: uniqueKey(tenantId, kind, value), taken }] : [];
      })
    : [];

const claimOwner = (user: Pick<AppUser, 'appUserId'>) => `appUser#${user.appUserId}`;

const key = (tenantId: string, appUserId: number) => ({ pk: userPk(tenantId), sk: idSk(appUserId) });
const memberKey = (tenantId: string, roleId: number, appUserId: number) => ({ pk: memberPk(tenantId, roleId), sk: idSk(appUserId) });

export const userData = {
  key,
  toItem(tenantId: string, user: AppUser): Item {
    const name = searchKey(user.userName);
    const listed = isListedEmployee(user);
    return {
      ...key(tenantId, user.appUserId),
      gsi1pk: userNamePk(tenantId),
      gsi1sk: name,
      ...(listed ? { gsi2pk: employeesPk(tenantId), gsi2sk: name } : {}),
      ...(listed && user.managerId ? { gsi3pk: reportsPk(tenantId, user.managerId), gsi3sk: name } : {}),
      ...(listed && user.hrId ? { gsi4pk: hrScopePk(tenantId, user.hrId), gsi4sk: name } : {}),
      entity: 'appUser',
      ...user,
    };
  },
  /** The claim that keeps login names unique in a tenant; it stays after a delete, as the sign-in does. */
  nameClaim: (tenantId: string, userName: string) => uniqueKey(tenantId, 'USERNAME', userName),
  /**
   * The writes claiming an employee's e-mail and mobile number, each with the message naming the field. A claim the
   * employee already holds is kept (an edit, or a record from before claims existed gains its claims on its next
   * save); one held by another employee fails the transaction, so nothing is saved.
   */
  contactClaims(tenantId: string, user: AppUser): (readonly [TransactItem, string])[] {
    return contactClaimsOf(tenantId, user).map(({ key: claimKey, taken }) => [
      {
        Put: {
          TableName: tableName(),
          Item: { ...claimKey, entity: 'unique', owner: claimOwner(user) },
          ConditionExpression: 'attribute_not_exists(pk) OR #owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': claimOwner(user) },
        },
      },
      taken,
    ] as const);
  },
  /** Frees the claims of `before` that `after` no longer holds (all of them when the employee is deleted). */
  contactReleases(tenantId: string, before: AppUser, after?: AppUser): TransactItem[] {
    const kept = new Set(after ? contactClaimsOf(tenantId, after).map((c) => c.key.pk + c.key.sk) : []);
    return contactClaimsOf(tenantId, before)
      .filter((c) => !kept.has(c.key.pk + c.key.sk))
      .map((c) =>
        op.remove(c.key, {
          // Only the employee's own claim; one another employee holds (possible for records older than claims) stays.
          ConditionExpression: 'attribute_not_exists(pk) OR #owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': claimOwner(before) },
        }),
      );
  },
  /** The message of the first contact of `user` another employee holds, read before any write (a friendly answer). */
  async contactTaken(tenantId: string, user: AppUser): Promise<string | undefined> {
    const claims = contactClaimsOf(tenantId, user);
    const owners = await Promise.all(claims.map((c) => getItem<{ owner: string }>(c.key.pk, c.key.sk, true)));
    return claims.find((_, i) => owners[i] && owners[i].owner !== claimOwner(user))?.taken;
  },
  /** The item listing an employee under one of their roles. */
  memberItem(tenantId: string, roleId: number, user: AppUser): Item {
    return { ...memberKey(tenantId, roleId, user.appUserId), entity: 'roleMember', roleId, appUserId: user.appUserId, userName: user.userName };
  },
  /** The items listing an enabled employee under each of their roles (none for customers and disabled users). */
  memberItems(tenantId: string, user: AppUser): Item[] {
    return isListedEmployee(user) ? user.appUserRole.map((r) => userData.memberItem(tenantId, r.roleId, user)) : [];
  },
  memberKey,
  /**
   * Disables a user in place: the record stays (leave, audit), but leaves every list and index of enabled people.
   * Refused if someone changed the record since it was read.
   */
  disable(tenantId: string, user: AppUser, stamp: { updatedBy: string; updatedOn: string }): TransactItem {
    return op.update(key(tenantId, user.appUserId), {
      UpdateExpression:
        'SET #enabled = :false, #version = :next, #by = :by, #on = :on ADD #sessions :one REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk',
      ConditionExpression: user.version ? '#version = :expected' : 'attribute_exists(pk) AND attribute_not_exists(#version)',
      ExpressionAttributeNames: { '#enabled': 'enabled', '#version': 'version', '#by': 'updatedBy', '#on': 'updatedOn', '#sessions': 'sessionVersion' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':false': false,
        ':next': (user.version ?? 0) + 1,
        ':by': stamp.updatedBy,
        ':on': stamp.updatedOn,
        ...(user.version ? { ':expected': user.version } : {}),
      },
    });
  },
  /**
   * Records whether a platform admin's two-step sign-in is on, as Cognito has just shown it (functions/auth/mfa.ts);
   * false when it already said so. A change counts as an edit (the version moves), so an edit read before it cannot
   * write the old value back.
   */
  async setTwoStep(tenantId: string, appUserId: number, on: boolean): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(tenantId, appUserId),
          UpdateExpression: on ? 'SET #twoStep = :true ADD #version :one' : 'REMOVE #twoStep ADD #version :one',
          ConditionExpression: on ? 'attribute_exists(pk) AND (attribute_not_exists(#twoStep) OR #twoStep <> :true)' : 'attribute_exists(#twoStep)',
          ExpressionAttributeNames: { '#twoStep': 'twoStepOn', '#version': 'version' },
          ExpressionAttributeValues: { ':one': 1, ...(on ? { ':true': true } : {}) },
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  },
  /**
   * Ends every session of a user: tokens issued before carry the old session version and are refused at their next
   * call. Independent of the record's edit version, so it never collides with an edit.
   */
  endSessions(tenantId: string, appUserId: number): TransactItem {
    return op.update(key(tenantId, appUserId), {
      UpdateExpression: 'ADD #sessions :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#sessions': 'sessionVersion' },
      ExpressionAttributeValues: { ':one': 1 },
    });
  },
  /**
   * Refuses ID tokens from now on (a device's Sign Out: `tokens` maps each token's jti to its expiry), each until it
   * would have expired anyway. Two writes: the first makes sure the map exists, the second adds the tokens and drops
   * entries already expired, each atomic, so two devices signing out at once both stay refused.
   */
  revokeTokenWrites(tenantId: string, user: AppUser, tokens: Record<string, number>, nowSeconds: number): TransactItem[] {
    const added = Object.entries(tokens);
    const expired = Object.entries(user.revokedTokens ?? {})
      .filter(([id, until]) => until < nowSeconds && tokens[id] === undefined)
      .map(([id]) => id);
    const names = Object.fromEntries([...expired.map((id, i) => [`#old${i}`, id]), ...added.map(([id], i) => [`#token${i}`, id])]);
    const values = Object.fromEntries(added.map(([, until], i) => [`:until${i}`, until]));
    return [
      op.update(key(tenantId, user.appUserId), {
        UpdateExpression: 'SET #revoked = if_not_exists(#revoked, :empty)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#revoked': 'revokedTokens' },
        ExpressionAttributeValues: { ':empty': {} },
      }),
      op.update(key(tenantId, user.appUserId), {
        UpdateExpression: `SET ${added.map((_, i) => `#revoked.#token${i} = :until${i}`).join(', ')}${expired.length ? ` REMOVE ${expired.map((_, i) => `#revoked.#old${i}`).join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#revoked': 'revokedTokens', ...names },
        ExpressionAttributeValues: values,
      }),
    ];
  },
  async byId(tenantId: string, appUserId: number): Promise<AppUser | undefined> {
    const item = await getItem<UserItem>(key(tenantId, appUserId).pk, key(tenantId, appUserId).sk);
    return item ? (strip(item) as AppUser) : undefined;
  },
  async byUserName(tenantId: string, userName: string): Promise<AppUser | undefined> {
    const { items } = await query<UserItem>({ index: 'gsi1', pk: userNamePk(tenantId), skBetween: [searchKey(userName), searchKey(userName)] });
    return items[0] ? (strip(items[0]) as AppUser) : undefined;
  },
  /** A page of employees of a scope by user name, optionally only names starting with `text`. */
  async page(tenantId: string, scope: EmployeeScope, text: string | undefined, request: PageRequest): Promise<CursorPage<AppUser>> {
    return mapPage(await queryCursorPage<UserItem>(scopeQuery(tenantId, scope, text), request), (i) => strip(i) as AppUser);
  },
  /** How many employees a scope lists: its counter (`scopeCountWrites`), one read. */
  count: (tenantId: string, scope: EmployeeScope): Promise<number> => readCounter(scopeCounter(tenantId, scope)),
  /**
   * The counter changes of a user going from `before` to `after` (undefined: not there, or not listed), written in
   * the same transaction: a scope the user joins gains one, a scope the user leaves loses one.
   */
  scopeCountWrites(tenantId: string, before: AppUser | undefined, after: AppUser | undefined): TransactItem[] {
    const keyOf = (scope: EmployeeScope) => scopeCounter(tenantId, scope).sk;
    const was = new Set(scopesOf(before).map(keyOf));
    const now = new Set(scopesOf(after).map(keyOf));
    return [
      ...scopesOf(after).filter((s) => !was.has(keyOf(s))).map((s) => op.count(scopeCounter(tenantId, s), 1)),
      ...scopesOf(before).filter((s) => !now.has(keyOf(s))).map((s) => op.count(scopeCounter(tenantId, s), -1)),
    ];
  },
  /** How many employees of a scope have a name starting with `text`, counting at most `cap`. */
  searchCount: (tenantId: string, scope: EmployeeScope, text: string, cap: number): Promise<number> => queryCountUpTo(scopeQuery(tenantId, scope, text), cap),
  /** The enabled employees holding a role (a handful: managers, HR), for the form's selects. */
  async members(tenantId: string, roleId: number): Promise<UserRef[]> {
    const items = await queryAll<Item & UserRef>({ pk: memberPk(tenantId, roleId) });
    return items.map(({ appUserId, userName }) => ({ appUserId, userName }));
  },
};

/**
 * The one reveal of an employee's temporary password allowed to the owner: who and when, kept beside the record
 * (and never the password). Created only if absent, so a second reveal is refused.
 */
export const passwordRevealData = {
  item(tenantId: string, user: AppUser, actor: { userName: string; now: Date }): Item {
    return {
      pk: tenantPk(tenantId, 'PASSWORD_REVEAL'),
      sk: idSk(user.appUserId),
      entity: 'passwordReveal',
      appUserId: user.appUserId,
      userName: user.userName,
      revealedBy: actor.userName,
      revealedOn: actor.now.toISOString(),
    };
  },
  async byUser(tenantId: string, appUserId: number) {
    return getItem<Item & { revealedBy: string; revealedOn: string }>(tenantPk(tenantId, 'PASSWORD_REVEAL'), idSk(appUserId));
  },
};

/** A changed e-mail's pending confirmation: the address, the code's hash, its expiry and the guesses counted at it. */
export interface EmailConfirmation {
  emailId: string;
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

const confirmationKey = (tenantId: string, appUserId: number) => ({ pk: tenantPk(tenantId, 'EMAIL_CONFIRM'), sk: idSk(appUserId) });

/** One pending e-mail confirmation per user (a newer change replaces it); DynamoDB's TTL removes stale ones. */
export const emailConfirmationData = {
  put: (tenantId: string, appUserId: number, pending: EmailConfirmation) => putItem({ ...confirmationKey(tenantId, appUserId), entity: 'emailConfirmation', ...pending }),
  /**
   * Counts one guess at the pending code, atomically, and answers the confirmation to compare it with; undefined when
   * there is none, it has expired, or `maxAttempts` guesses were already counted.
   */
  async countAttempt(tenantId: string, appUserId: number, maxAttempts: number, now: Date): Promise<EmailConfirmation | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: confirmationKey(tenantId, appUserId),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': Math.floor(now.getTime() / 1000) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as EmailConfirmation;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  },
  remove: (tenantId: string, appUserId: number): TransactItem => op.remove(confirmationKey(tenantId, appUserId)),
  /** The user's e-mail becomes the address reset codes go to, if it is still the one confirmed. */
  confirm(tenantId: string, appUserId: number, emailId: string): TransactItem {
    return op.update(key(tenantId, appUserId), {
      UpdateExpression: 'SET confirmedEmail = :email',
      ConditionExpression: 'emailId = :email',
      ExpressionAttributeValues: { ':email': emailId },
    });
  },
};
