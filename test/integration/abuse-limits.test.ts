import { beforeAll, describe, expect, it } from 'vitest';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import { handler as authHandler } from '../../functions/auth/handler.js';
import { handler as customerHandler } from '../../functions/customers/handler.js';
import { RESET_CODE_INVALID } from '../../functions/auth/service.js';
import { resetCodeData } from '../../functions/auth/data.js';
import type { ApiEvent, ApiResult } from '../../functions/lib/handler.js';
import { DEMO_PASSWORD, seedTenant, type TenantSeed } from '../../infra/local/seed.js';
import { ROLE } from '../../shared/roles.js';
import { SIGN_IN_FAILED } from '../../shared/tenant.js';
import { call } from './client.js';
import { latestMailTo } from './mail.js';

const SHOP = 'guard';
const user = (name: string) => `${name}@${SHOP}.shop`;
const LIMITED = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

const shop: TenantSeed = {
  tenant: { tenantId: SHOP, tenantName: SHOP, displayName: 'Guard Stores', address: '1, Fort Road, Vellore 632004', gstNumber: '33AAPFU0939F1ZV', emailId: `accounts@${SHOP}.shop` },
  users: ['owner', 'known', 'steady', 'racer', 'asker', 'mistyper', 'known2', ...Array.from({ length: 20 }, (_, i) => `staff${i}`)].map((name, i) => ({
    userName: user(name),
    password: DEMO_PASSWORD,
    role: name === 'owner' ? ROLE.TENANT_MANAGER : ROLE.CASHIER,
    mobileNumber: `96000000${String(i).padStart(2, '0')}`,
  })),
  policies: [],
};

beforeAll(async () => {
  await seedTenant(shop);
});

const signIn = (username: string, password: string) =>
  call<{ token?: string; message?: string }>('POST', '/token/generate', { body: { username, password }, headers: { 'x-tenantid': SHOP } });
const askCode = (username: string) => call<unknown>('POST', '/token/resetPassword/code', { body: { username }, headers: { 'x-tenantid': SHOP } });
const reset = (username: string, code: string, password = 'Fresh@5678') =>
  call<unknown>('PUT', '/token/resetPassword', { body: { username, password, passwordVerify: password, code }, headers: { 'x-tenantid': SHOP } });

describe('sign-in limits per user name (through the gateway)', () => {
  it('refuses the sixth try after five failures with 429 and when to try again, alike for a known and an unknown user', async () => {
    for (const name of [user('known'), user('nobody')]) {
      for (let i = 0; i < 5; i++) expect(await signIn(name, 'Wrong@1234')).toEqual({ status: 401, body: { message: SIGN_IN_FAILED } });
      const refused = await signIn(name, 'Wrong@1234');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(LIMITED);
      expect(refused.body.message).toMatch(/in 15 minutes\./);
    }
    // Even the right password waits for the window to end: guessing cannot be finished by a lucky sixth try.
    const right = await signIn(user('known'), DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.token).toBeUndefined();
  });

  it('counts failures only: a user who signs in often and mistypes now and then is never limited', async () => {
    for (let round = 0; round < 4; round++) {
      expect((await signIn(user('steady'), 'Wrong@1234')).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await signIn(user('steady'), DEMO_PASSWORD)).status).toBe(200);
    }
  });

  it('cannot be raced: 30 parallel wrong passwords get at most five answers from Cognito', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(user('racer'), 'Wrong@1234')));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(25);
  });
});

describe('reset codes', () => {
  it('are sent at most three times an hour per user name, with the same refusal whether or not the user exists', async () => {
    for (let i = 0; i < 3; i++) expect((await askCode(user('asker'))).body).toBe(1);
    for (let i = 0; i < 3; i++) expect((await askCode(user('ghost'))).body).toBe(0);
    const known = await askCode(user('asker'));
    const unknown = await askCode(user('ghost'));
    expect(known.status).toBe(429);
    // Identical refusals, but for the seconds left, which tick between the two calls.
    const seconds = (answer: typeof known) => (answer.body as unknown as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
    expect(Math.abs(seconds(unknown) - seconds(known))).toBeLessThanOrEqual(2);
    const without = (answer: typeof known) => ({ ...answer, body: { ...(answer.body as object), details: undefined } });
    expect(without(unknown)).toEqual(without(known));
  });

  it('cannot be raced: of 50 parallel guesses at most five are compared, and asking for a new code buys no more', async () => {
    const name = user('owner');
    expect((await askCode(name)).body).toBe(1);
    const code = /\b(\d{6})\b/.exec((await latestMailTo(name)).text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // The right code goes last in the burst: if more than five were compared, it would win.
    const guesses = [...Array.from({ length: 49 }, () => wrong), code];
    const answers = await Promise.all(guesses.map((guess) => reset(name, guess)));
    const compared = answers.filter((a) => a.status === 400 || a.body === 1);
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50 - compared.length);
    expect(answers.every((a) => a.status === 429 || a.status === 200 || (a.body as { message?: string }).message === RESET_CODE_INVALID)).toBe(true);
    const stored = await resetCodeData.get(SHOP, name);
    if (stored) expect(stored.attempts).toBeLessThanOrEqual(5);

    // A new code does not reset the guesses of the hour.
    if (!answers.some((a) => a.body === 1)) {
      expect((await askCode(name)).body).toBe(1);
      const fresh = /\b(\d{6})\b/.exec((await latestMailTo(name)).text)![1]!;
      expect((await reset(name, fresh)).status).toBe(429);
    }
  });
});

/** The real per-client limits, as in AWS: the handler called with the client address API Gateway would give. */
describe('per-client-address limits', () => {
  const event = (routeKey: string, body: unknown, sourceIp: string): ApiEvent => {
    const base = structuredClone(sample) as unknown as ApiEvent;
    delete (base.requestContext as { authorizer?: unknown }).authorizer;
    return {
      ...base,
      routeKey,
      pathParameters: undefined,
      queryStringParameters: undefined,
      headers: { 'content-type': 'application/json', 'x-tenantid': SHOP },
      body: JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: { ...base.requestContext, routeKey, http: { ...base.requestContext.http, sourceIp } },
    };
  };
  const invoke = async (fn: typeof authHandler, e: ApiEvent) => {
    const result = (await fn(e, {} as never)) as ApiResult;
    return { status: result.statusCode, body: JSON.parse(String(result.body)) as { message?: string }, headers: result.headers ?? {} };
  };

  beforeAll(() => {
    // Scaled up for the test stack's shared 127.0.0.1; here the production limits apply.
    process.env.CLIENT_LIMIT_FACTOR = '1';
  });

  it("one user's wrong passwords never refuse another user's right one from the same address", async () => {
    const address = '203.0.113.20';
    // Ten wrong passwords for one cashier: the cashier's own limit closes after five.
    const wrong = [];
    for (let i = 0; i < 10; i++) wrong.push((await invoke(authHandler, event('POST /token/generate', { username: user('mistyper'), password: 'Wrong@1234' }, address))).status);
    expect(wrong.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(wrong.slice(5)).toEqual([429, 429, 429, 429, 429]);
    // The owner and the other staff at the same till sign in as always.
    for (const name of ['owner', 'asker', 'known2']) {
      const right = await invoke(authHandler, event('POST /token/generate', { username: user(name), password: DEMO_PASSWORD }, address));
      expect(right.status, `${name}: ${JSON.stringify(right.body)}`).toBe(200);
    }
  });

  it('a guesser spraying many user names from one address is still refused, and other addresses are not', async () => {
    const address = '203.0.113.7';
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 100; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, j) => invoke(authHandler, event('POST /token/generate', { username: user(`probe${i + j}`), password: 'Wrong@1234' }, address))),
      );
      statuses.push(...batch.map((a) => a.status));
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await invoke(authHandler, event('POST /token/generate', { username: user('probe999'), password: 'Wrong@1234' }, address));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const elsewhere = await invoke(authHandler, event('POST /token/generate', { username: user('probe999'), password: 'Wrong@1234' }, '203.0.113.8'));
    expect(elsewhere.status).toBe(401);
  });

  it('20 staff of one shop behind one address each reset their password within the hour', async () => {
    const address = '198.51.100.4';
    for (let i = 0; i < 20; i++) {
      const name = user(`staff${i}`);
      const asked = await invoke(authHandler, event('POST /token/resetPassword/code', { username: name }, address));
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const code = /\b(\d{6})\b/.exec((await latestMailTo(name)).text)![1]!;
      const done = await invoke(authHandler, event('PUT /token/resetPassword', { username: name, password: 'Fresh@5678', passwordVerify: 'Fresh@5678', code }, address));
      expect(done.status, `${name}: ${JSON.stringify(done.body)}`).toBe(200);
    }
  });

  it('customer sign-ups: refused ones count too, up to the ceiling of one address in a shop', async () => {
    const address = '192.0.2.44';
    const signUp = (i: number, mobile = `95000000${String(i).padStart(2, '0')}`) =>
      invoke(
        customerHandler,
        event('POST /customer/signUp', { tenantId: SHOP, customerName: `shopper${i}`, mobileNumber: mobile, emailId: `shopper${i}@mail.example`, address: 'Vellore', password: 'Shopper@123', passwordVerify: 'Shopper@123' }, address),
      );
    expect((await signUp(0)).status).toBe(200);
    // Probing whether mobile numbers are registered: each refusal is counted.
    const probes = [];
    for (let i = 1; i < 30; i++) probes.push((await signUp(i, '9500000000')).status);
    expect(probes.every((s) => s === 409)).toBe(true);
    expect((await signUp(30)).status).toBe(429);
    expect((await signUp(31, '9500000000')).status).toBe(429);
  });

  it('customer sign-ups: five a day with one mailbox, however its address is written (case, +tag)', async () => {
    const signUp = (i: number, emailId: string) =>
      invoke(
        customerHandler,
        event('POST /customer/signUp', { tenantId: SHOP, customerName: `boxed${i}`, mobileNumber: `94000000${String(i).padStart(2, '0')}`, emailId, address: 'Vellore', password: 'Shopper@123', passwordVerify: 'Shopper@123' }, `192.0.2.${60 + i}`),
      );
    const addresses = ['victim@mail.example', 'Victim@Mail.example', 'victim+1@mail.example', 'VICTIM+shop@MAIL.EXAMPLE', 'victim+2@mail.example'];
    for (const [i, address] of addresses.entries()) expect((await signUp(i, address)).status, address).toBe(200);
    expect((await signUp(5, 'victim+3@mail.example')).status).toBe(429);
    expect((await signUp(6, 'someone.else@mail.example')).status).toBe(200);
  });

  it('public sign-up at the platform tenant, or any tenant id that is not a shop, is refused with 400', async () => {
    for (const tenantId of ['platform', 'PLATFORM', 'no-such-shop', '-', 'x'.repeat(40)]) {
      const answer = await invoke(
        customerHandler,
        event('POST /customer/signUp', { tenantId, customerName: 'Prober', mobileNumber: '9500000099', emailId: 'prober@mail.example', address: 'Vellore', password: 'Shopper@123', passwordVerify: 'Shopper@123' }, '192.0.2.99'),
      );
      expect(answer, tenantId).toMatchObject({ status: 400, body: { message: 'Select the shop' } });
    }
  });
});
