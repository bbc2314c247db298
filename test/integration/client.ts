import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { tenantIdFromUserName } from '../../shared/tenant.js';

export const apiUrl = () => inject('apiUrl');
/** The web app's origin, which the API answers' relative URLs (`/media/...` images) are resolved against. */
export const webUrl = () => apiUrl().replace(/\/api$/, '');

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A plain HTTP call to the local gateway, as the browser makes it. */
export const call = <T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> => callAt<T>(apiUrl(), method, path, options);

/** The same call to the API of another local stack (one a test started itself). */
export async function callAt<T = unknown>(api: string, method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> {
  // A FormData body goes as multipart/form-data, its boundary set by fetch, as the browser sends uploads.
  const form = options.body instanceof FormData;
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  // Not enumerable: tests compare whole answers ({ status, body }) with toEqual.
  return Object.defineProperty({ status: response.status, body: body as T }, 'headers', { value: response.headers, enumerable: false }) as ApiAnswer<T>;
}

const tokens = new Map<string, { token: string; refreshToken: string }>();

/** Signs a seeded user in once per test file and returns the tokens. */
export async function signIn(userName: string, password = DEMO_PASSWORD) {
  const known = tokens.get(userName);
  if (known) return known;
  const answer = await call<{ token: string; refreshToken: string; message?: string }>('POST', '/token/generate', {
    body: { username: userName, password },
    headers: { 'x-tenantid': tenantIdFromUserName(userName) ?? '' },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${userName} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  tokens.set(userName, answer.body);
  return answer.body;
}

export const tokenOf = async (userName: string) => (await signIn(userName)).token;
