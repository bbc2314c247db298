import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_CLOSED, type TillQr } from '../../../../../shared/schemas/till-upi.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import RazorpayUpiDialog from './razorpay-upi.js';

const open: TillQr = {
  qrId: 'qr_Till0000000001',
  purchaseId: 41,
  invoiceNumber: 'DEM/26-27/000041',
  amount: 100,
  status: 'open',
  imageUrl: 'https://rzp.io/i/till',
  imageContent: 'upi://pay?pa=rzr.demo@icic&pn=Demo&tr=RZPTill&cu=INR&am=100',
  closeBy: '2026-11-28T12:16:00.000Z',
};

describe('the till’s Razorpay UPI QR code', () => {
  beforeEach(() => signInAs('CASHIER', ['PurchaseEdit']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the code and moves on by itself once the webhook has confirmed the payment', async () => {
    let polls = 0;
    serve([
      ['POST /payment/till-qr', [200, open]],
      // Open at the first read, paid at the next: what the webhook does between two polls.
      ['GET /payment/till-qr/qr_Till0000000001', () => [200, ++polls > 1 ? { ...open, status: 'paid', paymentId: 'pay_1' } : open]],
    ]);
    const onDone = vi.fn();
    renderScreen(<RazorpayUpiDialog purchaseId={41} billLabel="DEM/26-27/000041" onDone={onDone} onLater={vi.fn()} />, { path: '/', url: '/' });
    expect(await screen.findByAltText('Razorpay UPI QR code for ₹100.00')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  });

  it('tells a code that closed unpaid, and the cashier takes the part in cash', async () => {
    const calls = serve([
      ['POST /payment/till-qr', [200, open]],
      ['GET /payment/till-qr/qr_Till0000000001', [200, { ...open, status: 'closed', message: QR_CLOSED }]],
      ['POST /purchase/41/upi', [200, { purchaseId: 41 }]],
    ]);
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderScreen(<RazorpayUpiDialog purchaseId={41} billLabel="DEM/26-27/000041" onDone={onDone} onLater={vi.fn()} />, { path: '/', url: '/' });
    expect(await screen.findByText(QR_CLOSED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Paid in cash' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.key === 'POST /purchase/41/upi')?.body).toEqual({ method: 'cash' });
  });
});
