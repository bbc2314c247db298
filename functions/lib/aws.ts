import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@aws-sdk/types';
import { config } from './config.js';
import { TENANT_DIRECTORY } from './keys.js';
import { rootLogger } from './logger.js';
import { checkDynamoCommand, currentScope, TenantFenceError, type Fence, type FencedCommand } from './tenant-scope.js';
import { lazy } from '../../shared/lazy.js';

/** SDK clients are created on first use and kept for the life of the Lambda container. */
export { lazy };

/**
 * The SDK's logger for every client: its warnings (a response it could not read, sockets at capacity) reach the
 * function's log as JSON lines, its per-call info does not. Set on purpose rather than left to the SDK's default,
 * which the SDK recognises by class name, a name the minified bundles do not keep.
 */
const sdkLog = rootLogger.child({ source: 'aws-sdk' });
const sdkContent = (content: unknown[]) => ({ content: content.map((c) => (c instanceof Error ? c.message : c)) });
export const sdkLogger = {
  trace: (..._content: unknown[]) => {},
  debug: (..._content: unknown[]) => {},
  info: (..._content: unknown[]) => {},
  warn: (...content: unknown[]) => sdkLog.warn('AWS SDK warning', sdkContent(content)),
  error: (...content: unknown[]) => sdkLog.error('AWS SDK error', sdkContent(content)),
};

/** What every client of the product is made with: the region, the local emulators' credentials (none in AWS), the logger. */
export const common = () => ({ region: config.region(), credentials: config.localCredentials(), logger: sdkLogger });

function documentClient(credentials?: AwsCredentialIdentity | AwsCredentialIdentityProvider) {
  const client = new DynamoDBClient({ ...common(), ...(credentials ? { credentials } : {}), endpoint: config.endpoints.dynamodb() });
  // The SDK's logger step walks every command's input and output to hide sensitive fields for its logger, which
  // here is the no-op one: work on every call for nothing (errors still reach the caller and our own logs).
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } });
}

/** What the data layer sends DynamoDB commands through (the middleware stack is there for benchmarks' counters). */
export type DynamoSender = Pick<DynamoDBDocumentClient, 'send' | 'middlewareStack'>;

/**
 * The STS module is imported with the first tenant a container serves (credentials are fetched asynchronously
 * anyway), so a cold start does not load it, and locally, without a tenant role, it is never loaded.
 */
const stsModule = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-sts'));
const sts = /* @__PURE__ */ lazy(async () => {
  const { STSClient } = await stsModule();
  return new STSClient(common());
});

/**
 * Credentials of the tenant-access role with the session tag `tenant=<id>`: its policy allows only items whose
 * partition key starts with `T#<id>#` and objects under `t/<id>/` and `tmp/<id>/`. The SDK keeps them until five
 * minutes before they expire, so a warm container asks STS once an hour per tenant.
 */
export function tenantCredentials(tenantId: string, roleArn: string): AwsCredentialIdentityProvider {
  return async () => {
    const { AssumeRoleCommand } = await stsModule();
    const out = await (await sts()).send(
      new AssumeRoleCommand({
        RoleArn: roleArn,
        RoleSessionName: `tenant-${tenantId}`.slice(0, 64),
        Tags: [{ Key: 'tenant', Value: tenantId }],
        DurationSeconds: 3600,
      }),
    );
    const c = out.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('STS returned no credentials for the tenant role');
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, expiration: c.Expiration };
  };
}

/** Sends each command only after checking the partitions it names against the fence. */
function fencedDynamo(fence: Fence, client: DynamoDBDocumentClient): DynamoSender {
  return {
    send: ((command: FencedCommand, ...rest: unknown[]) => {
      checkDynamoCommand(fence, command);
      return (client.send as (...args: unknown[]) => unknown).call(client, command, ...rest);
    }) as DynamoSender['send'],
    middlewareStack: client.middlewareStack,
  };
}

export interface TenantClients {
  dynamo: DynamoSender;
  /** The tenant role's credentials (none locally), for every client of the tenant. */
  credentials: AwsCredentialIdentityProvider | undefined;
  /**
   * The tenant's S3 client, made on first use by functions/lib/s3.ts: a function that never touches files (the
   * sign-in trigger, most domains) neither bundles nor loads the S3 client.
   */
  s3?: S3Client;
}

/** At most this many tenants' clients are kept per container; the least recently used are dropped first. */
export const TENANT_CLIENTS_KEPT = 200;
const tenantClients = new Map<string, TenantClients>();

function makeTenantClients(tenantId: string): TenantClients {
  const roleArn = config.tenantAccessRoleArn();
  // Locally (no IAM) every tenant shares the emulators' clients and the key checks are the fence.
  if (!roleArn) return { dynamo: fencedDynamo({ tenantId }, unscopedDynamo()), credentials: undefined };
  const credentials = tenantCredentials(tenantId, roleArn);
  return { dynamo: fencedDynamo({ tenantId }, documentClient(credentials)), credentials };
}

/** The clients of one tenant, kept per container (`TENANT_CLIENTS_KEPT` most recently used). */
export function clientsOf(tenantId: string): TenantClients {
  let clients = tenantClients.get(tenantId);
  if (clients) {
    tenantClients.delete(tenantId);
  } else {
    clients = makeTenantClients(tenantId);
    if (tenantClients.size >= TENANT_CLIENTS_KEPT) tenantClients.delete(tenantClients.keys().next().value!);
  }
  tenantClients.set(tenantId, clients);
  return clients;
}

/**
 * The client for the data of the tenant in scope. A request without a tenant (and, in AWS, code outside any
 * scope) has none: it may read only what the platform's named paths give it (`platformDynamo`).
 */
export function scopedClients(): TenantClients | undefined {
  const scope = currentScope();
  if (scope?.tenantId) return clientsOf(scope.tenantId);
  if (scope?.platform) return undefined;
  if (scope || config.tenantAccessRoleArn()) throw new TenantFenceError('Shop data was used outside a shop (no tenant in scope)');
  return undefined;
}

const unscopedDynamo = /* @__PURE__ */ lazy(() => documentClient());
/**
 * The function's own role, on the platform's named path (`asPlatform`): the tenant directory only. In AWS that
 * role may touch nothing else of the table (infra/constructs/tenant-table-access.ts).
 */
const platformDynamo = /* @__PURE__ */ lazy(() => fencedDynamo({ directory: TENANT_DIRECTORY }, unscopedDynamo()));

/** The table as the code in scope may see it: one tenant's items, or the platform's directory. */
export const dynamo = (): DynamoSender => scopedClients()?.dynamo ?? (currentScope()?.platform ? platformDynamo() : unscopedDynamo());

/** The SES client's module is imported with the first mail a container sends (functions/lib/mail.ts): most requests send none. */
export const ses = /* @__PURE__ */ lazy(async () => {
  const { SESv2Client } = await import('@aws-sdk/client-sesv2');
  return new SESv2Client({ ...common(), endpoint: config.endpoints.ses() });
});
