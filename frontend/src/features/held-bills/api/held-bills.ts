import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';

const heldKeys = {
  all: ['heldBills'] as const,
  page: (page: number) => ['heldBills', 'page', page] as const,
  count: ['heldBills', 'count'] as const,
  one: (key: string) => ['heldBills', 'one', key] as const,
};

/** A page (from 1) of held bills, still held first; Next follows the server's cursor. */
export function useHeldBillPage(page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: heldKeys.page(page),
    queryFn: () =>
      fetchCursorPage(queryClient, heldKeys.page(page - 1), page, (cursor) => callApiPage(purchaseRoutes.heldList, { query: { ...pageQueryFor(page), cursor } })),
    select: (data) => ({ rows: itemsOf(data), hasNext: Boolean(data.next) }),
    placeholderData: keepPreviousData,
  });
}

/** How many offline bills wait for a manager's decision. */
export function useHeldBillCount(enabled: boolean) {
  return useQuery({ queryKey: heldKeys.count, queryFn: () => callApi(purchaseRoutes.heldCount), enabled, staleTime: 60_000 });
}

export function useHeldBill(key: string) {
  return useQuery({ queryKey: heldKeys.one(key), queryFn: () => callApi(purchaseRoutes.heldByKey, { params: { key } }) });
}

export type HeldDecision = 'sell' | 'discard';

/** A manager's decision on a held bill; the screen shows refusals itself. */
export function useDecideHeldBill(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: HeldDecision; reason: string }) =>
      callApi(decision === 'sell' ? purchaseRoutes.heldSell : purchaseRoutes.heldDiscard, { params: { key }, body: { reason } }),
    meta: { handlesOwnErrors: true },
    onSuccess: (held) => {
      queryClient.setQueryData(heldKeys.one(key), held);
      return queryClient.invalidateQueries({ queryKey: heldKeys.all });
    },
  });
}
