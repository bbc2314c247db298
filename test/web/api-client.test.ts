import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/routes/index.js';
import { ApiError, callApi, SignInEnded } from '../../frontend/src/lib/api-client.js';
import { createQueryClient } from '../../frontend/src/lib/query-client.js';
import { clearSession, startSession } from '../../frontend/src/lib/session.js';
import { jsonResponse, tokenAnswer } from './render.js';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  clearSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const requestOf = (call = 0) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};

describe('callApi without a valid token', () => {
  it('fails with 600 Unknown Error and does not call the server when no one is signed in', async () => {
    const error = await callApi(api.users.currentUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 600, message: 'Unknown Error' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails with 600 once the stored token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startSession(tokenAnswer(120));
    vi.advanceTimersByTime(121_000);
    await expect(callApi(api.policies.all)).rejects.toMatchObject({ status: 600, message: 'Unknown Error' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('callApi requests', () => {
  it('sends the bearer token to authenticated routes under /api', async () => {
    const answer = tokenAnswer(3600);
    startSession(answer);
    fetchMock.mockResolvedValue(jsonResponse(200, [{ policyId: 1, policyName: 'Return Policy' }]));
    const policies = await callApi(api.policies.all);
    expect(policies).toEqual([{ policyId: 1, policyName: 'Return Policy' }]);
    const { url, init, headers } = requestOf();
    expect(url).toBe('/api/policy/all');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe(`Bearer ${answer.token}`);
  });

  it('fills path parameters from the route table, URL-encoded', async () => {
    startSession(tokenAnswer(3600));
    fetchMock.mockResolvedValue(jsonResponse(200, { customerId: 3 }));
    await callApi(api.customers.byAppUser, { params: { appUserId: 42 } });
    expect(requestOf().url).toBe('/api/customer/appUser/42');
  });

  it('calls public routes without a token, naming the tenant of the user name in X-TenantID', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, tokenAnswer(3600)));
    await callApi(api.auth.generateToken, { body: { username: 'Cashier@Demo.shop', password: 'Demo@1234' } });
    const { url, init, headers } = requestOf();
    expect(url).toBe('/api/token/generate');
    expect(init.method).toBe('POST');
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('X-TenantID')).toBe('demo');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'Cashier@Demo.shop', password: 'Demo@1234' });
  });
});

describe('callApi errors', () => {
  it('throws the server’s message with the status of a non-2xx answer', async () => {
    startSession(tokenAnswer(3600));
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'You do not have permission for this action.' }));
    await expect(callApi(api.tenants.currentTenant)).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      message: 'You do not have permission for this action.',
    });
  });

  it('falls back to the status text when the body is not the API’s JSON', async () => {
    startSession(tokenAnswer(3600));
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(callApi(api.tenants.currentTenant)).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('marks a 401 to a call made with the token as an ended sign-in, but not a refused sign-in', async () => {
    startSession(tokenAnswer(3600));
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'This shop is closed.' }));
    const ended = await callApi(api.tenants.currentTenant).catch((e: unknown) => e);
    expect(ended).toBeInstanceOf(SignInEnded);
    expect(ended).toMatchObject({ status: 401, message: 'This shop is closed.' });

    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Invalid username or password' }));
    const refused = await callApi(api.auth.generateToken, { body: { username: 'cashier@demo.shop', password: 'wrong' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).not.toBeInstanceOf(SignInEnded);
  });

  it('sends an ended sign-in to the app even from a screen that shows its own errors', async () => {
    const onError = vi.fn();
    const client = createQueryClient(onError);
    const ended = new SignInEnded(new ApiError(401, 'Your account is no longer active. Please ask the shop.'));
    const refused = new ApiError(400, 'Enter a valid amount');
    for (const error of [ended, refused]) {
      await client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error), meta: { handlesOwnErrors: true } })
        .execute(undefined)
        .catch(() => undefined);
    }
    expect(onError.mock.calls).toEqual([[ended]]);
  });

  it('reports a server that cannot be reached as status 0 with an explanation', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      callApi(api.auth.sendResetCode, { body: { username: 'hr@demo.shop' } }),
    ).rejects.toMatchObject({ status: 0, message: expect.stringContaining('could not be reached') });
  });
});
