import { useQuery } from '@tanstack/react-query';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import { toRupees } from '../../../../../shared/money.js';
import type { AccountView } from '../../../../../shared/schemas/account.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { callApi } from '../../../lib/api-client.js';
import { accountName } from '../offline/keep-offline-bill.js';
import { keepAccount, knownOffline, localAccount, tillTenant } from '../offline/local-copy.js';
import { noteCallFailure } from '../offline/till-queue.js';

export const accountKeys = {
  account: (customerId: number) => ['billing', 'account', customerId] as const,
};

/** The till's account of a customer, and whether it is the device's copy (read without a network). */
export type TillAccount = AccountView & { onDevice?: boolean };

type AccountCustomer = Pick<Customer, 'customerId' | 'customerName' | 'legalName' | 'mobileNumber'>;

/** The device's copy of the account, shaped as the server answers it. */
async function deviceAccount(tenantId: string, customer: AccountCustomer): Promise<TillAccount> {
  const copy = await localAccount(tenantId, customer.customerId);
  return {
    customerId: customer.customerId,
    customerName: accountName(customer),
    mobileNumber: customer.mobileNumber,
    onAccount: copy.onAccount,
    limit: toRupees(copy.creditLimit),
    balance: toRupees(copy.balance),
    entries: 0,
    version: 0,
    onDevice: true,
  };
}

/**
 * The customer's account as the till needs it: may they buy on account, the limit and the balance (rupees). Online
 * the server's, kept on the device as it is read; without a network (or no answer) the device's copy.
 */
export function useCustomerAccount(customer: AccountCustomer | null | undefined) {
  return useQuery({
    queryKey: accountKeys.account(customer?.customerId ?? 0),
    queryFn: async (): Promise<TillAccount> => {
      const tenantId = tillTenant();
      if (tenantId && knownOffline()) return deviceAccount(tenantId, customer!);
      try {
        const account = await callApi(accountRoutes.get, { params: { customerId: customer!.customerId } });
        if (tenantId) await keepAccount(tenantId, account).catch(() => undefined);
        return account;
      } catch (error) {
        if (tenantId && noteCallFailure(error)) return deviceAccount(tenantId, customer!);
        throw error;
      }
    },
    enabled: customer?.customerId !== undefined,
    // Offline each bill reads the device's copy again: the bill before it may have moved the balance.
    staleTime: () => (knownOffline() ? 0 : 10_000),
    retry: false,
    networkMode: 'always',
  });
}
