import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatPaise } from '../../../../../shared/format.js';
import { NO_UPI_TO_CONFIRM } from '../../../../../shared/schemas/till-upi.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSettleUpi, useTillUpi } from '../api/till-upi.js';
import { tillTenant } from './local-copy.js';
import type { QueuedBill } from './queue.js';
import { toConfirm, upiOfQueued } from './upi-to-confirm-check.js';
import { deviceQueueStore, onQueueChange } from './till-queue.js';

const RazorpayUpiDialog = lazy(() => import('../components/razorpay-upi.js'));
const KEY = ['billing', 'upiToConfirm'] as const;



async function markSettled(bill: QueuedBill) {
  await deviceQueueStore.put({ ...bill, upiSettled: true });
}

/**
 * When the network returns and a bill made offline with a UPI part is saved, the till asks "Did UPI ₹X for bill N
 * arrive?" (docs/point-of-sale.md, "UPI to be confirmed"): Yes confirms it, Paid in cash moves it to cash; a shop
 * taking UPI by Razorpay's QR codes may show the customer a QR code for it instead.
 */
export default function UpiToConfirm() {
  const queryClient = useQueryClient();
  const tenantId = tillTenant();
  useEffect(() => onQueueChange(() => void queryClient.invalidateQueries({ queryKey: KEY })), [queryClient]);
  const bills = useQuery({
    queryKey: KEY,
    queryFn: async () => toConfirm((await deviceQueueStore.all()).filter((b) => b.tenantId === tenantId)),
    enabled: tenantId !== undefined,
    networkMode: 'always',
    meta: { handlesOwnErrors: true },
  });
  const bill = bills.data?.[0];
  const sent = bill?.state.kind === 'sent' ? bill.state : undefined;
  const tillUpi = useTillUpi(bill !== undefined);
  const settle = useSettleUpi();
  const [qrShown, setQrShown] = useState(false);
  if (!bill || !sent) return null;

  const label = sent.invoiceNumber ?? String(sent.purchaseId);
  const done = () => {
    setQrShown(false);
    void markSettled(bill).then(() => queryClient.invalidateQueries({ queryKey: KEY }));
  };
  const answer = (method: 'upi' | 'cash') =>
    settle.mutate(
      { purchaseId: sent.purchaseId, body: { method } },
      // Answered already (on another till, or by Razorpay): nothing is left to ask.
      { onSuccess: done, onError: (error) => isApiError(error) && error.message === NO_UPI_TO_CONFIRM && done() },
    );
  return (
    <Alert color="yellow" variant="light" radius={0} role="alert" aria-label="UPI to be confirmed">
      <Group gap="sm">
        <Text size="sm" fw={600}>
          Did UPI {formatPaise(upiOfQueued(bill))} for bill {label} arrive?
        </Text>
        <Button size="xs" loading={settle.isPending} onClick={() => answer('upi')}>
          Yes, it arrived
        </Button>
        <Button size="xs" variant="light" loading={settle.isPending} onClick={() => answer('cash')}>
          No, paid in cash
        </Button>
        {tillUpi.data?.razorpay && (
          <Button size="xs" variant="default" onClick={() => setQrShown(true)}>
            Show a Razorpay QR code
          </Button>
        )}
        {settle.error && !(isApiError(settle.error) && settle.error.message === NO_UPI_TO_CONFIRM) && (
          <Text size="sm" c="red">
            {isApiError(settle.error) ? settle.error.message : 'The till could not reach the server. Try again.'}
          </Text>
        )}
      </Group>
      {qrShown && (
        <Suspense fallback={null}>
          <RazorpayUpiDialog purchaseId={sent.purchaseId} billLabel={label} onDone={done} onLater={() => setQrShown(false)} />
        </Suspense>
      )}
    </Alert>
  );
}
