import { useQuery } from '@tanstack/react-query';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { callApi } from '../../../lib/api-client.js';

export const accountKeys = {
  account: (customerId: number) => ['billing', 'account', customerId] as const,
};

/** The customer's account as the till needs it: may they buy on account, the limit and the balance (rupees). */
export function useCustomerAccount(customerId: number | undefined) {
  return useQuery({
    queryKey: accountKeys.account(customerId ?? 0),
    queryFn: () => callApi(accountRoutes.get, { params: { customerId: customerId! } }),
    enabled: customerId !== undefined,
    staleTime: 10_000,
    retry: false,
  });
}

export const receiveAccountPayment = (customerId: number, body: BodyIn<typeof accountRoutes.payment>) =>
  callApi(accountRoutes.payment, { params: { customerId }, body });
