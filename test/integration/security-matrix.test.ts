import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws.js';
import { allRoutes, buildPath, routeKey, type RouteDef } from '../../shared/routes/index.js';
import { call, tokenOf } from './client.js';
import { alphaParams, sampleBodies, sampleQueries, sessionEndingRoutes } from './samples.js';
import { ALPHA_MARK, SESSION_USER } from './tenants.js';

/**
 * Every route of the table, checked three ways: without a token (401), with a token lacking the route's feature
 * (403), and with another tenant's token aimed at tenant alpha's records (alpha's data never shows, never changes).
 */
const protectedRoutes = allRoutes.filter((e) => e.route.access !== 'public');
const featureRoutes = protectedRoutes.filter((e) => e.route.access !== 'signedIn');
const needed = (route: RouteDef) => (typeof route.access === 'string' ? [route.access] : [...route.access]);

let params: Record<string, string>;
beforeAll(async () => {
  params = await alphaParams();
});

const pathOf = (route: RouteDef) => {
  const path = buildPath(route.path, new Proxy({}, { get: (_, name: string) => params[name] ?? '1' }) as Record<string, unknown>);
  const query = Object.entries(sampleQueries[routeKey(route)] ?? {}).map(([name, param]) => [name, params[param] ?? '1']);
  return query.length ? `${path}?${new URLSearchParams(query).toString()}` : path;
};
const bodyOf = (route: RouteDef) => (route.bodyKind === 'none' ? undefined : sampleBodies[routeKey(route)]);

/** Tenant alpha's items as stored, by key, for a before/after comparison (a test may scan; request paths never do). */
async function alphaItems(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME,
        FilterExpression: 'begins_with(pk, :alpha)',
        ExpressionAttributeValues: { ':alpha': 'T#alpha#' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) items.set(`${item.pk} ${item.sk}`, JSON.stringify(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The keys of items added, removed or changed between two looks. */
function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

/**
 * Routes called between two looks at alpha's items. A look scans the whole shared table, which the other test files
 * fill with thousands of items, so it is taken once per group rather than before and after every route; a change is
 * reported with the keys it touched and the group's routes, in the order they were called.
 */
const ROUTES_PER_LOOK = 12;
const groups: RouteDef[][] = [];
for (let i = 0; i < protectedRoutes.length; i += ROUTES_PER_LOOK) groups.push(protectedRoutes.slice(i, i + ROUTES_PER_LOOK).map((e) => e.route));

describe('route table', () => {
  it('has a sample body for every route that takes one', () => {
    const missing = allRoutes.filter((e) => e.route.bodyKind !== 'none' && !(routeKey(e.route) in sampleBodies)).map((e) => routeKey(e.route));
    expect(missing).toEqual([]);
  });

  it('has a sample query for every route whose query has required fields', () => {
    const missing = allRoutes
      .filter((e) => e.route.query && !e.route.query.safeParse({}).success && !(routeKey(e.route) in sampleQueries))
      .map((e) => routeKey(e.route));
    expect(missing).toEqual([]);
  });

  it('declares who may call every route', () => {
    for (const { route } of allRoutes) expect(route.access, routeKey(route)).toBeTruthy();
  });
});

describe.each(protectedRoutes.map((e) => [routeKey(e.route), e.route] as const))('%s', (_, route) => {
  it('answers 401 without a token', async () => {
    expect((await call(route.method, pathOf(route), { body: bodyOf(route) })).status).toBe(401);
  });

  it('answers 401 with a forged token', async () => {
    const real = await tokenOf('admin@beta.shop');
    const [header, payload] = real.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(real), 'custom:tenantId': 'alpha' })).toString('base64url')}.${real.split('.')[2]}`;
    expect(payload).toBeTruthy();
    expect((await call(route.method, pathOf(route), { token: forged, body: bodyOf(route) })).status).toBe(401);
  });
});

describe.each(featureRoutes.map((e) => [routeKey(e.route), e.route] as const))('%s', (_, route) => {
  it('answers 403 to a user without its feature', async () => {
    let token: string | undefined;
    for (const user of ['customer@beta.shop', 'cashier@beta.shop']) {
      const candidate = await tokenOf(user);
      const has = String(decodeJwt(candidate).features).split(',');
      if (!needed(route).some((f) => has.includes(f))) token = candidate;
    }
    expect(token, 'a seeded user lacking the feature').toBeDefined();
    expect((await call(route.method, pathOf(route), { token, body: bodyOf(route) })).status).toBe(403);
  });
});

describe('another tenant', () => {
  it.each(groups.map((group) => [`${routeKey(group[0]!)} … ${routeKey(group.at(-1)!)} (${group.length} routes)`, group] as const))(
    '%s never show or change tenant alpha’s data',
    async (_, group) => {
      const before = await alphaItems();
      expect([...before.values()].some((item) => item.includes(ALPHA_MARK))).toBe(true);
      for (const route of group) {
        const callers = sessionEndingRoutes.has(routeKey(route)) ? [`${SESSION_USER}@beta.shop`] : ['admin@beta.shop', 'customer@beta.shop'];
        for (const user of callers) {
          const answer = await call(route.method, pathOf(route), { token: await tokenOf(user), body: bodyOf(route) });
          expect.soft(answer.status, `${routeKey(route)} as ${user}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
          expect.soft(JSON.stringify(answer.body), `${routeKey(route)} as ${user}`).not.toContain(ALPHA_MARK);
        }
      }
      expect(changedKeys(before, await alphaItems()), `alpha's items changed by one of: ${group.map(routeKey).join(', ')}`).toEqual([]);
    },
    120_000,
  );
});
