import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { tenantIdFromUserName } from '../../shared/tenant.js';
import { totpCode } from './totp.js';

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

type SignInAnswer = { token: string; refreshToken: string; message?: string; challenge?: string; session?: string };

/**
 * Signs a seeded user in once per test file and returns the tokens. A user with two-step sign-in on (the platform
 * admin, global-setup.ts) answers the challenge with the code of their authenticator secret.
 */
export async function signIn(userName: string, password = DEMO_PASSWORD) {
  const known = tokens.get(userName);
  if (known) return known;
  const headers = { 'x-tenantid': tenantIdFromUserName(userName) ?? '' };
  let answer = await call<SignInAnswer>('POST', '/token/generate', { body: { username: userName, password }, headers });
  if (answer.status === 200 && answer.body.challenge === 'SOFTWARE_TOKEN_MFA') {
    const secret = inject('authenticatorSecrets')[userName];
    if (!secret) throw new Error(`sign-in of ${userName} asks for an authenticator code, and the tests know no secret of theirs`);
    answer = await call<SignInAnswer>('POST', '/token/mfa', { body: { username: userName, session: answer.body.session, code: totpCode(secret) }, headers });
  }
  if (answer.status !== 200 || !answer.body.token) throw new Error(`sign-in of ${userName} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  tokens.set(userName, answer.body);
  return answer.body;
}

export const tokenOf = async (userName: string) => (await signIn(userName)).token;
