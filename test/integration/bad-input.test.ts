import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedTenant } from '../../infra/local/seed.js';
import { allRoutes, buildPath, routeKey, type RouteDef } from '../../shared/routes/index.js';
import { apiUrl, tokenOf } from './client.js';
import { sampleBodies, sampleQueries, sessionEndingRoutes } from './samples.js';
import { beta, SESSION_USER } from './tenants.js';

/**
 * Bad input never costs a 500: every route of the table, called by a user who may call it, with broken JSON, bodies
 * of the wrong shape or with every value of the wrong type or far too long, and path values that name nothing. Each
 * answer is a 4xx (or a 2xx where the input happens to be acceptable) with a message a person can read. The calls
 * go to a shop of this file's own, since an input that is accepted changes its data.
 */
const SHOP = 'fuzz';
const users = ['admin', 'cashier', 'customer', SESSION_USER].map((name) => `${name}@${SHOP}.shop`);

const tokens = new Map<string, string>();
beforeAll(async () => {
  await seedTenant({
    ...beta,
    tenant: { ...beta.tenant, tenantId: SHOP, tenantName: SHOP, emailId: `accounts@${SHOP}.shop` },
    users: beta.users.map((u) => ({ ...u, userName: u.userName.replace('@beta.shop', `@${SHOP}.shop`) })),
    walkInCustomers: beta.walkInCustomers?.map((c) => ({ ...c, customerName: c.customerName.replace(/beta/g, SHOP), emailId: `walkin@${SHOP}.example` })),
  });
  for (const user of users) tokens.set(user, await tokenOf(user));
}, 120_000);

/** A user of the shop holding the route's feature; undefined when none of them does (the matrix covers the 403). */
function callerOf(route: RouteDef): string | undefined {
  if (route.access === 'public') return undefined;
  // Signing out ends every session of its caller: the sweep signs out the user kept for that, not the admin.
  if (sessionEndingRoutes.has(routeKey(route))) return tokens.get(users[3]!);
  if (route.access === 'signedIn') return tokens.get(users[0]!);
  const needed: string[] = typeof route.access === 'string' ? [route.access] : [...route.access];
  return users.map((u) => tokens.get(u)!).find((token) => String(decodeJwt(token).features).split(',').some((f) => needed.includes(f)));
}

const LONG = 'x'.repeat(5_000);

/** The sample body with every value of the wrong type (text for numbers, numbers for text, text for flags). */
function mistyped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mistyped);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mistyped(v)]));
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'abc';
  if (typeof value === 'boolean') return 'yes';
  return value;
}

/** The sample body with every text far longer than any field allows. */
function overlong(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(overlong);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, overlong(v)]));
  return typeof value === 'string' ? LONG : value;
}

const jsonBodies = (route: RouteDef): [string, string | undefined][] => {
  if (route.bodyKind !== 'json') return [['no body', undefined]];
  const sample = sampleBodies[routeKey(route)];
  return [
    ['broken JSON', '{"a": '],
    ['null', 'null'],
    ['a list of numbers', '[1, 2, 3]'],
    ['an empty object', '{}'],
    ['every value mistyped', JSON.stringify(mistyped(sample))],
    ['every text overlong', JSON.stringify(overlong(sample))],
  ];
};

// '1' names a record in most lists (the first bill, the first category), so the bodies reach their own checks.
const pathValues = ['1', 'abc', '-5', '99999999999999999999', "x'\"<>", LONG.slice(0, 600)];

function pathOf(route: RouteDef, value: string): string {
  const path = buildPath(route.path, new Proxy({}, { get: () => value }) as Record<string, unknown>);
  const query = Object.keys(sampleQueries[routeKey(route)] ?? {}).map((name) => [name, value]);
  return query.length ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

async function send(route: RouteDef, path: string, token: string | undefined, body: string | undefined) {
  const response = await fetch(`${apiUrl()}${path}`, {
    method: route.method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get('content-type') ?? '' };
}

const routes = allRoutes.filter((e) => e.route.bodyKind !== 'multipart').map((e) => [routeKey(e.route), e.route] as const);

describe.each(routes)('%s', (_, route) => {
  it('answers bad input with a readable refusal, never a 500', async () => {
    const token = callerOf(route);
    const hasParams = /\{\w+\}/.test(route.path) || sampleQueries[routeKey(route)] !== undefined;
    // A delete of record 1 would only take the shop's first records (and the customer's sign-in) from later routes.
    const values = route.method === 'DELETE' ? pathValues.slice(1) : pathValues;
    const paths = hasParams ? values.map((value) => pathOf(route, value)) : [route.path];
    for (const path of paths) {
      for (const [what, body] of jsonBodies(route)) {
        const answer = await send(route, path, token, body);
        const where = `${route.method} ${path.slice(0, 80)} with ${what}: ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status >= 400 && answer.type.includes('json')) {
          const message = (JSON.parse(answer.text) as { message?: unknown }).message;
          expect(typeof message === 'string' && message.length > 0, where).toBe(true);
        }
      }
    }
  });
});

/**
 * The public routes with a tenant id of every kind, in the `X-TenantID` header, the body's `tenantId`, the user
 * name's domain and the `{shop}` of the path: a shop, the platform's own tenant, none, malformed, overlong, or
 * shaped like a key. No answer is a 500.
 */
const tenantValues = ['fuzz', 'platform', 'PLATFORM', 'Fuzz', 'no-such-shop', '', ' ', '-', '..', '../alpha', "x'\"<>", 'T#alpha#USER', 'alpha#x', '0', 'null', 'a'.repeat(41), LONG.slice(0, 600), 'दुकान', 'fuzz\u0000'];
const publicRoutes = allRoutes.filter((e) => e.route.access === 'public' && e.route.bodyKind !== 'multipart').map((e) => [routeKey(e.route), e.route] as const);
/** Header values must be visible ASCII to be sent at all. */
const sendable = (value: string) => /^[\x20-\x7e]*$/.test(value);

function withTenant(value: unknown, tenant: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withTenant(v, tenant));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === 'tenantId' ? tenant : k === 'username' ? `nobody@${tenant}.shop` : withTenant(v, tenant)]),
  );
}

describe.each(publicRoutes)('%s with tenant ids of every kind', (_, route) => {
  it('never answers 500', async () => {
    for (const tenant of tenantValues) {
      const path = buildPath(route.path, new Proxy({}, { get: (__, name) => (name === 'shop' ? tenant || ' ' : '1') }) as Record<string, unknown>);
      const sample = sampleBodies[routeKey(route)];
      const body = route.bodyKind === 'json' && sample !== undefined ? JSON.stringify(withTenant(sample, tenant)) : undefined;
      const response = await fetch(`${apiUrl()}${path}`, {
        method: route.method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(sendable(tenant) ? { 'x-tenantid': tenant } : {}) },
        body,
      });
      const text = await response.text();
      expect(response.status, `${route.method} ${path.slice(0, 80)} tenant ${JSON.stringify(tenant.slice(0, 40))}: ${text.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
