import { toRupees } from '../../shared/money.js';
import type { AccountTerms } from '../../shared/schemas/account.js';
import type { CursorPage, PageRequest } from '../lib/db.js';
import { accountData } from './data.js';

/**
 * A page of the shop's accounts, each its terms and balance (docs/customer-credit.md, "Offline"): the till keeps
 * them on the device to bill on account and take payments without a network. An account opened only by a return
 * credited to it has no terms: it may not buy on account.
 */
export async function termsPage(tenantId: string, page: PageRequest): Promise<CursorPage<AccountTerms>> {
  const found = await accountData.page(tenantId, page);
  return {
    items: found.items.map((a) => ({ customerId: a.customerId, onAccount: a.onAccount ?? false, limit: toRupees(a.creditLimit ?? 0), balance: toRupees(a.balance ?? 0) })),
    next: found.next,
  };
}
