import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { categoryRoutes } from '../../../../../shared/routes/categories.js';
import { productRoutes } from '../../../../../shared/routes/products.js';
import type { NewProductRow, Product, ProductUpdateRow } from '../../../../../shared/schemas/catalogue.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';
import { pageQueryFor } from '../../../components/paged-table.js';

export const productKeys = {
  all: ['products'] as const,
  page: (search: string, page: number) => ['products', 'page', search, page] as const,
  count: (search: string) => ['products', 'count', search] as const,
  /** Suggestions of a typed name, as the server compares names (normalised). */
  suggestions: (name: string) => ['products', 'suggestions', name] as const,
  byIds: (ids: number[]) => ['products', 'byIds', ids.join(',')] as const,
};

/**
 * A page (from 1) of the products with their pictures, or of those whose name starts with `search`. Next and
 * Previous follow the server's cursors, so page 200 of a large catalogue costs what page 1 does.
 */
export function useProductPage(search: string, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: productKeys.page(search, page),
    queryFn: () =>
      fetchCursorPage(queryClient, productKeys.page(search, page - 1), page, (cursor) =>
        search
          ? callApiPage(productRoutes.search, { params: { text: search }, query: { ...pageQueryFor(page), cursor } })
          : callApiPage(productRoutes.page, { query: { ...pageQueryFor(page), cursor } }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useProductCount(search: string) {
  return useQuery({
    queryKey: productKeys.count(search),
    queryFn: () => (search ? callApi(productRoutes.searchCount, { params: { text: search } }) : callApi(productRoutes.count)),
  });
}

/** Category names by id, for the list's Category column. */
export function useCategoryNames() {
  return useQuery({ queryKey: ['categories', 'map'], queryFn: () => callApi(categoryRoutes.map) });
}

/** Every category, by name, for the bulk forms' category choice. */
export function useCategoryChoices() {
  return useQuery({ queryKey: ['categories', 'all'], queryFn: () => callApi(categoryRoutes.all) });
}

const suggestionsQuery = (name: string) => ({
  queryKey: productKeys.suggestions(name),
  queryFn: () => callApi(productRoutes.suggestion, { params: { text: name } }),
  staleTime: 60_000,
});

/**
 * The stored products whose name starts with a typed name (normalised: any letter case, runs of spaces as one): at
 * most 20 in name order, so a stored product of exactly that name comes first. Asked per name, each answer cached.
 */
export function useSuggestions(name: string) {
  return useQuery({ ...suggestionsQuery(name), enabled: name.length > 0 });
}

/** The same, awaited, for the check a save makes of every row. */
export const fetchSuggestions = (queryClient: QueryClient, name: string) => queryClient.fetchQuery(suggestionsQuery(name));

/** The products bulk edit was given (navigation state), in the order selected. */
export function useProductsByIds(ids: number[]) {
  return useQuery({
    queryKey: productKeys.byIds(ids),
    queryFn: () => callApi(productRoutes.listOfProducts, { params: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    staleTime: 0,
  });
}

/**
 * Bulk add (rows with an empty name included, as `{ productName: '' }`, so the server's 'Row n' counts the rows as
 * the screen shows them) and bulk edit. All or nothing; the form shows refusals itself.
 */
export function useSaveProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      save: { mode: 'add'; rows: (NewProductRow | { productName: '' })[] } | { mode: 'edit'; rows: ProductUpdateRow[] },
    ): Promise<Product[]> =>
      save.mode === 'add'
        ? callApi(productRoutes.saveAll, { body: save.rows as NewProductRow[] })
        : callApi(productRoutes.updateAll, { body: save.rows }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useDeleteProducts() {
  return useOptimisticDelete<Product, number[]>({
    listKey: productKeys.all,
    isDeleted: (row, ids) => ids.includes(row.productId),
    remove: (ids) => callApi(productRoutes.deleteAll, { body: ids }),
  });
}
