import {
  buildPath,
  type BodyIn,
  type ParamsIn,
  type QueryIn,
  type Response,
  type RouteDef,
} from '../../../shared/routes/define.js';
import { tenantIdFromUserName } from '../../../shared/tenant.js';
import { getSession, hasValidToken } from './session.js';

/** Status of a call that never reached the server because the token is missing or expired (spec 1 section 4). */
export const NO_VALID_TOKEN = 600;
export const UNKNOWN_ERROR = 'Unknown Error';
/** Status of a call that got no answer at all (offline, server down). */
export const NO_ANSWER = 0;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The API is served under /api on the web app's own origin, locally and in AWS. */
export const API_BASE = '/api';

export interface CallOptions<R extends RouteDef> {
  params?: ParamsIn<R>;
  query?: QueryIn<R>;
  body?: BodyIn<R>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function urlFor(route: RouteDef, params: unknown, query: unknown): string {
  const path = buildPath(route.path, (params ?? {}) as Record<string, unknown>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** The sign-in and reset calls name their tenant in X-TenantID: the user name's domain (spec 1 section 1). */
function tenantHeader(route: RouteDef, body: unknown): Record<string, string> {
  if (!route.tenantHeader) return {};
  const userName = (body as { username?: unknown } | undefined)?.username;
  const tenantId = typeof userName === 'string' ? tenantIdFromUserName(userName.trim().toLowerCase()) : null;
  return tenantId ? { 'X-TenantID': tenantId } : {};
}

async function errorMessage(response: globalThis.Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status text as the spec says.
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

/**
 * Calls one route of the shared route table, e.g. `callApi(authRoutes.generateToken, { body })`. Screens import
 * their domain's module (`shared/routes/auth.ts`) rather than the index of all domains, so each lazily loaded
 * screen carries only the schemas it uses.
 *
 * Authenticated routes carry the bearer token and fail with status 600 'Unknown Error' without calling the server
 * when there is no unexpired token; non-2xx answers throw an ApiError with the server's message.
 */
export async function callApi<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<Response<R>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...tenantHeader(route, options.body) };
  if (route.access !== 'public') {
    const session = getSession();
    if (!hasValidToken(session)) throw new ApiError(NO_VALID_TOKEN, UNKNOWN_ERROR);
    headers.Authorization = `Bearer ${session.token}`;
  }
  const hasBody = route.bodyKind === 'json' && options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: globalThis.Response;
  try {
    response = await fetch(urlFor(route, options.params, options.query), {
      method: route.method,
      headers: { ...headers, ...options.headers },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NO_ANSWER, 'The server could not be reached. Check the connection and try again.');
  }
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as Response<R>;
}

export const isApiError = (error: unknown, ...statuses: number[]): error is ApiError =>
  error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
