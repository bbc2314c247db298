import { AsyncLocalStorage } from 'node:async_hooks';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { assetsLayout } from '../../shared/assets.js';

/**
 * Whose data the code running now may touch. A request runs inside a scope opened by the handler kit with the
 * tenant of the verified token (or, on a public route, the shop the request names); triggers, workflow steps and
 * the scheduled report open one per shop. The data layer's clients are chosen by it (functions/lib/aws.ts), so in
 * AWS every read and write of a request goes out with credentials that IAM fences to that one tenant.
 */
interface Scope {
  /** Undefined: a request that has not named a shop yet (the tenant directory, a provider's webhook). */
  tenantId: string | undefined;
  /** The platform's named path across shops: the tenant directory only. */
  platform?: boolean;
}

const storage = new AsyncLocalStorage<Scope>();

/** Runs `work` with access to one tenant's items and files only. */
export const inTenant = <T>(tenantId: string, work: () => Promise<T>): Promise<T> => storage.run({ tenantId }, work);

/** Runs a request; its data access needs a tenant, so a request without one can use only the platform's named paths. */
export const inRequest = <T>(tenantId: string | undefined, work: () => Promise<T>): Promise<T> => storage.run({ tenantId }, work);

/**
 * Runs `work` on the platform's own path: it may read the tenant directory (the shop list of sign-in, the platform
 * admin's list of shops, the daily report's round of shops) and nothing of any shop.
 */
export const asPlatform = <T>(work: () => Promise<T>): Promise<T> => storage.run({ tenantId: undefined, platform: true }, work);

/** The scope now in force: undefined outside any (scripts, the seed, tests calling services directly). */
export const currentScope = (): Scope | undefined => storage.getStore();

export class TenantFenceError extends Error {
  override name = 'AccessDeniedException';
}

/** Whose partitions a set of credentials may name: one tenant's, or (the platform) the tenant directory's. */
export type Fence = { tenantId: string } | { directory: string };

function checkPartition(fence: Fence, pk: unknown, what: string): void {
  const allowed = 'tenantId' in fence ? typeof pk === 'string' && pk.startsWith(`T#${fence.tenantId}#`) : pk === fence.directory;
  if (!allowed) {
    const whose = 'tenantId' in fence ? `tenant ${fence.tenantId}` : 'the tenant directory';
    throw new TenantFenceError(`${what} outside ${whose} refused: ${String(pk)}`);
  }
}

type Key = Record<string, unknown> | undefined;
interface TransactEntry {
  Put?: { Item?: Key };
  Update?: { Key?: Key };
  Delete?: { Key?: Key };
  ConditionCheck?: { Key?: Key };
  Get?: { Key?: Key };
}
interface BatchWriteEntry {
  PutRequest?: { Item?: Key };
  DeleteRequest?: { Key?: Key };
}

/**
 * The commands the data layer sends, told apart by class: deployed bundles are minified without keeping class
 * names (infra/constructs/app-function.ts), so `constructor.name` says nothing there.
 */
const COMMAND_KINDS = [
  [GetCommand, 'Get'],
  [UpdateCommand, 'Update'],
  [DeleteCommand, 'Delete'],
  [PutCommand, 'Put'],
  [QueryCommand, 'Query'],
  [TransactWriteCommand, 'TransactWrite'],
  [TransactGetCommand, 'TransactGet'],
  [BatchGetCommand, 'BatchGet'],
  [BatchWriteCommand, 'BatchWrite'],
] as const;

/** A command as the fence sees it: what it is and what it names. */
export interface FencedCommand {
  input: object;
}

/**
 * What IAM's `dynamodb:LeadingKeys` condition checks in AWS, checked again before the call leaves the function:
 * every partition key a command names (table or index) must start with `T#<tenant>#`. Locally, where the
 * emulator has no IAM, this is the fence; in AWS it turns a refusal by IAM into the same clear error earlier.
 * Commands that name no key (Scan), and any command other than the data layer's, are refused outright, as the
 * tenant role's policy does not allow them.
 */
export function checkDynamoCommand(fence: Fence, command: FencedCommand): void {
  const name = COMMAND_KINDS.find(([kind]) => command instanceof kind)?.[1];
  const input = command.input as Record<string, unknown>;
  switch (name) {
    case 'Get':
    case 'Update':
    case 'Delete':
      return checkPartition(fence, (input.Key as Key)?.pk, name);
    case 'Put':
      return checkPartition(fence, (input.Item as Key)?.pk, name);
    case 'Query': {
      const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
      return checkPartition(fence, values[':pk'], 'Query');
    }
    case 'TransactWrite':
    case 'TransactGet':
      for (const entry of (input.TransactItems ?? []) as TransactEntry[]) {
        const op = entry.Put ?? entry.Update ?? entry.Delete ?? entry.ConditionCheck ?? entry.Get;
        checkPartition(fence, ((op as { Item?: Key })?.Item ?? (op as { Key?: Key })?.Key)?.pk, name);
      }
      return;
    case 'BatchGet':
      for (const request of Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Key[] }>)) {
        for (const key of request.Keys ?? []) checkPartition(fence, key?.pk, name);
      }
      return;
    case 'BatchWrite':
      for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, BatchWriteEntry[]>)) {
        for (const r of requests) checkPartition(fence, (r.PutRequest?.Item ?? r.DeleteRequest?.Key)?.pk, name);
      }
      return;
    default:
      throw new TenantFenceError(`${command.constructor.name} is not allowed with fenced credentials`);
  }
}

/** The S3 side of the fence: a tenant's credentials reach only `t/<tenant>/` and `tmp/<tenant>/`. */
export function checkObjectKey(tenantId: string, key: unknown): void {
  const allowed = [assetsLayout.tenantPrefix, assetsLayout.scratchPrefix].map((prefix) => `${prefix}/${tenantId}/`);
  if (typeof key !== 'string' || !allowed.some((prefix) => key.startsWith(prefix))) {
    throw new TenantFenceError(`Object ${String(key)} outside tenant ${tenantId} refused`);
  }
}
