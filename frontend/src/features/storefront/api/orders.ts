import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartRoutes } from '../../../../../shared/routes/cart.js';
import { customerRoutes } from '../../../../../shared/routes/customers.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { paymentRoutes } from '../../../../../shared/routes/payments.js';
import { CUSTOMER_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from '../../../../../shared/schemas/cart.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';

/**
 * Orders of the storefront: the customer's Your Orders, the payment of the cart (Razorpay order and the checkout's
 * result), and staff order tracking with Ship and Deliver. Pages are counted from 1 here, from 0 by the API.
 */

export const orderKeys = {
  all: ['storefront', 'orders'] as const,
  customer: (customerId: number) => ['storefront', 'orders', 'customer', customerId] as const,
  tracking: ['storefront', 'orders', 'tracking'] as const,
};

const pageOf = (page: number, cursor: string | undefined) => ({ page: page - 1, size: PAGE_SIZE, cursor });

/** What Your Orders lists (spec 1 section 4): paid orders on their way and delivered ones. */
const customerStatuses = CUSTOMER_ORDER_STATUSES.join(',');

/** A page of the customer's orders, newest first, or those whose product name starts with `search` (name order). */
export function useCustomerOrders(customerId: number, search: string, page: number) {
  const queryClient = useQueryClient();
  const key = (page: number) => [...orderKeys.customer(customerId), 'page', search, page];
  return useQuery({
    queryKey: key(page),
    queryFn: () =>
      fetchCursorPage(queryClient, key(page - 1), page, (cursor) =>
        search
          ? callApiPage(cartRoutes.masterOrderSearch, { params: { customerId, statuses: customerStatuses, text: search }, query: pageOf(page, cursor) })
          : callApiPage(cartRoutes.masterOrderPage, { params: { customerId, statuses: customerStatuses }, query: pageOf(page, cursor) }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOrderCount(customerId: number, search: string) {
  return useQuery({
    queryKey: [...orderKeys.customer(customerId), 'count', search],
    queryFn: () =>
      search
        ? callApi(cartRoutes.masterOrderSearchCount, { params: { customerId, statuses: customerStatuses, text: search } })
        : callApi(cartRoutes.masterOrderPageCount, { params: { customerId, statuses: customerStatuses } }),
  });
}

/** The statuses order tracking filters by; 'all' is every order status. */
export type TrackingStatus = OrderStatus | 'all';
const trackingStatuses = (status: TrackingStatus) => (status === 'all' ? ORDER_STATUSES.join(',') : status);

/** A page of the shop's orders of a status, newest first, or those whose customer mobile starts with `mobile`. */
export function useTrackedOrders(status: TrackingStatus, mobile: string, page: number) {
  const queryClient = useQueryClient();
  const key = (page: number) => [...orderKeys.tracking, 'page', status, mobile, page];
  return useQuery({
    queryKey: key(page),
    queryFn: () =>
      fetchCursorPage(queryClient, key(page - 1), page, (cursor) =>
        mobile
          ? callApiPage(cartRoutes.ordersSearch, { params: { statuses: trackingStatuses(status), text: mobile }, query: pageOf(page, cursor) })
          : callApiPage(cartRoutes.orders, { params: { statuses: trackingStatuses(status) }, query: pageOf(page, cursor) }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useTrackedOrderCount(status: TrackingStatus, mobile: string) {
  return useQuery({
    queryKey: [...orderKeys.tracking, 'count', status, mobile],
    queryFn: () =>
      mobile
        ? callApi(cartRoutes.ordersSearchCount, { params: { statuses: trackingStatuses(status), text: mobile } })
        : callApi(cartRoutes.ordersCount, { params: { statuses: trackingStatuses(status) } }),
  });
}

export interface ShipOrder {
  customerCartId: number;
  version: number;
  deliveryPerson: string;
  deliveryContact: string;
}

/** Ship (OrderSuccess → Shipped) with the delivery person and contact; the server stamps the shipped date. */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerCartId, version, deliveryPerson, deliveryContact }: ShipOrder) =>
      callApi(cartRoutes.update, { params: { customerCartId }, body: { status: 'Shipped', deliveryPerson, deliveryContact, version } }),
    meta: { handlesOwnErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Deliver (Shipped → Delivered); the server stamps the delivered date. */
export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerCartId, version }: { customerCartId: number; version: number }) =>
      callApi(cartRoutes.update, { params: { customerCartId }, body: { status: 'Delivered', version } }),
    meta: { handlesOwnErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** A Razorpay order for the cart as the server prices it (`amount`, rupees, is only compared by the server). */
export const createPaymentOrder = (body: BodyIn<typeof paymentRoutes.createOrder>) => callApi(paymentRoutes.createOrder, { body });

/** The checkout's outcome: a success (payment id and signature) makes the order, a failure is recorded. */
export const recordCheckoutResult = (body: BodyIn<typeof paymentRoutes.checkoutResult>) => callApi(paymentRoutes.checkoutResult, { body });

/** The signed-in customer's own record, read fresh: the checkout starts from the last order's shipping address. */
export function useOwnCustomer(appUserId: number | undefined) {
  return useQuery({
    queryKey: ['ownCustomer', appUserId ?? 0],
    queryFn: () => callApi(customerRoutes.byAppUser, { params: { appUserId: appUserId! } }),
    enabled: appUserId !== undefined,
    staleTime: 0,
    // Without it the checkout starts from the session's copy of the record: nothing to report.
    meta: { handlesOwnErrors: true },
  });
}
