import { randomInt } from 'node:crypto';
import type { AppUser } from '../../shared/schemas/auth.js';
import type { PasswordDelivery } from '../../shared/schemas/employee.js';
import { NAME_EXISTS } from '../../shared/schemas/employee-messages.js';
import { cognitoSend } from '../lib/cognito.js';
import { config } from '../lib/config.js';
import type { Caller } from '../lib/context.js';
import { created, nextId, op, transactParts, updated, writePart, type Actor, type WritePart } from '../lib/db.js';
import { Conflict } from '../lib/errors.js';
import { rootLogger, type Logger } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { sendWhatsApp } from '../lib/whatsapp.js';
import { roleData } from '../roles/data.js';
import { userData } from './data.js';

export type NewAppUser = Omit<AppUser, 'appUserId' | 'createdBy' | 'createdOn' | 'updatedBy' | 'updatedOn' | 'version'>;

export interface CreateOptions {
  /** The user can sign in at once with this password (seeded users, self-registered customers). */
  permanentPassword?: string;
  /** Cognito holds this password and asks for a new one at the first sign-in (employees). */
  temporaryPassword?: string;
  /** What a taken name is called on the screen that creates the user. */
  nameTakenMessage?: string;
  /** Writes of another domain that must succeed or fail together with the new user (their customer record). */
  with?: (user: AppUser) => WritePart;
}

const poolId = () => config.userPoolId();

/**
 * The writes that record a user: the record, the claims on the name (and an employee's e-mail and mobile), the holder count and the member item of each
 * role. One transaction, so a user never exists half-written and a role cannot be deleted under a new holder.
 */
export function newUserWrites(tenantId: string, user: AppUser, nameTakenMessage = NAME_EXISTS): WritePart {
  return writePart(
    [op.create(userData.toItem(tenantId, user))],
    [op.claim(userData.nameClaim(tenantId, user.userName), `appUser#${user.appUserId}`), nameTakenMessage],
    ...userData.contactClaims(tenantId, user),
    ...user.appUserRole.map((r) => [roleData.holdersChange(tenantId, r.roleId, 1), `The role ${r.name} no longer exists.`] as const),
    ...userData.memberItems(tenantId, user).map((item) => [op.create(item)] as const),
    ...userData.scopeCountWrites(tenantId, undefined, user).map((write) => [write] as const),
  );
}

/**
 * Creates a user: the Cognito identity (user name = e-mail-like login, custom:tenantId) and the user record.
 * With `permanentPassword` the user can sign in at once; otherwise Cognito holds a temporary password the user
 * must change. If the record cannot be written the Cognito user is removed again, so nothing is half-created.
 */
export async function createAppUser(tenantId: string, input: NewAppUser, actor: Actor, options: CreateOptions): Promise<AppUser> {
  const nameTaken = options.nameTakenMessage ?? NAME_EXISTS;
  const userName = input.userName.toLowerCase();
  if (await userData.byUserName(tenantId, userName)) throw new Conflict(nameTaken);
  const appUserId = await nextId(tenantId, 'appUser');
  const user: AppUser = { ...input, userName, appUserId, enabled: true, version: 1, ...created(actor) };
  const contactTaken = await userData.contactTaken(tenantId, user);
  if (contactTaken) throw new Conflict(contactTaken);
  try {
    await cognitoSend((sdk) =>
      new sdk.AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: userName,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: options.temporaryPassword,
        UserAttributes: [
          { Name: 'email', Value: userName },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:tenantId', Value: tenantId },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException') throw new Conflict(nameTaken);
    throw error;
  }
  try {
    if (options.permanentPassword) {
      await cognitoSend(
        (sdk) => new sdk.AdminSetUserPasswordCommand({ UserPoolId: poolId(), Username: userName, Password: options.permanentPassword, Permanent: true }),
      );
    }
    await transactParts(newUserWrites(tenantId, user, nameTaken), options.with?.(user) ?? writePart());
  } catch (error) {
    await cognitoSend((sdk) => new sdk.AdminDeleteUserCommand({ UserPoolId: poolId(), Username: userName }))
      .catch((cleanup: Error) => rootLogger.error('could not remove a half-created sign-in', { tenantId, userName, error: cleanup.message }));
    throw error;
  }
  return user;
}

/**
 * Deletes a user the way the product deletes people: the record stays, marked disabled and out of every list, the
 * roles lose a holder, and Cognito refuses the sign-in. The pre-token trigger refuses disabled records too, so a
 * refresh fails even before Cognito's own flag is set.
 */
export async function disableAppUser(tenantId: string, user: AppUser, actor: Actor, also: WritePart = writePart()): Promise<AppUser> {
  const stamp = updated(actor);
  await transactParts(
    writePart(
      [userData.disable(tenantId, user, stamp)],
      ...user.appUserRole.map((r) => [roleData.holdersChange(tenantId, r.roleId, -1)] as const),
      ...userData.memberItems(tenantId, user).map((m) => [op.remove(m)] as const),
      ...userData.contactReleases(tenantId, user).map((release) => [release] as const),
      ...userData.scopeCountWrites(tenantId, user, undefined).map((write) => [write] as const),
    ),
    also,
  );
  await cognitoSend((sdk) => new sdk.AdminDisableUserCommand({ UserPoolId: poolId(), Username: user.userName }));
  await revokeRefreshTokens(user.userName, rootLogger);
  return { ...user, enabled: false, version: (user.version ?? 0) + 1, sessionVersion: (user.sessionVersion ?? 0) + 1, ...stamp };
}

/**
 * Revokes every refresh token of a user in Cognito (global sign-out), so no new ID token can be had with them.
 * The session stamp on the record has already been raised by then and refuses the ID tokens still out there, so a
 * failure here is logged rather than undoing the change that asked for it.
 */
export async function revokeRefreshTokens(userName: string, log: Logger): Promise<void> {
  if (!config.cognitoGlobalSignOut()) return;
  try {
    await cognitoSend((sdk) => new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: userName }));
  } catch (error) {
    log.error('global sign-out failed', { user: userName, error: (error as Error).message });
  }
}

/**
 * Ends the session of one device: Cognito revokes the refresh token it holds, and the ID token in hand and every
 * other one issued in the device's session (`sessionTokens`, jti -> expiry) are refused from the next call on. The
 * user's other devices keep working.
 */
export async function endDeviceSession(
  tenantId: string,
  caller: Caller,
  refreshToken: string | undefined,
  log: Logger,
  sessionTokens: Record<string, number> = {},
): Promise<void> {
  if (refreshToken) {
    await cognitoSend((sdk) => new sdk.RevokeTokenCommand({ ClientId: config.userPoolClientId(), Token: refreshToken }))
      // A token already revoked, or not this client's, is no reason to keep the session open.
      .catch((error: Error) => log.info('refresh token not revoked', { reason: error.name }));
  }
  if (caller.appUserId === undefined) return;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const tokens = Object.fromEntries(Object.entries({ ...sessionTokens, ...(caller.tokenId ? { [caller.tokenId]: caller.expiresAt } : {}) }).filter(([, until]) => until >= nowSeconds));
  if (!Object.keys(tokens).length) return;
  const user = await userData.byId(tenantId, caller.appUserId);
  if (!user) return;
  for (const write of userData.revokeTokenWrites(tenantId, user, tokens, nowSeconds)) {
    await transactParts(writePart([write, 'This user no longer exists.']));
  }
  log.info('device signed out', { appUserId: user.appUserId, tokens: Object.keys(tokens).length });
}

/**
 * Ends every session of a user on every device: the session stamp on the record moves on (ID tokens issued before
 * are refused at their next call, and with them the refresh route) and Cognito revokes the refresh tokens.
 */
export async function endAllSessions(tenantId: string, user: Pick<AppUser, 'appUserId' | 'userName'>, log: Logger): Promise<void> {
  await transactParts(writePart([userData.endSessions(tenantId, user.appUserId), 'This user no longer exists.']));
  await revokeRefreshTokens(user.userName, log);
  log.info('sessions ended', { appUserId: user.appUserId });
}

/**
 * Where the user's password reset codes go: their e-mail once confirmed (or never changed), otherwise the address
 * they went to before the change (`confirmedEmail`); the login name when there is no e-mail.
 */
export const resetAddress = (user: Pick<AppUser, 'emailId' | 'confirmedEmail' | 'userName'>): string => user.confirmedEmail || user.emailId || user.userName;

/** Whether the user has yet to sign in for the first time (Cognito still holds the temporary password). */
export async function awaitsFirstSignIn(userName: string): Promise<boolean> {
  const user = await cognitoSend((sdk) => new sdk.AdminGetUserCommand({ UserPoolId: poolId(), Username: userName }));
  return user.UserStatus === 'FORCE_CHANGE_PASSWORD';
}

/** Replaces a user's password with a temporary one they must change at the next sign-in. */
export async function setTemporaryPassword(userName: string, password: string): Promise<void> {
  await cognitoSend((sdk) => new sdk.AdminSetUserPasswordCommand({ UserPoolId: poolId(), Username: userName, Password: password, Permanent: false }));
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A one-time password the pool's policy accepts (upper, lower, digit; 12 characters), without look-alike
 * characters, since it is read off a screen or an e-mail and typed once.
 */
export function temporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Sends a new user their login and temporary password, only to them: by e-mail, and by WhatsApp where the shop has
 * WhatsApp set up and the user a mobile number. A failed delivery does not undo the account: the owner may reveal a
 * fresh temporary password once (`revealTemporaryPassword`).
 */
export async function sendTemporaryPassword(user: AppUser, password: string, shop: string, log: Logger): Promise<PasswordDelivery> {
  const text =
    `Hello,\n\nan account was created for you at ${shop}.\n\nUser name: ${user.userName}\nTemporary password: ${password}\n\n` +
    'Sign in with these; you will then choose your own password.';
  const [mailSent, whatsappSent] = await Promise.all([
    sendMail({ to: [user.emailId ?? user.userName], subject: `Your sign-in for ${shop}`, text }).then(
      () => true,
      (error: Error) => {
        log.warn('temporary password mail not sent', { appUserId: user.appUserId, error: error.message });
        return false;
      },
    ),
    user.mobileNumber
      ? sendWhatsApp(user.mobileNumber, { type: 'text', text: { body: text } }).then(
          () => true,
          (error: Error) => {
            log.info('temporary password not sent by WhatsApp', { appUserId: user.appUserId, reason: error.message });
            return false;
          },
        )
      : false,
  ]);
  return { mailSent, whatsappSent };
}
