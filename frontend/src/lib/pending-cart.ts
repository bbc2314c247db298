/**
 * "Add to cart" on the public storefront (docs/storefront.md, "Public storefront"): a visitor is not signed in, so
 * the product is remembered in this tab while they sign in or sign up; the sign-in then lands on the signed-in
 * product page, which adds it once and forgets it.
 */

const KEY = 'shop.pendingCartAdd';

export interface PendingCartAdd {
  shop: string;
  artcode: string;
  productId: number;
}

export function rememberCartAdd(add: PendingCartAdd): void {
  sessionStorage.setItem(KEY, JSON.stringify(add));
}

export function pendingCartAdd(): PendingCartAdd | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingCartAdd | null;
    return value && typeof value.artcode === 'string' && Number.isInteger(value.productId) ? value : null;
  } catch {
    return null;
  }
}

export const forgetCartAdd = () => sessionStorage.removeItem(KEY);

/** Where a signed-in customer continues after signing in: the product they were adding, if any. */
export function pendingProductPath(): string | null {
  const add = pendingCartAdd();
  return add ? `/productDetails/${encodeURIComponent(add.artcode)}` : null;
}
