import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { wishRoutes } from '../../../../../shared/routes/wish.js';
import type { WishLine } from '../../../../../shared/schemas/wish.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { callApi } from '../../../lib/api-client.js';
import { useCustomerId } from './cart.js';

/**
 * The customer's wishlist (spec 1 sections 2 and 7). Keys start with `['wish', customerId]`; the cart's mutations
 * reload them too (moving a cart line to the wishlist).
 */
export const wishKeys = {
  all: (customerId: number) => ['wish', customerId] as const,
  lines: (customerId: number) => ['wish', customerId, 'lines'] as const,
  page: (customerId: number, search: string, page: number) => ['wish', customerId, 'page', search.toLowerCase(), page] as const,
  count: (customerId: number, search: string) => ['wish', customerId, 'count', search.toLowerCase()] as const,
};

/** The wished products (the first 100 in name order): what the listing's 'Added to wishlist' reads. */
export function useWishLines() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: wishKeys.lines(customerId),
    queryFn: () => callApi(wishRoutes.byCustomer, { params: { customerId, status: 'Wishlist' } }),
    enabled: customerId > 0,
  });
}

export const wishOf = (lines: readonly WishLine[] | undefined, productId: number): WishLine | undefined =>
  lines?.find((line) => line.productId === productId);

/** A page (from 1) of the wishlist in name order, or of the wishes whose name starts with `search`. */
export function useWishPage(search: string, page: number) {
  const customerId = useCustomerId();
  const text = search.trim();
  return useQuery({
    queryKey: wishKeys.page(customerId, text, page),
    queryFn: () =>
      text
        ? callApi(wishRoutes.search, { params: { customerId, text }, query: { page: page - 1, size: PAGE_SIZE } })
        : callApi(wishRoutes.page, { params: { customerId }, query: { page: page - 1, size: PAGE_SIZE } }),
    enabled: customerId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useWishCount(search: string) {
  const customerId = useCustomerId();
  const text = search.trim();
  return useQuery({
    queryKey: wishKeys.count(customerId, text),
    queryFn: () =>
      text ? callApi(wishRoutes.searchCount, { params: { customerId, text } }) : callApi(wishRoutes.count, { params: { customerId } }),
    enabled: customerId > 0,
  });
}

export interface WishProduct {
  productId: number;
  stockId?: number;
  inventoryId?: number;
}

/** Add a product to the wishlist (a product already there answers its line). */
export function useAddWish() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, stockId, inventoryId }: WishProduct) =>
      callApi(wishRoutes.save, { body: { customerId, productId, stockId: stockId || undefined, inventoryId, quantity: 1 } }),
    meta: { handlesOwnErrors: true },
    onSuccess: (line) => {
      queryClient.setQueryData<WishLine[]>(wishKeys.lines(customerId), (lines) =>
        lines && !wishOf(lines, line.productId) ? [...lines, line] : lines,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishKeys.all(customerId) }),
  });
}

/**
 * Remove a wish. It leaves every cached list at once and comes back if the server refuses (DESIGN.md section 5:
 * deletes update the screen at once and roll back with a message).
 */
export function useRemoveWish() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  const key = wishKeys.all(customerId);
  return useMutation({
    mutationFn: (line: Pick<WishLine, 'customerWishId'>) => callApi(wishRoutes.remove, { params: { customerWishId: line.customerWishId } }),
    meta: { handlesOwnErrors: true },
    onMutate: async (line) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<unknown>({ queryKey: key });
      queryClient.setQueriesData<unknown>({ queryKey: key }, (cached: unknown) =>
        Array.isArray(cached) ? (cached as WishLine[]).filter((row) => row.customerWishId !== line.customerWishId) : cached,
      );
      return { before };
    },
    onError: (_error, _line, context) => context?.before.forEach(([cachedKey, cached]) => queryClient.setQueryData(cachedKey, cached)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
