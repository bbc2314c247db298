import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxRoutes } from '../../../../../shared/routes/taxes.js';
import { TAX_EXISTS } from '../../../../../shared/schemas/catalogue.js';
import type { Tax, TaxSave } from '../../../../../shared/schemas/tax.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

const taxKeys = {
  all: ['taxes'] as const,
  list: ['taxes', 'list'] as const,
  one: (id: number) => ['taxes', 'one', id] as const,
};

/** Every tax category of the shop (a shop has a handful), in type order; the screen filters and pages them. */
export function useTaxes() {
  return useQuery({ queryKey: taxKeys.list, queryFn: () => callApi(taxRoutes.all) });
}

export function useTax(id: number | undefined) {
  return useQuery({
    queryKey: taxKeys.one(id ?? 0),
    queryFn: () => callApi(taxRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

/** Creates (no record) or updates a tax category; on create the type is checked first (spec 3 section 5). */
export function useSaveTax(tax: Tax | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TaxSave) => {
      if (!tax && (await callApi(taxRoutes.isExist, { params: { categoryType: values.categoryType } }))) {
        throw new ApiError(409, TAX_EXISTS);
      }
      const body = { ...values, version: tax?.version };
      return tax ? callApi(taxRoutes.update, { params: { id: tax.taxId }, body }) : callApi(taxRoutes.save, { body });
    },
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.all }),
  });
}

export function useDeleteTax() {
  return useOptimisticDelete<Tax, number>({
    listKey: taxKeys.all,
    isDeleted: (row, id) => row.taxId === id,
    remove: (id) => callApi(taxRoutes.remove, { params: { id } }),
  });
}
