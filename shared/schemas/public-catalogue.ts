import * as z from 'zod';
import { lazySchema } from '../lazy.js';
import { idParam, pageQuery } from './common.js';

/**
 * The shop's public catalogue (docs/storefront.md, "Public catalogue"): what anyone may read without signing in, at
 * an address naming the shop (`/public/{shop}/...`), so that CloudFront can cache it with the shop in the key.
 */

export const NO_SUCH_SHOP = 'There is no such shop.';

/** The shop the address names: a shop id's shape (shared/schemas/tenant.ts). */
export const shopParam = lazySchema(() => z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, NO_SUCH_SHOP));

export const publicShopParams = lazySchema(() => z.object({ shop: shopParam }));
export const publicCategoryParams = lazySchema(() => z.object({ shop: shopParam, categoryId: idParam }));
export const publicProductParams = lazySchema(() => z.object({ shop: shopParam, artcode: z.string().trim().min(1).max(50) }));

/**
 * A page of a public list, or with `search` of its records with a word of the name starting with the text (whole
 * words first); an empty search is no search.
 */
export const publicPageQuery = lazySchema(() => pageQuery.extend({ search: z.string().trim().max(100).optional() }));
