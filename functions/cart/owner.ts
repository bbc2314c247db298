import { CUSTOMERS_ONLY, NOT_YOUR_CART } from '../../shared/schemas/cart-messages.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { customerData } from '../customers/data.js';
import type { Caller, RequestContext } from '../lib/context.js';
import { Forbidden } from '../lib/errors.js';

/**
 * The storefront's rule: a customer reads and changes only their own cart, wishlist, orders and payments. Their
 * customer record is found by the user id in their token; the tenant only ever comes from the token.
 */
export async function ownCustomer(me: Caller): Promise<Customer> {
  const customer = me.appUserId === undefined ? undefined : await customerData.byAppUser(me.tenantId, me.appUserId);
  if (!customer) throw new Forbidden(CUSTOMERS_ONLY);
  return customer;
}

/** The caller's own record, refusing a `{customerId}` that is someone else's. */
export async function requireOwn(me: Caller, customerId: number): Promise<Customer> {
  const own = await ownCustomer(me);
  if (own.customerId !== customerId) throw new Forbidden(NOT_YOUR_CART);
  return own;
}

/** The tenant of a route about `{customerId}`, once the caller is known to be that customer. */
export async function ownTenant(ctx: RequestContext, customerId: number): Promise<string> {
  await requireOwn(ctx.me, customerId);
  return ctx.me.tenantId;
}
