import { Button, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { PaymentForm, PaymentReceipt, type PaymentReceived } from '../../../components/payment-form.js';
import { receiveAtTill } from '../api/account-payment.js';
import { accountKeys } from '../api/account.js';
import { accountName } from '../offline/keep-offline-bill.js';

/**
 * "Take a payment" at the till (docs/customer-credit.md): a payment against the customer's balance, any tender,
 * split allowed, receipted at once; without a network it is kept on the device with a provisional receipt and sent
 * when the network is back. Loaded only when the cashier opens it.
 */
export default function TakePayment({ customer, owes, onClose }: { customer: Pick<Customer, 'customerId' | 'customerName' | 'legalName' | 'mobileNumber'>; owes: number; onClose: () => void }) {
  const [paid, setPaid] = useState<PaymentReceived>();
  const queryClient = useQueryClient();
  const done = (received: PaymentReceived) => {
    setPaid(received);
    void queryClient.invalidateQueries({ queryKey: accountKeys.account(customer.customerId) });
  };
  return (
    <Modal opened onClose={onClose} title={`Take a payment · ${accountName(customer)}`} size="lg">
      {paid ? (
        <Stack>
          <PaymentReceipt received={paid} customerName={accountName(customer)} />
          <Button variant="light" w="fit-content" onClick={onClose}>
            Done
          </Button>
        </Stack>
      ) : (
        <PaymentForm owes={owes} receive={(body) => receiveAtTill(customer, body)} onPaid={done} />
      )}
    </Modal>
  );
}
