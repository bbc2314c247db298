import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config.js';

let client: SecretsManagerClient | undefined;
const secrets = () => (client ??= new SecretsManagerClient({ region: config.region() }));

const cache = new Map<string, Promise<Record<string, string>>>();

/**
 * A JSON secret's fields, read once per Lambda container: provider keys change rarely, and reading the secret on
 * every request would add a Secrets Manager round trip (and its cost) to each call. A failed read is not cached.
 */
export function secretJson(arn: string): Promise<Record<string, string>> {
  let pending = cache.get(arn);
  if (!pending) {
    pending = secrets()
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then((out) => JSON.parse(out.SecretString ?? '{}') as Record<string, string>);
    pending.catch(() => cache.delete(arn));
    cache.set(arn, pending);
  }
  return pending;
}
