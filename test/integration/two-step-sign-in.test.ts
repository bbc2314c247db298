import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_CODE_WRONG, MFA_NOT_ALLOWED, MFA_SIGN_IN_EXPIRED } from '../../functions/auth/mfa.js';
import { ensurePlatformTenant } from '../../functions/tenants/platform.js';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { ROLE } from '../../shared/roles.js';
import { call } from './client.js';
import { seedStaffShop } from './people.js';
import { totpCode, wrongCode } from './totp.js';

/**
 * Two-step sign-in with an authenticator app (Cognito's software-token MFA, which the local emulator runs too): who
 * may turn it on, that sign-in then needs the code, that the code's session belongs to its user and that wrong codes
 * count as wrong passwords. A shop of its own and a platform admin of its own, so no other test's sign-in changes.
 */
const TENANT = 'twostep';
const at = (name: string) => `${name}@${TENANT}.shop`;
const PLATFORM_ADMIN = 'twostep-admin@platform.shop';

/** The owner's authenticator secret, once the first test has turned it on. */
let ownerSecret = '';

interface Tokens {
  token: string;
  refreshToken: string;
}
interface Status {
  enabled: boolean;
  allowed: boolean;
  required: boolean;
}

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Two Step Stores', [
    ['owner', ROLE.TENANT_MANAGER],
    ['coowner', ROLE.TENANT_MANAGER],
    ['admin', ROLE.ADMIN],
    ['cashier', ROLE.CASHIER, 'owner', 'owner'],
  ]);
  await ensurePlatformTenant({ adminUserName: PLATFORM_ADMIN, permanentPassword: DEMO_PASSWORD });
});

const tenantOf = (userName: string) => userName.split('@')[1]!.split('.')[0]!;
const passwordSignIn = async (userName: string) => (await call<Tokens & { challenge?: string; session?: string }>('POST', '/token/generate', {
  body: { username: userName, password: DEMO_PASSWORD },
  headers: { 'x-tenantid': tenantOf(userName) },
}));
const codeSignIn = (username: string, session: string, code: string) =>
  call<Tokens & { message?: string }>('POST', '/token/mfa', { body: { username, session, code }, headers: { 'x-tenantid': tenantOf(username) } });
const status = (token: string) => call<Status>('GET', '/token/mfa/status', { token });

/** Turns two-step sign-in on for a signed-in user and answers the app's secret. */
async function enrol(tokens: Tokens): Promise<string> {
  const setup = await call<{ secret: string; uri: string }>('POST', '/token/mfa/setup', { token: tokens.token, body: { refreshToken: tokens.refreshToken } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const confirmed = await call<Status>('POST', '/token/mfa/confirm', {
    token: tokens.token,
    body: { refreshToken: tokens.refreshToken, code: totpCode(setup.body.secret) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return setup.body.secret;
}

describe('turning two-step sign-in on', () => {
  it('shows the secret and its otpauth:// address once; a wrong first code is refused; the right one turns it on', async () => {
    const tokens = (await passwordSignIn(at('owner'))).body;
    expect((await status(tokens.token)).body).toEqual({ enabled: false, allowed: true, required: false });
    const setup = await call<{ secret: string; uri: string }>('POST', '/token/mfa/setup', { token: tokens.token, body: { refreshToken: tokens.refreshToken } });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.uri).toBe(`otpauth://totp/Shop%3Aowner%40twostep.shop?secret=${setup.body.secret}&issuer=Shop&algorithm=SHA1&digits=6&period=30`);
    const wrong = await call('POST', '/token/mfa/confirm', { token: tokens.token, body: { refreshToken: tokens.refreshToken, code: wrongCode(setup.body.secret) } });
    expect(wrong).toEqual({ status: 400, body: { message: MFA_CODE_WRONG } });
    expect((await status(tokens.token)).body.enabled).toBe(false);
    const right = await call('POST', '/token/mfa/confirm', { token: tokens.token, body: { refreshToken: tokens.refreshToken, code: totpCode(setup.body.secret) } });
    expect(right).toEqual({ status: 200, body: { enabled: true, allowed: true, required: false } });
    ownerSecret = setup.body.secret;
    expect((await status(tokens.token)).body.enabled).toBe(true);
    // The secret is never answered again: the status says only whether it is on.
    expect(JSON.stringify((await status(tokens.token)).body)).not.toContain(setup.body.secret);
  });

  it('is for platform admins, shop owners and ADMINs: a cashier is refused; another user\'s refresh token is refused', async () => {
    const cashier = (await passwordSignIn(at('cashier'))).body;
    expect((await status(cashier.token)).body).toEqual({ enabled: false, allowed: false, required: false });
    expect(await call('POST', '/token/mfa/setup', { token: cashier.token, body: { refreshToken: cashier.refreshToken } })).toEqual({ status: 403, body: { message: MFA_NOT_ALLOWED } });
    const admin = (await passwordSignIn(at('admin'))).body;
    expect((await status(admin.token)).body.allowed).toBe(true);
    // The admin cannot act on the cashier's identity with the cashier's refresh token.
    expect((await call('POST', '/token/mfa/setup', { token: admin.token, body: { refreshToken: cashier.refreshToken } })).status).toBe(401);
    expect((await call('POST', '/token/mfa/setup', { body: { refreshToken: cashier.refreshToken } })).status).toBe(401);
  });
});

describe('signing in with two-step sign-in on', () => {
  let coownerSecret: string;
  beforeAll(async () => {
    coownerSecret = await enrol((await passwordSignIn(at('coowner'))).body);
    // The first test of the file turned the owner's on; run alone, this describe does it.
    if (!ownerSecret) ownerSecret = await enrol((await passwordSignIn(at('owner'))).body);
  });

  it('the password alone answers no token but the challenge; the right code answers the token', async () => {
    const first = await passwordSignIn(at('coowner'));
    expect(first).toEqual({ status: 200, body: { challenge: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) } });
    const signedIn = await codeSignIn(at('coowner'), first.body.session!, totpCode(coownerSecret));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await call('GET', '/appUser/user', { token: signedIn.body.token })).status).toBe(200);
    // The session is spent.
    expect((await codeSignIn(at('coowner'), first.body.session!, totpCode(coownerSecret))).status).toBe(401);
  });

  it("a made-up session, or another user's session with that user's own right code, is refused", async () => {
    expect(await codeSignIn(at('coowner'), 'not-a-real-session', totpCode(coownerSecret))).toEqual({ status: 401, body: { message: MFA_SIGN_IN_EXPIRED } });
    const owners = await passwordSignIn(at('owner'));
    expect(owners.body.challenge).toBe('SOFTWARE_TOKEN_MFA');
    expect(await codeSignIn(at('coowner'), owners.body.session!, totpCode(coownerSecret))).toEqual({ status: 401, body: { message: MFA_SIGN_IN_EXPIRED } });
    expect((await codeSignIn(at('owner'), owners.body.session!, totpCode(ownerSecret))).status).toBe(200);
  });

  it('wrong codes are refused and counted by the sign-in limits: the sixth in a row meets the limit, the right code too', async () => {
    const secret = await enrol((await passwordSignIn(at('admin'))).body);
    const challenge = (await passwordSignIn(at('admin'))).body;
    expect(challenge.challenge).toBe('SOFTWARE_TOKEN_MFA');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await codeSignIn(at('admin'), challenge.session!, wrongCode(secret))).status);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]).toBe(429);
    expect((await codeSignIn(at('admin'), challenge.session!, totpCode(secret))).status).toBe(429);
  });
});

describe('platform admins', () => {
  it('must: one without it signs in with the password and is told it is required; once on, sign-in asks for the code', async () => {
    const first = await passwordSignIn(PLATFORM_ADMIN);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await status(first.body.token)).body).toEqual({ enabled: false, allowed: true, required: true });
    const secret = await enrol(first.body);
    expect((await status(first.body.token)).body).toEqual({ enabled: true, allowed: true, required: true });
    const next = await passwordSignIn(PLATFORM_ADMIN);
    expect(next.body).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) });
    expect((await codeSignIn(PLATFORM_ADMIN, next.body.session!, totpCode(secret))).status).toBe(200);
  });
});
