import * as z from 'zod';
import { appUser } from './auth.js';

/**
 * What the server answers about sign-in, accounts and roles.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. auth.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const tokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().int().describe('Token expiry, seconds since the epoch'),
});

/**
 * A first sign-in with the temporary password an employee was given: no token yet, but a session with which
 * `POST /token/newPassword` sets the employee's own password and answers the token.
 */
export const newPasswordChallenge = z.object({
  challenge: z.literal('NEW_PASSWORD_REQUIRED'),
  session: z.string(),
});

/**
 * Sign-in of a user with two-step sign-in: the password was right, and `POST /token/mfa` with this session and the
 * authenticator app's code answers the token.
 */
export const mfaChallenge = z.object({
  challenge: z.literal('SOFTWARE_TOKEN_MFA'),
  session: z.string(),
});

/** An authenticator app to add: the otpauth:// address its QR code carries, and the same secret as text. */
export const mfaSetup = z.object({ secret: z.string(), uri: z.string() });
export type MfaSetup = z.output<typeof mfaSetup>;

/**
 * The caller's two-step sign-in: whether it is on, whether their roles may turn it on (platform admins, shop owners
 * and ADMINs) and whether they must (platform admins).
 */
export const mfaStatus = z.object({ enabled: z.boolean(), allowed: z.boolean(), required: z.boolean() });
export type MfaStatus = z.output<typeof mfaStatus>;

/** 1 when done, 0 when the user name is unknown (spec 1 section 5). */
export const resetResult = z.union([z.literal(0), z.literal(1)]);

/** A user as the API answers it: the session stamps are the server's own bookkeeping and never leave it. */
export const appUserView = appUser.omit({ sessionVersion: true, revokedTokens: true });

export type AppUserView = z.output<typeof appUserView>;

/**
 * What sign-in answers: the token, the challenge to choose a password first, or the one to give the authenticator
 * app's code (tell them apart by `challenge`).
 */
export const signInResponse = z.union([tokenResponse, newPasswordChallenge, mfaChallenge]);
export type SignInResponse = z.output<typeof signInResponse>;
