import { decodeJwt } from 'jose';
import type { MfaSetup, MfaStatus } from '../../shared/schemas/auth.js';
import { ROLE } from '../../shared/roles.js';
import { SIGN_IN_FAILED } from '../../shared/tenant.js';
import type { TryContext } from '../lib/abuse-limits.js';
import { cognitoSend } from '../lib/cognito.js';
import { config } from '../lib/config.js';
import type { Caller } from '../lib/context.js';
import { Forbidden, Unauthorized, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { userData } from '../users/data.js';
import { twoStepRequired } from '../users/standing.js';
import { challengeData } from './data.js';
import { countFailures, signInTry } from './limits.js';
import { answerChallenge, keepTwoStep, REFUSED, signInTenant } from './service.js';

/**
 * Two-step sign-in with an authenticator app, by Cognito's own software-token MFA (the pool offers it as optional):
 * AssociateSoftwareToken gives the secret, VerifySoftwareToken and SetUserMFAPreference turn it on, and from then on
 * sign-in answers the SOFTWARE_TOKEN_MFA challenge, which `mfaSignIn` answers with RespondToAuthChallenge. Cognito
 * keeps the secret; the API shows it once, at set-up. The local stack's emulator (cognito-local 5.3.0) runs the same
 * calls and checks the codes itself.
 *
 * Platform admins must have it on: their user record says whether it is (`twoStepOn`, set here at confirmation and
 * kept to what each sign-in shows), and until it does every route but the set-up's refuses them
 * (functions/users/standing.ts).
 */

export const MFA_CODE_WRONG = 'The code is wrong. Enter the 6-digit code your authenticator app shows now.';
export const MFA_SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again with your password.';
export const MFA_NOT_ALLOWED = 'Two-step sign-in is for platform admins, shop owners and ADMINs.';
const ISSUER = 'Shop';

/** Platform admins, shop owners (TENANT_MANAGER) and ADMINs may turn it on; platform admins must. */
const mfaRequired = (caller: Caller) => twoStepRequired(caller.tenantId);
const mfaAllowed = (caller: Caller) =>
  mfaRequired(caller) || caller.roleNames.includes(ROLE.TENANT_MANAGER) || caller.roleNames.includes(ROLE.ADMIN);

/** Whether the user's second factor is on, as Cognito has it. */
export async function mfaEnabled(userName: string): Promise<boolean> {
  const user = await cognitoSend((sdk) => new sdk.AdminGetUserCommand({ UserPoolId: config.userPoolId(), Username: userName }));
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

export async function mfaStatus(me: Caller): Promise<MfaStatus> {
  return { enabled: await mfaEnabled(me.userName), allowed: mfaAllowed(me), required: mfaRequired(me) };
}

/**
 * The caller's Cognito access token, which the software-token calls act with: exchanged for the device's refresh
 * token, which must be the caller's own (the ID token it gives is of the same user).
 */
async function accessTokenOf(refreshToken: string, me: Caller): Promise<string> {
  try {
    const out = await cognitoSend((sdk) =>
      new sdk.InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId(), AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    const { AccessToken: access, IdToken: id } = out.AuthenticationResult ?? {};
    if (!access || !id || decodeJwt(id).sub !== me.sub) throw new Unauthorized('Please sign in again.');
    return access;
  } catch (error) {
    if (REFUSED.has((error as Error).name)) throw new Unauthorized('Your session has ended. Please sign in again.');
    throw error;
  }
}

export const otpauthUri = (userName: string, secret: string) =>
  `otpauth://totp/${encodeURIComponent(`${ISSUER}:${userName}`)}?secret=${secret}&issuer=${ISSUER}&algorithm=SHA1&digits=6&period=30`;

/** A new authenticator secret for the caller (replacing one not yet confirmed); two-step sign-in is on once confirmed. */
export async function setUpMfa(me: Caller, refreshToken: string): Promise<MfaSetup> {
  if (!mfaAllowed(me)) throw new Forbidden(MFA_NOT_ALLOWED);
  const accessToken = await accessTokenOf(refreshToken, me);
  const out = await cognitoSend((sdk) => new sdk.AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!out.SecretCode) throw new Error('Cognito answered no authenticator secret');
  return { secret: out.SecretCode, uri: otpauthUri(me.userName, out.SecretCode) };
}

/**
 * The app's first code turns two-step sign-in on; a wrong code is counted as a wrong password of the caller. A
 * platform admin's record then says it is on (after Cognito does), which opens the admin tools from the next call.
 */
export async function confirmMfa(me: Caller, input: { refreshToken: string; code: string }, client: TryContext): Promise<MfaStatus> {
  if (!mfaAllowed(me)) throw new Forbidden(MFA_NOT_ALLOWED);
  const tries = await signInTry(me.tenantId, me.userName, client);
  await countFailures(tries, () => verifyFirstCode(me, input), (error) => error instanceof Validation);
  if (mfaRequired(me) && me.appUserId !== undefined) await userData.setTwoStep(me.tenantId, me.appUserId, true);
  return { enabled: true, allowed: true, required: mfaRequired(me) };
}

async function verifyFirstCode(me: Caller, input: { refreshToken: string; code: string }) {
  const accessToken = await accessTokenOf(input.refreshToken, me);
  try {
    const out = await cognitoSend((sdk) => new sdk.VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: input.code, FriendlyDeviceName: ISSUER }));
    if (out.Status !== 'SUCCESS') throw new Validation(MFA_CODE_WRONG);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException' || name === 'InvalidParameterException') {
      throw new Validation(MFA_CODE_WRONG);
    }
    throw error;
  }
  await cognitoSend((sdk) =>
    new sdk.SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
}

/**
 * Sign-in's second step: the session must be one sign-in issued to this user for this challenge (kept server-side,
 * `challengeData`, as for the first password); a made-up or another user's session and a wrong code are refused and
 * counted like a wrong password.
 */
export async function mfaSignIn(
  input: { username: string; session: string; code: string },
  headerTenant: string | undefined,
  client: TryContext & { log: Logger },
) {
  const tenantId = await signInTenant(input.username, headerTenant);
  const tries = await signInTry(tenantId, input.username, client);
  return countFailures(tries, () => answerMfa(tenantId, input, client.now, client.log), (error) => error instanceof Unauthorized);
}

async function answerMfa(tenantId: string, input: { username: string; session: string; code: string }, now: Date, log: Logger) {
  if (!(await challengeData.belongsTo(tenantId, input.session, input.username, now, 'SOFTWARE_TOKEN_MFA'))) {
    log.info('authenticator code refused', { reason: 'session not issued to this user' });
    throw new Unauthorized(MFA_SIGN_IN_EXPIRED);
  }
  try {
    const answer = await answerChallenge(tenantId, 'SOFTWARE_TOKEN_MFA', input.session, { USERNAME: input.username, SOFTWARE_TOKEN_MFA_CODE: input.code }, now);
    await keepTwoStep(tenantId, answer.token, true, log);
    return answer;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'CodeMismatchException') {
      log.info('authenticator code refused', { reason: name });
      throw new Unauthorized(MFA_CODE_WRONG);
    }
    if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') {
      log.info('authenticator code refused', { reason: name });
      throw new Unauthorized(MFA_SIGN_IN_EXPIRED);
    }
    if (REFUSED.has(name)) throw new Unauthorized(SIGN_IN_FAILED);
    throw error;
  }
}
