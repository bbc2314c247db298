import type { Customer } from '../shared/schemas/customer.js';
import type { PaymentOutcome, ProviderOrder } from '../shared/schemas/payment.js';
import { rootLogger } from '../functions/lib/logger.js';
import { printTable, signIn, stockedLines, timed, timingOf, withStack } from './lib.js';

const LINES = 3;
const SHOPPER_PASSWORD = 'Shopper@2024';

/**
 * A customer's checkout on the demo shop, through the local gateway: add to cart (POST /cart/save, a new line each),
 * the order summary, and a full payment — the Razorpay order for the cart (POST /payment/order/external), the
 * simulator completing the checkout as the tester's Pay does, and the checkout's result posted back
 * (POST /payment/order/internal), which runs the payment-to-order Step Functions flow (verify with the provider,
 * record, reserve stock, bill, move the cart lines to the order, mail) before it answers. Every round starts from
 * an empty cart and ends with an order; a payment that makes no order stops the run.
 */
export async function storefrontBenchmark(runs: number) {
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const scope = { tenantId, actor: { userName: 'admin@demo.shop', now: new Date() }, log: rootLogger };
    const rounds = Math.max(1, runs);
    const warmup = Math.min(5, rounds);
    const lines = await stockedLines(scope, LINES, rounds + warmup + 10);

    // A customer who signs up on the storefront and signs in.
    const name = `Benchshopper${Date.now() % 1_000_000}`;
    const signUp = await fetch(`${stack.apiUrl}/customer/signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenantId,
        customerName: name,
        mobileNumber: `8${String(Date.now()).slice(-9)}`,
        emailId: `${name.toLowerCase()}@example.in`,
        address: '7, Church Street, Bengaluru 560001',
        password: SHOPPER_PASSWORD,
        passwordVerify: SHOPPER_PASSWORD,
      }),
    });
    if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
    const customer = (await signUp.json()) as Customer;
    const token = await signIn(stack.apiUrl, tenantId, customer.customerName.toLowerCase(), SHOPPER_PASSWORD);
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const r = await fetch(`${stack.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    const simulator = async <T>(path: string, body: unknown): Promise<T> => {
      const r = await fetch(`${stack.razorpayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (r.status !== 200) throw new Error(`simulator ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };

    const samples = { add: [] as number[], summary: [] as number[], order: [] as number[], complete: [] as number[], callback: [] as number[], payment: [] as number[] };
    let bills = 0;
    for (let round = 0; round < warmup + rounds; round++) {
      const keep = round >= warmup;
      for (const line of lines) {
        const added = await timed(() => api('POST', '/cart/save', { customerId: customer.customerId, productId: line.productId, stockId: line.stockId, cartQuantity: 1 }));
        if (keep) samples.add.push(added.ms);
      }
      const summary = await timed(() => api<{ stockShort?: string }>('GET', `/cart/summary/${customer.customerId}`));
      if (summary.value.stockShort) throw new Error(summary.value.stockShort);
      const order = await timed(() => api<ProviderOrder>('POST', '/payment/order/external', { currency: 'INR' }));
      const complete = await timed(() =>
        simulator<{ kind: string; response: Record<string, string> }>('/sim/checkout/complete', { order_id: order.value.id, outcome: 'success', webhook: false }),
      );
      if (complete.value.kind !== 'success') throw new Error('The simulator refused the payment');
      const callback = await timed(() => api<PaymentOutcome>('POST', '/payment/order/internal', { payment: complete.value.response, status: 'Paid', deliveryCharge: 100 }));
      if (callback.value.orderStatus !== 'OrderSuccess' || !callback.value.purchaseId) throw new Error(`No order: ${JSON.stringify(callback.value)}`);
      bills += 1;
      if (!keep) continue;
      samples.summary.push(summary.ms);
      samples.order.push(order.ms);
      samples.complete.push(complete.ms);
      samples.callback.push(callback.ms);
      samples.payment.push(order.ms + complete.ms + callback.ms);
    }
    const left = await api<unknown[]>('GET', `/cart/byCustomerStatus/${customer.customerId}/InCart`);
    if (left.length) throw new Error(`${left.length} lines left in the cart after the last order`);

    printTable(`Storefront: ${rounds} checkouts of a ${LINES}-line cart by one customer (${bills} orders made, cart empty after each)`, [
      timingOf('POST /cart/save (add to cart, new line)', samples.add),
      timingOf('GET /cart/summary/{customerId}', samples.summary),
      timingOf('POST /payment/order/external (Razorpay order)', samples.order),
      timingOf('simulator checkout completion', samples.complete),
      timingOf('POST /payment/order/internal (flow to order)', samples.callback),
      timingOf('full payment (order, checkout, callback)', samples.payment),
    ]);
  });
}
