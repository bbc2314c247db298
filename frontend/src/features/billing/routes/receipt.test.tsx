import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATUS_PAID } from '../../../../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { billLine, storedBill } from '../test-fixtures.js';
import { PRINT_FAILED, PRINT_UNAVAILABLE } from '../components/receipt-view.js';
import ReceiptScreen from './receipt.js';

vi.setConfig({ testTimeout: 30_000 });

const dal = billLine(2, 'Toor Dal 1kg', 'TD1', 150, 2);
const bill = storedBill([dal], { netAmount: 300, redeemAmount: 0 });
const receipt = {
  shop: { displayName: 'Sri Lakshmi General Stores', address: 'Gandhi Bazaar, Bengaluru', gstNumber: '29ABCDE1234F1Z5' },
  purchase: bill,
  lines: [dal],
  totals: { grossAmount: 300, discount: 0, taxable: 285.71, cgst: 7.15, sgst: 7.14, tax: 14.29, totalSellingAmount: 300, redeemAmount: 0, returnAmount: 0, netAmount: 300 },
  paymentStatus: PAYMENT_STATUS_PAID,
};
const elsewhere = ['/purchase', '/purchaseUpdated/new'];

describe('Cash receipt screen', () => {
  beforeEach(() => signInAs('CASHIER', ['PurchaseEdit']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('prints the receipt and then goes to the order list', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    expect(await screen.findByText(PAYMENT_STATUS_PAID)).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase'));
  });

  it('Cancel returns to Place Order without printing', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    await screen.findByText(PAYMENT_STATUS_PAID);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchaseUpdated/new'));
    expect(print).not.toHaveBeenCalled();
  });

  it("says 'Printing is unavailable on your device !' where the browser cannot print, and stays on the receipt", async () => {
    vi.stubGlobal('print', undefined);
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    await screen.findByText(PAYMENT_STATUS_PAID);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRINT_UNAVAILABLE);
    expect(router.state.location.pathname).toBe('/receipt');
  });

  it("says 'Error while printing !' when the print dialog fails", async () => {
    vi.stubGlobal(
      'print',
      vi.fn(() => {
        throw new Error('No printer');
      }),
    );
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    await screen.findByText(PAYMENT_STATUS_PAID);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRINT_FAILED);
    expect(router.state.location.pathname).toBe('/receipt');
  });
});
