import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { userData } from '../../functions/users/data.js';
import { ROLE } from '../../shared/roles.js';
import { call, tokenOf } from './client.js';
import { seedStaffShop } from './people.js';

/**
 * Replays the account takeovers and session holes found by trying the local stack as an attacker would; each one
 * must now be refused. A shop of its own, so no other test's sessions are touched.
 */
const TENANT = 'takeover';
const at = (name: string) => `${name}@${TENANT}.shop`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Takeover Stores', [
    ['owner', ROLE.TENANT_MANAGER],
    ['coowner', ROLE.TENANT_MANAGER],
    ['hr', ROLE.HR, 'owner'],
    ['manager', ROLE.MANAGER, 'owner', 'hr'],
    ['cashier', ROLE.CASHIER, 'manager', 'hr'],
  ]);
  for (const name of ['owner', 'coowner', 'hr', 'manager', 'cashier']) ids[name] = (await userData.byUserName(TENANT, at(name)))!.appUserId;
});

const read = (token: string) => call<{ message?: string }>('GET', '/appUser/user', { token });

describe('tokens signed with a key anyone can download', () => {
  const require = createRequire(import.meta.url);
  const published = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { pem: string };

  const forge = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(createPrivateKey(published.pem));

  it('are refused: a cashier token with AuditTrail added, and one made from scratch for the owner, get 401', async () => {
    const real = await tokenOf(at('cashier'));
    expect((await read(real)).status).toBe(200);
    const claims = decodeJwt(real);
    const widened = await forge({ ...claims, features: `${String(claims.features)},AuditTrail` });
    expect((await call('GET', '/audit', { token: widened })).status).toBe(401);
    const owner = decodeJwt(await tokenOf(at('owner')));
    const now = Math.floor(Date.now() / 1000);
    const scratch = await forge({ ...owner, jti: 'forged', iat: now, exp: now + 3600 });
    expect((await read(scratch)).status).toBe(401);
  });
});
