import * as z from 'zod';
import type { FeatureName } from '../features.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route:
 * - 'public': no token (sign-in, customer self sign-up, the tenant list);
 * - 'signedIn': any verified user of the tenant (their own profile, their tenant, the policy list);
 * - a feature name, or a list of which any one suffices.
 */
export type Access = 'public' | 'signedIn' | FeatureName | readonly FeatureName[];

/**
 * How the request body arrives: JSON, nothing, a multipart/form-data form (file uploads), which the handler kit
 * parses into `{ fields, files }` (see `multipartForm` in shared/schemas/common.ts) before the body schema runs, or
 * text kept exactly as sent (a webhook, whose signature covers the raw bytes).
 */
export type BodyKind = 'json' | 'none' | 'multipart' | 'text';

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** The path exactly as documented, parameters written `{name}`. */
  path: string;
  access: Access;
  summary: string;
  params: P;
  query: Q;
  body: B;
  bodyKind: BodyKind;
  /** What the route answers, as a type (see `answer`). */
  response: Answer<R>;
  /** The request carries `X-TenantID` that must match the user name's tenant. */
  tenantHeader?: boolean;
  /**
   * Open to a platform admin who has not turned on two-step sign-in yet (platform admins must): what setting it up
   * needs (the web app's sign-in reads of the user, shop, roles and policies, the set-up itself, refresh) and sign
   * out. Every other route refuses them with 403 until it is on (functions/users/standing.ts).
   */
  beforeTwoStep?: boolean;
  /**
   * A catalogue read customers repeat: answered with an `ETag` (a repeat with `If-None-Match` gets 304 and no body)
   * and `Cache-Control: private, max-age=<seconds>`, so the browser reuses it for that long.
   */
  cache?: RouteCache;
}

/**
 * How a cacheable GET is answered. `seconds`: the max-age. `shared`: a public catalogue read, the same for everyone,
 * answered `Cache-Control: public, max-age=<seconds>, stale-while-revalidate=<staleSeconds>` so that CloudFront
 * (and the local gateway) keep it for everyone; otherwise `private`, the one browser's only.
 */
export interface RouteCache {
  seconds: number;
  shared?: { staleSeconds: number };
}

/**
 * A route's answer, declared by its schema's type only: `response: answer<typeof receipt>()`.
 *
 * Requests are parsed at runtime, answers never are: the handlers are type-checked to return the answer and the web
 * app reads it typed. Declaring the answer as a type means the route table does not import the answer schemas as
 * values, so a function's cold start and a page's scripts do not build them. The answer schemas live in the
 * `*-answers.ts` modules of shared/schemas, apart from the request schemas a function must build.
 */
export interface Answer<R extends z.ZodType> {
  readonly kind: 'answer';
  /** Never set: carries the answer's schema type. */
  readonly schema?: R;
}

const ANSWER: Answer<z.ZodType> = Object.freeze({ kind: 'answer' });
export const answer = <R extends z.ZodType>() => ANSWER as Answer<R>;

/** A file answer (a PDF, a spreadsheet): the browser saves the blob. */
export type FileAnswer = z.ZodCustom<Blob, Blob>;

const noParams = z.object({});
const noBody = z.unknown();

type RouteInput<P, Q, B, R extends z.ZodType> = {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  bodyKind?: BodyKind;
  response: Answer<R>;
  tenantHeader?: boolean;
  beforeTwoStep?: boolean;
  cache?: RouteCache;
};

export function route<
  P extends z.ZodType = typeof noParams,
  Q extends z.ZodType = typeof noParams,
  B extends z.ZodType = typeof noBody,
  R extends z.ZodType = z.ZodType,
>(def: RouteInput<P, Q, B, R>): RouteDef<P, Q, B, R> {
  const declared = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const params = (def.params ?? noParams) as P;
  const shape = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
  const missing = declared.filter((name) => !shape.includes(name!));
  if (missing.length) throw new Error(`${def.method} ${def.path}: no schema for path parameter(s) ${missing.join(', ')}`);
  return {
    ...def,
    params,
    query: (def.query ?? noParams) as Q,
    body: (def.body ?? noBody) as B,
    bodyKind: def.bodyKind ?? (def.body ? 'json' : 'none'),
  };
}

/** Catalogue reads customers repeat whose content changes rarely (category cards, policies): kept a minute. */
export const catalogueCache = { seconds: 60 };
/** Reads carrying stock figures, which every sale changes: revalidated each time, a 304 when unchanged. */
export const shelfCache = { seconds: 0 };
/**
 * The public catalogue: fresh for 30 s, then served stale for up to 30 s more while one request fetches it again, so
 * a price or stock change shows to everyone within a minute.
 */
export const publicCatalogueCache: RouteCache = { seconds: 30, shared: { staleSeconds: 30 } };

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export type Params<R extends RouteDef> = z.output<R['params']>;
export type Query<R extends RouteDef> = z.output<R['query']>;
export type Body<R extends RouteDef> = z.output<R['body']>;
export type Response<R extends RouteDef> = z.output<NonNullable<R['response']['schema']>>;
export type ParamsIn<R extends RouteDef> = z.input<R['params']>;
export type QueryIn<R extends RouteDef> = z.input<R['query']>;
export type BodyIn<R extends RouteDef> = z.input<R['body']>;

export { buildPath } from './paths.js';

/** Documented paths as compiled patterns, each compiled once (the local gateway matches every request against them). */
const compiled = new Map<string, { pattern: RegExp; names: string[] }>();

function compile(path: string) {
  const names: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const entry = { pattern: new RegExp(`^${source}$`), names };
  compiled.set(path, entry);
  return entry;
}

/** Matches a concrete path against a documented one, returning the decoded parameters or null. */
export function matchPath(pattern: string, actual: string): Record<string, string> | null {
  const { pattern: regex, names } = compiled.get(pattern) ?? compile(pattern);
  const match = regex.exec(actual);
  if (!match) return null;
  const out: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    // A broken percent-encoding (`%E0%A4%A`) names no resource: no match rather than an exception.
    try {
      out[name] = decodeURIComponent(match[i + 1]!);
    } catch {
      return null;
    }
  }
  return out;
}
