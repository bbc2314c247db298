import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customerRoutes } from '../../../../../shared/routes/customers.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { tenantRoutes } from '../../../../../shared/routes/tenants.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

const customerKeys = {
  all: ['customers'] as const,
  page: (search: string, page: number) => ['customers', 'page', search, page] as const,
  count: (search: string) => ['customers', 'count', search] as const,
  one: (id: number) => ['customers', 'one', id] as const,
  mobileTaken: (mobile: string) => ['customers', 'mobileTaken', mobile] as const,
};

/**
 * A page (from 1) of the customers, newest first, or of those whose name or mobile starts with `search`. Next and
 * Previous follow the server's cursors, so a deep page costs what the first does.
 */
export function useCustomerPage(search: string, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: customerKeys.page(search, page),
    queryFn: () =>
      fetchCursorPage(queryClient, customerKeys.page(search, page - 1), page, (cursor) =>
        search
          ? callApiPage(customerRoutes.search, { params: { text: search }, query: { ...pageQueryFor(page), cursor } })
          : callApiPage(customerRoutes.all, { query: { ...pageQueryFor(page), cursor } }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerCount(search: string) {
  return useQuery({
    queryKey: customerKeys.count(search),
    queryFn: () => (search ? callApi(customerRoutes.searchCount, { params: { text: search } }) : callApi(customerRoutes.count)),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number | undefined) {
  return useQuery({
    queryKey: customerKeys.one(id ?? 0),
    queryFn: () => callApi(customerRoutes.byId, { params: { customerId: id! } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Whether another customer has this mobile, asked once all 10 digits are typed; a failed check leaves it to the save. */
export function useMobileTaken(mobile: string | undefined) {
  return useQuery({
    queryKey: customerKeys.mobileTaken(mobile ?? ''),
    queryFn: () => callApi(customerRoutes.isExist, { params: { mobile: mobile! } }),
    enabled: mobile !== undefined && /^\d{10}$/.test(mobile),
    meta: { handlesOwnErrors: true },
    staleTime: 5_000,
  });
}

export type CustomerCreateBody = BodyIn<typeof customerRoutes.create>;
export type CustomerUpdateBody = BodyIn<typeof customerRoutes.update>;

/** Registers a customer at the shop (no customer) or changes their e-mail and address. */
export function useSaveCustomer(customer: Customer | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreateBody) =>
      customer
        ? callApi(customerRoutes.update, {
            params: { customerId: customer.customerId },
            // The server keeps exactly the GST details sent: left out, they would be cleared.
            body: { emailId: body.emailId, address: body.address, gstin: body.gstin, state: body.state, version: customer.version },
          })
        : callApi(customerRoutes.create, { body }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useDeleteCustomer() {
  return useOptimisticDelete<Customer, number>({
    listKey: customerKeys.all,
    isDeleted: (row, id) => row.customerId === id,
    remove: (id) => callApi(customerRoutes.remove, { params: { customerId: id } }),
  });
}

/** The shops a customer can sign up with (no sign-in needed). */
export function usePublicTenants() {
  return useQuery({ queryKey: ['publicTenants'], queryFn: () => callApi(tenantRoutes.publicList) });
}

export type SignUpBody = BodyIn<typeof customerRoutes.signUp>;

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => callApi(customerRoutes.signUp, { body }),
    meta: { handlesOwnErrors: true },
  });
}
