import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_BUSY, STOREFRONT_BUSY } from '../../../shared/busy.js';
import { cartRoutes } from '../../../shared/routes/cart.js';
import { jsonResponse, tokenAnswer } from '../../../test/web/render.js';
import { ApiError, BUSY_RETRIES, callApi, onShopBusy } from './api-client.js';
import { clearSession, startSession } from './session.js';

const fetchMock = vi.fn<typeof fetch>();
const busy = (message: string, retryAfter = '1') => jsonResponse(429, { message }, { 'retry-after': retryAfter });
const lines = () => callApi(cartRoutes.byCustomerStatus, { params: { customerId: 7, status: 'InCart' } });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  clearSession();
  startSession(tokenAnswer(3600));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a shopper refused by the shop\'s storefront budget', () => {
  it('is sent again after Retry-After while the storefront says it is trying, and gets the answer', async () => {
    const seen: boolean[] = [];
    const stop = onShopBusy((b) => seen.push(b));
    fetchMock.mockResolvedValueOnce(busy(STOREFRONT_BUSY)).mockResolvedValueOnce(busy(CUSTOMER_BUSY)).mockResolvedValueOnce(jsonResponse(200, []));
    const answer = lines();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(answer).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([true, false]);
    stop();
  });

  it(`gives up after ${BUSY_RETRIES} tries with the server's message`, async () => {
    fetchMock.mockImplementation(async () => busy(STOREFRONT_BUSY));
    const answer = lines().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync((BUSY_RETRIES + 1) * 1000);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: STOREFRONT_BUSY });
    expect(fetchMock).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
  });

  it('never retries any other 429 (the staff share, a sign-in lockout)', async () => {
    fetchMock.mockResolvedValue(busy('Your shop is sending more requests at once than the server takes. Please wait a moment and try again.'));
    await expect(lines()).rejects.toMatchObject({ status: 429 });
    fetchMock.mockResolvedValue(busy(STOREFRONT_BUSY, '900'));
    await expect(lines()).rejects.toMatchObject({ status: 429 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
