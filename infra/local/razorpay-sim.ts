import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Emulator } from './emulators.js';

/**
 * Razorpay for the local stack. It speaks the part of the API the product uses, as Razorpay does (basic auth with
 * the key id and secret, paise, Razorpay-shaped entities and errors):
 *   POST /v1/orders, GET /v1/orders/{id}, GET /v1/payments/{id}, GET /v1/payments/{id}/refunds,
 *   POST /v1/payments/{id}/refund, and the UPI QR codes of the till: POST /v1/payments/qr_codes,
 *   GET /v1/payments/qr_codes/{id}, POST /v1/payments/qr_codes/{id}/close;
 * serves the checkout script (`/v1/checkout.js`, defining `window.Razorpay` with `open()`, `on('payment.failed')`
 * and the `handler` callback) and the checkout page it opens, where a tester picks success or failure. A success
 * is signed with the key secret (HMAC-SHA256 of `order_id|payment_id`) and sends the `payment.captured` webhook to
 * the gateway, signed with the webhook secret.
 *
 * For tests: `POST /sim/checkout/complete` does what the page's buttons do; `POST /sim/payments/{id}/webhook`
 * sends a payment's webhook again and answers the gateway's status; `GET /sim/state` lists orders, payments,
 * refunds and webhooks sent. A QR code is paid with `POST /sim/qr_codes/{id}/pay` (`{ amount? }` in paise, its own
 * amount by default: another amount tests a payment that does not match, and a QR already paid may be paid again,
 * as a second credit), which sends `qr_code.credited` signed like `payment.captured`; `POST /sim/qr_codes/image-url`
 * (`{ tenantId, purchaseId, imageUrl }`) makes the bill's next codes answer another `image_url`; `POST /sim/qr_codes/{id}/expire`
 * closes it unpaid as its close_by would, with no webhook (Razorpay sends none when a QR code expires). Closing one by
 * the API sends `qr_code.closed`.
 */

export interface RazorpaySimulatorOptions {
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where `payment.captured` goes (the gateway's webhook route). */
  webhookUrl: string;
}

interface SimOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface SimPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string | null;
  method: 'card' | 'upi';
  vpa?: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

interface SimRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
}

/** A UPI QR code as Razorpay's QR Codes API answers it. */
interface SimQrCode {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string | null;
  usage: 'single_use' | 'multiple_use';
  type: 'upi_qr';
  image_url: string;
  /** The UPI link the image holds (Razorpay's image-content field). */
  image_content: string;
  payment_amount: number | null;
  status: 'active' | 'closed';
  description: string | null;
  fixed_amount: boolean;
  payments_amount_received: number;
  payments_count_received: number;
  notes: Record<string, string>;
  customer_id: string | null;
  close_by: number | null;
  closed_at: number | null;
  close_reason: 'on_demand' | 'paid' | null;
}

interface SentWebhook {
  at: string;
  event: string;
  paymentId: string;
  qrCodeId?: string;
  status: number;
}

export interface RazorpaySimulator extends Emulator {
  orders: Map<string, SimOrder>;
  qrCodes: Map<string, SimQrCode>;
  payments: Map<string, SimPayment>;
  refunds: SimRefund[];
  webhooks: SentWebhook[];
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => BASE62[b % 62]).join('')}`;
const unixNow = () => Math.floor(Date.now() / 1000);
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const badRequest = (description: string, field?: string) => ({
  error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) },
});

function reply(res: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const readJson = (req: http.IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      try {
        resolve(raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The checkout script, as `https://checkout.razorpay.com/v1/checkout.js` would be loaded by the web app. */
function checkoutScript(origin: string): string {
  return `(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
    return this;
  };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    if (!o.key || !o.order_id) throw new Error('Razorpay: key and order_id are required');
    var query = new URLSearchParams({
      key_id: o.key, order_id: o.order_id, name: o.name || '', description: o.description || '',
      email: (o.prefill && o.prefill.email) || '', contact: (o.prefill && o.prefill.contact) || ''
    });
    var overlay = document.createElement('div');
    overlay.setAttribute('data-razorpay-simulator', '');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.55);z-index:2147483000;display:flex;align-items:center;justify-content:center';
    var frame = document.createElement('iframe');
    frame.title = 'Razorpay Checkout';
    frame.src = ORIGIN + '/v1/checkout/page?' + query.toString();
    frame.style.cssText = 'width:380px;height:460px;border:0;border-radius:8px;background:#fff';
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    function onMessage(event) {
      var data = event.data;
      if (event.origin !== ORIGIN || !data || data.source !== 'razorpay-sim' || data.order_id !== o.order_id) return;
      window.removeEventListener('message', onMessage);
      overlay.remove();
      if (data.kind === 'success') {
        if (typeof o.handler === 'function') o.handler(data.response);
      } else if (data.kind === 'failure') {
        (self.listeners['payment.failed'] || []).forEach(function (fn) { fn({ error: data.error }); });
      } else if (o.modal && typeof o.modal.ondismiss === 'function') {
        o.modal.ondismiss();
      }
    }
    window.addEventListener('message', onMessage);
  };
  window.Razorpay = Razorpay;
})();
`;
}

/** The page inside the checkout window: the order and the tester's choice of outcome. */
function checkoutPage(order: SimOrder, query: URLSearchParams): string {
  const rupees = (order.amount / 100).toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
  const field = (name: string) => escapeHtml(query.get(name) ?? '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Razorpay Checkout (simulator)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#222}h1{font-size:18px;margin:0 0 4px}
p{margin:4px 0;color:#555}.amount{font-size:28px;font-weight:600;margin:16px 0;color:#111}
button{display:block;width:100%;padding:12px;margin-top:12px;border:0;border-radius:6px;font-size:15px;cursor:pointer}
.pay{background:#3395ff;color:#fff}.fail{background:#e5484d;color:#fff}.cancel{background:#eee}</style></head>
<body>
<h1>${field('name') || 'Checkout'}</h1>
<p>${field('description')}</p>
<p>Order ${escapeHtml(order.id)}</p>
<p>${field('email')} ${field('contact')}</p>
<div class="amount" data-testid="amount">${escapeHtml(rupees)}</div>
<p>Razorpay simulator: choose how this payment ends.</p>
<button class="pay" data-outcome="success">Pay ${escapeHtml(rupees)} (success)</button>
<button class="fail" data-outcome="failure">Fail the payment</button>
<button class="cancel" data-outcome="dismiss">Cancel</button>
<script>
  var orderId = ${JSON.stringify(order.id)}, keyId = ${JSON.stringify(query.get('key_id') ?? '')};
  document.querySelectorAll('button').forEach(function (button) {
    button.addEventListener('click', function () {
      var outcome = button.getAttribute('data-outcome');
      if (outcome === 'dismiss') return parent.postMessage({ source: 'razorpay-sim', kind: 'dismiss', order_id: orderId }, '*');
      fetch('/sim/checkout/complete', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: orderId, key_id: keyId, outcome: outcome }) })
        .then(function (r) { return r.json(); })
        .then(function (result) { parent.postMessage(Object.assign({ source: 'razorpay-sim', order_id: orderId }, result), '*'); });
    });
  });
</script>
</body></html>`;
}

export async function startRazorpaySimulator(options: RazorpaySimulatorOptions): Promise<RazorpaySimulator> {
  const orders = new Map<string, SimOrder>();
  const qrCodes = new Map<string, SimQrCode>();
  /** The QR code each UPI payment paid, for its webhook's payload. */
  const qrOfPayment = new Map<string, string>();
  const payments = new Map<string, SimPayment>();
  const refunds: SimRefund[] = [];
  /** Tests only: the image_url the codes of a bill (its notes' purchaseId) are answered with instead of the simulator's. */
  const imageUrlFor = new Map<string, string>();
  const billOfNotes = (notes: unknown) => {
    const n = (notes ?? {}) as Record<string, unknown>;
    return `${String(n.tenantId ?? '')}#${String(n.purchaseId ?? '')}`;
  };
  const webhooks: SentWebhook[] = [];
  const basic = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function sendWebhook(payment: SimPayment): Promise<number> {
    const qr = qrCodes.get(qrOfPayment.get(payment.id) ?? '');
    if (qr) return sendEvent('qr_code.credited', { qr_code: { entity: qr }, payment: { entity: payment } }, payment.id, qr.id);
    return sendEvent('payment.captured', { payment: { entity: payment } }, payment.id);
  }

  async function sendEvent(event: string, payload: Record<string, unknown>, paymentId: string, qrCodeId?: string): Promise<number> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_SimulatorLocal1',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: unixNow(),
    });
    let status = 0;
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(options.webhookSecret, body), 'x-razorpay-event-id': randomUUID() },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // The gateway was not reachable: recorded as status 0, as Razorpay records a failed delivery.
    }
    webhooks.push({ at: new Date().toISOString(), event, paymentId, ...(qrCodeId ? { qrCodeId } : {}), status });
    return status;
  }

  /** POST /v1/payments/qr_codes: a UPI QR code; a fixed amount is paise, and close_by at least 15 minutes ahead. */
  function createQrCode(body: Record<string, unknown>, origin: string): [number, unknown] {
    if (body.type !== 'upi_qr') return [400, badRequest('The type field is invalid.', 'type')];
    const usage = body.usage;
    if (usage !== 'single_use' && usage !== 'multiple_use') return [400, badRequest('The usage field is invalid.', 'usage')];
    const fixed = body.fixed_amount === true;
    const amount = body.payment_amount;
    if (fixed && (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)) {
      return [400, badRequest('The payment amount must be atleast INR 1.00', 'payment_amount')];
    }
    const closeBy = body.close_by === undefined ? null : Number(body.close_by);
    if (closeBy !== null && (!Number.isInteger(closeBy) || closeBy < unixNow() + 15 * 60 - 60)) {
      return [400, badRequest('close_by should be at least 15 minutes after current time', 'close_by')];
    }
    if (usage === 'multiple_use' && closeBy !== null) return [400, badRequest('close_by is allowed only for single_use QR codes', 'close_by')];
    const id = newId('qr');
    const rupees = fixed ? String((amount as number) / 100) : '';
    const qr: SimQrCode = {
      id,
      entity: 'qr_code',
      created_at: unixNow(),
      name: typeof body.name === 'string' ? body.name : null,
      usage,
      type: 'upi_qr',
      image_url: imageUrlFor.get(billOfNotes(body.notes)) ?? `${origin}/sim/qr_codes/${id}/image`,
      image_content: `upi://pay?pa=rzr.localshop@icic&pn=LocalShop&tr=RZP${id.slice(3)}qrv2&tn=${encodeURIComponent(String(body.description ?? 'Payment'))}&cu=INR${rupees ? `&am=${rupees}` : ''}`,
      payment_amount: fixed ? (amount as number) : null,
      status: 'active',
      description: typeof body.description === 'string' ? body.description : null,
      fixed_amount: fixed,
      payments_amount_received: 0,
      payments_count_received: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      customer_id: null,
      close_by: closeBy,
      closed_at: null,
      close_reason: null,
    };
    qrCodes.set(id, qr);
    return [200, qr];
  }

  /** What a customer's UPI app does: a captured UPI payment to the QR code, of its amount or another. */
  function payQrCode(qr: SimQrCode, body: Record<string, unknown>): [number, unknown] {
    const amount = body.amount === undefined ? (qr.payment_amount ?? 100) : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100) return [400, badRequest('The amount must be atleast INR 1.00', 'amount')];
    const payment: SimPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      order_id: null,
      method: 'upi',
      vpa: 'customer@okaxis',
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: qr.description,
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: {},
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: unixNow(),
    };
    payments.set(payment.id, payment);
    qrOfPayment.set(payment.id, qr.id);
    qr.payments_amount_received += amount;
    qr.payments_count_received += 1;
    if (qr.usage === 'single_use' && qr.status === 'active') Object.assign(qr, { status: 'closed', closed_at: unixNow(), close_reason: 'paid' });
    if (body.webhook !== false) setTimeout(() => void sendWebhook(payment), 0);
    return [200, { payment, qr_code: qr }];
  }

  function closeQrCode(qr: SimQrCode, reason: 'on_demand' | null): [number, unknown] {
    if (qr.status === 'closed') return [400, badRequest('The QR code is already closed.')];
    Object.assign(qr, { status: 'closed', closed_at: unixNow(), close_reason: reason });
    if (reason === 'on_demand') setTimeout(() => void sendEvent('qr_code.closed', { qr_code: { entity: qr } }, '', qr.id), 0);
    return [200, qr];
  }

  /** What the checkout page's buttons do: a captured (signed) or a failed payment of the order. */
  function complete(body: Record<string, unknown>): [number, unknown] {
    const order = orders.get(String(body.order_id));
    if (!order) return [400, badRequest('The id provided does not exist', 'order_id')];
    if (body.key_id !== undefined && body.key_id !== options.keyId) return [401, badRequest('The api key provided is invalid')];
    if (order.status === 'paid') return [400, badRequest('Order has already been paid')];
    order.attempts += 1;
    const success = body.outcome === 'success';
    const payment: SimPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: success ? 'captured' : 'failed',
      order_id: order.id,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: success,
      description: null,
      email: String(body.email ?? 'void@razorpay.com'),
      contact: String(body.contact ?? '+919000090000'),
      notes: {},
      error_code: success ? null : 'BAD_REQUEST_ERROR',
      error_description: success ? null : 'Payment failed because the card was declined (simulated).',
      error_source: success ? null : 'customer',
      error_step: success ? null : 'payment_authorization',
      error_reason: success ? null : 'payment_failed',
      created_at: unixNow(),
    };
    payments.set(payment.id, payment);
    if (!success) {
      order.status = 'attempted';
      return [
        200,
        {
          kind: 'failure',
          error: {
            code: payment.error_code,
            description: payment.error_description,
            source: payment.error_source,
            step: payment.error_step,
            reason: payment.error_reason,
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        },
      ];
    }
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    // Razorpay's webhook arrives on its own, not as part of the checkout; tests may ask for none.
    if (body.webhook !== false) setTimeout(() => void sendWebhook(payment), 0);
    return [
      200,
      {
        kind: 'success',
        response: { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: hmac(options.keySecret, `${order.id}|${payment.id}`) },
      },
    ];
  }

  function createOrder(body: Record<string, unknown>): [number, unknown] {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return [400, badRequest('The amount must be atleast INR 1.00', 'amount')];
    }
    if (body.currency !== undefined && body.currency !== 'INR') return [400, badRequest('The currency is invalid.', 'currency')];
    if (typeof body.receipt === 'string' && body.receipt.length > 40) return [400, badRequest('The receipt may not be greater than 40 characters.', 'receipt')];
    const order: SimOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: unixNow(),
    };
    orders.set(order.id, order);
    return [200, order];
  }

  function refundPayment(payment: SimPayment, body: Record<string, unknown>): [number, unknown] {
    if (!payment.captured) return [400, badRequest('The payment has not been captured', 'payment_id')];
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100) return [400, badRequest('The amount must be atleast INR 1.00', 'amount')];
    if (amount > left) return [400, badRequest('The refund amount provided is greater than amount captured', 'amount')];
    const refund: SimRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (body.notes as Record<string, string>) ?? {},
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'processed',
      speed_processed: 'normal',
      created_at: unixNow(),
    };
    refunds.push(refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return [200, refund];
  }

  async function api(req: http.IncomingMessage, path: string): Promise<[number, unknown]> {
    if (req.headers.authorization !== basic) return [401, badRequest('Authentication failed')];
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v1/orders') return createOrder(await readJson(req));
    if (method === 'POST' && path === '/v1/payments/qr_codes') return createQrCode(await readJson(req), `http://${req.headers.host ?? `127.0.0.1:${options.port}`}`);
    const qrPath = /^\/v1\/payments\/qr_codes\/([^/]+)(\/close)?$/.exec(path);
    if (qrPath) {
      const qr = qrCodes.get(qrPath[1]!);
      if (!qr) return [400, badRequest('The id provided does not exist')];
      if (method === 'GET' && !qrPath[2]) return [200, qr];
      if (method === 'POST' && qrPath[2]) return closeQrCode(qr, 'on_demand');
    }
    const order = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) {
      const found = orders.get(order[1]!);
      return found ? [200, found] : [400, badRequest('The id provided does not exist')];
    }
    const payment = /^\/v1\/payments\/([^/]+)(\/refunds?)?$/.exec(path);
    const found = payment ? payments.get(payment[1]!) : undefined;
    if (payment && !found) return [400, badRequest('The id provided does not exist')];
    if (found && method === 'GET' && !payment![2]) return [200, found];
    if (found && method === 'GET' && payment![2] === '/refunds') {
      const items = refunds.filter((r) => r.payment_id === found.id);
      return [200, { entity: 'collection', count: items.length, items }];
    }
    if (found && method === 'POST' && payment![2] === '/refund') return refundPayment(found, await readJson(req));
    return [400, badRequest('The requested URL was not found on the server.')];
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    void (async () => {
      if (method === 'GET' && path === '/v1/checkout.js') {
        return reply(res, 200, checkoutScript(`http://${req.headers.host ?? `127.0.0.1:${options.port}`}`), 'text/javascript; charset=utf-8');
      }
      if (method === 'GET' && path === '/v1/checkout/page') {
        const order = orders.get(url.searchParams.get('order_id') ?? '');
        if (!order || url.searchParams.get('key_id') !== options.keyId) return reply(res, 400, '<p>Unknown order or key.</p>', 'text/html; charset=utf-8');
        return reply(res, 200, checkoutPage(order, url.searchParams), 'text/html; charset=utf-8');
      }
      if (method === 'POST' && path === '/sim/checkout/complete') {
        const [status, body] = complete(await readJson(req));
        return reply(res, status, body);
      }
      const image = /^\/sim\/qr_codes\/([^/]+)\/image$/.exec(path);
      if (method === 'GET' && image) {
        const qr = qrCodes.get(image[1]!);
        if (!qr) return reply(res, 404, badRequest('No QR code with this id'));
        const { toString } = await import('qrcode');
        return reply(res, 200, await toString(qr.image_content, { type: 'svg', margin: 2 }), 'image/svg+xml');
      }
      if (method === 'POST' && path === '/sim/qr_codes/image-url') {
        // A test's bad answer: the codes made for this bill carry this image_url (a host that is not Razorpay's).
        const { tenantId, purchaseId, imageUrl } = (await readJson(req)) as { tenantId?: unknown; purchaseId?: unknown; imageUrl?: unknown };
        if (typeof imageUrl !== 'string') return reply(res, 400, badRequest('imageUrl is required', 'imageUrl'));
        imageUrlFor.set(billOfNotes({ tenantId, purchaseId }), imageUrl);
        return reply(res, 200, { imageUrl });
      }
      const simQr = /^\/sim\/qr_codes\/([^/]+)\/(pay|expire)$/.exec(path);
      if (method === 'POST' && simQr) {
        const qr = qrCodes.get(simQr[1]!);
        if (!qr) return reply(res, 404, badRequest('No QR code with this id'));
        const [status, body] = simQr[2] === 'pay' ? payQrCode(qr, await readJson(req)) : closeQrCode(qr, null);
        return reply(res, status, body);
      }
      const resend = /^\/sim\/payments\/([^/]+)\/webhook$/.exec(path);
      if (method === 'POST' && resend) {
        const payment = payments.get(resend[1]!);
        if (!payment || !payment.captured) return reply(res, 404, badRequest('No captured payment with this id'));
        return reply(res, 200, { status: await sendWebhook(payment) });
      }
      if (method === 'GET' && path === '/sim/state') {
        return reply(res, 200, { orders: [...orders.values()], qrCodes: [...qrCodes.values()], payments: [...payments.values()], refunds, webhooks });
      }
      if (path.startsWith('/v1/')) {
        const [status, body] = await api(req, path);
        return reply(res, status, body);
      }
      reply(res, 404, badRequest('The requested URL was not found on the server.'));
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    name: 'razorpay-simulator',
    orders,
    qrCodes,
    payments,
    refunds,
    webhooks,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
