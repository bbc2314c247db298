import { useQuery } from '@tanstack/react-query';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import { toPaise, toRupees } from '../../../../../shared/money.js';
import type { AccountView } from '../../../../../shared/schemas/account.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { callApi, isApiError } from '../../../lib/api-client.js';
import type { PaymentIn, PaymentReceived } from '../../../components/payment-form.js';
import { receivedOfEntry } from '../../../components/payment-form.js';
import { accountName } from '../offline/keep-offline-bill.js';
import { keepOfflinePayment } from '../offline/keep-offline-payment.js';
import { keepAccount, knownOffline, localAccount, moveLocalBalance, tillTenant } from '../offline/local-copy.js';
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
    staleTime: 10_000,
    retry: false,
    networkMode: 'always',
  });
}

/**
 * A payment against the balance at the till: the server records it (and the device's copy follows); without a
 * network, or when the call gets no answer or a busy server's, it is kept in the device's queue under the same key
 * and sent when the network is back (the server saves one payment per key, so a payment it did record is not
 * recorded twice).
 */
export async function receiveAtTill(customer: AccountCustomer, body: PaymentIn): Promise<PaymentReceived> {
  const tenantId = tillTenant();
  if (knownOffline()) return keepOfflinePayment(customer, body);
  try {
    const entry = await callApi(accountRoutes.payment, { params: { customerId: customer.customerId }, body });
    if (tenantId) await moveLocalBalance(tenantId, customer.customerId, toPaise(entry.amount)).catch(() => undefined);
    return receivedOfEntry(entry);
  } catch (error) {
    if (noteCallFailure(error) || isApiError(error, 429, 500, 502, 503, 504)) return keepOfflinePayment(customer, body);
    throw error;
  }
}
