import { accountRefusal, limitExceeded, notOnAccount, passesLimit } from '../../shared/credit.js';
import { shopDay } from '../../shared/bill.js';
import type { Paise } from '../../shared/money.js';
import { auditWrite } from '../lib/audit.js';
import type { TransactItem } from '../lib/db.js';
import { Conflict, Validation } from '../lib/errors.js';
import type { WriteScope } from '../lib/context.js';
import { accountData, noAccount, type AccountCondition, type StoredAccount, type StoredEntry } from './data.js';
import { keptUnpaid, nextUnpaid, unpaidBills, unpaidByDay, type Unpaid } from './unpaid.js';

/**
 * The ledger moves other domains make in their own transactions (docs/customer-credit.md): a bill that puts part
 * of its net on the customer's account, and a return that credits the account back. Each is the balance's atomic
 * move with its condition, the entry with its running balance, and the audit record, built from the account as read
 * now; the caller's retry after a lost race builds them again from a new read.
 */

/** Another till moved this customer's account first: read it again and retry. */
export const ACCOUNT_CHANGED = "The customer's account was just changed by another till. Please try again.";
export const APPROVAL_USED = 'This approval code has already been used. Ask the manager for a new one.';
export const APPROVAL_INVALID = 'This approval code is not valid for this customer, or has expired. Ask the manager for a new one.';

// One check and one message for the server and the till's copy offline (shared/credit.ts).
export { limitExceeded, notOnAccount, passesLimit };

export interface WritesWithMessages {
  items: TransactItem[];
  messages: (string | undefined)[];
}

/** An account as read for a ledger move: with what it owes by day. */
export type ReadAccount = StoredAccount & { unpaid: Unpaid };

/** The account's moves with the message each failed condition reports. */
function entryWrites(scope: WriteScope, entry: StoredEntry, condition: AccountCondition, before: ReadAccount): WritesWithMessages {
  const [move, put, due] = accountData.moveWrites(scope.tenantId, entry, condition, nextUnpaid(before.unpaid, entry));
  const audit = auditWrite(scope, {
    entity: 'account',
    entityId: entry.customerId,
    action: 'create',
    before: { balance: before.balance },
    after: { ...entry, balance: entry.balanceAfter },
  });
  return { items: [move!, put!, due!, audit], messages: [ACCOUNT_CHANGED, ACCOUNT_CHANGED, undefined, undefined] };
}

/** The next entry of an account read as `account`, moving its balance by `amount`. */
export function nextEntry(scope: WriteScope, account: StoredAccount, fields: Omit<StoredEntry, 'customerId' | 'entryNo' | 'balanceAfter' | 'day' | 'at' | 'by'>): StoredEntry {
  return {
    customerId: account.customerId,
    entryNo: account.entries + 1,
    balanceAfter: account.balance + fields.amount,
    day: shopDay(scope.actor.now),
    at: scope.actor.now.toISOString(),
    by: scope.actor.userName,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  } as StoredEntry;
}

/** What an account owes by day, worked from its ledger: its newest bills making up the balance. */
export async function unpaidFromLedger(tenantId: string, account: StoredAccount): Promise<Unpaid> {
  if (account.balance <= 0) return {};
  const bills = await accountData.recentBills(tenantId, account.customerId, (found) => found.reduce((sum, b) => sum + b.amount, 0) >= account.balance);
  return unpaidByDay(unpaidBills(account.balance, bills));
}

/**
 * The account as a ledger move starts from. One made before the map of what is owed by day was kept (and not yet
 * given it by the shop upgrade), or whose map is behind its entries, has it worked from its ledger here, and the
 * entry writes it.
 */
export async function readAccount(tenantId: string, customerId: number): Promise<ReadAccount> {
  const account = (await accountData.get(tenantId, customerId, true)) ?? noAccount(customerId);
  return { ...account, unpaid: keptUnpaid(account) ?? (await unpaidFromLedger(tenantId, account)) };
}

/**
 * What a bill (or an edit of one) does to the customer's account: `adds`, the change of what it puts on account
 * (an edit: the new amount less the old). More on account needs the customer allowed to buy on account and the
 * balance within the limit after it, or a manager's approval code for this customer covering the amount; the code
 * is used up in the same transaction and its manager named on the entry. Nothing when the amount is unchanged.
 */
export async function billOnAccount(
  scope: WriteScope,
  input: {
    customerId: number;
    customerName: string;
    purchaseId: number;
    invoiceNumber?: string;
    adds: Paise;
    approvalCode?: string;
    /** A manager selling a held offline bill approves it past the limit themselves. */
    approvedBy?: string;
  },
): Promise<(WritesWithMessages & { balanceAfter: Paise; approvedBy?: string }) | undefined> {
  if (input.adds === 0) return undefined;
  const account = await readAccount(scope.tenantId, input.customerId);
  const condition: AccountCondition = { entriesBefore: account.entries };
  let approvedBy: string | undefined;
  const extra: WritesWithMessages = { items: [], messages: [] };
  if (input.adds > 0) {
    if (!account.onAccount) throw new Validation(notOnAccount(input.customerName), { field: 'tenders' });
    condition.terms = { creditLimit: account.creditLimit };
    if (passesLimit(account, input.adds) && input.approvedBy) {
      approvedBy = input.approvedBy;
    } else if (passesLimit(account, input.adds)) {
      if (!input.approvalCode) throw new Conflict(limitExceeded(input.customerName, account.balance, account.creditLimit, input.adds));
      const approval = await accountData.approval(scope.tenantId, input.customerId, input.approvalCode);
      if (!approval || approval.validUntil < scope.actor.now.toISOString() || approval.amount < input.adds) throw new Conflict(APPROVAL_INVALID);
      approvedBy = approval.approvedBy;
      extra.items.push(accountData.useApprovalWrite(scope.tenantId, input.customerId, input.approvalCode));
      extra.messages.push(APPROVAL_USED);
    } else {
      condition.maxBalance = account.creditLimit;
    }
  }
  const entry = nextEntry(scope, account, {
    kind: 'bill',
    amount: input.adds,
    purchaseId: input.purchaseId,
    invoiceNumber: input.invoiceNumber,
    approvedBy,
  });
  const writes = entryWrites(scope, entry, condition, account);
  return { items: [...writes.items, ...extra.items], messages: [...writes.messages, ...extra.messages], balanceAfter: entry.balanceAfter, approvedBy };
}

/** A return that credits `amount` of its refund to the customer's account (below zero: an advance the shop holds). */
export async function returnToAccount(
  scope: WriteScope,
  input: { customerId: number; purchaseId: number; invoiceNumber?: string; returnId: number; amount: Paise },
): Promise<WritesWithMessages & { balanceAfter: Paise }> {
  const account = await readAccount(scope.tenantId, input.customerId);
  const entry = nextEntry(scope, account, { kind: 'return', amount: -input.amount, purchaseId: input.purchaseId, invoiceNumber: input.invoiceNumber, returnId: input.returnId });
  return { ...entryWrites(scope, entry, { entriesBefore: account.entries }, account), balanceAfter: entry.balanceAfter };
}

export { entryWrites };

/**
 * Why a bill made offline cannot go on the customer's account as the device believed (docs/customer-credit.md,
 * "Offline"): the customer may no longer buy on account, or the server's balance takes them past the limit. The
 * bill is then held for a manager, who may sell it (approving it past the limit) or discard it.
 */
export async function offlineAccountProblem(tenantId: string, customer: { customerId: number; name: string }, adds: Paise): Promise<string | undefined> {
  if (adds <= 0) return undefined;
  return accountRefusal(await readAccount(tenantId, customer.customerId), customer.name, adds);
}
