import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleRoutes } from '../../../../../shared/routes/roles.js';
import { userRoutes } from '../../../../../shared/routes/users.js';
import type { AppUser } from '../../../../../shared/schemas/auth.js';
import type { EmployeeBody, PasswordDelivery } from '../../../../../shared/schemas/employee.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';
import type { EmployeeScope } from '../components/employee-rules.js';

const employeeKeys = {
  all: ['employees'] as const,
  page: (scope: EmployeeScope, search: string, page: number) => ['employees', 'page', scope, search, page] as const,
  count: (scope: EmployeeScope, search: string) => ['employees', 'count', scope, search] as const,
  one: (id: number) => ['employees', 'one', id] as const,
  detail: (id: number) => ['employees', 'detail', id] as const,
  managers: (id: number) => ['employees', 'managers', id] as const,
  hrs: (id: number) => ['employees', 'hrs', id] as const,
  nameTaken: (name: string, exceptId: number | undefined) => ['employees', 'nameTaken', name, exceptId ?? 0] as const,
};

/** One page (from 1) of the list the filter chose: everyone, a manager's direct reports, or an HR contact's people. */
export function useEmployeePage(scope: EmployeeScope | undefined, search: string, page: number) {
  const queryClient = useQueryClient();
  const fetchPage = (cursor: string | undefined) => {
    const query = { ...pageQueryFor(page), cursor };
    if (!scope || scope.kind === 'all') {
      return search ? callApiPage(userRoutes.search, { params: { text: search }, query }) : callApiPage(userRoutes.all, { query });
    }
    const { id } = scope;
    if (scope.kind === 'hr') {
      return search
        ? callApiPage(userRoutes.hrSearch, { params: { id, text: search }, query })
        : callApiPage(userRoutes.hrList, { params: { id }, query });
    }
    return search
      ? callApiPage(userRoutes.managerSearch, { params: { id, text: search }, query })
      : callApiPage(userRoutes.managerList, { params: { id }, query });
  };
  return useQuery({
    queryKey: employeeKeys.page(scope ?? { kind: 'all' }, search, page),
    queryFn: () => fetchCursorPage(queryClient, employeeKeys.page(scope ?? { kind: 'all' }, search, page - 1), page, fetchPage),
    select: itemsOf,
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeCount(scope: EmployeeScope | undefined, search: string) {
  return useQuery({
    queryKey: employeeKeys.count(scope ?? { kind: 'all' }, search),
    queryFn: () => {
      if (!scope || scope.kind === 'all') {
        return search ? callApi(userRoutes.searchCount, { params: { text: search } }) : callApi(userRoutes.allCount);
      }
      const { id } = scope;
      if (scope.kind === 'hr') {
        return search ? callApi(userRoutes.hrSearchCount, { params: { id, text: search } }) : callApi(userRoutes.hrCount, { params: { id } });
      }
      return search
        ? callApi(userRoutes.managerSearchCount, { params: { id, text: search } })
        : callApi(userRoutes.managerCount, { params: { id } });
    },
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.one(id ?? 0),
    queryFn: () => callApi(userRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
    // An edit form must start from the record's current version.
    staleTime: 0,
  });
}

/** The read-only view: the record with the modules and features of the employee's roles. */
export function useEmployeeDetail(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.detail(id ?? 0),
    queryFn: () => callApi(userRoutes.detail, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

/** The roles this user may give on the form (the server leaves out what they may not give). */
export function useAssignableRoles() {
  return useQuery({ queryKey: ['employees', 'assignableRoles'], queryFn: () => callApi(roleRoutes.employeeRoles) });
}

/** Who may be the manager, and the HR contact, of employee `id` (never `id` itself). */
export function useLinkOptions(id: number | undefined) {
  const managers = useQuery({
    queryKey: employeeKeys.managers(id ?? 0),
    queryFn: () => callApi(userRoutes.managers, { params: { id: id! } }),
    enabled: id !== undefined,
  });
  const hrs = useQuery({
    queryKey: employeeKeys.hrs(id ?? 0),
    queryFn: () => callApi(userRoutes.hrs, { params: { id: id! } }),
    enabled: id !== undefined,
  });
  return { managers, hrs };
}

/**
 * Whether the user name typed so far is taken in the shop (by someone other than `exceptId` on an edit). Asked
 * only once the typing has paused (`name` is the settled text); a failed check leaves the decision to the save.
 */
export function useNameTaken(name: string, exceptId: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.nameTaken(name, exceptId),
    queryFn: () =>
      exceptId === undefined
        ? callApi(userRoutes.isUserExist, { params: { userName: name } })
        : callApi(userRoutes.isUserExistById, { params: { appUserId: exceptId, userName: name } }),
    enabled: name.length > 0,
    meta: { handlesOwnErrors: true },
    staleTime: 5_000,
  });
}

/** Registers (no id) or updates an employee; the form shows refusals itself. */
export function useSaveEmployee(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EmployeeBody): Promise<AppUser & Partial<PasswordDelivery>> =>
      id === undefined ? callApi(userRoutes.create, { body }) : callApi(userRoutes.update, { params: { id }, body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

export function useDeleteEmployee() {
  return useOptimisticDelete<AppUser, number>({
    listKey: employeeKeys.all,
    isDeleted: (row, id) => row.appUserId === id,
    remove: (id) => callApi(userRoutes.remove, { params: { id } }),
  });
}

/**
 * The owner's one reveal of a fresh temporary password (after the screen's second confirmation); the server
 * records who revealed it.
 */
export async function revealTemporaryPassword(id: number): Promise<string> {
  return (await callApi(userRoutes.revealPassword, { params: { id }, body: { confirm: true } })).temporaryPassword;
}

/** Signs an employee out of every device; the screen shows the refusal itself. */
export function useSignOutEmployee() {
  return useMutation({
    mutationFn: (id: number) => callApi(userRoutes.signOut, { params: { id } }),
    meta: { handlesOwnErrors: true },
  });
}
