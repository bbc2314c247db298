import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentRoutes } from '../../../../../shared/routes/payments.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage } from '../../../lib/cursor-pages.js';

/** The owner's UPI payments not counted by a till QR code, to refund (docs/point-of-sale.md, "UPI payments to refund"). */
const keys = {
  page: (page: number) => ['upiRefunds', 'page', page] as const,
  count: ['upiRefunds', 'count'] as const,
};

export const UPI_REFUNDS_PAGE = 10;

/** A page (from 1), newest first; Next follows the server's cursor. */
export function useUncountedUpiPage(page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.page(page),
    queryFn: () =>
      fetchCursorPage(queryClient, keys.page(page - 1), page, (cursor) =>
        callApiPage(paymentRoutes.uncountedUpi, { query: { page: page - 1, size: UPI_REFUNDS_PAGE, cursor } }),
      ),
    select: (data) => ({ rows: data.items, hasNext: Boolean(data.next) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many still wait for a refund (one counter read), for the till closes screen. */
export function useUncountedUpiCount(enabled = true) {
  return useQuery({ queryKey: keys.count, queryFn: () => callApi(paymentRoutes.uncountedUpiCount), enabled, staleTime: 0 });
}

function useSettle<V>(call: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { handlesOwnErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['upiRefunds'] }),
  });
}

export const useRefundUncountedUpi = () => useSettle((paymentId: string) => callApi(paymentRoutes.refundUncountedUpi, { params: { paymentId } }));
export const useRefundedOutside = () =>
  useSettle(({ paymentId, note }: { paymentId: string; note: string }) => callApi(paymentRoutes.uncountedUpiRefundedOutside, { params: { paymentId }, body: { note } }));
