import { createHash, timingSafeEqual } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { routeKey, type Body, type Params, type Query, type Response, type RouteDef } from '../../shared/routes/define.js';
import { findUnsafeText, UNSAFE_TEXT } from '../../shared/schemas/text.js';
import type { Caller, RequestContext } from './context.js';
import { config } from './config.js';
import { AppError, Forbidden, isServiceBusy, SERVICE_BUSY, SERVICE_BUSY_RETRY_SECONDS, ShopBusy, TooManyRequests, Unauthorized, Validation } from './errors.js';
import { takeBudget } from './shop-share.js';
import { rootLogger, type Logger } from './logger.js';
import { parseMultipart } from './multipart.js';
import { standingOf, TWO_STEP_DUE, TwoStepDue } from '../users/standing.js';
import { inRequest } from './tenant-scope.js';
import { sourceMappedStack } from './stack-trace.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A file answer (a PDF, a spreadsheet) instead of JSON. */
export class FileResponse {
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly fileName: string,
  ) {}
}

/** A page of HTML (a shared product link's preview), cached like the JSON answers of its route. */
export class HtmlResponse {
  constructor(readonly html: string) {}
}

/**
 * A page and the opaque cursor of the page after it. The body stays what the route documents (a list, or a report's
 * rows, totals and count); the cursor travels in the `X-Next-Page` header, and the client sends it back as
 * `?cursor=` for the next page.
 */
export class Paged<B> {
  constructor(
    readonly body: B,
    readonly next?: string,
  ) {}
}
export const NEXT_PAGE_HEADER = 'x-next-page';
export const listPage = <T>(page: { items: T[]; next?: string }) => new Paged(page.items, page.next);

export interface HandlerInput<R extends RouteDef> {
  params: Params<R>;
  query: Query<R>;
  body: Body<R>;
  ctx: RequestContext;
}
export type RouteHandler<R extends RouteDef> = (input: HandlerInput<R>) => Promise<Response<R> | FileResponse | HtmlResponse | Paged<Response<R>>>;
export type DomainHandlers<D extends Record<string, RouteDef>> = { [K in keyof D]: RouteHandler<D[K]> };

const json = (statusCode: number, body: unknown): ApiResult => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/**
 * A 200 JSON answer; for a route declaring `cache`, with an ETag of the body and a max-age (private, or public with
 * stale-while-revalidate for the public catalogue), or 304 without a body when the client already holds that very
 * answer.
 */
function answerOf(route: RouteDef, headers: Record<string, string | undefined>, data: unknown): ApiResult {
  const answer =
    data instanceof HtmlResponse
      ? { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: data.html }
      : json(200, data);
  if (!route.cache || route.method !== 'GET') return answer;
  const etag = `W/"${createHash('sha256').update(answer.body ?? '').digest('base64url').slice(0, 27)}"`;
  const { seconds, shared } = route.cache;
  const control = shared
    ? `public, max-age=${seconds}, stale-while-revalidate=${shared.staleSeconds}`
    : seconds ? `private, max-age=${seconds}` : 'private, no-cache';
  const caching = { etag, 'cache-control': control };
  const held = (headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
  if (held.includes(etag) || held.includes('*')) return { statusCode: 304, headers: caching, body: '' };
  return { ...answer, headers: { ...answer.headers, ...caching } };
}

function callerFrom(event: ApiEvent): Caller | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims) return undefined;
  const text = (name: string) => (claims[name] === undefined ? '' : String(claims[name]));
  const list = (name: string) => text(name).split(',').map((s) => s.trim()).filter(Boolean);
  const tenantId = text('custom:tenantId');
  if (!tenantId) return undefined;
  return {
    sub: text('sub'),
    userName: text('email') || text('cognito:username'),
    tenantId,
    appUserId: Number.isInteger(Number(text('appUserId'))) && text('appUserId') ? Number(text('appUserId')) : undefined,
    roleIds: list('roleIds').map(Number).filter(Number.isInteger),
    roleNames: list('roleNames'),
    features: new Set(list('features')),
    tokenId: text('jti'),
    expiresAt: Number(text('exp')) || 0,
    sessionVersion: Number(text('sessionVersion')) || 0,
    roleVersions: new Map(
      list('roleVersions')
        .map((pair) => pair.split(':').map(Number) as [number, number])
        .filter(([id, version]) => Number.isInteger(id) && Number.isInteger(version)),
    ),
  };
}

/**
 * Set on every answer to a token whose roles were edited since it was issued: the call was judged by the roles'
 * current features, and the web app should fetch a fresh token (which carries them) and say that access changed.
 */
export const ACCESS_CHANGED_HEADER = 'x-access-changed';

/**
 * An issue inside a list body (bulk saves) names its row, counted from 1 as the screen shows rows:
 * 'Row 3: Size is required.', with `row` and the field's path in the details.
 */
function describeIssue(issue: z.core.$ZodIssue, listBody: boolean) {
  const [first, ...rest] = issue.path;
  if (listBody && typeof first === 'number') {
    return { text: `Row ${first + 1}: ${issue.message}`, detail: { row: first + 1, path: rest.join('.'), message: issue.message } };
  }
  return { text: issue.message, detail: { path: issue.path.join('.'), message: issue.message } };
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => describeIssue(issue, Array.isArray(value)));
    throw new Validation(issues[0]?.text ?? 'Invalid request', issues.map((i) => i.detail));
  }
  return result.data;
}

/** The shape of a shop id (shared/schemas/tenant.ts); anything else names no shop. */
const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const UNREADABLE_BODY = 'The request body could not be read.';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The body's bytes; a body that is not what `isBase64Encoded` says it is is refused rather than read as noise. */
function bodyBytes(event: ApiEvent): Buffer {
  if (typeof event.body !== 'string') throw new Validation(UNREADABLE_BODY);
  if (!event.isBase64Encoded) return Buffer.from(event.body, 'utf8');
  if (event.body.length % 4 !== 0 || !BASE64.test(event.body)) throw new Validation(UNREADABLE_BODY);
  return Buffer.from(event.body, 'base64');
}

function readBody(event: ApiEvent, route: RouteDef, headers: Record<string, string | undefined>): unknown {
  if (route.bodyKind === 'multipart') {
    // An empty form still reaches the schema, so the route's own message ('Please choose a file.') is what shows.
    if (!event.body) return { fields: {}, files: [] };
    return parseMultipart(bodyBytes(event), headers['content-type'] ?? '');
  }
  if (route.bodyKind === 'none' || !event.body) return route.bodyKind === 'text' ? '' : undefined;
  const text = bodyBytes(event).toString('utf8');
  if (route.bodyKind === 'text') return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new Validation('The request body is not valid JSON.');
  }
}

/**
 * No stored or searched text may hold control characters, broken characters, direction overrides or nothing but
 * invisible characters, on any route. A signed webhook body is checked by its signature, not here.
 */
function refuseUnsafeText(route: RouteDef, input: { params: unknown; query: unknown; body: unknown }) {
  const found = findUnsafeText(route.bodyKind === 'text' ? { params: input.params, query: input.query } : input);
  if (found) throw new Validation(UNSAFE_TEXT, [{ path: found.path.slice(1).join('.'), message: found.reason }]);
}

function lowerHeaders(headers: ApiEvent['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers ?? {})) out[key.toLowerCase()] = value;
  return out;
}

function checkAccess(route: RouteDef, caller: Caller | undefined): void {
  if (route.access === 'public') return;
  if (!caller) throw new Unauthorized();
  if (route.access === 'signedIn') return;
  const needed = typeof route.access === 'string' ? [route.access] : route.access;
  if (!needed.some((feature) => caller.features.has(feature))) throw new Forbidden();
}

/** `X-TenantID` is never trusted: when sent on an authenticated call it must equal the token's tenant. */
function checkTenantHeader(headers: Record<string, string | undefined>, caller: Caller | undefined): void {
  const claimed = headers['x-tenantid'];
  if (caller && claimed && claimed.toLowerCase() !== caller.tenantId) throw new Forbidden('The shop in the request does not match your account.');
}

/**
 * The tenant a request may touch: the verified token's on an authenticated route; on a public route (sign-in,
 * sign-up, reset) the shop the request names in `X-TenantID`, whose services then check it against the user name,
 * or, on the public catalogue, the shop its address names.
 */
function requestTenant(event: ApiEvent, route: RouteDef | undefined, pathParameters: Record<string, string | undefined> = {}): string | undefined {
  if (!isApiEvent(event) || !route) return undefined;
  if (route.access !== 'public') return callerFrom(event)?.tenantId;
  // The public catalogue names its shop in the address (`/public/{shop}/...`), the same for everyone.
  const inPath = pathParameters.shop;
  if (inPath !== undefined) return TENANT_ID.test(inPath) ? inPath : undefined;
  const named = lowerHeaders(event.headers)['x-tenantid']?.toLowerCase();
  return named && TENANT_ID.test(named) ? named : undefined;
}

function errorResult(error: unknown, log: Logger): ApiResult {
  if (error instanceof AppError) {
    if (error.status >= 500) log.error(error.message, { status: error.status });
    else log.info('request refused', { status: error.status, reason: error.message });
    const result = json(error.status, error.details === undefined ? { message: error.message } : { message: error.message, details: error.details });
    if (error instanceof TooManyRequests || error instanceof ShopBusy) result.headers = { ...result.headers, 'retry-after': String(error.retryAfterSeconds) };
    return result;
  }
  const name = (error as { name?: string }).name;
  if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') {
    log.warn('write conflict', { name });
    return json(409, { message: 'This record was changed by someone else. Please try again.' });
  }
  if (isServiceBusy(error)) {
    log.warn('service busy', { name });
    const busy = json(503, { message: SERVICE_BUSY });
    busy.headers = { ...busy.headers, 'retry-after': String(SERVICE_BUSY_RETRY_SECONDS) };
    return busy;
  }
  log.error('unhandled error', {
    error: error instanceof Error ? { name: error.name, message: error.message, stack: sourceMappedStack(error.stack) } : String(error),
  });
  return json(500, { message: 'Something went wrong!!! Please try again.' });
}

/**
 * The caller's address. Behind CloudFront, API Gateway's source address is CloudFront's own, and the viewer's
 * arrives in the header CloudFront adds (`CloudFront-Viewer-Address: <ip>:<port>`), which CDK names.
 */
function clientAddressOf(event: ApiEvent, headers: Record<string, string | undefined>): string {
  const header = config.viewerAddressHeader();
  const viewer = header ? headers[header.toLowerCase()]?.replace(/:\d+$/, '') : undefined;
  return viewer || event.requestContext.http?.sourceIp || 'unknown';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringMap = (value: unknown) => value === undefined || value === null || (isRecord(value) && Object.values(value).every((v) => typeof v === 'string'));

function isApiEvent(event: unknown): event is ApiEvent {
  if (!isRecord(event) || typeof event.routeKey !== 'string' || !isRecord(event.requestContext)) return false;
  return isStringMap(event.headers) && isStringMap(event.pathParameters) && isStringMap(event.queryStringParameters);
}

/** The header CloudFront adds to every request it sends the API, with the deploy's secret value. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Whether the request carries CloudFront's origin secret; always, where none is set (the local stack). */
function cameThroughCloudFront(event: ApiEvent): boolean {
  const expected = config.originVerify();
  if (!expected) return true;
  const given = Buffer.from(lowerHeaders(event.headers)[ORIGIN_VERIFY_HEADER] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

type RouteFound =
  | { key: string; entry: { route: RouteDef; handle: RouteHandler<RouteDef> }; pathParameters: Record<string, string | undefined>; refusal?: undefined }
  | { key: string; entry?: undefined; pathParameters?: undefined; refusal: ApiResult };

const GREEDY = '/{proxy+}';

/**
 * The path a greedy gateway route was called with, from its route key and the `proxy` parameter (which API Gateway
 * has decoded), without the stage or a custom domain's base path that `rawPath` may carry; undefined for an event
 * of no greedy route.
 */
function requestPath(event: ApiEvent): string | undefined {
  const [, template] = event.routeKey.split(' ', 2);
  if (!template || (template.includes('{') && !template.endsWith(GREEDY))) return undefined;
  if (!template.endsWith(GREEDY)) return template;
  const rest = event.pathParameters?.proxy;
  return rest ? `${template.slice(0, -GREEDY.length)}/${rest}` : undefined;
}

/** A documented path against a decoded one, segment by segment: literals equal, each `{param}` one whole segment. */
function matchDecodedPath<E>(pattern: string, path: string, entry: E): { entry: E; params: Record<string, string>; rank: number[] }[] {
  const [wanted, actual] = [pattern.split('/'), path.split('/')];
  if (wanted.length !== actual.length) return [];
  const params: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    const value = actual[i]!;
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name === undefined ? segment !== value : value === '') return [];
    if (name !== undefined) params[name] = value;
  }
  return [{ entry, params, rank: wanted.map((segment) => (segment.startsWith('{') ? 0 : 1)) }];
}

const bySpecificity = (a: { rank: number[] }, b: { rank: number[] }) => {
  for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return b.rank[i]! - a.rank[i]!;
  return 0;
};

/** What every signed-in request passes before its route runs; the stored records by default (tests give their own). */
export interface RequestGuards {
  /**
   * Why a verified caller may no longer act (a deleted user, a closed shop, an ended session), or the caller with
   * the access their roles give now, or that they must turn on two-step sign-in first (a platform admin).
   */
  standing: (caller: Caller) => Promise<string | undefined | Caller | TwoStepDue>;
  /**
   * Takes one request of the verified caller's budget (the shop's staff share, or a shopper's own and the shop's
   * storefront ceiling), or refuses it (functions/lib/shop-share.ts).
   */
  share: (caller: Caller, now: Date) => Promise<void>;
}

/**
 * The Lambda handler of one domain: finds the route by the API Gateway route key or, behind a greedy route, by the
 * method and path, checks access from the token's claims, validates path, query and body with the route's zod
 * schemas, runs the route's handler and maps errors.
 */
export function domainHandler<D extends Record<string, RouteDef>>(
  domain: string,
  routes: D,
  handlers: DomainHandlers<D>,
  guards: Partial<RequestGuards> = {},
) {
  const { standing = standingOf, share = takeBudget } = guards;
  const byKey = new Map<string, { route: RouteDef; handle: RouteHandler<RouteDef> }>();
  for (const [name, route] of Object.entries(routes)) {
    byKey.set(routeKey(route), { route, handle: handlers[name] as RouteHandler<RouteDef> });
  }
  const entries = [...byKey.values()];

  /**
   * The table route of a request and its path parameters. A gateway route that is a table route's own carries its
   * parameters; a domain's greedy route (`ANY /expense/{proxy+}`, infra/api-routes.ts) carries the rest of the path,
   * which is matched here against the domain's routes as API Gateway would: literal segments before parameters.
   * A path no route has is answered 404; one whose routes take other methods, 405 with the methods they take.
   */
  const routeOf = (event: ApiEvent): RouteFound => {
    const own = byKey.get(event.routeKey);
    if (own) return { key: event.routeKey, entry: own, pathParameters: event.pathParameters ?? {} };
    const path = requestPath(event);
    const method = event.requestContext.http?.method ?? '';
    const matching = path === undefined ? [] : entries.flatMap((e) => matchDecodedPath(e.route.path, path, e));
    const chosen = matching.filter((m) => m.entry.route.method === method).sort(bySpecificity)[0];
    if (chosen) return { key: routeKey(chosen.entry.route), entry: chosen.entry, pathParameters: chosen.params };
    const key = `${method} ${path ?? event.routeKey}`;
    if (!matching.length) return { key, refusal: json(404, { message: `No route ${key}` }) };
    const allow = [...new Set(matching.map((m) => m.entry.route.method))].sort().join(', ');
    const refusal = json(405, { message: `${method} is not allowed here; this address takes ${allow}.` });
    return { key, refusal: { ...refusal, headers: { ...refusal.headers, allow } } };
  };

  const dispatch = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    // API Gateway always sends these; anything else reaching the function is refused, not half read.
    if (!isApiEvent(event)) return json(400, { message: 'The request could not be read.' });
    const outcome = await judged(event, context);
    if (outcome.changed) outcome.result.headers = { ...outcome.result.headers, [ACCESS_CHANGED_HEADER]: '1' };
    return outcome.result;
  };

  /** The answer, and whether it was judged by roles edited since the token was issued. */
  const judged = async (event: ApiEvent, context: Context): Promise<{ result: ApiResult; changed: boolean }> => {
    const started = Date.now();
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'local';
    let caller = callerFrom(event);
    let accessChanged = false;
    const found = routeOf(event);
    const log = rootLogger.child({ domain, route: found.key, requestId, tenantId: caller?.tenantId, user: caller?.userName });
    if (!cameThroughCloudFront(event)) {
      log.warn('request past CloudFront refused');
      return { result: json(403, { message: 'Forbidden' }), changed: false };
    }
    if (!found.entry) return { result: found.refusal, changed: false };
    const { entry, pathParameters } = found;
    const now = new Date();
    const headers = lowerHeaders(event.headers);
    const ctx: RequestContext = {
      requestId,
      log,
      now,
      get caller() {
        return caller;
      },
      headers,
      clientAddress: clientAddressOf(event, headers),
      get me() {
        if (!caller) throw new Unauthorized();
        return caller;
      },
      get actor() {
        if (!caller) throw new Unauthorized();
        return { userName: caller.userName, now };
      },
    };
    try {
      if (caller && entry.route.access !== 'public') {
        // The standing first: a stranger's, signed-out, deleted or closed-shop token is refused before it is
        // counted, so it uses up no shop's budget, and so is a platform admin's without two-step sign-in outside its
        // set-up; then the budget of who the caller now is.
        let current = await standing(caller);
        if (typeof current === 'string') throw new Unauthorized(current);
        if (current instanceof TwoStepDue) {
          if (!entry.route.beforeTwoStep) throw new Forbidden(TWO_STEP_DUE);
          current = current.caller;
        }
        if (current) [caller, accessChanged] = [current, true];
        await share(caller, now);
      }
      checkAccess(entry.route, caller);
      checkTenantHeader(ctx.headers, caller);
      const params = parse(entry.route.params, pathParameters);
      const query = parse(entry.route.query, event.queryStringParameters ?? {});
      const body = entry.route.bodyKind === 'none' ? undefined : parse(entry.route.body, readBody(event, entry.route, ctx.headers));
      refuseUnsafeText(entry.route, { params, query, body });
      const result = await entry.handle({ params, query, body, ctx });
      log.info('request done', { status: 200, ms: Date.now() - started });
      if (result instanceof FileResponse) {
        const file: ApiResult = {
          statusCode: 200,
          isBase64Encoded: true,
          headers: {
            'content-type': result.contentType,
            'content-disposition': `attachment; filename="${result.fileName}"`,
            'cache-control': 'no-store',
          },
          body: result.body.toString('base64'),
        };
        return { result: file, changed: accessChanged };
      }
      if (result instanceof Paged) {
        const answer = answerOf(entry.route, ctx.headers, result.body);
        if (result.next) answer.headers = { ...answer.headers, [NEXT_PAGE_HEADER]: result.next };
        return { result: answer, changed: accessChanged };
      }
      return { result: answerOf(entry.route, ctx.headers, result ?? null), changed: accessChanged };
    } catch (error) {
      return { result: errorResult(error, log), changed: accessChanged };
    }
  };

  // Every data access of a request runs as one tenant: the token's, or on a public route the shop it names.
  const scoped = (event: ApiEvent, context: Context) => {
    const found = isApiEvent(event) ? routeOf(event) : undefined;
    return inRequest(requestTenant(event, found?.entry?.route, found?.pathParameters), () => dispatch(event, context));
  };
  return middy<ApiEvent, ApiResult>().handler(scoped);
}
