import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leaveRoutes } from '../../../../../shared/routes/leave.js';
import type { LeaveForm } from '../../../../../shared/schemas/leave.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { isUsableDate, type LeaveView } from '../components/leave-rules.js';

/** Whose leaves the list shows (the type lives with the leave rules, which this module uses). */
export type { LeaveView };

const leaveKeys = {
  all: ['leave'] as const,
  page: (view: LeaveView, userId: number, page: number, typeId: number | null) => ['leave', 'page', view, userId, page, typeId] as const,
  count: (view: LeaveView, userId: number, typeId: number | null) => ['leave', 'count', view, userId, typeId] as const,
  one: (id: number) => ['leave', 'one', id] as const,
  balance: (userId: number, year: number) => ['leave', 'balance', userId, year] as const,
  days: (start: string, end: string) => ['leave', 'days', start, end] as const,
  overlap: (userId: number, start: string, end: string) => ['leave', 'overlap', userId, start, end] as const,
};

/** One page of the list (pages from 1) and the number of leaves in all pages, for the view and leave type filter. */
export function useLeavePage(view: LeaveView, userId: number | undefined, page: number, leaveMasterId: number | null) {
  const filter = leaveMasterId === null ? {} : { leaveMasterId };
  const id = userId ?? 0;
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: leaveKeys.page(view, id, page, leaveMasterId),
    queryFn: () =>
      fetchCursorPage(queryClient, leaveKeys.page(view, id, page - 1, leaveMasterId), page, (cursor) => {
        const options = { params: { id }, query: { ...pageQueryFor(page), ...filter, cursor } };
        return view === 'MANAGER' ? callApiPage(leaveRoutes.managerLeaves, options) : callApiPage(leaveRoutes.employeeLeaves, options);
      }),
    select: itemsOf,
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: leaveKeys.count(view, id, leaveMasterId),
    queryFn: () => {
      const options = { params: { id }, query: filter };
      return view === 'MANAGER' ? callApi(leaveRoutes.managerLeaveCount, options) : callApi(leaveRoutes.employeeLeaveCount, options);
    },
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
  return { rows, count };
}

export function useLeave(id: number, enabled = true) {
  return useQuery({
    queryKey: leaveKeys.one(id),
    queryFn: () => callApi(leaveRoutes.leave, { params: { id } }),
    enabled,
  });
}

/** A user's allowance, used and remaining days per leave type in a calendar year. */
export function useLeaveBalance(userId: number | undefined, year: number) {
  return useQuery({
    queryKey: leaveKeys.balance(userId ?? 0, year),
    queryFn: () => callApi(leaveRoutes.balance, { params: { userId: userId! }, query: { year } }),
    enabled: userId !== undefined,
  });
}

const datesReady = (start: string, end: string) => isUsableDate(start) && isUsableDate(end);

/**
 * The server's count of the leave days from start to end, with the holidays it left out. A refusal (400 with the
 * form's message) is the answer the form shows, so it never goes to the error screen.
 */
export function useLeaveDaysPreview(start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.days(start, end),
    queryFn: () => callApi(leaveRoutes.leaveDays, { params: { start, end } }),
    enabled: enabled && datesReady(start, end),
    meta: { handlesOwnErrors: true },
    retry: false,
  });
}

/** Whether the user already has a submitted, modified or approved leave on one of these days. */
export function useLeaveOverlap(userId: number | undefined, start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.overlap(userId ?? 0, start, end),
    queryFn: () => callApi(leaveRoutes.isExist, { params: { start, end, userId: userId! } }),
    enabled: enabled && userId !== undefined && datesReady(start, end),
    meta: { handlesOwnErrors: true },
    retry: false,
    staleTime: 0,
  });
}

/**
 * Every leave write changes lists, counts and balances, so all cached leave data becomes stale. A form that leaves
 * for the list afterwards must not reload what it shows meanwhile (a decided leave would turn the form into the
 * read-only view under the user and the way back to the list would be lost); the list reloads as it opens.
 */
function useLeaveWrite<V>(write: (variables: V) => Promise<unknown>, reloadShown: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveKeys.all, refetchType: reloadShown ? 'active' : 'none' }),
  });
}

/** Applies (no id) or updates the employee's own leave. */
export function useSaveLeave(id: number | undefined) {
  return useLeaveWrite((body: LeaveForm) =>
    id === undefined ? callApi(leaveRoutes.apply, { body }) : callApi(leaveRoutes.update, { params: { id }, body }),
    false,
  );
}

export type LeaveDecision = 'Approved' | 'Rejected';

/** The manager approves or rejects, with the mandatory reason. */
export function useDecideLeave(id: number) {
  return useLeaveWrite(({ decision, reason }: { decision: LeaveDecision; reason: string }) =>
    decision === 'Approved'
      ? callApi(leaveRoutes.approve, { params: { id }, body: { reason } })
      : callApi(leaveRoutes.reject, { params: { id }, body: { reason } }),
    false,
  );
}

export function useCancelLeave() {
  return useLeaveWrite((id: number) => callApi(leaveRoutes.cancel, { params: { id } }), true);
}
