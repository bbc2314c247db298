import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leaveRoutes } from '../../../../../shared/routes/leave.js';
import type { LeaveType } from '../../../../../shared/schemas/leave.js';
import { callApi } from '../../../lib/api-client.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

export interface LeaveTypeValues {
  leaveType: string;
  allowance: number;
}

const leaveTypeKeys = {
  list: ['leaveTypes', 'list'] as const,
  one: (id: number) => ['leaveTypes', 'one', id] as const,
};

/** Every leave type of the shop with its days per year, by name. */
export function useLeaveTypes(enabled = true) {
  return useQuery({ queryKey: leaveTypeKeys.list, queryFn: () => callApi(leaveRoutes.leaveTypes), enabled });
}

export function useLeaveType(id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: leaveTypeKeys.one(id ?? 0),
    queryFn: () => callApi(leaveRoutes.leaveType, { params: { id: id! } }),
    enabled: enabled && id !== undefined,
  });
}

/** Creates (no id) or updates a leave type; the form shows the server's refusals itself ('Leave type already exists!!!'). */
export function useSaveLeaveType(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaveTypeValues) =>
      id === undefined
        ? callApi(leaveRoutes.createLeaveType, { body })
        : callApi(leaveRoutes.updateLeaveType, { params: { id }, body }),
    meta: { handlesOwnErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(leaveTypeKeys.one(saved.leaveMasterId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: leaveTypeKeys.list }),
        // Balances are worked out from the allowance, so every balance shown may have changed.
        queryClient.invalidateQueries({ queryKey: ['leave'] }),
      ]);
    },
  });
}

export function useDeleteLeaveType() {
  return useOptimisticDelete<LeaveType, number>({
    listKey: leaveTypeKeys.list,
    isDeleted: (type, id) => type.leaveMasterId === id,
    remove: (id) => callApi(leaveRoutes.deleteLeaveType, { params: { id } }),
  });
}
