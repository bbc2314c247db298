import type { Caller } from '../lib/context.js';
import { tenantData } from '../tenants/data.js';
import { userData } from './data.js';

export const ACCOUNT_CLOSED = 'Your account is no longer active. Please ask the shop.';
export const SHOP_CLOSED = 'This shop is closed.';

/**
 * Why the caller may no longer act, or undefined while their account and shop stand. The API checks a token's
 * signature and expiry only, and the pre-token trigger refuses new tokens; without this check a deleted employee
 * or a closed shop would keep working until the token they hold runs out (up to an hour). Two small reads, in
 * parallel, on every authenticated call.
 */
export async function standingRefusal(caller: Caller): Promise<string | undefined> {
  if (caller.appUserId === undefined) return ACCOUNT_CLOSED;
  const [user, tenant] = await Promise.all([userData.byId(caller.tenantId, caller.appUserId), tenantData.get(caller.tenantId)]);
  if (!tenant || tenant.enabled === false) return SHOP_CLOSED;
  if (!user || user.enabled === false) return ACCOUNT_CLOSED;
  return undefined;
}
