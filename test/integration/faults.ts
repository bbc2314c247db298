import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import type { ApiEvent, ApiResult } from '../../functions/lib/handler.js';
import { tokenOf } from './client.js';

/**
 * Fault injection for the data layer: every DynamoDB command the functions send in this test process goes through an
 * aws-sdk-client-mock stub that passes it on to the emulator, except the one step a test names, which fails the way
 * DynamoDB fails. The functions run in-process (their Lambda handlers called with API Gateway events), so the fault
 * meets the same code a deployed function runs.
 */
export type DynamoFault = 'throttling' | 'conditionFailed' | 'transactionCancelled';

const metadata = { httpStatusCode: 400, requestId: 'fault-injected', attempts: 1, totalRetryDelay: 0 };

function faultError(fault: DynamoFault, input: Record<string, unknown>): Error {
  switch (fault) {
    case 'throttling':
      return new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput (injected).', $metadata: metadata });
    case 'conditionFailed':
      return new ConditionalCheckFailedException({ message: 'The conditional request failed (injected).', $metadata: metadata });
    case 'transactionCancelled': {
      // Another transaction held one of the items: what DynamoDB answers to a transaction that lost a race.
      const items = (input.TransactItems as unknown[] | undefined) ?? [];
      return new TransactionCanceledException({
        message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict] (injected)',
        $metadata: metadata,
        CancellationReasons: items.map((_, i) => (i === 0 ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' })),
      });
    }
  }
}

/** Which faults a command can meet in DynamoDB: any can be throttled; only writes have conditions; only transactions are cancelled. */
export function faultsFor(command: string): DynamoFault[] {
  if (command === 'TransactWriteCommand') return ['throttling', 'transactionCancelled'];
  if (['PutCommand', 'UpdateCommand', 'DeleteCommand'].includes(command)) return ['throttling', 'conditionFailed'];
  return ['throttling'];
}

export interface FaultPlan {
  /** The 0-based index of the DynamoDB command to fail, counted from `arm()`. */
  step: number;
  fault: DynamoFault;
}

export function injectDynamoFaults() {
  const mock = mockClient(DynamoDBDocumentClient);
  const original = Object.getPrototypeOf(DynamoDBDocumentClient.prototype).send as (...args: unknown[]) => Promise<unknown>;
  let seen: string[] = [];
  let inputs: Record<string, unknown>[] = [];
  let plan: FaultPlan | undefined;
  let injected: string | undefined;
  // sinon's stub takes the command as the SDK's union type; the fault needs only its class name and input.
  const fake = function (this: unknown, command: { constructor: { name: string }; input: object }, ...rest: unknown[]) {
    const name = command.constructor.name;
    const step = seen.push(name) - 1;
    inputs.push(command.input as Record<string, unknown>);
    if (plan && step === plan.step) {
      injected = `${plan.fault} at step ${step} (${name})`;
      return Promise.reject(faultError(plan.fault, command.input as Record<string, unknown>));
    }
    return original.call(this, command, ...rest);
  };
  mock.send.callsFake(fake as unknown as Parameters<typeof mock.send.callsFake>[0]);
  return {
    /** Starts counting commands; with a plan, fails the planned one. */
    arm(next?: FaultPlan) {
      seen = [];
      inputs = [];
      plan = next;
      injected = undefined;
    },
    /** The commands sent since `arm()`, by class name. */
    commands: () => [...seen],
    /** The inputs of those commands, in the same order (a query's key condition, filter and limit). */
    inputs: () => [...inputs],
    /** What was injected since `arm()`, if the planned step was reached. */
    injected: () => injected,
    restore: () => mock.restore(),
  };
}

/** SES answering 503 to every send: an outage of the mail service. */
export function injectMailOutage() {
  const mock = mockClient(SESv2Client);
  mock.rejects(new SESv2ServiceException({ name: 'ServiceUnavailable', $fault: 'server', message: 'Service unavailable (injected).', $metadata: { httpStatusCode: 503 } }));
  return { restore: () => mock.restore() };
}

type Handler = (event: ApiEvent, context: never) => Promise<unknown>;

/** A signed-in user's claims as API Gateway's JWT authorizer hands them to the function (lists as "[a b]"). */
async function claimsOf(userName: string): Promise<Record<string, string>> {
  const token = await tokenOf(userName);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
}

/** Calls a domain's Lambda handler in this process, as API Gateway would for `userName` signed in. */
export async function invoke<T = { message?: string }>(
  handler: Handler,
  userName: string,
  routeKey: string,
  options: { path?: Record<string, string>; body?: unknown; claims?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const base = structuredClone(sample) as unknown as ApiEvent;
  base.requestContext.authorizer!.jwt.claims = { ...(await claimsOf(userName)), ...options.claims };
  const event: ApiEvent = {
    ...base,
    routeKey,
    rawPath: routeKey.split(' ')[1]!,
    pathParameters: options.path,
    queryStringParameters: undefined,
    headers: { ...base.headers, 'content-type': 'application/json', authorization: '' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: { ...base.requestContext, routeKey, http: { ...base.requestContext.http, method: routeKey.split(' ')[0]! } },
  };
  const result = (await handler(event, {} as never)) as ApiResult;
  return { status: result.statusCode ?? 200, body: JSON.parse(String(result.body ?? 'null')) as T };
}

