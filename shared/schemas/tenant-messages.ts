/**
 * A shop's plan figures and messages, apart from the schemas of tenant.ts so that code that only checks them (the
 * request budgets of every function) does not build the tenant schemas at start; tenant.ts exports them too.
 */
/**
 * A shop's storefront ceiling when its plan names none: signed-in storefront requests a second, sized for a sale
 * (about 2,000 shoppers in the shop at once, each adding to cart or paying every few seconds; the catalogue pages
 * they browse are public and served from the cache, not counted here).
 */
export const DEFAULT_STOREFRONT_REQUESTS_PER_SECOND = 300;
export const STOREFRONT_PLAN_MIN = 20;
export const STOREFRONT_PLAN_MAX = 5_000;
export const STOREFRONT_PLAN_PLATFORM_ONLY = "Only the platform admin sets a shop's plan.";
