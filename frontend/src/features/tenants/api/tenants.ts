import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { tenantRoutes } from '../../../../../shared/routes/tenants.js';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf, type CursorPageData } from '../../../lib/cursor-pages.js';

const tenantKeys = {
  all: ['tenants'] as const,
  page: (page: number) => ['tenants', 'page', page] as const,
  count: ['tenants', 'count'] as const,
  one: (id: string) => ['tenants', 'one', id] as const,
};

/**
 * A page (from 1) of the shops the caller may see: every shop for a platform admin, else their own. Next and
 * Previous follow the server's cursors, so a deep page costs what the first does.
 */
export function useTenantPage(page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tenantKeys.page(page),
    queryFn: () => fetchCursorPage(queryClient, tenantKeys.page(page - 1), page, (cursor) => callApiPage(tenantRoutes.all, { query: { ...pageQueryFor(page), cursor } })),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useTenantCount() {
  return useQuery({ queryKey: tenantKeys.count, queryFn: () => callApi(tenantRoutes.count) });
}

export function useTenant(tenantId: string | undefined) {
  return useQuery({
    queryKey: tenantKeys.one(tenantId ?? ''),
    queryFn: () => callApi(tenantRoutes.byId, { params: { tenantId: tenantId! } }),
    enabled: tenantId !== undefined,
    staleTime: 0,
  });
}

export type TenantCreateBody = BodyIn<typeof tenantRoutes.create>;
export type TenantUpdateBody = BodyIn<typeof tenantRoutes.update>;

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantCreateBody) => callApi(tenantRoutes.create, { body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

export function useUpdateTenant(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantUpdateBody) => callApi(tenantRoutes.update, { params: { tenantId }, body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

/**
 * Closing a shop keeps it in the list, marked closed: the row changes at once and changes back if the server
 * refuses (DESIGN.md section 5), then the list is reloaded.
 */
export function useCloseTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenantId: string) => callApi(tenantRoutes.remove, { params: { tenantId } }),
    meta: { handlesOwnErrors: true },
    onMutate: async (tenantId: string) => {
      await queryClient.cancelQueries({ queryKey: tenantKeys.all });
      const before = queryClient.getQueriesData<unknown>({ queryKey: tenantKeys.all });
      const closed = (tenants: Tenant[]) => tenants.map((t) => (t.tenantId === tenantId ? { ...t, enabled: false } : t));
      // Pages are cached with their cursor ({ items, next }).
      queryClient.setQueriesData<unknown>({ queryKey: tenantKeys.all }, (cached: unknown) =>
        cached && typeof cached === 'object' && Array.isArray((cached as CursorPageData<Tenant>).items)
          ? { ...(cached as CursorPageData<Tenant>), items: closed((cached as CursorPageData<Tenant>).items) }
          : cached,
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      context?.before.forEach(([key, cached]) => queryClient.setQueryData(key, cached));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
