/**
 * A payment against a customer's balance received without a network (docs/customer-credit.md, "Offline"): checked
 * against the device's copy of the account by the server's own rule (shared/credit.ts), given the device's next
 * provisional number, kept in the device's queue beside the bills with its idempotency key (a resend is answered
 * with the payment recorded, never a second one), and taken off the device's balance at once.
 */
import { paymentRefusal } from '../../../../../shared/credit.js';
import { toPaise, toRupees } from '../../../../../shared/money.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { TENDER_LABELS } from '../../../../../shared/tenders.js';
import { PaymentNotKept, type PaymentIn, type PaymentReceived } from '../../../components/payment-form.js';
import { accountName } from './keep-offline-bill.js';
import { localAccount, moveLocalBalance, tillTenant } from './local-copy.js';
import { deviceId, keepBill, nextProvisionalNumber } from './till-queue.js';

export interface KeptPayment {
  received: PaymentReceived;
  customerName: string;
  mobileNumber: string;
}

export async function keepOfflinePayment(customer: Pick<Customer, 'customerId' | 'customerName' | 'legalName' | 'mobileNumber'>, payment: PaymentIn, now = new Date()): Promise<PaymentReceived> {
  const tenantId = tillTenant();
  if (!tenantId) throw new PaymentNotKept('No shop is signed in on this device.');
  const paying = payment.tenders.reduce((sum, t) => sum + toPaise(t.amount), 0);
  const account = await localAccount(tenantId, customer.customerId);
  const refused = paymentRefusal(account, accountName(customer), paying, payment.advance);
  if (refused) throw new PaymentNotKept(refused);
  const [provisionalNumber, device] = await Promise.all([nextProvisionalNumber(), deviceId()]);
  const madeOn = now.toISOString();
  const received: PaymentReceived = {
    provisionalNumber,
    amount: toRupees(paying),
    balanceAfter: toRupees(account.balance - paying),
    at: madeOn,
    tenders: payment.tenders.map((t) => ({ label: TENDER_LABELS[t.method], amount: t.amount, ...(t.reference ? { reference: t.reference } : {}) })),
    ...(paying > Math.max(account.balance, 0) ? { advance: true } : {}),
  };
  const printed: KeptPayment = { received, customerName: accountName(customer), mobileNumber: customer.mobileNumber };
  await keepBill({
    idempotencyKey: payment.idempotencyKey,
    provisionalNumber,
    madeOn,
    tenantId,
    // Money already in hand is never refused when it arrives: what passes the server's balance then is an advance.
    // The ledger entry names the provisional receipt the customer holds.
    body: { ...payment, advance: true, note: [payment.note, `Received offline, receipt ${provisionalNumber}`].filter(Boolean).join(' · ').slice(0, 200), idempotencyKey: payment.idempotencyKey, offline: { madeOn, provisionalNumber, deviceId: device } },
    printed,
    payment: { customerId: customer.customerId },
    state: { kind: 'waiting', attempts: 0 },
  });
  await moveLocalBalance(tenantId, customer.customerId, -paying).catch(() => undefined);
  return received;
}
