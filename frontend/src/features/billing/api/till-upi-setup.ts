import { useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '../../../../../shared/routes/payments.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * Whether the shop takes UPI by Razorpay's QR codes (else the cashier ticks UPI received); asked once a session.
 * Apart from the QR code's calls (till-upi.ts), which load with its dialog, so Place Order stays light.
 */
export function useTillUpi(enabled = true) {
  return useQuery({
    queryKey: ['billing', 'tillUpi'] as const,
    queryFn: () => callApi(paymentRoutes.tillUpi),
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
    meta: { handlesOwnErrors: true },
  });
}
