import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import { domainHandler, type ApiEvent, type ApiResult } from '../../functions/lib/handler.js';
import { answer, route } from '../../shared/routes/define.js';
import { idParam } from '../../shared/schemas/common.js';

process.env.LOG_LEVEL = 'silent';

const routes = {
  byId: route({ method: 'GET', path: '/stock/{id}', access: 'StockList', summary: 'test', params: z.object({ id: idParam }), response: answer<z.ZodString>() }),
  low: route({ method: 'GET', path: '/stock/low', access: 'StockList', summary: 'test', response: answer<z.ZodString>() }),
  search: route({
    method: 'GET',
    path: '/stock/{id}/{text}',
    access: 'StockList',
    summary: 'test',
    params: z.object({ id: idParam, text: z.string() }),
    response: answer<z.ZodString>(),
  }),
  remove: route({ method: 'DELETE', path: '/stock/{id}', access: 'InventoryEdit', summary: 'test', params: z.object({ id: idParam }), response: answer<z.ZodString>() }),
  root: route({ method: 'GET', path: '/stock', access: 'StockList', summary: 'test', response: answer<z.ZodString>() }),
  shelf: route({ method: 'GET', path: '/public/{shop}/shelf', access: 'public', summary: 'test', params: z.object({ shop: z.string() }), response: answer<z.ZodString>() }),
};

const handler = domainHandler(
  'test',
  routes,
  {
    byId: async ({ params }) => `item ${params.id}`,
    low: async () => 'low',
    search: async ({ params }) => `${params.id}: ${params.text}`,
    remove: async ({ params }) => `removed ${params.id}`,
    root: async () => 'all',
    shelf: async ({ params }) => `shelf of ${params.shop}`,
  },
  { standing: async () => undefined, share: async () => undefined },
);

const claims = { 'custom:tenantId': 'demo', email: 'x@demo.shop', features: 'StockList' };

/** An event as API Gateway sends it for a greedy route: the route key, the decoded rest of the path, the stage in rawPath. */
function greedy(method: string, routeKey: string, proxy: string | undefined, withClaims: Record<string, string> | null = claims): ApiEvent {
  const base = structuredClone(sample) as unknown as ApiEvent;
  base.routeKey = routeKey;
  base.requestContext.routeKey = routeKey;
  base.requestContext.http.method = method;
  base.rawPath = `/api${routeKey.split(' ')[1]!.replace('{proxy+}', proxy ?? '')}`;
  base.pathParameters = proxy === undefined ? undefined : { proxy };
  base.headers = {};
  if (withClaims === null) delete (base.requestContext as { authorizer?: unknown }).authorizer;
  else base.requestContext.authorizer.jwt.claims = withClaims;
  return base;
}
const invoke = async (e: ApiEvent) => {
  const result = (await handler(e, {} as never)) as ApiResult;
  return { status: result.statusCode, body: JSON.parse(String(result.body)), headers: result.headers };
};

describe('a domain behind its greedy routes', () => {
  it('matches the method and the rest of the path against its routes, literal segments first', async () => {
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', '7'))).body).toBe('item 7');
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', 'low'))).body).toBe('low');
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', '7/rice 5kg'))).body).toBe('7: rice 5kg');
    expect((await invoke(greedy('GET', 'ANY /stock', undefined))).body).toBe('all');
  });

  it('takes the decoded path as API Gateway sends it, without decoding it again', async () => {
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', '7/50%25 off'))).body).toBe('7: 50%25 off');
  });

  it('answers 404 for a path none of its routes has, and 405 naming the methods for one of another method', async () => {
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', '7/a/b'))).status).toBe(404);
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', ''))).status).toBe(404);
    const wrong = await invoke(greedy('PUT', 'ANY /stock/{proxy+}', '7'));
    expect(wrong.status).toBe(405);
    expect(wrong.headers?.allow).toBe('DELETE, GET');
    expect((await invoke(greedy('POST', 'ANY /stock', undefined))).status).toBe(405);
  });

  it('still checks access on the route it found: no claims is 401, a missing feature 403', async () => {
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', '7', null))).status).toBe(401);
    expect((await invoke(greedy('DELETE', 'ANY /stock/{proxy+}', '7'))).status).toBe(403);
  });

  it("validates the path parameters it found, and reads a public route's shop from them", async () => {
    expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', 'abc'))).status).toBe(400);
    expect((await invoke(greedy('GET', 'ANY /public/{proxy+}', 'demo/shelf', null))).body).toBe('shelf of demo');
  });

  it("still takes a table route's own gateway route with its parameters", async () => {
    const own = greedy('GET', 'GET /stock/{id}', undefined);
    own.pathParameters = { id: '9' };
    expect((await invoke(own)).body).toBe('item 9');
  });
});

describe('a request past CloudFront', () => {
  it('is refused when the deploy set an origin secret and the request does not carry it', async () => {
    process.env.ORIGIN_VERIFY = 'a-secret-value-of-the-deploy';
    try {
      expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', '7'))).status).toBe(403);
      expect((await invoke(greedy('GET', 'ANY /stock/{proxy+}', 'nothing/here'))).status).toBe(403);
      const wrong = greedy('GET', 'ANY /stock/{proxy+}', '7');
      wrong.headers = { 'X-Origin-Verify': 'a-secret-value-of-the-deplo' };
      expect((await invoke(wrong)).status).toBe(403);
      const through = greedy('GET', 'ANY /stock/{proxy+}', '7');
      through.headers = { 'X-Origin-Verify': 'a-secret-value-of-the-deploy' };
      expect((await invoke(through)).body).toBe('item 7');
    } finally {
      delete process.env.ORIGIN_VERIFY;
    }
  });
});
