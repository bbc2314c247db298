import { createHmac, timingSafeEqual } from 'node:crypto';
import { BAD_CURSOR } from '../../shared/schemas/cursor.js';
import { config } from './config.js';
import { Validation } from './errors.js';
import { secretJson } from './secrets.js';

/**
 * Opaque page cursors: the last key a page read, as base64url JSON, followed by an HMAC over that key and the
 * query it belongs to (index, partition with its tenant, sort-key condition, direction). A client can hand a
 * cursor back but cannot write one: a changed key, a cursor of another list or another shop's list fails the
 * signature, so the start key of a page is always one the server itself answered inside the caller's partition.
 */

export { BAD_CURSOR };

let localKey: Buffer | undefined;
let awsKey: Promise<Buffer> | undefined;

/** The signing key: CURSOR_SECRET locally, the secret CURSOR_SECRET_ARN names in AWS (read once per container). */
function signingKey(): Promise<Buffer> {
  const arn = config.cursorSecretArn();
  if (arn) {
    awsKey ??= secretJson(arn).then((secret) => Buffer.from(secret.key ?? '', 'utf8'));
    awsKey.catch(() => (awsKey = undefined));
    return awsKey;
  }
  localKey ??= Buffer.from(config.cursorSecret(), 'utf8');
  return Promise.resolve(localKey);
}

const sign = (key: Buffer, scope: string, payload: string) => createHmac('sha256', key).update(scope).update('\n').update(payload).digest();

export async function signCursor(scope: string, lastKey: Record<string, unknown>): Promise<string> {
  const payload = Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url');
  return `${payload}.${sign(await signingKey(), scope, payload).toString('base64url')}`;
}

/** The key a cursor carries, after checking it was signed for this very query; 400 otherwise. */
export async function readCursor(scope: string, cursor: string): Promise<Record<string, unknown>> {
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length) throw new Validation(BAD_CURSOR);
  const expected = sign(await signingKey(), scope, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Validation(BAD_CURSOR);
  try {
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof key !== 'object' || key === null || Array.isArray(key)) throw new Error('not a key');
    return key as Record<string, unknown>;
  } catch {
    throw new Validation(BAD_CURSOR);
  }
}
