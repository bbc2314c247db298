import { LIMITS, reserveTries, type Reservation, type TryContext } from '../lib/abuse-limits.js';

/** A sign-in counted against its user name and its client address (5 failures in 15 minutes each). */
export const signInTry = (tenantId: string, userName: string, client: TryContext) =>
  reserveTries(tenantId, [[LIMITS.signInUser, userName], [LIMITS.signInClient, client.clientAddress]], client.now);

/** A reset-code guess counted against its user name (5 an hour) and its client address. */
export const resetGuessTry = (tenantId: string, userName: string, client: TryContext) =>
  reserveTries(tenantId, [[LIMITS.resetGuessUser, userName], [LIMITS.resetGuessClient, client.clientAddress]], client.now);

/** A reset code asked for (an e-mail sent), counted against its user name and its client address (3 an hour each). */
export const resetRequestTry = (tenantId: string, userName: string, client: TryContext) =>
  reserveTries(tenantId, [[LIMITS.resetRequestUser, userName], [LIMITS.resetRequestClient, client.clientAddress]], client.now);

/**
 * Runs a counted try. Only what the caller got wrong (`isFailure`) stays counted: a success, or a failure that is
 * not theirs (Cognito unreachable), gives the try back.
 */
export async function countFailures<T>(tries: Reservation, attempt: () => Promise<T>, isFailure: (error: unknown) => boolean): Promise<T> {
  try {
    const result = await attempt();
    await tries.release();
    return result;
  } catch (error) {
    if (!isFailure(error)) await tries.release();
    throw error;
  }
}
