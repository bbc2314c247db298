import { S3Client } from '@aws-sdk/client-s3';
import type { AwsCredentialIdentityProvider } from '@aws-sdk/types';
import { common, lazy, scopedClients } from './aws.js';
import { config } from './config.js';
import { checkObjectKey, currentScope, TenantFenceError } from './tenant-scope.js';

/**
 * The assets bucket's client, apart from the table's (functions/lib/aws.ts) so that only the functions that store
 * or sign files bundle and load the S3 client; it is kept with the tenant's other clients and shares their
 * credentials.
 */

/** An object key in a copy source (`bucket/key`, URL-encoded). */
const copiedKey = (source: string) => decodeURIComponent(source.slice(source.indexOf('/') + 1));

function s3Client(credentials?: AwsCredentialIdentityProvider): S3Client {
  const client = new S3Client({
    ...common(),
    ...(credentials ? { credentials } : {}),
    endpoint: config.endpoints.s3(),
    forcePathStyle: Boolean(config.endpoints.s3()),
  });
  // The fence of the tenant in scope, also for presigned URLs (they are signed through this middleware stack).
  client.middlewareStack.add(
    (next) => async (args) => {
      const tenantId = currentScope()?.tenantId;
      if (tenantId) {
        const input = args.input as { Key?: unknown; CopySource?: unknown };
        checkObjectKey(tenantId, input.Key);
        if (typeof input.CopySource === 'string') checkObjectKey(tenantId, copiedKey(input.CopySource));
      }
      return next(args);
    },
    { step: 'initialize', name: 'tenantFence' },
  );
  return client;
}

const unscopedS3 = /* @__PURE__ */ lazy(() => s3Client());

/** The assets bucket, as the tenant in scope. */
export function s3(): S3Client {
  if (currentScope()?.platform) throw new TenantFenceError('The platform path has no access to shop files');
  const clients = scopedClients();
  if (!clients) return unscopedS3();
  // Locally (no tenant role) every tenant shares the emulator's client; the fence middleware checks the keys.
  return (clients.s3 ??= clients.credentials ? s3Client(clients.credentials) : unscopedS3());
}
