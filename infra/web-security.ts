/**
 * The security headers of the web app and the API, one definition for CloudFront (a response headers policy,
 * infra/stacks/web-stack.ts) and the local gateway (infra/local/gateway.ts). The web app keeps its token in
 * localStorage, so the Content-Security-Policy is its main guard against injected script: only the app's own
 * origin, the assets' origin (images and presigned uploads), Razorpay's checkout and its UPI QR images may be reached.
 */

export interface ContentSecurityOrigins {
  /** Where product, category and policy images are read from and uploaded to (the assets bucket, s3rver locally). */
  assets: string;
  /** The origin of the Razorpay checkout script (`checkout.razorpay.com`, the simulator locally). */
  checkout: string;
  /** Further origins the checkout's own frame and calls use (`api.razorpay.com` in AWS). */
  checkoutFrames?: string[];
  /**
   * Where the till's Razorpay UPI QR images are read from when the answer carries no image content: the host of the
   * QR code's `image_url` (`rzp.io` in AWS, the simulator locally).
   */
  qrImages?: string[];
}

/** Razorpay's checkout in AWS: the script's origin and the origins its frame and calls use. */
export const razorpayOrigins = {
  checkout: 'https://checkout.razorpay.com',
  checkoutFrames: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://lumberjack.razorpay.com'],
  /** A QR code's `image_url` is a short link on rzp.io (`https://rzp.io/i/…`, Razorpay's QR Codes API). */
  qrImages: ['https://rzp.io'],
};

export function contentSecurityPolicy(origins: ContentSecurityOrigins): string {
  const frames = [...new Set([origins.checkout, ...(origins.checkoutFrames ?? [])])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${origins.checkout}`,
    // Mantine sets CSS variables and positions popovers through style attributes.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${["'self'", 'data:', 'blob:', origins.assets, ...(origins.qrImages ?? [])].join(' ')}`,
    `font-src 'self' data:`,
    `connect-src 'self' ${origins.assets} ${frames}`,
    `frame-src ${frames}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Two years, subdomains included: the shop's site is only ever served over HTTPS in AWS. */
export const HSTS_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers every answer of the local gateway carries (HSTS too: browsers ignore it over plain HTTP). */
export function securityHeaders(origins: ContentSecurityOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'strict-transport-security': `max-age=${HSTS_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
  };
}
