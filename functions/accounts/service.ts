import { randomInt } from 'node:crypto';
import type { AccountView, Approval, LedgerEntry } from '../../shared/schemas/account.js';
import type { AccountPaymentBody, AccountSettingsBody, ApprovalBody, StatementQuery, WriteOffBody } from '../../shared/schemas/account.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { paymentOverDue } from '../../shared/credit.js';
import { formatPaise } from '../../shared/format.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { byMethodGroup, sumTenders, type Tender } from '../../shared/tenders.js';
import { customerData } from '../customers/data.js';
import { tenderView } from '../purchases/view.js';
import { shownName } from '../purchases/view.js';
import { purchaseData } from '../purchases/data.js';
import { auditWrite } from '../lib/audit.js';
import { isTransactionConflict, transact, transactRebuilding, type CursorPage, type PageRequest } from '../lib/db.js';
import { Conflict, NotFound, Validation } from '../lib/errors.js';
import type { WriteScope } from '../lib/context.js';
import { accountData, noAccount, type StoredAccount, type StoredEntry } from './data.js';
import { ACCOUNT_CHANGED, entryWrites, nextEntry, readAccount } from './ledger.js';
import { statementFile } from './statement.js';

/** Customer credit (docs/customer-credit.md): the shop's terms, the ledger, payments, write-offs and approvals. */

export const CUSTOMER_NOT_FOUND = 'No customer with this id.';
export const SETTINGS_CHANGED = "The customer's account was changed by someone else. Please reload it and try again.";
const PAYMENT_SAVED = 'PAYMENT_SAVED';
/** How long a manager's approval code is good for. */
export const APPROVAL_MINUTES = 15;

export const writeOffOverDue = (name: string, balance: number) =>
  balance > 0 ? `${name} owes ${formatPaise(balance)}: at most that can be written off.` : `${name} owes nothing to write off.`;

async function customerOf(tenantId: string, customerId: number): Promise<Customer> {
  const customer = await customerData.byId(tenantId, customerId);
  if (!customer) throw new NotFound(CUSTOMER_NOT_FOUND);
  return customer;
}

const nameOf = (customer: Customer) => customer.legalName ?? shownName(customer.customerName);

const view = (customer: Customer, account: StoredAccount): AccountView => ({
  customerId: customer.customerId,
  customerName: nameOf(customer),
  mobileNumber: customer.mobileNumber,
  onAccount: account.onAccount,
  limit: toRupees(account.creditLimit),
  balance: toRupees(account.balance),
  entries: account.entries,
  version: account.version,
});

export const entryView = (entry: StoredEntry): LedgerEntry => ({
  entryNo: entry.entryNo,
  kind: entry.kind,
  amount: toRupees(entry.amount),
  balanceAfter: toRupees(entry.balanceAfter),
  day: entry.day,
  at: entry.at,
  by: entry.by,
  ...(entry.purchaseId !== undefined ? { purchaseId: entry.purchaseId } : {}),
  ...(entry.invoiceNumber ? { invoiceNumber: entry.invoiceNumber } : {}),
  ...(entry.returnId !== undefined ? { returnId: entry.returnId } : {}),
  ...(entry.tenders ? { tenders: entry.tenders.map(tenderView) } : {}),
  ...(entry.reason ? { reason: entry.reason } : {}),
  ...(entry.note ? { note: entry.note } : {}),
  ...(entry.approvedBy ? { approvedBy: entry.approvedBy } : {}),
  ...(entry.advance ? { advance: true } : {}),
});

export async function accountOf(tenantId: string, customerId: number): Promise<AccountView> {
  const [customer, account] = await Promise.all([customerOf(tenantId, customerId), accountData.get(tenantId, customerId)]);
  return view(customer, account ?? noAccount(customerId));
}

export async function setTerms(scope: WriteScope, customerId: number, body: AccountSettingsBody): Promise<AccountView> {
  const customer = await customerOf(scope.tenantId, customerId);
  const before = (await accountData.get(scope.tenantId, customerId, true)) ?? noAccount(customerId);
  if (body.version !== undefined && body.version !== before.version) throw new Conflict(SETTINGS_CHANGED);
  const terms = { onAccount: body.onAccount, creditLimit: toPaise(body.limit) };
  await transact(
    [
      accountData.settingsWrite(scope.tenantId, customerId, { ...terms, customerName: nameOf(customer), mobileNumber: customer.mobileNumber }, before.version, { updatedOn: scope.actor.now.toISOString(), updatedBy: scope.actor.userName }),
      auditWrite(scope, { entity: 'account', entityId: customerId, action: before.version ? 'update' : 'create', before: before.version ? { onAccount: before.onAccount, creditLimit: before.creditLimit } : undefined, after: terms }),
    ],
    [SETTINGS_CHANGED],
  );
  return view(customer, { ...before, ...terms, version: before.version + 1 });
}

export async function statementOf(tenantId: string, customerId: number, q: StatementQuery, now: Date) {
  const customer = await customerOf(tenantId, customerId);
  return statementFile(tenantId, { customerId, name: nameOf(customer), mobileNumber: customer.mobileNumber }, q, now);
}

export async function ledgerPage(tenantId: string, customerId: number, page: PageRequest): Promise<CursorPage<LedgerEntry>> {
  await customerOf(tenantId, customerId);
  const found = await accountData.entries(tenantId, customerId, page);
  return { items: found.items.map(entryView), next: found.next };
}

const lostRace = (error: unknown) => (error instanceof Conflict && error.message === ACCOUNT_CHANGED) || isTransactionConflict(error);

/**
 * A payment against the balance, receipted by its ledger entry. It may not take the balance below zero unless it is
 * recorded as an advance. Its money joins the day's takings as dues collected (cash to the drawer), not as sales.
 */
export async function receivePayment(scope: WriteScope, customerId: number, body: AccountPaymentBody): Promise<LedgerEntry> {
  const customer = await customerOf(scope.tenantId, customerId);
  if (body.idempotencyKey) {
    const saved = await accountData.paymentByKey(scope.tenantId, customerId, body.idempotencyKey);
    if (saved !== undefined) return entryView((await accountData.entry(scope.tenantId, customerId, saved))!);
  }
  const tenders: Tender[] = body.tenders.map((t) => ({ method: t.method, amount: toPaise(t.amount), ...(t.reference ? { reference: t.reference } : {}) }));
  if (tenders.some((t) => t.amount <= 0)) throw new Validation('Each part of the payment should be an amount above ₹0.', { field: 'tenders' });
  const paying = sumTenders(tenders);
  try {
    const entry = await transactRebuilding(async () => {
      const account = await readAccount(scope.tenantId, customerId);
      const advance = paying > Math.max(account.balance, 0);
      if (advance && !body.advance) throw new Validation(paymentOverDue(nameOf(customer), account.balance, paying), { field: 'tenders' });
      const entry = nextEntry(scope, account, { kind: 'payment', amount: -paying, tenders, note: body.note, advance: advance || undefined });
      const writes = entryWrites(scope, entry, { entriesBefore: account.entries, ...(advance ? {} : { minBalance: 0 }) }, account);
      const by = byMethodGroup(tenders);
      const day = purchaseData.salesWrite(scope.tenantId, entry.day, { duesCollected: paying, duesCash: by.cash, duesUpi: by.upi, duesCard: by.card });
      const items = [...writes.items, ...(day ? [day] : [])];
      const messages = [...writes.messages, ...(day ? [undefined] : [])];
      if (body.idempotencyKey) {
        items.unshift(accountData.paymentKeyWrite(scope.tenantId, customerId, body.idempotencyKey, entry.entryNo));
        messages.unshift(PAYMENT_SAVED);
      }
      return { items, messages, result: entry };
    }, lostRace);
    return entryView(entry);
  } catch (error) {
    if (error instanceof Conflict && error.message === PAYMENT_SAVED && body.idempotencyKey) {
      const saved = await accountData.paymentByKey(scope.tenantId, customerId, body.idempotencyKey);
      if (saved !== undefined) return entryView((await accountData.entry(scope.tenantId, customerId, saved))!);
    }
    throw error;
  }
}

/** The owner writes off part or all of what a customer owes, with the reason; never more than the balance. */
export async function writeOff(scope: WriteScope, customerId: number, body: WriteOffBody): Promise<LedgerEntry> {
  const customer = await customerOf(scope.tenantId, customerId);
  const amount = toPaise(body.amount);
  if (amount <= 0) throw new Validation('Enter the amount to write off, above ₹0.', { field: 'amount' });
  const entry = await transactRebuilding(async () => {
    const account = await readAccount(scope.tenantId, customerId);
    if (amount > account.balance) throw new Validation(writeOffOverDue(nameOf(customer), account.balance), { field: 'amount' });
    const entry = nextEntry(scope, account, { kind: 'writeOff', amount: -amount, reason: body.reason });
    const writes = entryWrites(scope, entry, { entriesBefore: account.entries, minBalance: 0 }, account);
    // The day's figures take the written-off dues off the profit (shared/figures.ts).
    const day = purchaseData.salesWrite(scope.tenantId, entry.day, { duesWrittenOff: amount })!;
    return { items: [...writes.items, day], messages: [...writes.messages, undefined], result: entry };
  }, lostRace);
  return entryView(entry);
}

/** A manager's approval of one bill over the limit, up to `amount` on account: a 6-digit code for the till. */
export async function approveOverLimit(scope: WriteScope, customerId: number, body: ApprovalBody): Promise<Approval> {
  await customerOf(scope.tenantId, customerId);
  const amount = toPaise(body.amount);
  if (amount <= 0) throw new Validation('Enter the amount the bill may put on account, above ₹0.', { field: 'amount' });
  const validUntil = new Date(scope.actor.now.getTime() + APPROVAL_MINUTES * 60_000).toISOString();
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await transact([
        accountData.approvalWrite(scope.tenantId, { customerId, code, amount, approvedBy: scope.actor.userName, validUntil }),
        auditWrite(scope, { entity: 'account', entityId: customerId, action: 'create', after: { approval: 'over the credit limit', amount, validUntil } }),
      ]);
      return { code, amount: toRupees(amount), expiresAt: validUntil };
    } catch (error) {
      // The same code already waits for this customer: draw another.
      if (!(error instanceof Conflict)) throw error;
    }
  }
}
