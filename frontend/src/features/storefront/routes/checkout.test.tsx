import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartSummary, toRupees } from '../../../../../shared/money.js';
import { STOCK_SHORT, type CartSummaryView } from '../../../../../shared/schemas/cart.js';
import { ORDER_CREATION_FAILED, PAYMENT_FAILED, PAYMENT_SUCCESS, SDK_LOAD_FAILED } from '../../../../../shared/schemas/payment.js';
import { ravi, renderScreen, serve, signInAsCustomer, type Call } from '../../../../../test/web/checkout-fixtures.js';
import { clearSession, updateSession } from '../../../lib/session.js';
import type { RazorpayFailure, RazorpayOptions, RazorpaySuccess } from '../components/razorpay.js';
import Checkout from './checkout.js';

/**
 * Two units of basmati at ₹95 (MRP ₹100, GST 5%) and one pickle at ₹45.50 (MRP ₹50, GST 12%), figured by the
 * shared summary as the server does: prices include GST, so the tax shown is the GST inside them as the invoice charges
 * it, ₹9.04 (₹190 at 5%) + ₹4.88 (₹45.50 at 12%) + ₹4.76 (delivery at the principal supply's 5%) = ₹18.68;
 * saved 2 × 5 + 4.50 = ₹14.50; payable 190 + 45.50 + 100 delivery = ₹335.50.
 */
function basketSummary(changes: Partial<CartSummaryView> = {}): CartSummaryView {
  const s = cartSummary([
    { price: 9500, mrp: 10000, quantity: 2, taxRate: 500 },
    { price: 4550, mrp: 5000, quantity: 1, taxRate: 1200 },
  ]);
  return {
    lines: s.lines,
    items: s.items,
    subtotal: toRupees(s.subtotal),
    mrpTotal: toRupees(s.mrpTotal),
    saved: toRupees(s.saved),
    tax: toRupees(s.tax),
    deliveryCharge: toRupees(s.deliveryCharge),
    payable: toRupees(s.payable),
    deliveryDate: '2026-11-24',
    stockShort: false,
    ...changes,
  };
}

let checkoutScript = 0;
const providerOrder = (changes: Record<string, unknown> = {}) => ({
  id: 'order_SimCheckout01',
  entity: 'order',
  amount: 33_550,
  currency: 'INR',
  receipt: 'Online order',
  status: 'created',
  key: 'rzp_test_LocalShop0001',
  // A script address of its own per test: the loader remembers the scripts it loaded.
  checkoutUrl: `http://razorpay.test/v1/checkout.js?test=${++checkoutScript}`,
  name: 'Sri Lakshmi General Stores',
  prefill: { name: 'RaviKumar', email: 'ravi.kumar@example.in', contact: '9876543210' },
  payable: 335.5,
  ...changes,
});

/** Razorpay's checkout as the page sees it: the options it was opened with and the failure listeners. */
let opened: { options: RazorpayOptions; failed: ((response: RazorpayFailure) => void)[] } | undefined;
class FakeRazorpay {
  failed: ((response: RazorpayFailure) => void)[] = [];
  constructor(readonly options: RazorpayOptions) {}
  on(_event: string, listener: (response: RazorpayFailure) => void) {
    this.failed.push(listener);
  }
  open() {
    opened = { options: this.options, failed: this.failed };
  }
}

/** The checkout script's <script> element finishing: loaded (defining window.Razorpay) or failed. */
async function scriptEnds(outcome: 'load' | 'error') {
  const script = await waitFor(() => {
    const found = document.querySelector<HTMLScriptElement>('script[src^="http://razorpay.test/"]');
    expect(found).not.toBeNull();
    return found!;
  });
  if (outcome === 'load') window.Razorpay = FakeRazorpay as unknown as typeof window.Razorpay;
  script.dispatchEvent(new Event(outcome));
}

describe('Checkout', () => {
  beforeEach(() => {
    signInAsCustomer();
    opened = undefined;
    delete window.Razorpay;
    document.querySelectorAll('script[src^="http://razorpay.test/"]').forEach((s) => s.remove());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the order summary with the hand-worked figures and the customer’s contact', async () => {
    serve([['GET /cart/summary/21', [200, basketSummary()]]]);
    renderScreen(<Checkout />, { path: '/payment' });
    expect(await screen.findByLabelText('Payable Amount')).toHaveTextContent('₹335.50');
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveTextContent('ravi.kumar@example.in');
    expect(screen.getByLabelText('Mobile Number')).toHaveTextContent('9876543210');
    expect(screen.getByLabelText('Address')).toHaveTextContent('45, 3rd Cross, Jayanagar, Bengaluru 560011');
    expect(screen.getByLabelText('Items')).toHaveTextContent('3');
    expect(screen.getByLabelText('Price of Items')).toHaveTextContent('₹235.50');
    expect(screen.getByLabelText('Tax')).toHaveTextContent('₹18.68');
    expect(screen.getByLabelText('Delivery Charge')).toHaveTextContent('₹100.00');
    expect(screen.getByLabelText('Saved Amount')).toHaveTextContent('₹14.50');
    expect(screen.getByLabelText('Status')).toHaveTextContent('Pending');
    expect(screen.getByLabelText('Delivery Date')).toHaveTextContent('24/11/2026');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("asks where to ship, starting from the customer's last order's address as stored now, and sends it", async () => {
    const moved = { name: 'Ravi Kumar', line: '12, Beach Road', city: 'Kochi', pincode: '682001', state: '32' };
    const calls = serve([
      ['GET /cart/summary/21', [200, basketSummary()]],
      ['GET /customer/appUser/31', [200, { ...ravi, shippingAddress: moved }]],
      ['POST /payment/order/external', [200, providerOrder()]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    await waitFor(() => expect(within(shipTo).getByRole('textbox', { name: /^City/ })).toHaveValue('Kochi'));
    expect(within(shipTo).getByLabelText(/^State/, { selector: 'input' })).toHaveValue('32 – Kerala');
    const pin = within(shipTo).getByRole('textbox', { name: /^PIN Code/ });
    await user.clear(pin);
    await user.type(pin, '68200');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await within(shipTo).findByText('Enter a 6-digit PIN code.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /payment/order/external')).toBe(false);
    await user.type(pin, '1');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await scriptEnds('error');
    expect(calls.find((c) => c.key === 'POST /payment/order/external')!.body).toMatchObject({ shippingAddress: moved });
  });

  it('starts a first order from the customer’s own address, split into street, city and PIN code, and state', async () => {
    updateSession({ customer: { ...ravi, shippingAddress: undefined } });
    serve([['GET /cart/summary/21', [200, basketSummary()]]]);
    renderScreen(<Checkout />, { path: '/payment' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    expect(within(shipTo).getByRole('textbox', { name: /^Name/ })).toHaveValue('RaviKumar');
    expect(within(shipTo).getByRole('textbox', { name: /^Street Address/ })).toHaveValue('45, 3rd Cross, Jayanagar');
    expect(within(shipTo).getByRole('textbox', { name: /^City/ })).toHaveValue('Bengaluru');
    expect(within(shipTo).getByRole('textbox', { name: /^PIN Code/ })).toHaveValue('560011');
    expect(within(shipTo).getByLabelText(/^State/, { selector: 'input' })).toHaveValue('29 – Karnataka');
  });

  it('keeps Pay disabled with the red message while a line wants more than the shelf holds', async () => {
    serve([['GET /cart/summary/21', [200, basketSummary({ stockShort: true, message: STOCK_SHORT })]]]);
    renderScreen(<Checkout />, { path: '/payment' });
    expect(await screen.findByText(STOCK_SHORT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('Cancel goes back to the cart', async () => {
    serve([['GET /cart/summary/21', [200, basketSummary()]]]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment', elsewhere: ['/cart'] });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('page /cart')).toBeInTheDocument();
  });

  it("says 'Razorpay SDK failed to load. Are you online?' when the checkout script cannot be loaded", async () => {
    const calls = serve([
      ['GET /cart/summary/21', [200, basketSummary()]],
      ['POST /payment/order/external', [200, providerOrder()]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment' });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await scriptEnds('error');
    expect(await screen.findByText(SDK_LOAD_FAILED)).toBeInTheDocument();
    expect(opened).toBeUndefined();
    // The amount the screen showed, for the server to compare with its own.
    expect(calls.find((c) => c.key === 'POST /payment/order/external')!.body).toEqual({ amount: 335.5, currency: 'INR', receipt: 'Online order', shippingAddress: ravi.shippingAddress });
  });

  it("says 'Oops Order Creation Failed!' when the provider's order is not created", async () => {
    serve([
      ['GET /cart/summary/21', [200, basketSummary()]],
      ['POST /payment/order/external', [200, providerOrder({ status: 'attempted' })]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment' });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(ORDER_CREATION_FAILED)).toBeInTheDocument();
    expect(document.querySelector('script[src^="http://razorpay.test/"]')).toBeNull();
  });

  it('pays: the checkout opens with the provider order, success shows the payment id, Pay goes and Cancel reads Back', async () => {
    const calls = serve([
      ['GET /cart/summary/21', [200, basketSummary()]],
      ['POST /payment/order/external', [200, providerOrder()]],
      [
        'POST /payment/order/internal',
        (call: Call) => [200, { orderId: 'order_SimCheckout01', status: 'Paid', message: PAYMENT_SUCCESS, paymentId: (call.body as { payment: RazorpaySuccess }).payment.razorpay_payment_id, orderStatus: 'OrderSuccess', purchaseId: 88 }],
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment' });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await scriptEnds('load');
    await waitFor(() => expect(opened).toBeDefined());
    expect(opened!.options).toMatchObject({
      key: 'rzp_test_LocalShop0001',
      amount: 33_550,
      currency: 'INR',
      order_id: 'order_SimCheckout01',
      name: 'Sri Lakshmi General Stores',
      prefill: { email: 'ravi.kumar@example.in', contact: '9876543210' },
    });

    opened!.options.handler({ razorpay_order_id: 'order_SimCheckout01', razorpay_payment_id: 'pay_SimPaid0001', razorpay_signature: 'abc123' });
    expect(await screen.findByText(PAYMENT_SUCCESS)).toBeInTheDocument();
    expect(screen.getByText('Payment Id: pay_SimPaid0001')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveTextContent('Paid');
    // The figures paid stay on the screen though the cart is now empty.
    expect(screen.getByLabelText('Payable Amount')).toHaveTextContent('₹335.50');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /payment/order/internal')!.body).toEqual({
      payment: { razorpay_order_id: 'order_SimCheckout01', razorpay_payment_id: 'pay_SimPaid0001', razorpay_signature: 'abc123' },
      status: 'Paid',
    });
  });

  it('once paid, the summary’s address is where the order goes, not the profile’s', async () => {
    const moved = { name: 'Ravi Kumar', line: '12, Beach Road', city: 'Kochi', pincode: '682001', state: '32' };
    serve([
      ['GET /cart/summary/21', [200, basketSummary()]],
      ['GET /customer/appUser/31', [200, { ...ravi, shippingAddress: moved }]],
      ['POST /payment/order/external', [200, providerOrder()]],
      ['POST /payment/order/internal', [200, { orderId: 'order_SimCheckout01', status: 'Paid', message: PAYMENT_SUCCESS, paymentId: 'pay_SimPaid0002', orderStatus: 'OrderSuccess', purchaseId: 89 }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    await waitFor(() => expect(within(shipTo).getByRole('textbox', { name: /^City/ })).toHaveValue('Kochi'));
    expect(screen.getByLabelText('Address')).toHaveTextContent('45, 3rd Cross, Jayanagar, Bengaluru 560011');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await scriptEnds('load');
    await waitFor(() => expect(opened).toBeDefined());
    opened!.options.handler({ razorpay_order_id: 'order_SimCheckout01', razorpay_payment_id: 'pay_SimPaid0002', razorpay_signature: 'abc124' });
    expect(await screen.findByText(PAYMENT_SUCCESS)).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveTextContent('Ravi Kumar, 12, Beach Road, Kochi 682001, 32-Kerala');
    expect(screen.queryByRole('region', { name: 'Ship to' })).not.toBeInTheDocument();
  });

  it("shows 'Oops Payment Failed!' with the provider's reason, records the failure and lets the customer pay again", async () => {
    const calls = serve([
      ['GET /cart/summary/21', [200, basketSummary()]],
      ['POST /payment/order/external', [200, providerOrder()]],
      ['POST /payment/order/internal', [200, { orderId: 'order_SimCheckout01', status: 'Failed', message: PAYMENT_FAILED, description: 'Card declined' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Checkout />, { path: '/payment' });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await scriptEnds('load');
    await waitFor(() => expect(opened).toBeDefined());
    const error = { code: 'BAD_REQUEST_ERROR', description: 'Payment failed because the card was declined (simulated).', metadata: { order_id: 'order_SimCheckout01', payment_id: 'pay_SimFail001' } };
    opened!.failed.forEach((listener) => listener({ error }));

    expect(await screen.findByText(PAYMENT_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Payment failed because the card was declined (simulated).')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveTextContent('Failed');
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /payment/order/internal')?.body).toEqual({ payment: { razorpay_order_id: 'order_SimCheckout01', error }, status: 'Failed' }),
    );
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });
});
