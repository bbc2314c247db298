import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import { domainHandler, UNREADABLE_BODY, type ApiEvent, type ApiResult } from '../../functions/lib/handler.js';
import { api, domainNames, routeKey, type RouteDef } from '../../shared/routes/index.js';

process.env.LOG_LEVEL = 'silent';

/**
 * Every route of the product behind the real handler kit (access, tenant header, the route's own zod schemas, body
 * decoding), with handlers that only echo: what the kit lets through has passed validation, so no malformed event
 * can reach a domain's code, and none may end in a 500 or a thrown error.
 */
const handlers = Object.fromEntries(
  domainNames.map((domain) => {
    const routes = api[domain] as Record<string, RouteDef>;
    const echo = Object.fromEntries(Object.keys(routes).map((name) => [name, async () => null]));
    return [domain, domainHandler(domain, routes, echo as never, { standing: async () => undefined, share: async () => undefined })];
  }),
);
const everyRoute = domainNames.flatMap((domain) => Object.values(api[domain] as Record<string, RouteDef>).map((route) => ({ domain, route })));

/** Claims of a shop owner holding every feature any route asks for, so requests get past access to the parsing. */
const features = [...new Set(everyRoute.flatMap(({ route }) => (typeof route.access === 'string' ? [route.access] : Array.isArray(route.access) ? route.access : [])))];
const claims = { ...sample.requestContext.authorizer.jwt.claims, features: features.join(',') };

async function run(domain: string, event: unknown): Promise<ApiResult> {
  return (await handlers[domain]!(event as ApiEvent, {} as never)) as ApiResult;
}

function eventFor(route: RouteDef, changes: Partial<ApiEvent>): ApiEvent {
  const base = structuredClone(sample) as unknown as ApiEvent;
  base.routeKey = routeKey(route);
  base.requestContext.routeKey = base.routeKey;
  base.requestContext.authorizer.jwt.claims = claims;
  base.headers = { 'content-type': route.bodyKind === 'multipart' ? 'multipart/form-data; boundary=x' : 'application/json' };
  return { ...base, ...changes };
}

const brokenEncodings = fc.constantFrom('%E0%A4%A', '%', '%zz', '%C0%AF', '\uD800', '..%2F..%2Fetc', '\u0000', 'a'.repeat(5000));
const notBase64 = fc.constantFrom('{"quantity":1}', '@@@@', 'abc', '====', 'YWJj\n', '\uD83D');
const junkValue = fc.oneof(fc.string(), fc.constant(''), brokenEncodings, fc.string({ unit: 'binary', maxLength: 40 }));
const routeArb = fc.constantFrom(...everyRoute);

describe('malformed API Gateway events', () => {
  it('undecodable or junk path and query parameters get a 4xx on every route, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(routeArb, fc.dictionary(fc.string({ maxLength: 8 }), junkValue, { maxKeys: 3 }), junkValue, async ({ domain, route }, query, param) => {
        const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const pathParameters = Object.fromEntries(names.map((name) => [name, param]));
        const result = await run(domain, eventFor(route, { pathParameters, queryStringParameters: query }));
        expect(result.statusCode).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('a body that is not what isBase64Encoded says is refused as unreadable on every route that takes one', async () => {
    const withBody = everyRoute.filter(({ route }) => route.bodyKind !== 'none');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBody), notBase64, async ({ domain, route }, body) => {
        const result = await run(domain, eventFor(route, { body, isBase64Encoded: true, pathParameters: undefined }));
        expect(result.statusCode).toBeGreaterThanOrEqual(400);
        expect(result.statusCode).toBeLessThan(500);
        // Path parameters are checked first; where they pass, the body is what is refused.
        if (!/\{/.test(route.path)) expect(JSON.parse(String(result.body)).message).toBe(UNREADABLE_BODY);
      }),
      { numRuns: 150 },
    );
  });

  it('raw bytes, binary text and broken multipart bodies get a 4xx, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(routeArb, fc.uint8Array({ maxLength: 300 }), fc.boolean(), async ({ domain, route }, bytes, asBase64) => {
        const body = asBase64 ? Buffer.from(bytes).toString('base64') : Buffer.from(bytes).toString('latin1');
        const result = await run(domain, eventFor(route, { body, isBase64Encoded: asBase64 }));
        expect(result.statusCode).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    const upload = everyRoute.find(({ route }) => route.path === '/inventory/saveByFile/{userName}')!;
    const brokenName = '--x\r\ncontent-disposition: form-data; name="file"; filename*=utf-8\'\'%E0%A4%A\r\n\r\nabc\r\n--x--\r\n';
    const result = await run(upload.domain, eventFor(upload.route, { body: brokenName, isBase64Encoded: false, pathParameters: { userName: 'owner@demo.shop' } }));
    expect(JSON.parse(String(result.body)).message).toBe('The uploaded form could not be read. Please choose the file again.');
    expect(result.statusCode).toBe(400);
  });

  it('events that are not API Gateway events at all are refused with 400', async () => {
    const { domain, route } = everyRoute[0]!;
    const broken: unknown[] = [
      null,
      'GET /',
      [],
      {},
      { routeKey: routeKey(route) },
      { ...eventFor(route, {}), headers: { a: 1 } },
      { ...eventFor(route, {}), pathParameters: { id: { $gt: '' } } },
      { ...eventFor(route, {}), body: { nested: true } },
    ];
    for (const event of broken) expect((await run(domain, event)).statusCode, JSON.stringify(event)).toBe(400);
  });
});
