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
 * Counting every request in the table would add a write to each one. A container counts each shop's requests of the
 * current second in memory first, and only those above `FREE_PER_CONTAINER` in a second go to the shared counter
 * in the table (one conditional update, TTL one minute). A shop at an ordinary pace never costs a write; a flood
 * concentrates in the containers serving it and is counted there. The bound is therefore the share plus
 * `FREE_PER_CONTAINER` for each container serving the shop at once (docs/aws.md).
 */
export const FREE_PER_CONTAINER = 5;
/** Shops whose second is tracked in this container; the oldest is forgotten past this (a second's count, nothing more). */
const SHOPS_TRACKED = 500;

const thisSecond = new Map<string, { second: number; count: number }>();

export async function takeShopShare(tenantId: string, now: Date): Promise<void> {
  const second = Math.floor(now.getTime() / 1000);
  const seen = thisSecond.get(tenantId);
  const count = seen?.second === second ? seen.count + 1 : 1;
  thisSecond.delete(tenantId);
  thisSecond.set(tenantId, { second, count });
  if (thisSecond.size > SHOPS_TRACKED) thisSecond.delete(thisSecond.keys().next().value!);
  if (count <= FREE_PER_CONTAINER) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: limitKey(tenantId, 'SHARE', String(second)),
        UpdateExpression: 'ADD #n :one SET #e = if_not_exists(#e, :entity), expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
        ExpressionAttributeNames: { '#n': 'requests', '#e': 'entity' },
        ExpressionAttributeValues: { ':one': 1, ':max': config.shopRequestsPerSecond(), ':entity': 'limit', ':expires': second + 60 },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new ShopBusy();
    throw error;
  }
}
