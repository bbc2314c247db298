import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseData } from '../../functions/purchases/data.js';
import { paymentData } from '../../functions/payments/data.js';
import { CART_EMPTY, PAYMENT_FAILED, PAYMENT_NOT_VERIFIED, PAYMENT_SUCCESS, REFUNDED_OUT_OF_STOCK, type Payment } from '../../shared/schemas/payment.js';
import { STOCK_SHORT, type CartMasterRow } from '../../shared/schemas/cart.js';
import { apiUrl, call } from './client.js';
import { sentMail } from './mail.js';
import { checkout, completeCheckout, createOrder, mustCreateOrder, reportCheckout, resendWebhook, simState } from './payment-fixtures.js';
import { linesOf, mustAdd, newShopper, stocked, stockOf, type Shopper, type StockedProduct } from './storefront-fixtures.js';

const paymentOf = (shopper: Shopper, orderId: string) => call<Payment>('GET', `/payment/order/${orderId}`, { token: shopper.token });
const ordersOf = async (shopper: Shopper) =>
  (await call<CartMasterRow[]>('GET', `/cart/masterOrder/page/${shopper.customer.customerId}/OrderSuccess,OrderFail,Shipped,Delivered?page=0&size=20`, { token: shopper.token })).body;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a provider order for the cart', () => {
  let shopper: Shopper;
  let basmati: StockedProduct;
  let pickle: StockedProduct;
  beforeAll(async () => {
    shopper = await newShopper();
    [basmati, pickle] = await stocked([
      { quantity: 10, mrp: 100, sellingPrice: 95, gst: 5, name: 'Order Basmati' },
      { quantity: 10, mrp: 50, sellingPrice: 45.5, gst: 12, name: 'Order Pickle' },
    ]);
  });

  it('refuses an empty cart', async () => {
    const answer = await createOrder(shopper);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CART_EMPTY);
  });

  it('asks Razorpay for the amount the server figures, and records a Pending payment', async () => {
    await mustAdd(shopper, basmati, 2);
    await mustAdd(shopper, pickle, 1);
    const order = await mustCreateOrder(shopper);
    // ₹95 × 2 + ₹45.50 + ₹100 delivery = ₹335.50 = 33,550 paise.
    expect(order).toMatchObject({ entity: 'order', amount: 33_550, currency: 'INR', status: 'created', payable: 335.5, key: expect.stringMatching(/^rzp_test_/) });
    expect(order.checkoutUrl).toMatch(/\/v1\/checkout\.js$/);
    expect((await simState()).orders.find((o) => o.id === order.id)).toMatchObject({ amount: 33_550, notes: { tenantId: 'demo' } });
    expect((await paymentOf(shopper, order.id)).body).toMatchObject({ status: 'Pending', amount: 335.5, deliveryCharge: 100, tax: 18.68, discount: 14.5 });
  });

  it('never takes the client’s amount: a different one is refused with the server’s', async () => {
    const answer = await createOrder(shopper, { amount: 1, currency: 'INR', receipt: 'receipt#1' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The amount to pay is now ₹335.50. Please review your order and pay again.');
    expect((await createOrder(shopper, { amount: 335.5, currency: 'INR' })).status).toBe(200);
  });

  it('is refused while a line wants more than the shelf holds', async () => {
    await mustAdd(shopper, pickle, 9);
    const other = await newShopper();
    await mustAdd(other, pickle, 5);
    await checkout(other);
    const answer = await createOrder(shopper);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(STOCK_SHORT);
  });

  it('shows a customer only their own payments', async () => {
    const other = await newShopper();
    await mustAdd(other, basmati, 1);
    const order = await mustCreateOrder(other);
    expect((await paymentOf(shopper, order.id)).status).toBe(404);
  });
});

describe('paying through the checkout', () => {
  let shopper: Shopper;
  let tea: StockedProduct;
  let soap: StockedProduct;
  beforeAll(async () => {
    shopper = await newShopper();
    [tea, soap] = await stocked([
      { quantity: 8, mrp: 320, sellingPrice: 304, gst: 5, name: 'Checkout Tea' },
      { quantity: 8, mrp: 96, gst: 18, name: 'Checkout Soap' },
    ]);
  });

  it('records a failure with the provider’s reason and keeps the cart for another try', async () => {
    await mustAdd(shopper, tea, 2);
    await mustAdd(shopper, soap, 3);
    const order = await mustCreateOrder(shopper);
    const result = await completeCheckout(order.id, 'failure');
    if (result.kind !== 'failure') throw new Error('expected a failure');
    const answer = await reportCheckout(shopper, { razorpay_order_id: order.id, status: 'Failed', error: result.error });
    expect(answer.body).toMatchObject({ status: 'Failed', message: PAYMENT_FAILED, description: 'Payment failed because the card was declined (simulated).' });
    expect((await paymentOf(shopper, order.id)).body).toMatchObject({ status: 'Failed', failureReason: 'Payment failed because the card was declined (simulated).' });
    expect(await linesOf(shopper, 'InCart')).toHaveLength(2);
    expect(await stockOf(tea)).toBe(8);
  });

  it('makes no order from a forged signature', async () => {
    const order = await mustCreateOrder(shopper);
    const result = await completeCheckout(order.id, 'success');
    if (result.kind !== 'success') throw new Error('expected a success');
    const forged = createHmac('sha256', 'not-the-key-secret').update(`${order.id}|${result.response.razorpay_payment_id}`).digest('hex');
    for (const signature of [forged, 'abc', result.response.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))]) {
      const answer = await reportCheckout(shopper, { ...result.response, razorpay_signature: signature });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(PAYMENT_NOT_VERIFIED);
    }
    // A payment id of another order, signed for it, does not pay this one either.
    const stored = await paymentData.get('demo', order.id);
    expect(stored).toMatchObject({ status: 'Pending', stage: 'Created' });
    expect(stored?.purchaseId).toBeUndefined();
    expect(await linesOf(shopper, 'InCart')).toHaveLength(2);
    expect(await stockOf(tea)).toBe(8);
  });

  it('turns a genuine payment into an order: payment, stock, bill, cart lines, e-mail', async () => {
    const mailsBefore = (await sentMail()).length;
    const { order, outcome, paymentId } = await checkout(shopper);
    expect(outcome).toMatchObject({ status: 'Paid', message: PAYMENT_SUCCESS, paymentId, orderStatus: 'OrderSuccess', purchaseId: expect.any(Number) });
    expect((await paymentOf(shopper, order.id)).body).toMatchObject({ status: 'Paid', razorpayPaymentId: paymentId, orderStatus: 'OrderSuccess' });
    expect(await stockOf(tea)).toBe(6);
    expect(await stockOf(soap)).toBe(5);
    expect(await linesOf(shopper, 'InCart')).toEqual([]);
    const orders = await ordersOf(shopper);
    expect(orders.map((o) => [o.productId, o.status, o.cartQuantity, o.purchaseId])).toEqual(
      expect.arrayContaining([
        [tea.productId, 'OrderSuccess', 2, outcome.purchaseId],
        [soap.productId, 'OrderSuccess', 3, outcome.purchaseId],
      ]),
    );
    const bill = await purchaseData.open('demo', outcome.purchaseId!);
    // ₹304 × 2 + ₹96 × 3 = ₹896 of goods and the ₹100 delivery: the invoice's total is what was paid. The tea is the
    // principal supply (taxable ₹579.05 against the soap's ₹244.07), so delivery is taxed at its 5%: ₹95.24 + ₹4.76.
    expect(bill?.bill).toMatchObject({ paymentMode: 'Online', customerId: shopper.customer.customerId, net: 99_600, paid: 99_600, lineCount: 2, soldQuantity: 5 });
    const teaLine = bill!.lines.find((l) => l.productId === tea.productId)!;
    expect(bill?.bill.delivery).toMatchObject({ charge: 100_00, principalLine: teaLine.purchasedProductId, gstRate: 500, taxable: 95_24, tax: 4_76 });
    // The checkout showed, and the payment keeps, the tax the invoice charged: prices include GST.
    expect(Math.round((await paymentData.get('demo', order.id))!.tax)).toBe(bill!.bill.tax);
    const mails = (await sentMail()).slice(mailsBefore).filter((m) => m.to.includes(shopper.customer.emailId!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`order confirmed, bill ${outcome.purchaseId}`);
    expect(mails[0]!.text).toContain('Delivery charge  ₹100.00 (taxable ₹95.24, ');
    expect(mails[0]!.text).toContain(`Tax invoice ${bill!.bill.invoiceNumber}: total ₹996.00`);
  });
});

describe('idempotency', () => {
  it('makes one order from the same callback and webhook ten times each, at once', async () => {
    const shopper = await newShopper();
    const [ghee] = await stocked([{ quantity: 20, mrp: 650, gst: 12, name: 'Idempotent Ghee' }]);
    await mustAdd(shopper, ghee, 3);
    const order = await mustCreateOrder(shopper);
    const result = await completeCheckout(order.id, 'success');
    if (result.kind !== 'success') throw new Error('expected a success');
    const mailsBefore = (await sentMail()).length;
    const [callbacks, webhooks] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => reportCheckout(shopper, result.response))),
      Promise.all(Array.from({ length: 10 }, () => resendWebhook(result.response.razorpay_payment_id))),
    ]);
    expect(callbacks.map((c) => c.status)).toEqual(Array(10).fill(200));
    expect(new Set(callbacks.map((c) => c.body.purchaseId)).size).toBe(1);
    expect(webhooks).toEqual(Array(10).fill(200));
    expect(await stockOf(ghee)).toBe(17);
    const orders = await ordersOf(shopper);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ cartQuantity: 3, status: 'OrderSuccess', purchaseId: callbacks[0]!.body.purchaseId });
    expect(await purchaseData.open('demo', callbacks[0]!.body.purchaseId! + 1)).toBeUndefined();
    expect((await sentMail()).slice(mailsBefore).filter((m) => m.to.includes(shopper.customer.emailId!))).toHaveLength(1);
  });

  it('loses no order when the browser never reports back: the webhook makes it', async () => {
    const shopper = await newShopper();
    const [jaggery] = await stocked([{ quantity: 5, mrp: 80, name: 'Webhook Jaggery' }]);
    await mustAdd(shopper, jaggery, 2);
    const order = await mustCreateOrder(shopper);
    await completeCheckout(order.id, 'success', true);
    const payment = await until(
      async () => (await paymentOf(shopper, order.id)).body,
      (p) => p.orderStatus === 'OrderSuccess',
    );
    expect(payment).toMatchObject({ status: 'Paid', orderStatus: 'OrderSuccess', purchaseId: expect.any(Number) });
    expect(await stockOf(jaggery)).toBe(3);
    expect((await simState()).webhooks.filter((w) => w.paymentId === payment.razorpayPaymentId)).toEqual([expect.objectContaining({ status: 200 })]);
  });

  it('refuses a webhook whose signature does not match', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Forged000000001', order_id: 'order_Forged00000001' } } } });
    const answer = await fetch(`${apiUrl()}/payment/webhook/razorpay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', 'guess').update(body).digest('hex') },
      body,
    });
    expect(answer.status).toBe(400);
    const unsigned = await fetch(`${apiUrl()}/payment/webhook/razorpay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(400);
  });
});

describe('two customers paying for the last unit', () => {
  it('makes one order and refunds the other payment through the provider', async () => {
    const [first, second] = await Promise.all([newShopper(), newShopper()]);
    const [saree] = await stocked([{ quantity: 1, mrp: 2499, gst: 5, name: 'Last Saree' }]);
    await mustAdd(first, saree, 1);
    await mustAdd(second, saree, 1);
    // Both may start paying: the unit is still on the shelf when each order is created.
    const [orderA, orderB] = await Promise.all([mustCreateOrder(first), mustCreateOrder(second)]);
    const [paidA, paidB] = await Promise.all([completeCheckout(orderA.id, 'success'), completeCheckout(orderB.id, 'success')]);
    if (paidA.kind !== 'success' || paidB.kind !== 'success') throw new Error('expected successes');
    const [a, b] = await Promise.all([reportCheckout(first, paidA.response), reportCheckout(second, paidB.response)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const outcomes = [a.body, b.body];
    const won = outcomes.filter((o) => o.orderStatus === 'OrderSuccess');
    const lost = outcomes.filter((o) => o.orderStatus === 'OrderFail');
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.objectContaining({ status: 'Refunded', message: REFUNDED_OUT_OF_STOCK })]);
    expect(await stockOf(saree)).toBe(0);

    const state = await simState();
    const refunds = state.refunds.filter((r) => [paidA.response.razorpay_payment_id, paidB.response.razorpay_payment_id].includes(r.payment_id));
    expect(refunds).toEqual([expect.objectContaining({ payment_id: lost[0]!.paymentId, amount: 2499_00 + 100_00 })]);
    expect(state.payments.find((p) => p.id === lost[0]!.paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 259_900 });

    const loser = lost[0]!.paymentId === paidA.response.razorpay_payment_id ? first : second;
    expect((await ordersOf(loser)).map((o) => o.status)).toEqual(['OrderFail']);
    expect(await linesOf(loser, 'InCart')).toEqual([]);
    const customerOrders = await call<CartMasterRow[]>('GET', `/cart/masterOrder/page/${loser.customer.customerId}/OrderSuccess,Shipped,Delivered`, { token: loser.token });
    expect(customerOrders.body).toEqual([]);
  });
});
