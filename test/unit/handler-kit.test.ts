import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import { Conflict, NotFound } from '../../functions/lib/errors.js';
import { domainHandler, type ApiEvent, type ApiResult } from '../../functions/lib/handler.js';
import { TWO_STEP_DUE, TwoStepDue } from '../../functions/users/standing.js';
import { answer, route } from '../../shared/routes/define.js';
import { idParam } from '../../shared/schemas/common.js';

process.env.LOG_LEVEL = 'silent';

const routes = {
  stock: route({
    method: 'GET',
    path: '/stock/{id}',
    access: 'StockList',
    summary: 'test',
    params: z.object({ id: idParam }),
    response: answer<z.ZodObject<{ id: z.ZodNumber; tenant: z.ZodString; by: z.ZodString }>>(),
  }),
  save: route({
    method: 'POST',
    path: '/stock',
    access: ['InventoryEdit', 'PurchaseEdit'],
    summary: 'test',
    body: z.object({ quantity: z.number({ error: 'Enter the number!!!' }) }),
    response: answer<z.ZodNumber>(),
  }),
  open: route({ method: 'GET', path: '/open', access: 'public', summary: 'test', response: answer<z.ZodString>() }),
};

const handler = domainHandler('test', routes, {
  async stock({ params, ctx }) {
    if (params.id === 404) throw new NotFound('No Stock Found');
    if (params.id === 409) throw new Conflict('Only 2 in Stock');
    if (params.id === 500) throw new Error('database exploded');
    return { id: params.id, tenant: ctx.me.tenantId, by: ctx.actor.userName };
  },
  save: async ({ body }) => body.quantity * 2,
  open: async ({ ctx }) => (ctx.caller ? 'signed in' : 'anonymous'),
}, {
  standing: async (caller) => (caller.userName === 'gone@demo.shop' ? 'Your account is no longer active. Please ask the shop.' : undefined),
  share: async () => undefined,
});

function event(routeKey: string, changes: Partial<ApiEvent> = {}, claims?: Record<string, string> | null): ApiEvent {
  const base = structuredClone(sample) as unknown as ApiEvent;
  base.routeKey = routeKey;
  base.requestContext.routeKey = routeKey;
  if (claims === null) delete (base.requestContext as { authorizer?: unknown }).authorizer;
  else if (claims) base.requestContext.authorizer.jwt.claims = claims;
  return { ...base, ...changes };
}
const invoke = async (e: ApiEvent) => {
  const result = (await handler(e, {} as never)) as ApiResult;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) };
};

describe('domain handler', () => {
  it('reads the tenant and user only from the verified claims, and validates path parameters', async () => {
    const answer = await invoke(event('GET /stock/{id}', { pathParameters: { id: '7' }, headers: { 'x-tenantid': 'demo' } }));
    expect(answer).toEqual({ status: 200, body: { id: 7, tenant: 'demo', by: 'cashier@demo.shop' } });
  });

  it('refuses an X-TenantID that is not the token tenant', async () => {
    const answer = await invoke(event('GET /stock/{id}', { pathParameters: { id: '7' }, headers: { 'x-tenantid': 'other' } }));
    expect(answer.status).toBe(403);
  });

  it('answers 401 without claims and 403 without the feature', async () => {
    expect((await invoke(event('GET /stock/{id}', { pathParameters: { id: '7' } }, null))).status).toBe(401);
    const noFeature = await invoke(
      event('GET /stock/{id}', { pathParameters: { id: '7' } }, { 'custom:tenantId': 'demo', email: 'x@demo.shop', features: 'CartEdit' }),
    );
    expect(noFeature).toEqual({ status: 403, body: { message: 'You do not have permission for this action.' } });
  });

  it('refuses a verified token whose account no longer stands, before the handler runs', async () => {
    const claims = { 'custom:tenantId': 'demo', email: 'gone@demo.shop', appUserId: '9', features: 'InventoryList' };
    const gone = await invoke(event('GET /stock/{id}', { pathParameters: { id: '7' } }, claims));
    expect(gone).toEqual({ status: 401, body: { message: 'Your account is no longer active. Please ask the shop.' } });
    // A public route does not ask.
    expect(await invoke(event('GET /open', {}, claims))).toEqual({ status: 200, body: 'signed in' });
  });

  it('judges a token whose roles were edited by the access they give now, and marks the answer', async () => {
    // The stored role lost StockList and gained PurchaseEdit since the token was issued.
    const edited = domainHandler('test', routes, {
      stock: async () => ({ id: 1, tenant: 'demo', by: 'x' }),
      save: async ({ body, ctx }) => (ctx.me.features.has('PurchaseEdit') ? body.quantity : -1),
      open: async () => 'open',
    }, { standing: async (caller) => ({ ...caller, features: new Set(['PurchaseEdit']) }), share: async () => undefined });
    const send = async (e: ApiEvent) => (await edited(e, {} as never)) as ApiResult;
    const claims = { 'custom:tenantId': 'demo', email: 'x@demo.shop', appUserId: '3', features: 'StockList' };
    const refused = await send(event('GET /stock/{id}', { pathParameters: { id: '7' } }, claims));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers?.['x-access-changed']).toBe('1');
    const allowed = await send(event('POST /stock', { body: JSON.stringify({ quantity: 4 }) }, claims));
    expect({ status: allowed.statusCode, body: JSON.parse(String(allowed.body)), changed: allowed.headers?.['x-access-changed'] }).toEqual({ status: 200, body: 4, changed: '1' });
    // An unchanged token's answers carry no mark.
    expect((await handler(event('POST /stock', { body: JSON.stringify({ quantity: 4 }) }), {} as never) as ApiResult).headers?.['x-access-changed']).toBeUndefined();
  });

  it('refuses a platform admin without two-step sign-in on every route but its set-up (403), before counting the request', async () => {
    let counted = 0;
    const setUp = route({ method: 'GET', path: '/setUp', access: 'signedIn', beforeTwoStep: true, summary: 'test', response: answer<z.ZodString>() });
    const due = domainHandler('test', { ...routes, setUp }, {
      stock: async () => ({ id: 1, tenant: 'platform', by: 'x' }),
      save: async () => 1,
      open: async () => 'open',
      setUp: async ({ ctx }) => ctx.me.userName,
    }, { standing: async () => new TwoStepDue(undefined), share: async () => void (counted += 1) });
    const send = async (e: ApiEvent) => {
      const result = (await due(e, {} as never)) as ApiResult;
      return { status: result.statusCode, body: JSON.parse(String(result.body)) };
    };
    const claims = { 'custom:tenantId': 'platform', email: 'admin@platform.shop', appUserId: '1', features: 'StockList' };
    expect(await send(event('GET /stock/{id}', { pathParameters: { id: '7' } }, claims))).toEqual({ status: 403, body: { message: TWO_STEP_DUE } });
    expect(counted).toBe(0);
    expect(await send(event('GET /setUp', {}, claims))).toEqual({ status: 200, body: 'admin@platform.shop' });
    expect(counted).toBe(1);
  });

  it('accepts any one of several features', async () => {
    const answer = await invoke(event('POST /stock', { body: JSON.stringify({ quantity: 4 }) }));
    expect(answer).toEqual({ status: 200, body: 8 });
  });

  it('answers 400 with the schema message for bad input, before the handler runs', async () => {
    expect(await invoke(event('GET /stock/{id}', { pathParameters: { id: 'abc' } }))).toMatchObject({ status: 400, body: { message: 'Enter a valid id' } });
    expect(await invoke(event('POST /stock', { body: JSON.stringify({ quantity: 'many' }) }))).toMatchObject({ status: 400, body: { message: 'Enter the number!!!' } });
    expect(await invoke(event('POST /stock', { body: '{' }))).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });

  it('maps typed errors to their status and hides unexpected ones behind a 500 message', async () => {
    expect(await invoke(event('GET /stock/{id}', { pathParameters: { id: '404' } }))).toEqual({ status: 404, body: { message: 'No Stock Found' } });
    expect(await invoke(event('GET /stock/{id}', { pathParameters: { id: '409' } }))).toEqual({ status: 409, body: { message: 'Only 2 in Stock' } });
    const crash = await invoke(event('GET /stock/{id}', { pathParameters: { id: '500' } }));
    expect(crash.status).toBe(500);
    expect(JSON.stringify(crash.body)).not.toContain('exploded');
  });

  it('serves public routes without claims', async () => {
    expect(await invoke(event('GET /open', {}, null))).toEqual({ status: 200, body: 'anonymous' });
  });

  it('answers 404 for a route key it does not know', async () => {
    expect((await invoke(event('GET /nowhere'))).status).toBe(404);
  });
});
