import http from 'node:http';
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/ports.js';
import { startRazorpaySimulator, type RazorpaySimulator } from '../../infra/local/razorpay-sim.js';

/** The simulator as the product uses it: through the official SDK, its checkout script and its webhook. */
const keys = { keyId: 'rzp_test_UnitSim00001', keySecret: 'unit-key-secret', webhookSecret: 'unit-webhook-secret' };
let base: string;
let sim: RazorpaySimulator;
let hooks: http.Server;
const delivered: { body: string; signature: string }[] = [];
let rzp: Razorpay;

beforeAll(async () => {
  const [port, hookPort] = [await freePort(), await freePort()];
  hooks = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      delivered.push({ body, signature: String(req.headers['x-razorpay-signature']) });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(hookPort, '127.0.0.1', () => resolve()));
  sim = await startRazorpaySimulator({ port, ...keys, webhookUrl: `http://127.0.0.1:${hookPort}/hook` });
  base = `http://127.0.0.1:${port}`;
  rzp = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  (rzp.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = base;
});

afterAll(async () => {
  await sim.stop();
  await new Promise<void>((resolve) => hooks.close(() => resolve()));
});

const complete = async (orderId: string, outcome: string, webhook = true) =>
  (await (await fetch(`${base}/sim/checkout/complete`, { method: 'POST', body: JSON.stringify({ order_id: orderId, outcome, webhook }) })).json()) as {
    kind: string;
    response: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    error: { description: string; metadata: { payment_id: string } };
  };

describe('Razorpay simulator', () => {
  it('answers the Orders API only with the key id and secret', async () => {
    const stranger = new Razorpay({ key_id: keys.keyId, key_secret: 'wrong' });
    (stranger.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = base;
    await expect(stranger.orders.create({ amount: 10_000, currency: 'INR' })).rejects.toMatchObject({ statusCode: 401 });
    await expect(rzp.orders.create({ amount: 50, currency: 'INR' })).rejects.toMatchObject({ statusCode: 400, error: { field: 'amount' } });
    const order = await rzp.orders.create({ amount: 33_550, currency: 'INR', receipt: 'Online order', notes: { tenantId: 'demo' } });
    expect(order).toMatchObject({ entity: 'order', amount: 33_550, amount_due: 33_550, status: 'created', notes: { tenantId: 'demo' } });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ id: order.id });
  });

  it('signs a successful checkout as Razorpay does and sends the signed payment.captured webhook', async () => {
    const order = await rzp.orders.create({ amount: 20_000, currency: 'INR' });
    const result = await complete(order.id, 'success');
    expect(result.kind).toBe('success');
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = result.response;
    expect(validatePaymentVerification({ order_id: order.id, payment_id: paymentId }, signature, keys.keySecret)).toBe(true);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', order_id: order.id, amount: 20_000 });
    expect((await rzp.orders.fetch(order.id)).status).toBe('paid');
    await vi.waitFor(() => expect(delivered.some((d) => d.body.includes(paymentId))).toBe(true));
    const hook = delivered.find((d) => d.body.includes(paymentId))!;
    expect(validateWebhookSignature(hook.body, hook.signature, keys.webhookSecret)).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: order.id } } } });
  });

  it('refunds a captured payment up to what was captured, and lists the refunds', async () => {
    const order = await rzp.orders.create({ amount: 15_000, currency: 'INR' });
    const { response } = await complete(order.id, 'success', false);
    const refund = await rzp.payments.refund(response.razorpay_payment_id, { amount: 15_000 });
    expect(refund).toMatchObject({ entity: 'refund', amount: 15_000, payment_id: response.razorpay_payment_id, status: 'processed' });
    await expect(rzp.payments.refund(response.razorpay_payment_id, { amount: 100 })).rejects.toMatchObject({ statusCode: 400 });
    expect((await rzp.payments.fetchMultipleRefund(response.razorpay_payment_id)).items).toHaveLength(1);
    expect(await rzp.payments.fetch(response.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: 15_000 });
  });

  it('fails a payment with the provider’s reason and refuses to refund it', async () => {
    const order = await rzp.orders.create({ amount: 15_000, currency: 'INR' });
    const result = await complete(order.id, 'failure');
    expect(result.kind).toBe('failure');
    expect(result.error.description).toBe('Payment failed because the card was declined (simulated).');
    await expect(rzp.payments.refund(result.error.metadata.payment_id, {})).rejects.toMatchObject({ statusCode: 400 });
  });
});
