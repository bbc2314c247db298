import { config } from '../lib/config.js';
import type { Caller } from '../lib/context.js';
import { batchGet, strip, type Item } from '../lib/db.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { featuresOf, roleData } from '../roles/data.js';
import { tenantData } from '../tenants/data.js';
import { userData } from './data.js';

export const ACCOUNT_CLOSED = 'Your account is no longer active. Please ask the shop.';
export const SHOP_CLOSED = 'This shop is closed.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const TWO_STEP_DUE = 'Set up two-step sign-in with your authenticator app before using the platform admin tools.';

/** Platform admins must use two-step sign-in (every user of the platform tenant administers shops). */
export const twoStepRequired = (tenantId: string) => tenantId === config.platformTenant();

/**
 * A platform admin who has not turned two-step sign-in on: refused with 403 on every route but those its set-up
 * needs (`beforeTwoStep` in the route table), where they stand as `caller`.
 */
export class TwoStepDue {
  constructor(readonly caller: Caller | undefined) {}
}

/**
 * The caller's standing now: a refusal (why they may no longer act), undefined while the token still says the
 * truth, or the caller with the access their roles give today.
 *
 * The API checks a token's signature and expiry only; the pre-token trigger stamps each token with the user's
 * session version and the version of each role it names. One BatchGetItem of the user, the shop and the token's
 * roles (on every authenticated call) then answers at once:
 * - a deleted user or a closed shop is refused;
 * - a token issued before the user's sessions were ended (signed out everywhere, password reset, roles given or
 *   taken, disabled) is refused, and so is a token signed out on its own device; neither it nor the refresh route
 *   it would call works any more;
 * - a token whose roles were edited since is judged by the roles' current features (a removed feature is refused
 *   at the very next call), and the answer tells the web app to fetch a token with the new features;
 * - a platform admin whose record does not say two-step sign-in is on gets `TwoStepDue`: the flag is kept with the
 *   user (functions/auth/mfa.ts), so the check costs no read of its own and holds from the call after it is set.
 */
export async function standingOf(caller: Caller): Promise<string | undefined | Caller | TwoStepDue> {
  if (caller.appUserId === undefined) return ACCOUNT_CLOSED;
  const userKey = userData.key(caller.tenantId, caller.appUserId);
  const tenantKey = tenantData.key(caller.tenantId);
  const roleKeys = [...new Set(caller.roleIds)].map((id) => roleData.key(caller.tenantId, id));
  const items = await batchGet<Item>([userKey, tenantKey, ...roleKeys]);
  const found = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  const record = <T>(key: { pk: string; sk: string }) => {
    const item = found(key);
    return item ? (strip(item) as T) : undefined;
  };
  const user = record<AppUser>(userKey);
  const tenant = record<Tenant>(tenantKey);
  const roles = roleKeys.flatMap((k) => record<Role>(k) ?? []).sort((a, b) => a.roleId - b.roleId);
  if (!tenant || tenant.enabled === false) return SHOP_CLOSED;
  if (!user || user.enabled === false) return ACCOUNT_CLOSED;
  if ((user.sessionVersion ?? 0) !== caller.sessionVersion) return SESSION_ENDED;
  if (caller.tokenId && user.revokedTokens?.[caller.tokenId] !== undefined) return SESSION_ENDED;
  const unchanged = roles.length === caller.roleIds.length && roles.every((r) => caller.roleVersions.get(r.roleId) === (r.version ?? 0));
  const current = unchanged ? undefined : { ...caller, roleNames: roles.map((r) => r.name), features: new Set(roles.flatMap(featuresOf)) };
  return twoStepRequired(caller.tenantId) && user.twoStepOn !== true ? new TwoStepDue(current) : current;
}
