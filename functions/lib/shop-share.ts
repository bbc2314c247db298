import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { config } from './config.js';
import { tableName } from './db.js';
import type { Caller } from './context.js';
import { CustomerBusy, ShopBusy, StorefrontBusy } from './errors.js';
import { limitKey } from './keys.js';
import { ROLE } from '../../shared/roles.js';
import { DEFAULT_STOREFRONT_REQUESTS_PER_SECOND } from '../../shared/schemas/tenant-messages.js';
import { tenantData } from '../tenants/data.js';

/**
 * The budgets a verified request is counted against (the handler takes one only after the caller's standing is
 * checked, so strangers and signed-out, deleted or closed-shop tokens count against nobody):
 * - staff (tills, back office): the shop's staff share, `config.shopRequestsPerSecond`, which storefront traffic
 *   never touches;
 * - a shopper (a caller whose only role is CUSTOMER): first their own share, `config.customerRequestsPerSecond`, so
 *   one customer cannot starve the others, then the shop's storefront ceiling, the shop's plan figure
 *   (`storefrontRequestsPerSecond` on the shop, set by the platform admin; a default sized for a sale).
 * Each is counted as below, under its own counter.
 *
 * One shop's fair share of the API. API Gateway's HTTP API throttles the stage and each route for all shops
 * together, and has no usage plan per tenant: one shop flooding the API (a script, a stuck screen) could use up
 * what every other shop's tills need. So a shop's signed-in requests are counted per second against
 * `config.shopRequestsPerSecond`, and the ones above it are refused with 429 and `Retry-After: 1`.
 *
 * Counting every request in the table would add a write to each one. A container serves each shop's first
 * `FREE_PER_CONTAINER` requests of a second from memory. Beyond those it takes the shop's share from the shared
 * counter in the table (a per-second item, TTL one minute) in blocks: one conditional update claims `leaseSize`
 * requests, which the container then serves without writing, and only the request after them claims again.
 * Requests arriving together while a claim is under way wait for that one claim rather than each making their own.
 * When a whole block no longer fits under the share, the container claims one request at a time; once the table
 * refuses, the rest of that second is refused in memory. So a shop at an ordinary pace costs no write, a busy shop
 * (a sale-day crowd on the storefront) one write per block, and a flood is counted where it lands.
 *
 * The bound on what is served is the share plus `FREE_PER_CONTAINER` a second for each container serving the shop.
 * A container may end a second with part of a block unused, so a shop spread over many containers can be refused
 * up to `leaseSize - 1` requests a container below its share; never above it (docs/aws.md).
 */
export const FREE_PER_CONTAINER = 5;
/** Shops whose second is tracked in this container; the oldest is forgotten past this (a second's count, nothing more). */
const SHOPS_TRACKED = 500;
/** Most requests one claim takes. */
const MAX_LEASE = 25;

/** A block: an eighth of the share, at most `MAX_LEASE`, at least one. */
export const leaseSize = (share: number) => Math.max(1, Math.min(MAX_LEASE, Math.floor(share / 8)));

interface Second {
  second: number;
  /** Requests of this second seen by this container. */
  used: number;
  /** Requests of this second claimed from the table by this container. */
  granted: number;
  /** The table refused a claim: the share of this second is taken. */
  full: boolean;
  claiming?: Promise<void>;
}

const seconds = new Map<string, Second>();

function secondOf(tenantId: string, second: number): Second {
  const seen = seconds.get(tenantId);
  const current = seen?.second === second ? seen : { second, used: 0, granted: 0, full: false };
  seconds.delete(tenantId);
  seconds.set(tenantId, current);
  if (seconds.size > SHOPS_TRACKED) seconds.delete(seconds.keys().next().value!);
  return current;
}

/** Adds `requests` to the shop's counter of `second` if the total stays within the share; false if it would not. */
async function claim(budget: Budget, second: number, requests: number, share: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: limitKey(budget.tenantId, budget.counter, String(second)),
        UpdateExpression: 'ADD #n :requests SET #e = if_not_exists(#e, :entity), expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#n) OR #n <= :most',
        ExpressionAttributeNames: { '#n': 'requests', '#e': 'entity' },
        ExpressionAttributeValues: { ':requests': requests, ':most': share - requests, ':entity': 'limit', ':expires': second + 60 },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

async function claimMore(budget: Budget, state: Second): Promise<void> {
  const block = leaseSize(budget.perSecond);
  if (await claim(budget, state.second, block, budget.perSecond)) state.granted += block;
  else if (block > 1 && (await claim(budget, state.second, 1, budget.perSecond))) state.granted += 1;
  else state.full = true;
}

/** One counter: the shop's staff share (`SHARE`), its storefront (`STOREFRONT`) or one customer's (`CUSTOMER#<id>`). */
interface Budget {
  tenantId: string;
  counter: string;
  perSecond: number;
  refusal: () => Error;
}

async function take(budget: Budget, now: Date): Promise<void> {
  const state = secondOf(`${budget.tenantId}#${budget.counter}`, Math.floor(now.getTime() / 1000));
  state.used += 1;
  const mine = state.used;
  const free = Math.min(FREE_PER_CONTAINER, budget.perSecond);
  while (mine > free + state.granted) {
    if (state.full) throw budget.refusal();
    state.claiming ??= claimMore(budget, state).finally(() => (state.claiming = undefined));
    await state.claiming;
  }
}

/** Takes one request of the shop's staff share, or refuses it with 429 (`ShopBusy`). */
export const takeShopShare = (tenantId: string, now: Date) =>
  take({ tenantId, counter: 'SHARE', perSecond: config.shopRequestsPerSecond(), refusal: () => new ShopBusy() }, now);

/** A shopper: a caller whose roles are the CUSTOMER role only. Anyone else (staff, a role-less employee) is staff. */
export const isShopper = (caller: Pick<Caller, 'roleNames'>) => caller.roleNames.length > 0 && caller.roleNames.every((name) => name === ROLE.CUSTOMER);

/** How long a container keeps a shop's plan figure: a platform admin's change applies within this. */
export const PLAN_CACHE_MS = 60_000;
const plans = new Map<string, { perSecond: number; until: number }>();

/** The shop's storefront ceiling: the lifted figure of a test stack, else the shop's plan (read once a minute). */
export async function storefrontCeiling(tenantId: string, now: Date): Promise<number> {
  const lifted = config.storefrontRequestsPerSecond();
  if (lifted) return lifted;
  const known = plans.get(tenantId);
  if (known && known.until > now.getTime()) return known.perSecond;
  const shop = await tenantData.get(tenantId);
  const perSecond = shop?.storefrontRequestsPerSecond ?? DEFAULT_STOREFRONT_REQUESTS_PER_SECOND;
  plans.delete(tenantId);
  plans.set(tenantId, { perSecond, until: now.getTime() + PLAN_CACHE_MS });
  if (plans.size > SHOPS_TRACKED) plans.delete(plans.keys().next().value!);
  return perSecond;
}

/**
 * Takes one request of a shopper's own share and then of the shop's storefront ceiling; refuses with 429
 * (`CustomerBusy` or `StorefrontBusy`). A customer over their own share uses none of the shop's.
 */
export async function takeStorefrontShare(caller: Pick<Caller, 'tenantId' | 'appUserId' | 'sub'>, now: Date): Promise<void> {
  const who = caller.appUserId === undefined ? caller.sub : String(caller.appUserId);
  await take({ tenantId: caller.tenantId, counter: `CUSTOMER#${who}`, perSecond: config.customerRequestsPerSecond(), refusal: () => new CustomerBusy() }, now);
  const perSecond = await storefrontCeiling(caller.tenantId, now);
  await take({ tenantId: caller.tenantId, counter: 'STOREFRONT', perSecond, refusal: () => new StorefrontBusy() }, now);
}

/** The budget a verified caller's request is counted against: a shopper's own and the storefront's, or the staff share. */
export const takeBudget = (caller: Caller, now: Date): Promise<void> =>
  isShopper(caller) ? takeStorefrontShare(caller, now) : takeShopShare(caller.tenantId, now);
