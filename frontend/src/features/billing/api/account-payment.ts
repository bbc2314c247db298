import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import { toPaise } from '../../../../../shared/money.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { receivedOfEntry, type PaymentIn, type PaymentReceived } from '../../../components/payment-form.js';
import { callApi, isApiError } from '../../../lib/api-client.js';
import { keepOfflinePayment } from '../offline/keep-offline-payment.js';
import { knownOffline, moveLocalBalance, tillTenant } from '../offline/local-copy.js';
import { noteCallFailure } from '../offline/till-queue.js';

/**
 * A payment against the balance at the till: the server records it (and the device's copy follows); without a
 * network, or when the call gets no answer or a busy server's, it is kept in the device's queue under the same key
 * and sent when the network is back (the server saves one payment per key, so a payment it did record is not
 * recorded twice).
 */
export async function receiveAtTill(customer: Pick<Customer, 'customerId' | 'customerName' | 'legalName' | 'mobileNumber'>, body: PaymentIn): Promise<PaymentReceived> {
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
