import { storefrontBusyMessages } from '../../../shared/busy.js';
import type { BodyIn, ParamsIn, QueryIn, Response, RouteDef } from '../../../shared/routes/define.js';
import { buildPath } from '../../../shared/routes/paths.js';
import { tenantIdFromUserName } from '../../../shared/tenant.js';
import { getSession, hasValidToken } from './session.js';

/** Status of a call that never reached the server because the token is missing or expired (spec 1 section 4). */
export const NO_VALID_TOKEN = 600;
export const UNKNOWN_ERROR = 'Unknown Error';
/** Status of a call that got no answer at all (offline, server down). */
export const NO_ANSWER = 0;

/**
 * One problem of a refused request; bulk saves name the row (counted from 1, as the screen shows rows), a
 * spreadsheet upload the file's row and column (its `reason` becomes the message).
 */
export interface ApiErrorDetail {
  row?: number;
  path?: string;
  column?: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Every problem the server listed (`details` of its answer), when it listed them. */
    readonly details: ApiErrorDetail[] = [],
    /** The whole JSON answer, for refusals whose `details` is not a list (an offline bill's problems). */
    readonly answer?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A call made with the user's token that the server answered 401: the account was deleted or the shop closed since
 * the token was issued. The app ends the session and shows the server's reason on the sign-in screen.
 */
export class SignInEnded extends ApiError {
  constructor(error: ApiError) {
    super(401, error.message, error.details, error.answer);
    this.name = 'SignInEnded';
  }
}

/**
 * The server marks answers to a token whose roles were edited since it was issued (the call was judged by the
 * roles' current features); the app then fetches a fresh token and says that access changed.
 */
export const ACCESS_CHANGED_HEADER = 'x-access-changed';
const accessChangedListeners = new Set<() => void>();
export function onAccessChanged(listener: () => void): () => void {
  accessChangedListeners.add(listener);
  return () => accessChangedListeners.delete(listener);
}

/**
 * A shopper's request refused by the shop's storefront budget (or their own) is sent again after the server's
 * `Retry-After`, up to `BUSY_RETRIES` times, while the storefront says it is trying (`onShopBusy`). The refusal
 * came before anything ran, so sending again is safe. Staff answers are never retried here (the till keeps its
 * own queue), and neither is any other 429.
 */
export const BUSY_RETRIES = 5;
const BUSY_LONGEST_WAIT_SECONDS = 10;
const busyListeners = new Set<(busy: boolean) => void>();
export function onShopBusy(listener: (busy: boolean) => void): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

/** Seconds to wait before sending again, when the answer is a storefront budget's refusal. */
async function busyWait(response: globalThis.Response): Promise<number | undefined> {
  if (response.status !== 429) return undefined;
  const wait = Number(response.headers.get('retry-after'));
  if (!Number.isFinite(wait) || wait < 0 || wait > BUSY_LONGEST_WAIT_SECONDS) return undefined;
  const message = await response
    .clone()
    .json()
    .then((answer: { message?: unknown }) => answer.message)
    .catch(() => undefined);
  return typeof message === 'string' && storefrontBusyMessages.includes(message) ? wait : undefined;
}

const pause = (seconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    });
  });

/** The API is served under /api on the web app's own origin, locally and in AWS. */
export const API_BASE = '/api';

export interface CallOptions<R extends RouteDef> {
  params?: ParamsIn<R>;
  query?: QueryIn<R>;
  body?: BodyIn<R>;
  /** The form of a route with `bodyKind: 'multipart'` (file uploads), sent as multipart/form-data. */
  form?: FormData;
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

function detailOf(value: unknown): ApiErrorDetail[] {
  if (typeof value !== 'object' || value === null) return [];
  const { message, reason } = value as { message?: unknown; reason?: unknown };
  if (typeof message === 'string') return [value as ApiErrorDetail];
  return typeof reason === 'string' ? [{ ...(value as Omit<ApiErrorDetail, 'message'>), message: reason }] : [];
}

async function errorOf(response: globalThis.Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const answer = JSON.parse(text) as { message?: unknown; details?: unknown };
    const { message, details } = answer;
    if (typeof message === 'string' && message) {
      return new ApiError(response.status, message, Array.isArray(details) ? details.flatMap(detailOf) : [], answer);
    }
  } catch {
    // Not JSON (a proxy's error page): fall back to the status text as the spec says.
  }
  return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}`);
}

/** A file the server sends (a spreadsheet, a PDF) rather than JSON. */
const isFileAnswer = (response: globalThis.Response) => {
  const type = response.headers.get('content-type') ?? '';
  return /attachment/i.test(response.headers.get('content-disposition') ?? '') || (!!type && !/json|^text\//i.test(type));
};

/** `attachment; filename="Template.xlsx"` -> `Template.xlsx`. */
function fileNameOf(response: globalThis.Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

async function send<R extends RouteDef>(route: R, options: CallOptions<R>): Promise<globalThis.Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...tenantHeader(route, options.body) };
  if (route.access !== 'public') {
    const session = getSession();
    if (!hasValidToken(session)) throw new ApiError(NO_VALID_TOKEN, UNKNOWN_ERROR);
    headers.Authorization = `Bearer ${session.token}`;
  }
  let body: BodyInit | undefined;
  if (route.bodyKind === 'multipart') {
    // The browser writes the multipart content type with its boundary itself.
    if (!(options.form instanceof FormData)) throw new Error(`${route.method} ${route.path} takes its body as a FormData form`);
    body = options.form;
  } else if (route.bodyKind === 'json' && options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: globalThis.Response;
  let busy = false;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        response = await fetch(urlFor(route, options.params, options.query), {
          method: route.method,
          headers: { ...headers, ...options.headers },
          body,
          signal: options.signal,
        });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        throw new ApiError(NO_ANSWER, 'The server could not be reached. Check the connection and try again.');
      }
      const wait = attempt < BUSY_RETRIES ? await busyWait(response) : undefined;
      if (wait === undefined) break;
      if (!busy) busyListeners.forEach((listener) => listener(true));
      busy = true;
      await pause(wait, options.signal);
    }
  } finally {
    if (busy) busyListeners.forEach((listener) => listener(false));
  }
  if (response.headers.get(ACCESS_CHANGED_HEADER)) accessChangedListeners.forEach((listener) => listener());
  if (!response.ok) {
    const error = await errorOf(response);
    throw route.access !== 'public' && error.status === 401 ? new SignInEnded(error) : error;
  }
  return response;
}

/**
 * Calls one route of the shared route table, e.g. `callApi(authRoutes.generateToken, { body })`. Screens import
 * their domain's module (`shared/routes/auth.ts`) rather than the index of all domains, so each lazily loaded
 * screen carries only the schemas it uses.
 *
 * Authenticated routes carry the bearer token and fail with status 600 'Unknown Error' without calling the server
 * when there is no unexpired token; non-2xx answers throw an ApiError with the server's message (and its `details`).
 * Routes with `bodyKind: 'multipart'` take `form` (a FormData) instead of `body`. A file answer comes back as a Blob.
 */
export async function callApi<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<Response<R>> {
  const response = await send(route, options);
  if (isFileAnswer(response)) return (await response.blob()) as Response<R>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as Response<R>;
}

/** The header a list answers with the cursor of its next page; sent back as `?cursor=` (see shared/schemas/common.ts). */
export const NEXT_PAGE_HEADER = 'X-Next-Page';

const nextPageOf = (response: globalThis.Response) => response.headers.get(NEXT_PAGE_HEADER) ?? undefined;

/** A page of a list and the server's cursor for the page after it (absent on the last page). */
export async function callApiPage<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<{ items: Response<R>; next?: string }> {
  const response = await send(route, options);
  const text = await response.text();
  return { items: (text ? JSON.parse(text) : []) as Response<R>, next: nextPageOf(response) };
}

/** A page whose answer is one object (a report: rows, totals, count) and the server's cursor for the page after it. */
export async function callApiWithNext<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<{ answer: Response<R>; next?: string }> {
  const response = await send(route, options);
  return { answer: JSON.parse(await response.text()) as Response<R>, next: nextPageOf(response) };
}

/** Downloads a file answer with the bearer token, with the name the server gave it (`Template.xlsx`). */
export async function callApiForFile<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(route, options);
  return { blob: await response.blob(), fileName: fileNameOf(response) };
}

export const isApiError = (error: unknown, ...statuses: number[]): error is ApiError =>
  error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
