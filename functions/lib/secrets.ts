import { lazy } from '../../shared/lazy.js';
import { common } from './aws.js';

/** Imported with the first secret read, once per container: a cold start does not load the Secrets Manager client. */
const secretsModule = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-secrets-manager'));
const secrets = /* @__PURE__ */ lazy(async () => {
  const { SecretsManagerClient } = await secretsModule();
  return new SecretsManagerClient(common());
});

async function readSecret(arn: string): Promise<Record<string, string>> {
  const { GetSecretValueCommand } = await secretsModule();
  const out = await (await secrets()).send(new GetSecretValueCommand({ SecretId: arn }));
  return JSON.parse(out.SecretString ?? '{}') as Record<string, string>;
}

const cache = new Map<string, Promise<Record<string, string>>>();

/**
 * A JSON secret's fields, read once per Lambda container: provider keys change rarely, and reading the secret on
 * every request would add a Secrets Manager round trip (and its cost) to each call. A failed read is not cached.
 */
export function secretJson(arn: string): Promise<Record<string, string>> {
  let pending = cache.get(arn);
  if (!pending) {
    pending = readSecret(arn);
    pending.catch(() => cache.delete(arn));
    cache.set(arn, pending);
  }
  return pending;
}
