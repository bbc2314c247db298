import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tillRoutes } from '../../../../../shared/routes/tills.js';
import type { CashMoveBody, CloseTillBody, OpenTillBody, TillSession } from '../../../../../shared/schemas/till.js';
import { callApi, callApiForFile, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage } from '../../../lib/cursor-pages.js';
import { saveFile } from '../../../lib/save-file.js';

export interface MonthYear {
  month: number;
  year: number;
}

const tillKeys = {
  all: ['tills'] as const,
  current: ['tills', 'current'] as const,
  one: (id: string) => ['tills', 'one', id] as const,
  closes: (m: MonthYear, page: number) => ['tills', 'closes', m.month, m.year, page] as const,
  month: (m: MonthYear) => ['tills', 'month', m.month, m.year] as const,
};

const CLOSES_PAGE = 10;

/** The caller's open session (null when none), fresh each visit: bills move it. */
export function useCurrentSession() {
  return useQuery({ queryKey: tillKeys.current, queryFn: () => callApi(tillRoutes.current), staleTime: 0, refetchOnWindowFocus: true });
}

export function useTillSession(id: string) {
  return useQuery({ queryKey: tillKeys.one(id), queryFn: () => callApi(tillRoutes.byId, { params: { id } }), staleTime: 0 });
}

function useTillMutation<B>(call: (body: B) => Promise<TillSession>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { handlesOwnErrors: true },
    onSuccess: (session) => {
      queryClient.setQueryData(tillKeys.one(session.sessionId), session);
      queryClient.setQueryData(tillKeys.current, session.status === 'open' ? session : null);
      return queryClient.invalidateQueries({ queryKey: ['tills', 'closes'] }).then(() => queryClient.invalidateQueries({ queryKey: ['tills', 'month'] }));
    },
  });
}

export const useOpenTill = () => useTillMutation((body: OpenTillBody) => callApi(tillRoutes.open, { body }));
export const useCashMove = (id: string) => useTillMutation((body: CashMoveBody) => callApi(tillRoutes.move, { params: { id }, body }));
export const useCloseTill = (id: string) => useTillMutation((body: CloseTillBody) => callApi(tillRoutes.close, { params: { id }, body }));
export const useReopenTill = (id: string) => useTillMutation((body: { reason: string }) => callApi(tillRoutes.reopen, { params: { id }, body }));

/** A page (from 1) of the month's closes, newest first; Next follows the server's cursor. */
export function useClosesPage(m: MonthYear, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tillKeys.closes(m, page),
    queryFn: () =>
      fetchCursorPage(queryClient, tillKeys.closes(m, page - 1), page, (cursor) =>
        callApiPage(tillRoutes.closes, { params: m, query: { page: page - 1, size: CLOSES_PAGE, cursor } }),
      ),
    select: (data) => ({ rows: data.items, hasNext: Boolean(data.next) }),
    placeholderData: keepPreviousData,
  });
}

export function useTillMonth(m: MonthYear) {
  return useQuery({ queryKey: tillKeys.month(m), queryFn: () => callApi(tillRoutes.month, { params: m }), placeholderData: keepPreviousData });
}

/** Saves the close's print, A4 or the 80 mm roll. */
export async function downloadClose(id: string, size: 'a4' | 'roll') {
  const { blob, fileName } = await callApiForFile(tillRoutes.print, { params: { id }, query: { size } });
  saveFile(blob, fileName ?? `Till_Close_${size}.pdf`);
}
