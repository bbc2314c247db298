import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_CODE_WRONG, MFA_NOT_ALLOWED, MFA_SIGN_IN_EXPIRED } from '../../functions/auth/mfa.js';
import { cognitoSend } from '../../functions/lib/cognito.js';
import { config } from '../../functions/lib/config.js';
import { ensurePlatformTenant } from '../../functions/tenants/platform.js';
import { userData } from '../../functions/users/data.js';
import { TWO_STEP_DUE } from '../../functions/users/standing.js';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { ROLE } from '../../shared/roles.js';
import { allRoutes, buildPath, routeKey } from '../../shared/routes/index.js';
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
/** A platform admin who has not turned it on, for the refusals. */
const NEW_PLATFORM_ADMIN = 'newcomer-admin@platform.shop';

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
  await ensurePlatformTenant({ adminUserName: NEW_PLATFORM_ADMIN, permanentPassword: DEMO_PASSWORD });
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

  it('are refused every other route with 403 until it is on: the set-up, their profile, refresh and sign-out work; once on, the admin tools answer', async () => {
    const tokens = (await passwordSignIn(NEW_PLATFORM_ADMIN)).body;
    const refusal = { status: 403, body: { message: TWO_STEP_DUE } };
    // Every signed-in route of the table but the set-up's, whatever its feature, before anything is read or written.
    const closed = allRoutes.filter((e) => e.route.access !== 'public' && !e.route.beforeTwoStep).map((e) => e.route);
    expect(closed.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    for (let i = 0; i < closed.length; i += 20) {
      await Promise.all(closed.slice(i, i + 20).map(async (route) => {
        const path = buildPath(route.path, new Proxy({}, { get: () => '1' }) as Record<string, unknown>);
        const answer = await call(route.method, path, { token: tokens.token, body: route.bodyKind === 'none' ? undefined : {} });
        if (answer.status !== 403 || (answer.body as { message?: string }).message !== TWO_STEP_DUE) mismatches.push(`${routeKey(route)}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }));
    }
    expect(mismatches).toEqual([]);

    // What the web app's sign-in reads, the set-up screen and refresh answer.
    const user = await call<{ appUserRole: { roleId: number }[] }>('GET', '/appUser/user', { token: tokens.token });
    expect(user.status).toBe(200);
    expect((await call('GET', '/tenant/currentTenant', { token: tokens.token })).status).toBe(200);
    expect((await call('GET', '/policy/all', { token: tokens.token })).status).toBe(200);
    expect((await call('POST', '/role/rolesByIds', { token: tokens.token, body: { roleIdList: user.body.appUserRole.map((r) => r.roleId) } })).status).toBe(200);
    expect((await status(tokens.token)).body).toEqual({ enabled: false, allowed: true, required: true });
    const refreshed = await call<Tokens>('POST', '/token/refresh', { token: tokens.token, body: { refreshToken: tokens.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(await call('GET', '/tenant/count', { token: refreshed.body.token })).toEqual(refusal);

    // Set up and confirmed: the same token reaches the admin tools at its next call.
    const secret = await enrol(tokens);
    expect((await call('GET', '/tenant/count', { token: tokens.token })).status).toBe(200);
    expect((await call('GET', '/tenant/demo', { token: refreshed.body.token })).status).toBe(200);

    // Sign-out works for one without it, too.
    const other = (await codeSignIn(NEW_PLATFORM_ADMIN, (await passwordSignIn(NEW_PLATFORM_ADMIN)).body.session!, totpCode(secret))).body;
    expect((await call('POST', '/token/signOut', { token: other.token, body: { refreshToken: other.refreshToken } })).status).toBe(200);
    expect((await call('GET', '/tenant/count', { token: other.token })).status).toBe(401);
    // The sweep makes a call per route of the table.
  }, 120_000);

  it('follows Cognito: turned off there, the admin tools are refused from the next sign-in; a record that lost the mark regains it at the sign-in with the code', async () => {
    const admin = 'cognito-admin@platform.shop';
    await ensurePlatformTenant({ adminUserName: admin, permanentPassword: DEMO_PASSWORD });
    const first = (await passwordSignIn(admin)).body;
    const secret = await enrol(first);
    expect((await call('GET', '/tenant/count', { token: first.token })).status).toBe(200);

    // Cognito's own record is the truth: turned off there (as the user's own access token can, or an AWS administrator).
    const { AuthenticationResult } = await cognitoSend((sdk) =>
      new sdk.InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId(), AuthParameters: { REFRESH_TOKEN: first.refreshToken } }),
    );
    await cognitoSend((sdk) => new sdk.SetUserMFAPreferenceCommand({ AccessToken: AuthenticationResult!.AccessToken!, SoftwareTokenMfaSettings: { Enabled: false } }));
    const passwordOnly = await passwordSignIn(admin);
    expect(passwordOnly.body.token).toBeDefined();
    expect(await call('GET', '/tenant/count', { token: passwordOnly.body.token })).toEqual({ status: 403, body: { message: TWO_STEP_DUE } });

    // On again in Cognito, but the record lost the mark (an admin who turned it on before the API checked it).
    await cognitoSend((sdk) => new sdk.SetUserMFAPreferenceCommand({ AccessToken: AuthenticationResult!.AccessToken!, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const record = await userData.byUserName('platform', admin);
    expect(record?.twoStepOn).toBeUndefined();
    const challenge = await passwordSignIn(admin);
    expect(challenge.body.challenge).toBe('SOFTWARE_TOKEN_MFA');
    const signedIn = await codeSignIn(admin, challenge.body.session!, totpCode(secret));
    expect((await call('GET', '/tenant/count', { token: signedIn.body.token })).status).toBe(200);
  });
});
