import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { userData } from '../../functions/users/data.js';
import { ROLE } from '../../shared/roles.js';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { FIRST_SIGN_IN_EXPIRED } from '../../functions/auth/service.js';
import { SESSION_ENDED } from '../../functions/users/standing.js';
import { call, tokenOf } from './client.js';
import { latestMailTo, sentMail } from './mail.js';
import { changeLine, mustAdd, newShopper, stocked } from './storefront-fixtures.js';
import { employeeForm, mailedPassword, NEW_PASSWORD, seedStaffShop, signInAs } from './people.js';

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
    ['clerk', ROLE.CASHIER, 'manager', 'hr'],
    ['probe', ROLE.CASHIER, 'manager', 'hr'],
    ['lakshmi', ROLE.CASHIER, 'manager', 'hr'],
    ['teller', ROLE.CASHIER, 'manager', 'hr'],
  ]);
  for (const name of ['owner', 'coowner', 'hr', 'manager', 'cashier', 'clerk', 'probe', 'lakshmi', 'teller']) ids[name] = (await userData.byUserName(TENANT, at(name)))!.appUserId;
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

const newPassword = (username: string, session: string, password = 'Anon@1234') =>
  call<{ token?: string; message?: string }>('POST', '/token/newPassword', {
    body: { username, session, password, passwordVerify: password },
    headers: { 'x-tenantid': TENANT },
  });

describe('challenge sessions', () => {
  it('a made-up session gets no token for active staff, the owner or a co-owner, and is counted like a wrong password', async () => {
    for (const name of ['cashier', 'owner', 'coowner']) {
      const answer = await newPassword(at(name), 'not-a-real-session');
      expect(answer).toEqual({ status: 401, body: { message: FIRST_SIGN_IN_EXPIRED } });
    }
    // The sixth made-up session for one user name meets the sign-in limit.
    for (let i = 0; i < 4; i++) expect((await newPassword(at('probe'), `made-up-${i}`)).status).toBe(401);
    const counted = [await newPassword(at('probe'), 'made-up-5'), await newPassword(at('probe'), 'made-up-6')];
    expect(counted.map((a) => a.status)).toContain(429);
    // The right passwords still work: nothing was changed.
    for (const name of ['cashier', 'owner', 'coowner']) expect((await signInAs(at(name), DEMO_PASSWORD)).status).toBe(200);
  });

  it("another user's real session is refused: a session belongs to the user it was issued to", async () => {
    const owner = await tokenOf(at('owner'));
    const roles = await call<{ roleId: number; name: string }[]>('GET', '/role/all', { token: owner });
    const cashierRole = roles.body.find((r) => r.name === ROLE.CASHIER)!.roleId;
    const created = await call<{ appUserId: number }>('POST', '/appUser/save', {
      token: owner,
      body: employeeForm({ userName: 'Newbie', appUserRole: [{ roleId: cashierRole }], managerId: ids.manager, hrId: ids.hr }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const challenge = await signInAs(at('newbie'), await mailedPassword('newbie@example.in'));
    expect(challenge.body.challenge).toBe('NEW_PASSWORD_REQUIRED');
    const stolen = await newPassword(at('coowner'), challenge.body.session!);
    expect(stolen).toEqual({ status: 401, body: { message: FIRST_SIGN_IN_EXPIRED } });
    expect((await signInAs(at('coowner'), 'Anon@1234')).status).toBe(401);
    // The user it was issued to answers it, once.
    const own = await newPassword(at('newbie'), challenge.body.session!, NEW_PASSWORD);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await newPassword(at('newbie'), challenge.body.session!, NEW_PASSWORD)).status).toBe(401);
  });
});

describe('Sign Out', () => {
  it('ends every token issued in the device session: sign in (A), refresh (B), sign out with B refuses A too', async () => {
    const signedIn = await signInAs(at('hr'), DEMO_PASSWORD);
    const a = signedIn.body as { token: string; refreshToken: string };
    const refreshed = await call<{ token: string }>('POST', '/token/refresh', { token: a.token, body: { refreshToken: a.refreshToken } });
    expect(refreshed.status).toBe(200);
    const b = refreshed.body.token;
    const other = (await signInAs(at('hr'), DEMO_PASSWORD)).body as { token: string };
    expect((await call('POST', '/token/signOut', { token: b, body: { refreshToken: a.refreshToken } })).status).toBe(200);
    expect(await read(b)).toEqual({ status: 401, body: { message: SESSION_ENDED } });
    expect(await read(a.token)).toEqual({ status: 401, body: { message: SESSION_ENDED } });
    // Another device of the same user stays signed in.
    expect((await read(other.token)).status).toBe(200);
  });

  it('"Sign out everywhere" ends every session of the caller on every device', async () => {
    const devices = [await signInAs(at('clerk'), DEMO_PASSWORD), await signInAs(at('clerk'), DEMO_PASSWORD)].map((d) => d.body as { token: string; refreshToken: string });
    const out = await call<{ message: string }>('POST', '/token/signOutEverywhere', { token: devices[0]!.token });
    expect(out).toEqual({ status: 200, body: { message: 'You were signed out on every device.' } });
    for (const device of devices) {
      expect(await read(device.token)).toEqual({ status: 401, body: { message: SESSION_ENDED } });
      expect((await call('POST', '/token/refresh', { token: device.token, body: { refreshToken: device.refreshToken } })).status).toBe(401);
    }
    expect((await read(((await signInAs(at('clerk'), DEMO_PASSWORD)).body as { token: string }).token)).status).toBe(200);
  });
});

describe('contact details', () => {
  const record = async (name: string) =>
    (await call<{ emailId?: string; mobileNumber?: string; appUserRole: { roleId: number }[]; managerId?: number; hrId?: number; version?: number }>('GET', `/appUser/${ids[name]}`, { token: await tokenOf(at('owner')) })).body;
  const formOf = async (name: string, change: Record<string, unknown>) => {
    const user = await record(name);
    return employeeForm({
      userName: name,
      emailId: user.emailId,
      mobileNumber: user.mobileNumber,
      appUserRole: user.appUserRole.map((r) => ({ roleId: r.roleId })),
      managerId: user.managerId,
      hrId: user.hrId,
      version: user.version,
      ...change,
    });
  };
  const askCode = (username: string) => call('POST', '/token/resetPassword/code', { body: { username }, headers: { 'x-tenantid': TENANT } });
  const mailsTo = async (address: string) => (await sentMail()).filter((m) => m.to.includes(address)).length;

  it("HR cannot move a co-owner's or a cashier's e-mail or mobile to an address they read (roles with features HR lacks)", async () => {
    const hr = await tokenOf(at('hr'));
    for (const [name, change] of [
      ['coowner', { emailId: 'hr.reads.this@example.in' }],
      ['owner', { mobileNumber: '9700000001' }],
      ['cashier', { emailId: 'hr.reads.this@example.in' }],
    ] as const) {
      const before = await record(name);
      const answer = await call<{ message: string }>('PUT', `/appUser/${ids[name]}`, { token: hr, body: await formOf(name, change) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.message).toMatch(new RegExp(`^You cannot change the e-mail or mobile number of ${at(name)}: their roles have features you do not hold`));
      expect(await record(name)).toEqual(before);
    }
    // A reset code for the co-owner still goes to the co-owner.
    const before = await mailsTo('hr.reads.this@example.in');
    expect((await askCode(at('coowner'))).body).toBe(1);
    expect(await mailsTo('hr.reads.this@example.in')).toBe(before);
  });

  it('a changed e-mail gets reset codes only once confirmed from it, and the old address is told', async () => {
    const owner = await tokenOf(at('owner'));
    const oldAddress = (await record('manager')).emailId!;
    const changed = await call('PUT', `/appUser/${ids.manager}`, { token: owner, body: await formOf('manager', { emailId: 'manager.new@example.in' }) });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await latestMailTo(oldAddress)).text).toContain('was changed to manager.new@example.in');
    const confirmation = await latestMailTo('manager.new@example.in');
    const code = /code (\d{6})/.exec(confirmation.text)![1]!;

    // Before confirmation the reset code goes to the old address only.
    const newBefore = await mailsTo('manager.new@example.in');
    const reset = await call('POST', '/token/resetPassword/code', { body: { username: at('manager') }, headers: { 'x-tenantid': TENANT, 'x-forwarded-for': '192.0.2.10' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await mailsTo('manager.new@example.in')).toBe(newBefore);
    expect((await latestMailTo(oldAddress)).subject).toBe('Your password reset code');

    // Only the person, signed in, confirms it: a wrong code and another person's token are refused.
    const manager = ((await signInAs(at('manager'), DEMO_PASSWORD)).body as { token: string }).token;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', '/appUser/confirmEmail', { token: manager, body: { code: wrong } })).status).toBe(400);
    expect((await call('POST', '/appUser/confirmEmail', { token: owner, body: { code } })).status).toBe(400);
    const confirmed = await call<{ message: string }>('POST', '/appUser/confirmEmail', { token: manager, body: { code } });
    expect(confirmed).toEqual({ status: 200, body: { message: 'manager.new@example.in is confirmed. Password reset codes go there from now on.' } });
    expect((await askCode(at('manager'))).body).toBe(1);
    expect((await latestMailTo('manager.new@example.in')).subject).toBe('Your password reset code');
  });
});

describe("another customer's cart line", () => {
  it('answers exactly as a missing one, whatever status is asked for', async () => {
    const [owner, prober] = [await newShopper(), await newShopper()];
    const [rice] = await stocked([{ quantity: 10, mrp: 50 }] as const);
    const line = await mustAdd(owner, rice);
    for (const body of [{ status: 'Shipped', deliveryPerson: 'Ravi', deliveryContact: '9812345678' }, { status: 'Delivered' }, { status: 'InCart', cartQuantity: 2 }]) {
      const theirs = await changeLine(prober, line, body);
      const missing = await changeLine(prober, { customerCartId: 987_654_321 }, body);
      expect(theirs, JSON.stringify(body)).toEqual(missing);
      expect(theirs.status).toBe(404);
    }
  });
});

describe('the smaller holes and the limits (the production figures are in abuse-limits.test.ts)', () => {
  it('public sign-up with the platform tenant answers 400, not 500', async () => {
    const answer = await call<{ message: string }>('POST', '/customer/signUp', {
      body: { tenantId: 'platform', customerName: 'Prober', mobileNumber: '9500000098', emailId: 'prober@mail.example', address: 'Vellore', password: 'Shopper@123', passwordVerify: 'Shopper@123' },
    });
    expect(answer).toEqual({ status: 400, body: { message: 'Select the shop' } });
  });

  it("ten wrong passwords for one cashier from the shop's address never refuse the others' right ones", async () => {
    const wrong = [];
    for (let i = 0; i < 10; i++) wrong.push((await signInAs(at('lakshmi'), 'Wrong@1234')).status);
    expect(wrong.filter((s) => s === 429).length).toBeGreaterThan(0);
    for (const name of ['teller', 'coowner', 'hr']) expect((await signInAs(at(name), DEMO_PASSWORD)).status, name).toBe(200);
  });
});
