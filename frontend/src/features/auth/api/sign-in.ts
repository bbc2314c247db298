import { useMutation } from '@tanstack/react-query';
import { isFeatureName, type FeatureName } from '../../../../../shared/features.js';
import { ROLE } from '../../../../../shared/roles.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import type { authRoutes } from '../../../../../shared/routes/auth.js';
import type { Role } from '../../../../../shared/schemas/auth.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { clearSession, getSession, startSession, updateSession, type Session, type TokenAnswer } from '../../../lib/session.js';

export interface Credentials {
  username: string;
  password: string;
}

/** The server refused the user name or password (400, 401 or 403 from the sign-in call). */
export class CredentialsRefused extends Error {
  constructor(readonly serverMessage: string) {
    super(serverMessage);
    this.name = 'CredentialsRefused';
  }
}

/** The features of all the user's roles, combined (spec 1 section 6). */
export function combineFeatures(roles: Role[]): FeatureName[] {
  const names = roles.flatMap((role) => role.roleModule.flatMap((module) => module.roleFeature.map((f) => f.featureName)));
  return [...new Set(names.filter(isFeatureName))];
}

/**
 * The sign-in calls' routes (and with them zod, which builds every route's schemas), loaded when the person starts
 * filling in the form (`prepareSignIn`) or at the latest when they submit it: the sign-in screen is usable before
 * zod has arrived.
 */
const signInRoutes = async () => (await import('../../../../../shared/routes/auth.js')).authRoutes;

/** Starts loading what signing in needs, while the person types; the sign-in screen calls it on the form's first focus. */
export function prepareSignIn(): void {
  void signInRoutes().catch(() => undefined);
}

/**
 * The route groups of the profile calls, loaded when someone signs in rather than with the sign-in screen: a
 * phone on a slow network then has only the sign-in form's code to fetch before the cashier can type.
 */
const profileRoutes = async () => {
  const [{ userRoutes }, { tenantRoutes }, { policyRoutes }, { roleRoutes }, { customerRoutes }] = await Promise.all([
    import('../../../../../shared/routes/users.js'),
    import('../../../../../shared/routes/tenants.js'),
    import('../../../../../shared/routes/policies.js'),
    import('../../../../../shared/routes/roles.js'),
    import('../../../../../shared/routes/customers.js'),
  ]);
  return { userRoutes, tenantRoutes, policyRoutes, roleRoutes, customerRoutes };
};

async function customerRecord(customerRoutes: Awaited<ReturnType<typeof profileRoutes>>['customerRoutes'], appUserId: number): Promise<Customer | undefined> {
  try {
    return await callApi(customerRoutes.byAppUser, { params: { appUserId } });
  } catch (error) {
    // A customer account without a customer record can still sign in; the customer screens then refuse.
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Spec 1 section 4 "After sign-in": store the token, fetch the user, the tenant, the roles and the policies,
 * combine the features and, for a CUSTOMER, fetch the customer record.
 */
async function openSession(answer: TokenAnswer): Promise<Session> {
  startSession(answer);
  try {
    const { userRoutes, tenantRoutes, policyRoutes, roleRoutes, customerRoutes } = await profileRoutes();
    const [user, tenant, policies] = await Promise.all([
      callApi(userRoutes.currentUser),
      callApi(tenantRoutes.currentTenant),
      callApi(policyRoutes.all),
    ]);
    const roles = await callApi(roleRoutes.rolesByIds, { body: { roleIdList: user.appUserRole.map((r) => r.roleId) } });
    const isCustomer = roles.some((role) => role.name === ROLE.CUSTOMER);
    const customer = isCustomer ? await customerRecord(customerRoutes, user.appUserId) : undefined;
    // Platform admins (ADMINs of the platform) must have two-step sign-in on; only an ADMIN's sign-in asks.
    const mfaSetupDue = roles.some((role) => role.name === ROLE.ADMIN) ? await isMfaSetupDue() : false;
    updateSession({ userName: user.userName, user, tenant, roles, features: combineFeatures(roles), policies, isCustomer, customer, mfaSetupDue });
  } catch (error) {
    clearSession();
    throw error;
  }
  return getSession()!;
}

async function isMfaSetupDue(): Promise<boolean> {
  const status = await callApi((await signInRoutes()).mfaStatus);
  return status.required && !status.enabled;
}

/**
 * Signed in, or asked first to choose a password (first sign-in with a temporary password) or to give the
 * authenticator app's code (two-step sign-in).
 */
export type SignInOutcome = { session: Session } | { newPasswordSession: string } | { mfaSession: string };

/** The sign-in call's refusals (400, 401, 403) become CredentialsRefused; the screen shows the spec's message. */
async function refusalsAsCredentials<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    clearSession();
    if (error instanceof ApiError && [400, 401, 403].includes(error.status)) throw new CredentialsRefused(error.message);
    throw error;
  }
}

export async function signIn(credentials: Credentials): Promise<SignInOutcome> {
  // Fetched while the server checks the password, so the profile calls need not wait for the code.
  void profileRoutes().catch(() => undefined);
  const routes = await signInRoutes();
  const answer = await refusalsAsCredentials(() => callApi(routes.generateToken, { body: credentials }));
  if ('challenge' in answer) return answer.challenge === 'SOFTWARE_TOKEN_MFA' ? { mfaSession: answer.session } : { newPasswordSession: answer.session };
  return { session: await openSession(answer) };
}

/** Two-step sign-in's second step: the authenticator app's code with the session sign-in answered. */
export async function signInWithCode(body: BodyIn<typeof authRoutes.mfaSignIn>): Promise<Session> {
  return openSession(await callApi((await signInRoutes()).mfaSignIn, { body }));
}

export function useSignInWithCode() {
  return useMutation({ mutationFn: signInWithCode, meta: { handlesOwnErrors: true } });
}

/** Replaces the temporary password of a first sign-in and opens the session with the token it answers. */
export async function setFirstPassword(body: BodyIn<typeof authRoutes.newPassword>): Promise<Session> {
  return openSession(await callApi((await signInRoutes()).newPassword, { body }));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { handlesOwnErrors: true } });
}

export function useSetFirstPassword() {
  return useMutation({ mutationFn: setFirstPassword, meta: { handlesOwnErrors: true } });
}
