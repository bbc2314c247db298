// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/ports.js';
import { startRazorpaySimulator, type RazorpaySimulator } from '../../infra/local/razorpay-sim.js';

/** The simulator's checkout script in a browser page: what the web app loads instead of checkout.razorpay.com's. */
const keys = { keyId: 'rzp_test_UnitSim00002', keySecret: 'unit-key-secret', webhookSecret: 'unit-webhook-secret' };
let base: string;
let sim: RazorpaySimulator;

beforeAll(async () => {
  const port = await freePort();
  sim = await startRazorpaySimulator({ port, ...keys, webhookUrl: 'http://127.0.0.1:9/unused' });
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => sim.stop());

describe('Razorpay simulator checkout script', () => {
  it('serves a checkout script whose Razorpay opens the checkout page and reports the outcome', async () => {
    const script = await (await fetch(`${base}/v1/checkout.js`)).text();
    new Function(script)();
    const Checkout = (window as unknown as { Razorpay: new (o: object) => { open(): void; on(e: string, f: (r: unknown) => void): void } }).Razorpay;
    const handler = vi.fn();
    const failed = vi.fn();
    const checkout = new Checkout({ key: keys.keyId, order_id: 'order_Js0000000001', amount: 100, name: 'Shop', handler });
    checkout.on('payment.failed', failed);
    checkout.open();
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toBe(`${base}/v1/checkout/page?key_id=${keys.keyId}&order_id=order_Js0000000001&name=Shop&description=&email=&contact=`);
    // A message from another origin is not the checkout's.
    window.dispatchEvent(new MessageEvent('message', { origin: 'http://evil.example', data: { source: 'razorpay-sim', kind: 'success', order_id: 'order_Js0000000001' } }));
    expect(handler).not.toHaveBeenCalled();
    const response = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_Js0000000001', razorpay_signature: 'sig' };
    window.dispatchEvent(new MessageEvent('message', { origin: base, data: { source: 'razorpay-sim', kind: 'success', order_id: 'order_Js0000000001', response } }));
    expect(handler).toHaveBeenCalledWith(response);
    expect(document.querySelector('iframe')).toBeNull();

    checkout.open();
    const error = { code: 'BAD_REQUEST_ERROR', description: 'declined' };
    window.dispatchEvent(new MessageEvent('message', { origin: base, data: { source: 'razorpay-sim', kind: 'failure', order_id: 'order_Js0000000001', error } }));
    expect(failed).toHaveBeenCalledWith({ error });
  });
});
