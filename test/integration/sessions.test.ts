import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordRevealData, userData } from '../../functions/users/data.js';
import { SESSION_ENDED } from '../../functions/users/standing.js';
import { ROLE } from '../../shared/roles.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { call, tokenOf } from './client.js';
import { latestMailTo } from './mail.js';
import { employeeForm, firstSignIn, mailedPassword, NEW_PASSWORD, seedStaffShop, signInAs } from './people.js';

/**
 * Ending sessions: Sign Out on one device, the owner's "sign out everywhere", a password reset, and the owner's one
 * reveal of a temporary password. A shop of its own, so no other test's tokens are ended.
 */
const TENANT = 'sessions';
const at = (name: string) => `${name}@${TENANT}.shop`;
const ids: Record<string, number> = {};
const roleIds: Record<string, number> = {};

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Session Stores', [
    ['owner', ROLE.TENANT_MANAGER],
    ['hr', ROLE.HR, 'owner'],
    ['manager', ROLE.MANAGER, 'owner', 'hr'],
    ['cashier', ROLE.CASHIER, 'manager', 'hr'],
    ['leaver', ROLE.CASHIER, 'manager', 'hr'],
    ['resetter', ROLE.CASHIER, 'manager', 'hr'],
  ]);
  for (const name of ['owner', 'hr', 'manager', 'cashier', 'leaver', 'resetter']) ids[name] = (await userData.byUserName(TENANT, at(name)))!.appUserId;
  const roles = await call<Role[]>('GET', '/role/all', { token: await tokenOf(at('owner')) });
  for (const role of roles.body) roleIds[role.name] = role.roleId;
});

/** A fresh sign-in (its own ID and refresh token), as a second device would have. */
async function device(name: string, password = DEMO_PASSWORD) {
  const answer = await signInAs(at(name), password);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { token: string; refreshToken: string };
}
const read = (token: string) => call<{ message?: string }>('GET', '/appUser/user', { token });
const refresh = (session: { token: string; refreshToken: string }) =>
  call<{ token: string; message?: string }>('POST', '/token/refresh', { token: session.token, body: { refreshToken: session.refreshToken } });

describe('Sign Out', () => {
  it('refuses the signed-out ID token and its refresh token at once, and leaves the other devices signed in', async () => {
    const [till, phone] = [await device('cashier'), await device('cashier')];
    expect((await read(till.token)).status).toBe(200);
    const out = await call<{ message: string }>('POST', '/token/signOut', { token: till.token, body: { refreshToken: till.refreshToken } });
    expect(out).toEqual({ status: 200, body: { message: 'You Logged Out Successfully' } });

    expect(await read(till.token)).toEqual({ status: 401, body: { message: SESSION_ENDED } });
    expect((await refresh(till)).status).toBe(401);
    // Cognito itself no longer takes the revoked refresh token, whoever calls it.
    const cognito = new CognitoIdentityProviderClient({
      region: process.env.AWS_REGION,
      endpoint: process.env.COGNITO_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(
      cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: process.env.USER_POOL_CLIENT_ID, AuthParameters: { REFRESH_TOKEN: till.refreshToken } }),
      ),
    ).rejects.toThrow();

    expect((await read(phone.token)).status).toBe(200);
    expect((await refresh(phone)).status).toBe(200);
    // Signing in again works as before.
    expect((await read((await device('cashier')).token)).status).toBe(200);
  });
});

describe('user records the API answers', () => {
  it('never carry the session stamps that decide which tokens are refused', async () => {
    // A device signs out (a token listed as refused) and the owner signs the employee out everywhere (a new version).
    const phone = await device('leaver');
    await call('POST', '/token/signOut', { token: phone.token, body: { refreshToken: phone.refreshToken } });
    const owner = await tokenOf(at('owner'));
    expect((await call('POST', `/appUser/signOut/${ids.leaver}`, { token: owner })).status).toBe(200);
    const stored = await userData.byId(TENANT, ids.leaver!);
    expect(stored?.sessionVersion ?? 0).toBeGreaterThan(0);
    expect(Object.keys(stored?.revokedTokens ?? {})).not.toHaveLength(0);

    const own = await call<AppUser>('GET', '/appUser/user', { token: (await device('leaver')).token });
    const answers: AppUser[] = [
      own.body,
      (await call<AppUser>('GET', `/appUser/${ids.leaver}`, { token: owner })).body,
      (await call<AppUser>('GET', `/appUser/detail/${ids.leaver}`, { token: owner })).body,
      ...(await call<AppUser[]>('GET', '/appUser/search/leaver', { token: owner })).body,
      ...(await call<AppUser[]>('GET', `/appUser/manager/userList/${ids.manager}`, { token: owner })).body,
    ];
    expect(answers.filter((u) => u.appUserId === ids.leaver)).toHaveLength(5);
    for (const user of answers) {
      expect(user.userName).toBeDefined();
      expect(user).not.toHaveProperty('sessionVersion');
      expect(user).not.toHaveProperty('revokedTokens');
    }
  });
});

describe('signing someone out of every device', () => {
  it('lets the owner end every session of an employee; their tokens and refreshes are refused at the next call', async () => {
    const [till, phone] = [await device('leaver'), await device('leaver')];
    const out = await call<{ message: string }>('POST', `/appUser/signOut/${ids.leaver}`, { token: await tokenOf(at('owner')) });
    expect(out).toEqual({ status: 200, body: { message: `${at('leaver')} was signed out of every device.` } });
    for (const session of [till, phone]) {
      expect(await read(session.token)).toEqual({ status: 401, body: { message: SESSION_ENDED } });
      expect((await refresh(session)).status).toBe(401);
    }
    // A sign-in after the sign-out is a new session and works.
    const again = await device('leaver');
    expect((await read(again.token)).status).toBe(200);
    expect((await refresh(again)).status).toBe(200);
  });

  it('refuses it over someone with more rights, and for oneself', async () => {
    const hr = await tokenOf(at('hr'));
    const overOwner = await call<{ message: string }>('POST', `/appUser/signOut/${ids.owner}`, { token: hr });
    expect(overOwner.status).toBe(403);
    const overCashier = await call<{ message: string }>('POST', `/appUser/signOut/${ids.cashier}`, { token: hr });
    expect(overCashier.status).toBe(403);
    expect(overCashier.body.message).toMatch(/^You cannot give or take away the CASHIER role: it has features you do not hold/);
    const self = await call<{ message: string }>('POST', `/appUser/signOut/${ids.owner}`, { token: await tokenOf(at('owner')) });
    expect(self).toEqual({ status: 400, body: { message: 'Use Sign Out to end your own sessions.' } });
    expect((await read(await tokenOf(at('owner')))).status).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session that knew the old password', async () => {
    const user = at('resetter');
    const before = await device('resetter');
    expect((await call('POST', '/token/resetPassword/code', { body: { username: user }, headers: { 'x-tenantid': TENANT } })).body).toBe(1);
    const code = /\b(\d{6})\b/.exec((await latestMailTo(user)).text)![1]!;
    const reset = await call('PUT', '/token/resetPassword', {
      body: { username: user, password: NEW_PASSWORD, passwordVerify: NEW_PASSWORD, code },
      headers: { 'x-tenantid': TENANT },
    });
    expect(reset.body).toBe(1);
    expect(await read(before.token)).toEqual({ status: 401, body: { message: SESSION_ENDED } });
    expect((await refresh(before)).status).toBe(401);
    expect((await read((await device('resetter', NEW_PASSWORD)).token)).status).toBe(200);
  });
});

describe('temporary passwords', () => {
  const newcomer = (name: string, mobileNumber: string) =>
    employeeForm({ userName: name, emailId: `${name.toLowerCase()}@example.in`, mobileNumber, appUserRole: [{ roleId: roleIds[ROLE.CASHIER]! }], managerId: ids.manager, hrId: ids.hr });

  it('goes only to the employee; the owner may reveal a fresh one once, confirmed, before the first sign-in', async () => {
    const owner = await tokenOf(at('owner'));
    const created = await call<AppUser & { mailSent: boolean; whatsappSent: boolean }>('POST', '/appUser/save', { token: owner, body: newcomer('Farah', '9812300001') });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ mailSent: true, whatsappSent: true });
    expect(Object.keys(created.body)).not.toContain('temporaryPassword');
    const mailed = await mailedPassword('farah@example.in');

    // The employee view tells the owner, and only the owner, that the password may still be revealed.
    const detailPath = `/appUser/detail/${created.body.appUserId}`;
    const revealable = async (token: string) => (await call<{ passwordRevealable?: boolean }>('GET', detailPath, { token })).body.passwordRevealable;
    expect(await revealable(owner)).toBe(true);
    expect(await revealable(await tokenOf(at('hr')))).toBeUndefined();

    const path = `/appUser/temporaryPassword/${created.body.appUserId}`;
    const unconfirmed = await call<{ message: string }>('POST', path, { token: owner, body: { confirm: false } });
    expect(unconfirmed).toMatchObject({ status: 400, body: { message: 'Confirm that the employee cannot receive the e-mail.' } });
    const manager = await call('POST', path, { token: await tokenOf(at('manager')), body: { confirm: true } });
    expect(manager.status).toBe(403);

    const revealed = await call<{ userName: string; temporaryPassword: string }>('POST', path, { token: owner, body: { confirm: true } });
    expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
    expect(revealed.body.userName).toBe(at('farah'));
    expect(revealed.body.temporaryPassword).not.toBe(mailed);
    expect(await passwordRevealData.byUser(TENANT, created.body.appUserId)).toMatchObject({ revealedBy: at('owner'), userName: at('farah') });
    // The audit trail says who revealed it, and never the password.
    const history = await call<{ action: string; by: string; after?: Record<string, unknown> }[]>('GET', `/audit?entity=employee&entityId=${created.body.appUserId}`, { token: owner });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const reveal = history.body.find((r) => r.action === 'revealPassword');
    expect(reveal).toMatchObject({ by: at('owner') });
    expect(JSON.stringify(reveal)).not.toContain(revealed.body.temporaryPassword);
    // (That the mailed one stops working is Cognito's to enforce; cognito-local does not check temporary passwords.)

    expect(await revealable(owner)).toBe(false);
    const twice = await call<{ message: string }>('POST', path, { token: owner, body: { confirm: true } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`The temporary password of ${at('farah')} was already revealed once. Ask them to use Forgot Password.`);
    await firstSignIn(at('farah'), revealed.body.temporaryPassword);
  });

  it('is never revealed after the first sign-in', async () => {
    const owner = await tokenOf(at('owner'));
    const created = await call<AppUser>('POST', '/appUser/save', { token: owner, body: newcomer('Gaurav', '9812300002') });
    await firstSignIn(at('gaurav'), await mailedPassword('gaurav@example.in'));
    expect((await call<{ passwordRevealable?: boolean }>('GET', `/appUser/detail/${created.body.appUserId}`, { token: owner })).body.passwordRevealable).toBe(false);
    const late = await call<{ message: string }>('POST', `/appUser/temporaryPassword/${created.body.appUserId}`, { token: owner, body: { confirm: true } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`${at('gaurav')} has already signed in and chosen a password. Use Forgot Password instead.`);
    expect(await passwordRevealData.byUser(TENANT, created.body.appUserId)).toBeUndefined();
  });
});
