import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JWK } from 'jose';

/**
 * The key the local stack's Cognito signs tokens with, made for each data folder at its first start and kept there
 * (never committed: `.local/` is ignored). cognito-local ships one key pair inside its npm package, so anyone could
 * sign a token with it; the emulator is started with this key in its place (emulators.ts `startCognito`) and the
 * gateway accepts only tokens this key signed.
 */
export interface LocalSigningKey {
  /** Private key, PEM (PKCS#8), as cognito-local signs with it. */
  privatePem: string;
  /** Public key, PEM (SPKI). */
  publicPem: string;
  /** Public key as a JWK, as the emulator's JWKS and the gateway's verification have it. */
  jwk: JWK;
  /** The kid cognito-local writes in every token header; a token's key is told apart by its signature, not its kid. */
  kid: string;
}

export const SIGNING_KEY_FILE = 'token-signing-key.json';
/** The key id cognito-local puts in every token's header, whatever key signs it. */
const COGNITO_LOCAL_KID = 'CognitoLocal';

/** The data folder's signing key: read if there, otherwise made and written (readable by its owner only). */
export function localSigningKey(dataDir: string): LocalSigningKey {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSigningKey;
  const key = newSigningKey();
  writeFileSync(file, JSON.stringify(key, null, 2), { mode: 0o600 });
  return key;
}

export function newSigningKey(): LocalSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as JWK), use: 'sig', alg: 'RS256', kid: COGNITO_LOCAL_KID };
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    jwk,
    kid: COGNITO_LOCAL_KID,
  };
}

/**
 * The boot lines that make cognito-local load `key` in place of the key pair in its package: its two key modules
 * are put into Node's module cache before the emulator's code requires them.
 */
export function cognitoKeyOverride(keyFile: string, resolve: (id: string) => string): string {
  const privateModule = resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const publicModule = resolve('cognito-local/lib/keys/cognitoLocal.public.json');
  return [
    `const { readFileSync } = require('node:fs');`,
    `const Module = require('node:module');`,
    `const own = JSON.parse(readFileSync(${JSON.stringify(keyFile)}, 'utf8'));`,
    `const put = (file, exports) => { const m = new Module(file); m.filename = file; m.loaded = true; m.exports = exports; require.cache[file] = m; };`,
    `put(${JSON.stringify(privateModule)}, { jwk: own.jwk, pem: own.privatePem });`,
    `put(${JSON.stringify(publicModule)}, { jwk: own.jwk, pem: own.publicPem });`,
  ].join(' ');
}
