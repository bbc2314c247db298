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
import { endAllSessions, endDeviceSession } from '../users/service.js';
import type { Caller } from '../lib/context.js';
import { resetCodeData } from './data.js';
import type { TryContext } from '../lib/abuse-limits.js';
import { countFailures, resetGuessTry, resetRequestTry, signInTry } from './limits.js';

const RESET_CODE_MINUTES = 15;
const RESET_MAX_ATTEMPTS = 5;
export const RESET_CODE_INVALID = 'The code is wrong or has expired. Please ask for a new code.';

/**
 * Cognito's answers for a wrong user name or password (cognito-local says InvalidPasswordException), and the
 * pre-token trigger refusing a deleted user (UserLambdaValidationException).
 */
const REFUSED = new Set([
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
async function signInTenant(userName: string, headerTenant: string | undefined): Promise<string> {
  const tenantId = tenantIdFromUserName(userName);
  if (!tenantId || !headerTenant || headerTenant.toLowerCase() !== tenantId) throw new Validation(SIGN_IN_FAILED);
  const tenant = await tenantData.get(tenantId);
  if (!tenant || tenant.enabled === false) throw new Unauthorized(SIGN_IN_FAILED);
  return tenantId;
}

function tokenAnswer(idToken: string | undefined, refreshToken: string | undefined, tenantId: string) {
  if (!idToken) throw new Unauthorized(SIGN_IN_FAILED);
  const claims = decodeJwt(idToken);
  if (claims['custom:tenantId'] !== tenantId) throw new Unauthorized(SIGN_IN_FAILED);
  return { token: idToken, refreshToken, expiresAt: Number(claims.exp) };
}

export async function signIn(username: string, password: string, headerTenant: string | undefined, log: Logger, client: TryContext): Promise<SignInResponse> {
  const tenantId = await signInTenant(username, headerTenant);
  const tries = await signInTry(tenantId, username, client);
  return countFailures(tries, () => authenticate(username, password, tenantId, log), (error) => error instanceof Unauthorized);
}

async function authenticate(username: string, password: string, tenantId: string, log: Logger): Promise<SignInResponse> {
  try {
    const out = await cognitoSend((sdk) =>
      new sdk.InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId(),
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    if (out.ChallengeName === 'NEW_PASSWORD_REQUIRED' && out.Session) return { challenge: 'NEW_PASSWORD_REQUIRED', session: out.Session };
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
 * The first sign-in of an employee created with a temporary password: Cognito's session from `signIn` proves the
 * temporary password was right; the chosen password replaces it and the answer is the token, as for sign-in.
 */
export async function setFirstPassword(
  input: { username: string; session: string; password: string },
  headerTenant: string | undefined,
  log: Logger,
) {
  const tenantId = await signInTenant(input.username, headerTenant);
  try {
    const out = await cognitoSend((sdk) =>
      new sdk.RespondToAuthChallengeCommand({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: config.userPoolClientId(),
        Session: input.session,
        ChallengeResponses: { USERNAME: input.username, NEW_PASSWORD: input.password },
      }),
    );
    return tokenAnswer(out.AuthenticationResult?.IdToken, out.AuthenticationResult?.RefreshToken, tenantId);
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

export async function refresh(refreshToken: string, caller: { sub: string; tenantId: string }) {
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

/** E-mails a one-time code to the address on the user's record; 0 when the user name is unknown. */
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
    to: [user.emailId || user.userName],
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
 * Sign Out on this device: its refresh token is revoked and the ID token in hand is refused from the next call on
 * (functions/users/service.ts `endDeviceSession`). The user's other devices stay signed in; the owner's "Sign out
 * everywhere" and a password reset end those too.
 */
export async function signOut(me: Caller, refreshToken: string | undefined, log: Logger): Promise<{ message: string }> {
  await endDeviceSession(me.tenantId, me, refreshToken, log);
  return { message: 'You Logged Out Successfully' };
}
