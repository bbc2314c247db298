import { expect } from 'vitest';
import { op, transact } from '../../functions/lib/db.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { tenantData } from '../../functions/tenants/data.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import type { TillQr } from '../../shared/schemas/till-upi.js';
import { call } from './client.js';
import { razorpayUrl } from './payment-fixtures.js';
import { bill, cashierToken, line, mustPlace, type Shelf } from './pos-fixtures.js';

/** The demo shop confirms UPI at the till by Razorpay's QR codes (written beside its profile's version, so other tests' profile saves are not disturbed). */
export const useRazorpayQr = () => inTenant('demo', () => transact([op.setFields(tenantData.key('demo'), { upiRazorpayQr: true })]));

/** A ₹300 bill of two of `shelf` (₹150 each, 5 % GST): ₹200 cash and ₹100 by UPI still to be confirmed. */
export const billWithUpiToConfirm = (shelf: Shelf, customer: Customer): Promise<Purchase> =>
  mustPlace(
    bill(customer, [line(shelf, 2)], { grossAmount: 300, discount: 0, tax: 14.28, netAmount: 300 }, {
      paymentMode: undefined,
      tenders: [
        { method: 'cash', amount: 200 },
        { method: 'upi', amount: 100, pending: true },
      ],
    }),
  );

/** The till asks for the bill's QR code. */
export const showQr = async (purchaseId: number) => call<TillQr & { message?: string }>('POST', '/payment/till-qr', { token: await cashierToken(), body: { purchaseId } });

/** A call to the Razorpay simulator's own controls. */
export async function simulator<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${razorpayUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The customer pays the code (another amount in paise when given). */
export const pay = (qrId: string, amount?: number) => simulator<{ payment: { id: string } }>(`/sim/qr_codes/${qrId}/pay`, amount ? { amount } : {});
