import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_BUSY_NOTICE, STOREFRONT_BUSY } from '../../../../../shared/busy.js';
import { cartRoutes } from '../../../../../shared/routes/cart.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { callApi } from '../../../lib/api-client.js';
import { clearSession, startSession } from '../../../lib/session.js';
import { ShopBusyNotice } from './shop-busy-notice.js';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  clearSession();
  startSession(tokenAnswer(3600, undefined, 'customer@demo.shop'));
});
afterEach(() => vi.unstubAllGlobals());

describe('the shop-busy notice', () => {
  it('says the shop is very busy while a refused request waits to be sent again, and goes when it is answered', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock
      .mockResolvedValueOnce(jsonResponse(429, { message: STOREFRONT_BUSY }, { 'retry-after': '0' }))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(<ShopBusyNotice />);
    const lines = callApi(cartRoutes.byCustomerStatus, { params: { customerId: 7, status: 'InCart' } });
    expect(await screen.findByText(SHOP_BUSY_NOTICE)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    answer(jsonResponse(200, []));
    await expect(lines).resolves.toEqual([]);
    await waitFor(() => expect(screen.queryByText(SHOP_BUSY_NOTICE)).not.toBeInTheDocument());
  });
});
