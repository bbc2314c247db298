import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentRoutes } from '../../../../../shared/routes/payments.js';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';
import type { TillQr, UpiSettleBody } from '../../../../../shared/schemas/till-upi.js';
import { callApi } from '../../../lib/api-client.js';
import { billingKeys } from './billing.js';

/** How often the till asks for its QR code's status: one read of one item each time. */
export const QR_POLL_MS = 1_500;

export { useTillUpi } from './till-upi-setup.js';

const keys = {
  qr: (qrId: string) => ['billing', 'tillQr', qrId] as const,
};

/** A QR code for the saved bill's UPI part (the bill's open one when it has one). */
export function useCreateTillQr() {
  return useMutation({
    mutationFn: (purchaseId: number) => callApi(paymentRoutes.createTillQr, { body: { purchaseId } }),
    meta: { handlesOwnErrors: true },
  });
}

/** The QR code's status, asked every QR_POLL_MS while it is open; `check` asks Razorpay too (Check again). */
export function useTillQr(qrId: string | undefined) {
  return useQuery({
    queryKey: keys.qr(qrId ?? ''),
    queryFn: () => callApi(paymentRoutes.tillQr, { params: { qrId: qrId! }, query: {} }),
    enabled: qrId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'open' || query.state.data === undefined ? QR_POLL_MS : false),
    refetchIntervalInBackground: true,
    meta: { handlesOwnErrors: true },
  });
}

export function useTillQrActions(qrId: string | undefined) {
  const queryClient = useQueryClient();
  const put = (qr: TillQr) => queryClient.setQueryData(keys.qr(qr.qrId), qr);
  const check = useMutation({
    mutationFn: () => callApi(paymentRoutes.tillQr, { params: { qrId: qrId! }, query: { check: 'true' } }),
    onSuccess: put,
    meta: { handlesOwnErrors: true },
  });
  const close = useMutation({
    mutationFn: () => callApi(paymentRoutes.closeTillQr, { params: { qrId: qrId! } }),
    onSuccess: put,
    meta: { handlesOwnErrors: true },
  });
  return { check, close };
}

/** The cashier's answer for a bill's UPI part to be confirmed: it arrived, or was paid another way. */
export function useSettleUpi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body }: { purchaseId: number; body: UpiSettleBody }) => callApi(purchaseRoutes.settleUpi, { params: { purchaseId }, body }),
    onSuccess: (bill) => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.bill(bill.purchaseId) });
      void queryClient.invalidateQueries({ queryKey: billingKeys.receipt(bill.purchaseId) });
    },
    meta: { handlesOwnErrors: true },
  });
}
