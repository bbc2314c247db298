import { CUSTOMER_BUSY, STOREFRONT_BUSY } from '../../shared/busy.js';

export { CUSTOMER_BUSY, STOREFRONT_BUSY };

/**
 * Typed errors a service throws; one middleware turns them into an HTTP status and `{ message }`. Each names
 * itself: deployed bundles are minified without keeping class names, so `new.target.name` would not say it there.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export class Validation extends AppError {
  override name = 'Validation';
  constructor(message: string, details?: unknown) {
    super(400, message, details);
  }
}
export class Unauthorized extends AppError {
  override name = 'Unauthorized';
  constructor(message = 'Please sign in again.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  override name = 'Forbidden';
  constructor(message = 'You do not have permission for this action.') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  override name = 'NotFound';
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  override name = 'Conflict';
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}
export class TooLarge extends AppError {
  override name = 'TooLarge';
  constructor(message: string) {
    super(413, message);
  }
}

/** Too many tries from one user name or one client address: refused until the window ends, which the message names. */
/** A wait as a person reads it: minutes up to two hours, hours beyond. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

export class TooManyRequests extends AppError {
  override name = 'TooManyRequests';
  constructor(
    readonly retryAfterSeconds: number,
    /** The refusal, given the wait (waitText); by default the sign-in limits' own. */
    refusal: (wait: string) => string = (wait) => `Too many attempts. Please try again in ${wait}.`,
  ) {
    super(429, refusal(waitText(retryAfterSeconds)), { retryAfterSeconds });
  }
}

/** A shop sending more requests at once than its fair share of the API (functions/lib/shop-share.ts). */
export class ShopBusy extends AppError {
  override name = 'ShopBusy';
  readonly retryAfterSeconds = 1;
  constructor(message = 'Your shop is sending more requests at once than the server takes. Please wait a moment and try again.') {
    super(429, message);
  }
}

/** The shop's storefront at its plan's ceiling (functions/lib/shop-share.ts); staff requests are never refused by it. */
export class StorefrontBusy extends ShopBusy {
  override name = 'StorefrontBusy';
  constructor() {
    super(STOREFRONT_BUSY);
  }
}

/** One shopper sending more than their own share of the storefront (functions/lib/shop-share.ts). */
export class CustomerBusy extends ShopBusy {
  override name = 'CustomerBusy';
  constructor() {
    super(CUSTOMER_BUSY);
  }
}

/** A save based on a version of the record that someone else has changed since. */
export const STALE_RECORD = 'This record was changed by someone else. Please reload it and try again.';

/** What the user reads when an AWS service is throttling or briefly unavailable: the request can simply be sent again. */
export const SERVICE_BUSY = 'The shop’s server is busy right now. Please try again in a moment.';
/** Seconds a client is asked to wait before sending again after SERVICE_BUSY. */
export const SERVICE_BUSY_RETRY_SECONDS = 2;

const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'LimitExceededException',
]);

/**
 * An AWS service throttled the call or failed on its side (5xx, a timeout, a dropped connection) after the SDK's own
 * retries. Nothing the user sent was wrong, and every write the product makes is one transaction or one conditional
 * put, so sending the same request again is safe.
 */
export function isServiceBusy(error: unknown): boolean {
  const e = error as { name?: string; $fault?: string; $metadata?: { httpStatusCode?: number }; code?: string } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (e.name && THROTTLING.has(e.name)) return true;
  if (e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return e.name === 'TimeoutError' || ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE'].includes(e.code ?? '');
}
