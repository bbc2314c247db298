/**
 * What a shopper's request refused by a request budget says (functions/lib/shop-share.ts). Such a request was
 * refused before anything ran, so the storefront sends it again after `Retry-After` and says it is trying.
 */
export const STOREFRONT_BUSY = 'The shop is very busy. Please wait a moment and try again.';
export const CUSTOMER_BUSY = 'You are sending requests faster than the shop takes. Please wait a moment and try again.';
export const storefrontBusyMessages: readonly string[] = [STOREFRONT_BUSY, CUSTOMER_BUSY];
/** What the storefront shows while it waits to send a refused request again. */
export const SHOP_BUSY_NOTICE = 'The shop is very busy, trying again…';
