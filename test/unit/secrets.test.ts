import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSecret, SECRET_REFRESH_MIN_MS, SECRET_TTL_MS, secretJson } from '../../functions/lib/secrets.js';

/**
 * Provider secrets are kept per container only for a while: a value read before the operator filled it (or before a
 * rotation) reaches every container within the TTL, and at once where a signature checked with it failed.
 */
const secrets = mockClient(SecretsManagerClient);
let value = { webhookSecret: 'first' };
let arnCounter = 0;

beforeEach(() => {
  secrets.reset();
  secrets.on(GetSecretValueCommand).callsFake(async () => ({ SecretString: JSON.stringify(value) }));
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:00:00Z') });
});
afterAll(() => {
  vi.useRealTimers();
  secrets.restore();
});

const freshArn = () => `arn:aws:secretsmanager:ap-south-1:123456789012:secret:test-${++arnCounter}`;

describe('secret cache', () => {
  it('reads a secret once within its TTL, and again after it', async () => {
    const arn = freshArn();
    value = { webhookSecret: 'blank' };
    expect(await secretJson(arn)).toEqual({ webhookSecret: 'blank' });
    value = { webhookSecret: 'filled' };
    vi.advanceTimersByTime(SECRET_TTL_MS - 1000);
    expect(await secretJson(arn)).toEqual({ webhookSecret: 'blank' });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(await secretJson(arn)).toEqual({ webhookSecret: 'filled' });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('reads again on a refresh (a failed signature check), at most once in 30 seconds', async () => {
    const arn = freshArn();
    value = { webhookSecret: 'old' };
    await secretJson(arn);
    value = { webhookSecret: 'rotated' };
    // Just read: a flood of forged signatures does not become a Secrets Manager call each.
    expect(await refreshSecret(arn)).toBe(false);
    expect(await secretJson(arn)).toEqual({ webhookSecret: 'old' });
    vi.advanceTimersByTime(SECRET_REFRESH_MIN_MS);
    expect(await refreshSecret(arn)).toBe(true);
    expect(await secretJson(arn)).toEqual({ webhookSecret: 'rotated' });
    expect(await refreshSecret(arn)).toBe(false);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('does not keep a failed read', async () => {
    const arn = freshArn();
    secrets.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: '{"keyId":"k"}' });
    await expect(secretJson(arn)).rejects.toThrow('throttled');
    expect(await secretJson(arn)).toEqual({ keyId: 'k' });
  });
});
