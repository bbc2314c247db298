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

/** A secret is read again after this long, so a value the operator changed (or filled in) reaches every container. */
export const SECRET_TTL_MS = 5 * 60_000;
/** A refresh asked for (a signature that did not match) reads again at most this often per secret. */
export const SECRET_REFRESH_MIN_MS = 30_000;

const cache = new Map<string, { value: Promise<Record<string, string>>; readAt: number }>();

function read(arn: string): Promise<Record<string, string>> {
  const value = readSecret(arn);
  const entry = { value, readAt: Date.now() };
  value.catch(() => {
    if (cache.get(arn) === entry) cache.delete(arn);
  });
  cache.set(arn, entry);
  return value;
}

/**
 * A JSON secret's fields, kept per Lambda container for SECRET_TTL_MS: reading the secret on every request would add
 * a Secrets Manager round trip (and its cost) to each call, while keeping it for the container's whole life would
 * keep a blank or rotated value (read before the operator filled it) failing until the container ends. A failed
 * read is not kept.
 */
export function secretJson(arn: string): Promise<Record<string, string>> {
  const entry = cache.get(arn);
  if (entry && Date.now() - entry.readAt < SECRET_TTL_MS) return entry.value;
  return read(arn);
}

/**
 * Reads the secret again now (a signature checked with it did not match: the secret may have changed), unless it
 * was read within SECRET_REFRESH_MIN_MS, so forged signatures cannot turn into a Secrets Manager call each.
 * Answers whether it read again.
 */
export async function refreshSecret(arn: string): Promise<boolean> {
  const entry = cache.get(arn);
  if (entry && Date.now() - entry.readAt < SECRET_REFRESH_MIN_MS) return false;
  await read(arn);
  return true;
}
