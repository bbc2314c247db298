import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartRoutes } from '../../../../../shared/routes/cart.js';
import type { CartLine, CartMasterRow } from '../../../../../shared/schemas/cart.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/page-size.js';
import { callApi } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session.js';

/**
 * The customer's cart and saved items (spec 1 sections 2, 4, 5). Every key starts with `['cart', customerId]`, so
 * a change invalidates them all at once: the listing's 'In cart(n)', the top bar's count, the landing's side panel,
 * the cart screen and the checkout's summary read the same lines.
 *
 * Mutations handle their own errors: the server's 409s ('Your Cart is full, please place the order.', '{n} in
 * Stock', 'Out of Stock') are messages for the customer, shown by the screen, not the /error page.
 */
export const cartKeys = {
  all: (customerId: number) => ['cart', customerId] as const,
  lines: (customerId: number) => ['cart', customerId, 'lines'] as const,
  master: (customerId: number, statuses: string) => ['cart', customerId, 'master', statuses] as const,
  saved: (customerId: number, search: string, page: number) => ['cart', customerId, 'saved', search.toLowerCase(), page] as const,
  savedCount: (customerId: number, search: string) => ['cart', customerId, 'savedCount', search.toLowerCase()] as const,
  summary: (customerId: number) => ['cart', customerId, 'summary'] as const,
};

/** The signed-in customer's record id (0 when the session has none; the customer guard keeps such users out). */
export function useCustomerId(): number {
  return useSession()?.customer?.customerId ?? 0;
}

/** The cart's lines (status InCart, at most 10): what 'In cart(n)', the top bar and the side panel count. */
export function useCartLines() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: cartKeys.lines(customerId),
    queryFn: () => callApi(cartRoutes.byCustomerStatus, { params: { customerId, status: 'InCart' } }),
    enabled: customerId > 0,
  });
}

/**
 * Units of a product in the cart, 0 when it is not there: of every shelf line of the product, or of one line
 * (`stockId`) where the screen offers the lines as choices.
 */
export const inCartQuantity = (lines: readonly CartLine[] | undefined, productId: number, stockId?: number): number =>
  (lines ?? [])
    .filter((line) => line.productId === productId && (stockId === undefined || line.stockId === stockId))
    .reduce((sum, line) => sum + line.cartQuantity, 0);

/** How many units the cart holds, and what they cost at the shelf's prices (rupees). */
export function cartTotals(lines: readonly CartLine[] | undefined): { lines: number; items: number; subtotal: number } {
  const list = lines ?? [];
  return {
    lines: list.length,
    items: list.reduce((sum, line) => sum + line.cartQuantity, 0),
    // Paise, so a sum of prices like 19.99 stays exact.
    subtotal: list.reduce((sum, line) => sum + Math.round(line.price * 100) * line.cartQuantity, 0) / 100,
  };
}

/** The cart screen's rows (`InCart`): each line with its image, shelf stock and stock message. */
export function useCartMaster() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: cartKeys.master(customerId, 'InCart'),
    queryFn: () => callApi(cartRoutes.master, { params: { customerId, statuses: 'InCart' } }),
    enabled: customerId > 0,
  });
}

/** A page (from 1) of the saved items in name order, or of those whose name starts with `search`. */
export function useSavedItems(search: string, page: number, size = PAGE_SIZE) {
  const customerId = useCustomerId();
  const text = search.trim();
  return useQuery({
    queryKey: cartKeys.saved(customerId, text, page),
    queryFn: () =>
      text
        ? callApi(cartRoutes.masterSearch, { params: { customerId, status: 'Saved', text }, query: { page: page - 1, size } })
        : callApi(cartRoutes.masterPage, { params: { customerId, status: 'Saved' }, query: { page: page - 1, size } }),
    enabled: customerId > 0,
    placeholderData: keepPreviousData,
  });
}

/** How many saved items there are (matching `search` when given): the saved list's pages. */
export function useSavedCount(search: string) {
  const customerId = useCustomerId();
  const text = search.trim();
  return useQuery({
    queryKey: cartKeys.savedCount(customerId, text),
    queryFn: () =>
      text
        ? callApi(cartRoutes.masterSearchCount, { params: { customerId, status: 'Saved', text } })
        : callApi(cartRoutes.masterPageCount, { params: { customerId, status: 'Saved' } }),
    enabled: customerId > 0,
  });
}

/** The checkout's order summary figured by the server: tax, delivery charge, saved, payable, date, stock check. */
export function useCartSummary() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: cartKeys.summary(customerId),
    queryFn: () => callApi(cartRoutes.summary, { params: { customerId } }),
    enabled: customerId > 0,
  });
}

/** The top bar's cart count for a customer: the units in the cart (undefined for staff or until known). */
export function useCartCount(): number | undefined {
  const customerId = useCustomerId();
  const { data } = useCartLines();
  return customerId > 0 && data ? cartTotals(data).items : undefined;
}

/** A mutation of the customer's cart that reloads everything about the cart (and the wishlist) when it settles. */
function useCartMutation<Vars, Result>(
  mutationFn: (vars: Vars, customerId: number) => Promise<Result>,
  onSuccess?: (result: Result) => void,
) {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => mutationFn(vars, customerId),
    meta: { handlesOwnErrors: true },
    onSuccess,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.all(customerId) }),
        queryClient.invalidateQueries({ queryKey: ['wish', customerId] }),
      ]),
  });
}

export interface AddToCart {
  productId: number;
  /** The stock line the listing showed; the server takes the product's fullest line without it. */
  stockId?: number;
  inventoryId?: number;
  /** Units to add (at least 1); a product already in the cart gets this many more. */
  quantity?: number;
  /** 'Saved' puts it straight into the saved items. */
  status?: 'InCart' | 'Saved';
}

/** Add to cart (POST /cart/save): a new line or more of the product's line, capped by the shelf; at most 10 lines. */
export function useAddToCart() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useCartMutation(
    ({ productId, stockId, inventoryId, quantity = 1, status = 'InCart' }: AddToCart) =>
      callApi(cartRoutes.save, { body: { customerId, productId, stockId: stockId || undefined, inventoryId, cartQuantity: quantity, status } }),
    // 'In cart(n)' and the counts show the new line at once, before the lists reload.
    (line) => {
      if (line.status !== 'InCart') return;
      queryClient.setQueryData<CartLine[]>(cartKeys.lines(customerId), (lines) =>
        lines ? [...lines.filter((l) => l.customerCartId !== line.customerCartId), line] : lines,
      );
    },
  );
}

type LineRef = Pick<CartLine | CartMasterRow, 'customerCartId' | 'version'>;

/** Plus, minus or a typed quantity of a cart line; 0 removes the line (minus at 1) and answers null. */
export function useSetCartQuantity() {
  return useCartMutation(({ line, quantity }: { line: LineRef; quantity: number }) =>
    callApi(cartRoutes.update, {
      params: { customerCartId: line.customerCartId },
      body: { status: 'InCart', cartQuantity: quantity, version: line.version },
    }),
  );
}

/** Save for later: the cart line becomes a saved item (or goes, when the product is saved already). */
export function useSaveForLater() {
  return useCartMutation((line: LineRef) =>
    callApi(cartRoutes.update, { params: { customerCartId: line.customerCartId }, body: { status: 'Saved', version: line.version } }),
  );
}

/** Move to cart: a saved item becomes a cart line of 1, or 1 more on the product's cart line. */
export function useMoveToCart() {
  return useCartMutation((line: LineRef) =>
    callApi(cartRoutes.update, { params: { customerCartId: line.customerCartId }, body: { status: 'InCart', version: line.version } }),
  );
}

/** Move a cart line to the wishlist: the line goes and the product is wished for. */
export function useMoveToWishlist() {
  return useCartMutation((line: LineRef) =>
    callApi(cartRoutes.update, { params: { customerCartId: line.customerCartId }, body: { status: 'Wishlist', version: line.version } }),
  );
}

/**
 * Delete a cart line or a saved item. The line leaves every cached list at once (spec 1 section 4) and comes back
 * if the server refuses (DESIGN.md section 5); the screen shows the refusal (`onError` of `mutate`).
 */
export function useDeleteCartLine() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  const key = cartKeys.all(customerId);
  return useMutation({
    mutationFn: (line: Pick<CartLine, 'customerCartId'>) => callApi(cartRoutes.remove, { params: { customerCartId: line.customerCartId } }),
    meta: { handlesOwnErrors: true },
    onMutate: async (line) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<unknown>({ queryKey: key });
      queryClient.setQueriesData<unknown>({ queryKey: key }, (cached: unknown) =>
        Array.isArray(cached) ? (cached as CartLine[]).filter((row) => row.customerCartId !== line.customerCartId) : cached,
      );
      return { before };
    },
    onError: (_error, _line, context) => context?.before.forEach(([cachedKey, cached]) => queryClient.setQueryData(cachedKey, cached)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
