import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { SignInResponse } from '../../shared/schemas/auth.js';
import { SIGN_IN_FAILED, tenantIdFromUserName } from '../../shared/tenant.js';
import { cognitoSend } from '../lib/cognito.js';
import { config } from '../lib/config.js';
import { Unauthorized, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { tenantData } from '../tenants/data.js';
import { userData } from '../users/data.js';
import { endAllSessions, endDeviceSession, resetAddress } from '../users/service.js';
import { twoStepRequired } from '../users/standing.js';
import { transactParts, writePart } from '../lib/db.js';
import type { Caller } from '../lib/context.js';
import { challengeData, deviceSessionData, resetCodeData } from './data.js';
import type { TryContext } from '../lib/abuse-limits.js';
import { countFailures, resetGuessTry, resetRequestTry, signInTry } from './limits.js';

const RESET_CODE_MINUTES = 15;
const RESET_MAX_ATTEMPTS = 5;
export const RESET_CODE_INVALID = 'The code is wrong or has expired. Please ask for a new code.';

/**
 * Cognito's answers for a wrong user name or password (cognito-local says InvalidPasswordException), and the
 * pre-token trigger refusing a deleted user (UserLambdaValidationException).
 */
export const REFUSED = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'UserLambdaValidationException',
]);
export const FIRST_SIGN_IN_EXPIRED = 'Your first sign-in has expired. Please sign in again with the temporary password.';

/**
 * The tenant a sign-in belongs to: the user name's domain, which `X-TenantID` must repeat. A mismatch, an
 * unknown tenant or a malformed name all get the sign-in failure message and never a token.
 */
export async function signInTenant(userName: string, headerTenant: string | undefined): Promise<string> {
  const tenantId = tenantIdFromUserName(userName);
  if (!tenantId || !headerTenant || headerTenant.toLowerCase() !== tenantId) throw new Validation(SIGN_IN_FAILED);
  const tenant = await tenantData.get(tenantId);
  if (!tenant || tenant.enabled === false) throw new Unauthorized(SIGN_IN_FAILED);
  return tenantId;
}

export function tokenAnswer(idToken: string | undefined, refreshToken: string | undefined, tenantId: string) {
  if (!idToken) throw new Unauthorized(SIGN_IN_FAILED);
  const claims = decodeJwt(idToken);
  if (claims['custom:tenantId'] !== tenantId) throw new Unauthorized(SIGN_IN_FAILED);
  return { token: idToken, refreshToken, expiresAt: Number(claims.exp) };
}

/** The ID token's id and expiry, as a device session lists it. */
function tokenEntry(idToken: string): { appUserId: number | undefined; tokens: Record<string, number> } {
  const claims = decodeJwt(idToken);
  const appUserId = Number(claims.appUserId);
  return { appUserId: Number.isInteger(appUserId) && claims.appUserId ? appUserId : undefined, tokens: claims.jti ? { [claims.jti]: Number(claims.exp) } : {} };
}

/**
 * A platform admin's sign-in shows whether Cognito has their two-step sign-in on (it asks for the code then, and only
 * then): the user record keeps what it showed for the per-request check (functions/users/standing.ts). So a second
 * factor turned off in Cognito (by an AWS administrator) refuses the admin tools from the next sign-in, and one turned
 * on outside the set-up screen opens them at the sign-in with the code.
 */
export async function keepTwoStep(tenantId: string, idToken: string, on: boolean, log: Logger) {
  if (!twoStepRequired(tenantId)) return;
  const { appUserId } = tokenEntry(idToken);
  if (appUserId !== undefined && (await userData.setTwoStep(tenantId, appUserId, on))) log.info('two-step sign-in noted', { on });
}

/** A sign-in opens a device session: its refresh token and the ID tokens issued in it (see `signOut`). */
export async function openDeviceSession(tenantId: string, answer: { token: string; refreshToken?: string }, now: Date) {
  const { appUserId, tokens } = tokenEntry(answer.token);
  if (answer.refreshToken && appUserId !== undefined) await deviceSessionData.addToken(tenantId, answer.refreshToken, appUserId, tokens, now);
}

export async function signIn(username: string, password: string, headerTenant: string | undefined, log: Logger, client: TryContext): Promise<SignInResponse> {
  const tenantId = await signInTenant(username, headerTenant);
  const tries = await signInTry(tenantId, username, client);
  return countFailures(tries, () => authenticate(username, password, tenantId, log, client.now), (error) => error instanceof Unauthorized);
}

async function authenticate(username: string, password: string, tenantId: string, log: Logger, now: Date): Promise<SignInResponse> {
  const answer = await cognitoSignIn(username, password, tenantId, log);
  if ('challenge' in answer) {
    // The challenge is kept with whom it was issued to: only this user may answer it, and only within its time.
    await challengeData.put(tenantId, answer.session, username, now, answer.challenge);
  } else {
    await keepTwoStep(tenantId, answer.token, false, log);
    await openDeviceSession(tenantId, answer, now);
  }
  return answer;
}

async function cognitoSignIn(username: string, password: string, tenantId: string, log: Logger): Promise<SignInResponse> {
  try {
    const out = await cognitoSend((sdk) =>
      new sdk.InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId(),
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    if (out.ChallengeName === 'NEW_PASSWORD_REQUIRED' && out.Session) return { challenge: 'NEW_PASSWORD_REQUIRED', session: out.Session };
    // Two-step sign-in (functions/auth/mfa.ts): the password was right, the authenticator app's code comes next.
    if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && out.Session) return { challenge: 'SOFTWARE_TOKEN_MFA', session: out.Session };
    return tokenAnswer(out.AuthenticationResult?.IdToken, out.AuthenticationResult?.RefreshToken, tenantId);
  } catch (error) {
    if (REFUSED.has((error as Error).name)) {
      log.info('sign-in refused', { reason: (error as Error).name });
      throw new Unauthorized(SIGN_IN_FAILED);
    }
    throw error;
  }
}

/**
 * The first sign-in of an employee created with a temporary password: the session from `signIn` proves the
 * temporary password was right, and only for the user it was issued to (kept server-side, `challengeData`); a
 * made-up session or another user's is refused and counted like a wrong password. The chosen password replaces
 * the temporary one, every other session of the user ends, and the answer is the token, as for sign-in.
 */
export async function setFirstPassword(
  input: { username: string; session: string; password: string },
  headerTenant: string | undefined,
  client: TryContext & { log: Logger },
) {
  const tenantId = await signInTenant(input.username, headerTenant);
  const tries = await signInTry(tenantId, input.username, client);
  return countFailures(tries, () => answerFirstPassword(tenantId, input, client.now, client.log), (error) => error instanceof Unauthorized);
}

/**
 * Answers a sign-in challenge whose session the caller has shown to be theirs: the session is used up, and the tokens
 * it yields open a device session like a sign-in's.
 */
export async function answerChallenge(tenantId: string, challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA', session: string, responses: Record<string, string>, now: Date) {
  const out = await cognitoSend((sdk) =>
    new sdk.RespondToAuthChallengeCommand({ ChallengeName: challenge, ClientId: config.userPoolClientId(), Session: session, ChallengeResponses: responses }),
  );
  await challengeData.remove(tenantId, session);
  const answer = tokenAnswer(out.AuthenticationResult?.IdToken, out.AuthenticationResult?.RefreshToken, tenantId);
  await openDeviceSession(tenantId, answer, now);
  return answer;
}

async function answerFirstPassword(tenantId: string, input: { username: string; session: string; password: string }, now: Date, log: Logger) {
  if (!(await challengeData.belongsTo(tenantId, input.session, input.username, now))) {
    log.info('first password refused', { reason: 'session not issued to this user' });
    throw new Unauthorized(FIRST_SIGN_IN_EXPIRED);
  }
  const user = await userData.byUserName(tenantId, input.username);
  if (!user || user.enabled === false) throw new Unauthorized(SIGN_IN_FAILED);
  // A new password ends every other session of the user; the token answered below is issued after, so it counts.
  await transactParts(writePart([userData.endSessions(tenantId, user.appUserId), 'This user no longer exists.']));
  try {
    return await answerChallenge(tenantId, 'NEW_PASSWORD_REQUIRED', input.session, { USERNAME: input.username, NEW_PASSWORD: input.password }, now);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'InvalidPasswordException') throw new Validation((error as Error).message);
    if (name === 'NotAuthorizedException' || name === 'CodeMismatchException' || name === 'ExpiredCodeException') {
      log.info('first password refused', { reason: name });
      throw new Unauthorized(FIRST_SIGN_IN_EXPIRED);
    }
    if (REFUSED.has(name)) throw new Unauthorized(SIGN_IN_FAILED);
    throw error;
  }
}

export async function refresh(refreshToken: string, caller: Caller, now: Date) {
  const answer = await refreshWithCognito(refreshToken, caller);
  // The new ID token joins the device's session (and the token it replaces, for a session from before sessions were listed).
  if (caller.appUserId !== undefined) {
    const tokens = { ...(caller.tokenId ? { [caller.tokenId]: caller.expiresAt } : {}), ...tokenEntry(answer.token).tokens };
    await deviceSessionData.addToken(caller.tenantId, refreshToken, caller.appUserId, tokens, now);
  }
  return answer;
}

async function refreshWithCognito(refreshToken: string, caller: { sub: string; tenantId: string }) {
  try {
    const out = await cognitoSend((sdk) =>
      new sdk.InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.userPoolClientId(),
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const answer = tokenAnswer(out.AuthenticationResult?.IdToken, refreshToken, caller.tenantId);
    if (decodeJwt(answer.token).sub !== caller.sub) throw new Unauthorized('Please sign in again.');
    return answer;
  } catch (error) {
    if (REFUSED.has((error as Error).name)) throw new Unauthorized('Your session has ended. Please sign in again.');
    throw error;
  }
}

const hashCode = (userName: string, code: string) => createHash('sha256').update(`${userName}:${code}`).digest();

/**
 * E-mails a one-time code to the user's confirmed address (a changed e-mail only once confirmed from it); 0 when the
 * user name is unknown.
 */
export async function sendResetCode(userName: string, headerTenant: string | undefined, client: TryContext): Promise<0 | 1> {
  const { now } = client;
  const tenantId = await signInTenant(userName, headerTenant);
  // Counted before the user is looked up, so the limit answers alike whether or not the user exists.
  await resetRequestTry(tenantId, userName, client);
  const user = await userData.byUserName(tenantId, userName);
  if (!user || user.enabled === false) return 0;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await resetCodeData.put(tenantId, userName, {
    codeHash: hashCode(userName, code).toString('hex'),
    expiresAt: Math.floor(now.getTime() / 1000) + RESET_CODE_MINUTES * 60,
    attempts: 0,
  });
  await sendMail({
    to: [resetAddress(user)],
    subject: 'Your password reset code',
    text: `Your code to reset the password of ${userName} is ${code}. It is valid for ${RESET_CODE_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
  });
  return 1;
}

/** A reset the caller got wrong: a wrong or spent code, or an unknown user name. It stays counted against the limits. */
class WrongGuess extends Validation {
  constructor(readonly unknownUser = false) {
    super(RESET_CODE_INVALID);
  }
}

export async function resetPassword(
  input: { username: string; password: string; code: string },
  headerTenant: string | undefined,
  client: TryContext & { log: Logger },
): Promise<0 | 1> {
  const tenantId = await signInTenant(input.username, headerTenant);
  const tries = await resetGuessTry(tenantId, input.username, client);
  try {
    return await countFailures(tries, () => resetWithCode(tenantId, input, client.now, client.log), (error) => error instanceof WrongGuess);
  } catch (error) {
    // Counted like a wrong code, so the limit cannot tell who exists; the answer stays the screen's 0.
    if (error instanceof WrongGuess && error.unknownUser) return 0;
    throw error;
  }
}

async function resetWithCode(tenantId: string, input: { username: string; password: string; code: string }, now: Date, log: Logger): Promise<1> {
  const user = await userData.byUserName(tenantId, input.username);
  if (!user || user.enabled === false) throw new WrongGuess(true);
  // The guess is counted before the comparison, by a conditional update that refuses the sixth: parallel guesses
  // cannot all be compared before any is counted.
  const pending = await resetCodeData.countAttempt(tenantId, input.username, RESET_MAX_ATTEMPTS, now);
  if (!pending) throw new WrongGuess();
  const matches = timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), hashCode(input.username, input.code));
  if (!matches) throw new WrongGuess();
  try {
    await cognitoSend((sdk) =>
      new sdk.AdminSetUserPasswordCommand({
        UserPoolId: config.userPoolId(),
        Username: input.username,
        Password: input.password,
        Permanent: true,
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'InvalidPasswordException') throw new Validation((error as Error).message);
    throw error;
  }
  await resetCodeData.remove(tenantId, input.username);
  // Whoever knew the old password may still hold a session: a reset ends them all.
  await endAllSessions(tenantId, user, log);
  return 1;
}

/**
 * Sign Out on this device: its refresh token is revoked, and every ID token issued in its session (at sign-in and at
 * each refresh, `deviceSessionData`) is refused from the next call on (functions/users/service.ts
 * `endDeviceSession`). The user's other devices stay signed in; "Sign out everywhere", the owner's "end this
 * employee's sessions" and a password change or reset end those too.
 */
export async function signOut(me: Caller, refreshToken: string | undefined, log: Logger): Promise<{ message: string }> {
  const session = refreshToken ? await deviceSessionData.get(me.tenantId, refreshToken) : undefined;
  // Only the caller's own session: a refresh token of someone else's names no tokens of theirs to end.
  const tokens = session && session.appUserId === me.appUserId ? session.tokens : {};
  await endDeviceSession(me.tenantId, me, refreshToken, log, tokens);
  if (refreshToken && session && session.appUserId === me.appUserId) await deviceSessionData.remove(me.tenantId, refreshToken);
  return { message: 'You Logged Out Successfully' };
}

/** Sign out everywhere (the user's Me menu): every session of the user on every device ends. */
export async function signOutEverywhere(me: Caller, log: Logger): Promise<{ message: string }> {
  if (me.appUserId === undefined) throw new Unauthorized('Please sign in again.');
  await endAllSessions(me.tenantId, { appUserId: me.appUserId, userName: me.userName }, log);
  return { message: 'You were signed out on every device.' };
}
