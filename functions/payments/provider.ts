import type Razorpay from 'razorpay';
import { config } from '../lib/config.js';
import { AppError } from '../lib/errors.js';
import { refreshSecret, secretJson } from '../lib/secrets.js';

/**
 * The Razorpay API through its official SDK. Locally the SDK's HTTP client is pointed at the simulator
 * (infra/local/razorpay-sim.ts); the requests are the same.
 */

interface Keys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** A provider answer refusing a call: its HTTP status and Razorpay's error code and description. */
export class ProviderError extends AppError {
  override name = 'ProviderError';
  constructor(
    readonly providerStatus: number,
    readonly code: string,
    description: string,
  ) {
    super(502, `Razorpay: ${description}`);
  }
}

/** Locally the environment carries the keys; in AWS the secret does, so they never sit in a template. */
export async function razorpayKeys(): Promise<Keys> {
  const arn = config.razorpay.secretArn();
  const fromSecret = arn ? await secretJson(arn) : {};
  const keyId = config.razorpay.keyId() ?? fromSecret.keyId;
  const keySecret = config.razorpay.keySecret() ?? fromSecret.keySecret;
  const webhookSecret = config.razorpay.webhookSecret() ?? fromSecret.webhookSecret ?? '';
  if (!keyId || !keySecret) throw new AppError(503, 'Online payment is not set up for this shop yet.');
  return { keyId, keySecret, webhookSecret };
}

let cached: { keyId: string; baseUrl: string | undefined; client: Razorpay } | undefined;

async function client(): Promise<Razorpay> {
  const { keyId, keySecret } = await razorpayKeys();
  const baseUrl = config.razorpay.apiUrl();
  if (cached?.keyId !== keyId || cached.baseUrl !== baseUrl) {
    // The SDK (with axios and form-data) is large: loaded by the first call to Razorpay, not when the function starts.
    const { default: RazorpaySdk } = await import('razorpay');
    const instance = new RazorpaySdk({ key_id: keyId, key_secret: keySecret });
    // The SDK has no base-URL option; its axios instance is the one place the host is set.
    if (baseUrl) (instance.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = baseUrl;
    cached = { keyId, baseUrl, client: instance };
  }
  return cached.client;
}

/** The SDK rejects with `{ statusCode, error: { code, description } }`, not an Error: made a typed error here. */
async function call<T>(request: (rzp: Razorpay) => Promise<T>): Promise<T> {
  const rzp = await client();
  try {
    return await request(rzp);
  } catch (error) {
    const failure = error as { statusCode?: number; error?: { code?: string; description?: string } };
    if (failure.statusCode !== undefined) {
      throw new ProviderError(Number(failure.statusCode), failure.error?.code ?? 'UNKNOWN', failure.error?.description ?? 'the request failed');
    }
    throw new AppError(502, 'Razorpay could not be reached. Please try again.');
  }
}

export interface ProviderPayment {
  id: string;
  order_id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  status: string;
  method?: string;
  error_description?: string | null;
}

export interface ProviderRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

export interface CreatedOrder {
  id: string;
  entity: string;
  amount: number;
  amount_due: number;
  currency: string;
  receipt?: string;
  status: string;
  notes?: Record<string, string | number | null>;
}

export const createOrder = (order: { amount: number; currency: string; receipt: string; notes: Record<string, string> }) =>
  call(async (rzp) => (await rzp.orders.create(order)) as unknown as CreatedOrder);

export const fetchOrder = (orderId: string) => call(async (rzp) => (await rzp.orders.fetch(orderId)) as unknown as CreatedOrder);

export const fetchPayment = (paymentId: string) => call(async (rzp) => (await rzp.payments.fetch(paymentId)) as unknown as ProviderPayment);

export const refundsOf = (paymentId: string) =>
  call(async (rzp) => ((await rzp.payments.fetchMultipleRefund(paymentId)) as unknown as { items: ProviderRefund[] }).items);

export const refund = (paymentId: string, amount: number, notes: Record<string, string>) =>
  call(async (rzp) => (await rzp.payments.refund(paymentId, { amount, notes })) as unknown as ProviderRefund);

/**
 * Refunds a payment in full, once: a refund the provider already holds for it (a try whose answer was lost) is
 * taken as the refund, and a second request the provider refuses (refunded already) is settled the same way.
 */
export async function refundOnce(paymentId: string, amount: number, reason: string): Promise<string> {
  const done = () => refundsOf(paymentId).then((refunds) => refunds.find((r) => r.status !== 'failed' && r.amount >= amount)?.id);
  const earlier = await done();
  if (earlier) return earlier;
  try {
    return (await refund(paymentId, amount, { reason })).id;
  } catch (error) {
    const settled = error instanceof ProviderError && error.providerStatus < 500 ? await done() : undefined;
    if (settled) return settled;
    throw error;
  }
}

/** A UPI QR code of Razorpay's QR Codes API (amounts in paise, times in Unix seconds). */
export interface ProviderQrCode {
  id: string;
  status: 'active' | 'closed';
  payment_amount: number | null;
  payments_amount_received: number;
  payments_count_received: number;
  image_url: string;
  /** The UPI link in the image, where Razorpay gives it (its image-content QR codes). */
  image_content?: string;
  close_by: number | null;
  close_reason?: string | null;
  notes?: Record<string, string | number | null>;
}

/** A single-use UPI QR code for exactly `amount` paise, closing itself at `closeBy` (at least 15 minutes ahead). */
export const createUpiQr = (qr: { amount: number; closeBy: number; name: string; description: string; notes: Record<string, string> }) =>
  call(
    async (rzp) =>
      (await rzp.qrCode.create({
        type: 'upi_qr',
        name: qr.name,
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: qr.amount,
        description: qr.description,
        close_by: qr.closeBy,
        notes: qr.notes,
      })) as unknown as ProviderQrCode,
  );

/** Razorpay's hosts of a QR code's image (`https://rzp.io/i/…` short links; its CDN and API on razorpay.com). */
const RAZORPAY_IMAGE_HOSTS = ['rzp.io'];
const RAZORPAY_IMAGE_DOMAIN = '.razorpay.com';

/**
 * Whether a QR code's `image_url` is Razorpay's own: https on rzp.io or a razorpay.com host, or, locally, the
 * simulator's origin the functions call (`RAZORPAY_API_URL`). Anything else (another host, a look-alike such as
 * `rzp.io.example.com`, user info before the host, plain http) is never stored nor shown to the till.
 */
export function isRazorpayImageUrl(url: string, apiUrl: string | undefined = config.razorpay.apiUrl()): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (apiUrl && parsed.origin === new URL(apiUrl).origin) return true;
  const host = parsed.hostname.toLowerCase();
  return parsed.protocol === 'https:' && parsed.port === '' && (RAZORPAY_IMAGE_HOSTS.includes(host) || host.endsWith(RAZORPAY_IMAGE_DOMAIN));
}

export const fetchUpiQr = (qrId: string) => call(async (rzp) => (await rzp.qrCode.fetch(qrId)) as unknown as ProviderQrCode);

export const closeUpiQr = (qrId: string) => call(async (rzp) => (await rzp.qrCode.close(qrId)) as unknown as ProviderQrCode);

/** Whether the platform has Razorpay keys, so a shop may take UPI through Razorpay's QR codes. */
export async function hasRazorpay(): Promise<boolean> {
  try {
    await razorpayKeys();
    return true;
  } catch {
    return false;
  }
}

/**
 * The SDK's signature checks, from the Razorpay package like the client: loaded when a payment is checked, so the
 * package stays out of what every cold start loads (the client shares a chunk with them).
 */
const signatureChecks = () => import('razorpay/dist/utils/razorpay-utils.js');

/** The checkout's result is genuine: HMAC-SHA256 of `order_id|payment_id` with the key secret (checked offline). */
export async function isGenuineCheckout(orderId: string, paymentId: string, signature: string): Promise<boolean> {
  const { validatePaymentVerification } = await signatureChecks();
  return checkedWithFreshKeys(async () => validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, (await razorpayKeys()).keySecret));
}

/** A webhook's X-Razorpay-Signature is the HMAC-SHA256 of its raw body with the webhook secret. */
export async function isGenuineWebhook(rawBody: string, signature: string): Promise<boolean> {
  const { validateWebhookSignature } = await signatureChecks();
  return checkedWithFreshKeys(async () => {
    const { webhookSecret } = await razorpayKeys();
    return webhookSecret !== '' && validateWebhookSignature(rawBody, signature, webhookSecret);
  });
}

/**
 * A signature that does not match may be checked with a secret the operator has since changed: the secret is read
 * again (at most every 30 s, functions/lib/secrets.ts) and the signature checked once more.
 */
async function checkedWithFreshKeys(check: () => Promise<boolean>): Promise<boolean> {
  if (await check()) return true;
  const arn = config.razorpay.secretArn();
  return arn !== undefined && (await refreshSecret(arn)) && check();
}
