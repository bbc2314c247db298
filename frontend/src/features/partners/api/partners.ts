import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partnerRoutes } from '../../../../../shared/routes/partners.js';
import type { BusinessPartner, BusinessPartnerBody } from '../../../../../shared/schemas/partner.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

const partnerKeys = {
  all: ['partners'] as const,
  page: (search: string, page: number) => ['partners', 'page', search, page] as const,
  count: (search: string) => ['partners', 'count', search] as const,
  one: (id: number) => ['partners', 'one', id] as const,
  mobileTaken: (mobile: string) => ['partners', 'mobileTaken', mobile] as const,
};

/** A page (from 1) of the partners by name, or of those whose name or company starts with `search`. */
export function usePartnerPage(search: string, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: partnerKeys.page(search, page),
    queryFn: () =>
      fetchCursorPage(queryClient, partnerKeys.page(search, page - 1), page, (cursor) =>
        search
          ? callApiPage(partnerRoutes.search, { params: { text: search }, query: { ...pageQueryFor(page), cursor } })
          : callApiPage(partnerRoutes.all, { query: { ...pageQueryFor(page), cursor } }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function usePartnerCount(search: string) {
  return useQuery({
    queryKey: partnerKeys.count(search),
    queryFn: () => (search ? callApi(partnerRoutes.searchCount, { params: { text: search } }) : callApi(partnerRoutes.count)),
    placeholderData: keepPreviousData,
  });
}

export function usePartner(id: number | undefined) {
  return useQuery({
    queryKey: partnerKeys.one(id ?? 0),
    queryFn: () => callApi(partnerRoutes.byId, { params: { businessPartnersId: id! } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Whether a partner has this mobile, asked once its ten digits are typed (not for the partner's own number). */
export function usePartnerMobileTaken(mobile: string | undefined) {
  return useQuery({
    queryKey: partnerKeys.mobileTaken(mobile ?? ''),
    queryFn: () => callApi(partnerRoutes.isExist, { params: { mobile: mobile! } }),
    enabled: mobile !== undefined && /^\d{10}$/.test(mobile),
    meta: { handlesOwnErrors: true },
    staleTime: 5_000,
  });
}

export function useSavePartner(partner: BusinessPartner | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessPartnerBody) =>
      partner
        ? callApi(partnerRoutes.update, { params: { businessPartnersId: partner.businessPartnersId }, body: { ...body, version: partner.version } })
        : callApi(partnerRoutes.create, { body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

export function useDeletePartner() {
  return useOptimisticDelete<BusinessPartner, number>({
    listKey: partnerKeys.all,
    isDeleted: (row, id) => row.businessPartnersId === id,
    remove: (id) => callApi(partnerRoutes.remove, { params: { businessPartnersId: id } }),
  });
}
