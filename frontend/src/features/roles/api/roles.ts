import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleRoutes } from '../../../../../shared/routes/roles.js';
import type { Role, RoleBody } from '../../../../../shared/schemas/auth.js';
import { callApi } from '../../../lib/api-client.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  one: (id: number) => ['roles', 'one', id] as const,
};

/** The shop's roles with their features and holders (a handful; the screen pages them itself). */
export function useRoles() {
  return useQuery({ queryKey: roleKeys.list, queryFn: () => callApi(roleRoutes.all) });
}

export function useRole(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.one(id ?? 0),
    queryFn: () => callApi(roleRoutes.byId, { params: { roleId: id! } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Creates (no role) or changes a role; the form shows refusals itself. */
export function useSaveRole(role: Role | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) =>
      role ? callApi(roleRoutes.update, { params: { roleId: role.roleId }, body }) : callApi(roleRoutes.create, { body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/** Deletes at once on screen; a role someone still holds comes back with the server's reason. */
export function useDeleteRole() {
  return useOptimisticDelete<Role, number>({
    listKey: roleKeys.all,
    isDeleted: (row, id) => row.roleId === id,
    remove: (id) => callApi(roleRoutes.remove, { params: { roleId: id } }),
  });
}
