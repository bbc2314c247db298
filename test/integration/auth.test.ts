import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH } from '../../shared/schemas/auth.js';
import { SIGN_IN_FAILED } from '../../shared/tenant.js';
import { defaultRoles } from '../../shared/roles.js';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { RESET_CODE_INVALID } from '../../functions/auth/service.js';
import { call, signIn, tokenOf } from './client.js';
import { latestMailTo } from './mail.js';

const signInAs = (username: string, password: string, tenantHeader?: string) =>
  call<{ token?: string; message?: string }>('POST', '/token/generate', {
    body: { username, password },
    headers: tenantHeader === undefined ? {} : { 'x-tenantid': tenantHeader },
  });

describe('sign-in', () => {
  it('answers an ID token carrying the tenant, the user record id and the combined features of the roles', async () => {
    const answer = await signInAs('cashier@demo.shop', DEMO_PASSWORD, 'demo');
    expect(answer.status).toBe(200);
    const claims = decodeJwt(answer.body.token!);
    expect(claims['custom:tenantId']).toBe('demo');
    expect(claims.email).toBe('cashier@demo.shop');
    expect(claims.roleNames).toBe('CASHIER');
    const cashierFeatures = defaultRoles.find((r) => r.name === 'CASHIER')!.features;
    expect(String(claims.features).split(',').sort()).toEqual([...cashierFeatures].sort());
    expect(Number(claims.appUserId)).toBeGreaterThan(0);
  });

  it('accepts the user name in any letter case', async () => {
    expect((await signInAs('Admin@Demo.shop', DEMO_PASSWORD, 'demo')).status).toBe(200);
  });

  it.each([
    ['a wrong password', 'admin@demo.shop', 'Wrong@1234', 'demo', 401],
    ['an unknown user', 'nobody@demo.shop', DEMO_PASSWORD, 'demo', 401],
    ['an X-TenantID that does not match the user name', 'admin@demo.shop', DEMO_PASSWORD, 'alpha', 400],
    ['no X-TenantID', 'admin@demo.shop', DEMO_PASSWORD, undefined, 400],
    ['an unknown tenant', 'admin@nowhere.shop', DEMO_PASSWORD, 'nowhere', 401],
    ["another tenant's user signing in through this tenant", 'admin@alpha.shop', DEMO_PASSWORD, 'demo', 400],
  ])('refuses %s with the sign-in message and no token', async (_, username, password, header, status) => {
    const answer = await signInAs(username, password, header);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message: SIGN_IN_FAILED });
  });

  it('asks for an e-mail-like user name', async () => {
    const answer = await signInAs('admin', DEMO_PASSWORD, 'demo');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Enter the Valid UserName...');
  });
});

describe('token refresh', () => {
  it('exchanges the refresh token for a new ID token of the same user', async () => {
    const first = await signInAs('manager@demo.shop', DEMO_PASSWORD, 'demo');
    const { refreshToken } = first.body as { refreshToken: string };
    const answer = await call<{ token: string; expiresAt: number }>('POST', '/token/refresh', { token: first.body.token, body: { refreshToken } });
    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.body.token).email).toBe('manager@demo.shop');
    expect(answer.body.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses someone else's refresh token", async () => {
    const mine = await signIn('hr@demo.shop');
    const theirs = await signInAs('owner@demo.shop', DEMO_PASSWORD, 'demo');
    const answer = await call('POST', '/token/refresh', {
      token: mine.token,
      body: { refreshToken: (theirs.body as { refreshToken: string }).refreshToken },
    });
    expect(answer.status).toBe(401);
  });

  it('needs a valid token', async () => {
    expect((await call('POST', '/token/refresh', { body: { refreshToken: 'x'.repeat(20) } })).status).toBe(401);
  });
});

describe('password reset', () => {
  const resetCode = (username: string, tenant = 'demo') =>
    call('POST', '/token/resetPassword/code', { body: { username }, headers: { 'x-tenantid': tenant } });
  const reset = (body: Record<string, string>, tenant = 'demo') =>
    call<unknown>('PUT', '/token/resetPassword', { body, headers: { 'x-tenantid': tenant } });

  it('answers 0 for an unknown user name', async () => {
    expect((await resetCode('ghost@demo.shop')).body).toBe(0);
    expect((await reset({ username: 'ghost@demo.shop', password: 'Newpass@123', passwordVerify: 'Newpass@123', code: '000000' })).body).toBe(0);
  });

  it('refuses different passwords with the spec message', async () => {
    const answer = await reset({ username: 'hr@demo.shop', password: 'Newpass@123', passwordVerify: 'Other@1234', code: '000000' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: PASSWORD_MISMATCH });
  });

  it('sets the new password only with the e-mailed code', async () => {
    const user = 'owner@demo.shop';
    expect((await resetCode(user)).body).toBe(1);
    const mail = await latestMailTo(user);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await reset({ username: user, password: 'Newpass@123', passwordVerify: 'Newpass@123', code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: RESET_CODE_INVALID });

    expect((await reset({ username: user, password: 'Newpass@123', passwordVerify: 'Newpass@123', code })).body).toBe(1);
    expect((await signInAs(user, DEMO_PASSWORD, 'demo')).status).toBe(401);
    expect((await signInAs(user, 'Newpass@123', 'demo')).status).toBe(200);

    // A used code cannot be used again.
    const again = await reset({ username: user, password: DEMO_PASSWORD, passwordVerify: DEMO_PASSWORD, code });
    expect(again.status).toBe(400);
  });
});

describe('after sign-in', () => {
  it('reads the current user with their roles', async () => {
    const answer = await call<{ userName: string; appUserRole: { name: string }[] }>('GET', '/appUser/user', { token: await tokenOf('cashier@demo.shop') });
    expect(answer.status).toBe(200);
    expect(answer.body.userName).toBe('cashier@demo.shop');
    expect(answer.body.appUserRole.map((r) => r.name)).toEqual(['CASHIER']);
  });

  it("reads the user's own shop with what a receipt needs", async () => {
    const answer = await call<Record<string, string>>('GET', '/tenant/currentTenant', { token: await tokenOf('cashier@alpha.shop') });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ tenantId: 'alpha', displayName: 'ALPHA-ONLY Traders', gstNumber: '27AAPFU0939F1ZV' });
    expect(answer.body.address).toContain('Pune');
  });

  it('lists shops for customer sign-up without a token, showing no private details', async () => {
    const answer = await call<Record<string, string>[]>('GET', '/tenant');
    expect(answer.status).toBe(200);
    expect(answer.body.map((t) => t.tenantId)).toEqual(expect.arrayContaining(['alpha', 'beta', 'demo']));
    expect(Object.keys(answer.body[0]!).sort()).toEqual(['displayName', 'tenantId', 'tenantName']);
  });

  it('answers the roles a user holds, with modules and features', async () => {
    const token = await tokenOf('cashier@demo.shop');
    const roleIds = String(decodeJwt(token).roleIds).split(',').map(Number);
    const answer = await call<{ name: string; roleModule: { moduleName: string; roleFeature: { featureName: string }[] }[] }[]>(
      'POST',
      '/role/rolesByIds',
      { token, body: { roleIdList: roleIds } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.map((r) => r.name)).toEqual(['CASHIER']);
    const features = answer.body[0]!.roleModule.flatMap((m) => m.roleFeature.map((f) => f.featureName));
    expect(features).toContain('PurchaseEdit');
    expect(answer.body[0]!.roleModule.map((m) => m.moduleName)).toEqual(expect.arrayContaining(['IMS', 'CRM', 'ERP']));
  });

  it("refuses a cashier reading roles they do not hold; an admin may", async () => {
    expect((await call('POST', '/role/rolesByIds', { token: await tokenOf('cashier@demo.shop'), body: { roleIdList: [1] } })).status).toBe(403);
    const admin = await call<unknown[]>('POST', '/role/rolesByIds', { token: await tokenOf('admin@demo.shop'), body: { roleIdList: [1, 2, 3, 4, 5, 6] } });
    expect(admin.body).toHaveLength(6);
  });

  it('lists the policies of the shop', async () => {
    const answer = await call<{ policyName: string }[]>('GET', '/policy/all', { token: await tokenOf('customer@demo.shop') });
    // The demo shop's seeded policies, in the order they were made (other test files may add more after them).
    expect(answer.body.map((p) => p.policyName).slice(0, 4)).toEqual(['Terms and Conditions', 'Privacy Policy', 'Return Policy', 'Shipping and Delivery']);
  });

  it('gives a customer their own customer record and nobody else’s', async () => {
    const token = await tokenOf('customer@demo.shop');
    const appUserId = Number(decodeJwt(token).appUserId);
    const own = await call<{ customerName: string; mobileNumber: string }>('GET', `/customer/appUser/${appUserId}`, { token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ customerName: 'Ravi Kumar', mobileNumber: '9876543210' });
    expect((await call('GET', `/customer/appUser/${appUserId - 1}`, { token })).status).toBe(403);
    const staff = await call('GET', `/customer/appUser/${appUserId}`, { token: await tokenOf('cashier@demo.shop') });
    expect(staff.status).toBe(200);
  });

  it('refuses an X-TenantID that differs from the token’s tenant', async () => {
    const answer = await call('GET', '/appUser/user', { token: await tokenOf('admin@demo.shop'), headers: { 'x-tenantid': 'alpha' } });
    expect(answer.status).toBe(403);
  });

  it('answers 400 with a message for a malformed body, never 500', async () => {
    const token = await tokenOf('admin@demo.shop');
    const badJson = await fetch(`${(await import('./client.js')).apiUrl()}/role/rolesByIds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const badShape = await call<{ message: string }>('POST', '/role/rolesByIds', { token, body: { roleIdList: ['x'] } });
    expect(badShape.status).toBe(400);
    expect(badShape.body.message).toBeTruthy();
  });
});
