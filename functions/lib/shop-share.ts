import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { config } from './config.js';
import { tableName } from './db.js';
import { ShopBusy } from './errors.js';
import { limitKey } from './keys.js';

/**
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
async function claim(tenantId: string, second: number, requests: number, share: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: limitKey(tenantId, 'SHARE', String(second)),
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

async function claimMore(tenantId: string, state: Second): Promise<void> {
  const share = config.shopRequestsPerSecond();
  const block = leaseSize(share);
  if (await claim(tenantId, state.second, block, share)) state.granted += block;
  else if (block > 1 && (await claim(tenantId, state.second, 1, share))) state.granted += 1;
  else state.full = true;
}

export async function takeShopShare(tenantId: string, now: Date): Promise<void> {
  const state = secondOf(tenantId, Math.floor(now.getTime() / 1000));
  state.used += 1;
  const mine = state.used;
  while (mine > FREE_PER_CONTAINER + state.granted) {
    if (state.full) throw new ShopBusy();
    state.claiming ??= claimMore(tenantId, state).finally(() => (state.claiming = undefined));
    await state.claiming;
  }
}
