/**
 * Razorpay's checkout script (spec 1 section 7: loaded from the provider). The URL comes with the provider order
 * (`checkoutUrl`), so the shop's deployment decides where it is loaded from (Razorpay's CDN in AWS, the simulator
 * locally).
 */

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error: {
    code?: string;
    description?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

const loading = new Map<string, Promise<boolean>>();

/** Loads the checkout script once; false when it cannot be loaded (offline, blocked), so the screen can say so. */
export function loadCheckoutScript(src: string): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  const pending = loading.get(src);
  if (pending) return pending;
  const attempt = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const failed = () => {
      script.remove();
      // A later Pay tries again (the connection may be back).
      loading.delete(src);
      resolve(false);
    };
    script.onload = () => (typeof window.Razorpay === 'function' ? resolve(true) : failed());
    script.onerror = failed;
    document.body.appendChild(script);
  });
  loading.set(src, attempt);
  return attempt;
}
