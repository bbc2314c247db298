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

/** 1 when done, 0 when the user name is unknown (spec 1 section 5). */
export const resetResult = z.union([z.literal(0), z.literal(1)]);

/** A user as the API answers it: the session stamps are the server's own bookkeeping and never leave it. */
export const appUserView = appUser.omit({ sessionVersion: true, revokedTokens: true });

export type AppUserView = z.output<typeof appUserView>;

/** What sign-in answers: the token, or the challenge to choose a password first (tell them apart by `challenge`). */
export const signInResponse = z.union([tokenResponse, newPasswordChallenge]);
export type SignInResponse = z.output<typeof signInResponse>;
