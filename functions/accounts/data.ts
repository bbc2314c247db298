import type { Tender } from '../../shared/tenders.js';
import { getItem, mapPage, op, query, queryAll, queryCursorPage, readCounter, strip, type CursorPage, type Item, type PageRequest, type TransactItem } from '../lib/db.js';
import { counterKey, idSk, tenantPk } from '../lib/keys.js';
import type { Unpaid } from './unpaid.js';

/**
 * Customer accounts (docs/customer-credit.md). One partition per customer: the account item (terms, balance, the
 * number of ledger entries) and its ledger entries in order, so a page of the ledger is one Query from a cursor.
 * Every account is also on gsi1 under the shop's `ACCOUNTS`, the receivables screen's one partition to read.
 * Money is paise; `balance` above 0 is what the customer owes, and `unpaid` the same by the shop day of the bills
 * still owed (functions/accounts/unpaid.ts), so the receivables age an account from its item alone.
 */
const accountPk = (tenantId: string, customerId: number) => tenantPk(tenantId, 'ACCOUNT', customerId);
const ACCOUNT_SK = 'ACCOUNT';
const entrySk = (entryNo: number) => `E#${idSk(entryNo)}`;
const approvalSk = (code: string) => `APPROVAL#${code}`;
const paymentKeySk = (key: string) => `KEY#${key}`;
const accountsPk = (tenantId: string) => tenantPk(tenantId, 'ACCOUNTS');
/** gsi2: a customer's entries by shop day, for a statement of a period. */
const entryDaysPk = (tenantId: string, customerId: number) => tenantPk(tenantId, 'ACCOUNT_DAYS', customerId);

/** What all the shop's customers owe together (the dashboard's total due), moved in every ledger entry's transaction. */
const duesCounter = (tenantId: string) => counterKey(tenantId, 'accountDues');

export interface StoredAccount {
  customerId: number;
  /** The customer's name and mobile as the terms were last set (the receivables list reads no customer records). */
  customerName?: string;
  mobileNumber?: string;
  onAccount: boolean;
  creditLimit: number;
  balance: number;
  /**
   * What is still owed by shop day, written with every entry; absent only on an account whose entries were made
   * before it was kept, until the shop upgrade (`accounts#unpaid`) or its next entry writes it from the ledger.
   */
  unpaid?: Unpaid;
  /** The number of entries `unpaid` accounts for: a map behind `entries` (an entry written without it) is not used. */
  unpaidEntries?: number;
  entries: number;
  version: number;
  updatedOn?: string;
  updatedBy?: string;
}

export type LedgerKind = 'bill' | 'payment' | 'return' | 'writeOff';

export interface StoredEntry {
  customerId: number;
  entryNo: number;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  day: string;
  at: string;
  by: string;
  purchaseId?: number;
  invoiceNumber?: string;
  returnId?: number;
  tenders?: Tender[];
  reason?: string;
  note?: string;
  approvedBy?: string;
  advance?: boolean;
}

export interface StoredApproval {
  customerId: number;
  code: string;
  amount: number;
  approvedBy: string;
  /** ISO time after which the code is refused (the item's TTL removes it later). */
  validUntil: string;
}

/** An account never opened: no credit, nothing owed. */
export const noAccount = (customerId: number): StoredAccount => ({ customerId, onAccount: false, creditLimit: 0, balance: 0, unpaid: {}, unpaidEntries: 0, entries: 0, version: 0 });

/** What a ledger move asks of the account at the moment of the write. */
export interface AccountCondition {
  /** The number of entries the account had when read: the entry's number and running balance follow from it. */
  entriesBefore: number;
  /** A bill on account: the terms it was checked against still hold. */
  terms?: { creditLimit: number };
  /** The balance may not go above this (the limit, for a bill not approved over it). */
  maxBalance?: number;
  /** The balance may not go below this (a payment that is no advance, a write-off). */
  minBalance?: number;
}

export const accountData = {
  key: (tenantId: string, customerId: number) => ({ pk: accountPk(tenantId, customerId), sk: ACCOUNT_SK }),
  async get(tenantId: string, customerId: number, consistent = false): Promise<StoredAccount | undefined> {
    const item = await getItem<StoredAccount & Item>(accountPk(tenantId, customerId), ACCOUNT_SK, consistent);
    return item ? (strip(item) as unknown as StoredAccount) : undefined;
  },

  /** Sets the terms of an account, creating it, only if it is still at the version read. */
  settingsWrite(
    tenantId: string,
    customerId: number,
    terms: { onAccount: boolean; creditLimit: number; customerName: string; mobileNumber: string },
    version: number,
    stamp: { updatedOn: string; updatedBy: string },
  ): TransactItem {
    return op.update(
      { pk: accountPk(tenantId, customerId), sk: ACCOUNT_SK },
      {
        UpdateExpression:
          'SET customerId = :c, customerName = :name, mobileNumber = :mobile, onAccount = :on, creditLimit = :limit, entity = :entity, gsi1pk = :g, gsi1sk = :gs, updatedOn = :on2, updatedBy = :by, balance = if_not_exists(balance, :zero), entries = if_not_exists(entries, :zero) ADD version :one',
        ConditionExpression: version ? 'version = :v' : 'attribute_not_exists(version)',
        ExpressionAttributeValues: {
          ':c': customerId,
          ':on': terms.onAccount,
          ':limit': terms.creditLimit,
          ':name': terms.customerName,
          ':mobile': terms.mobileNumber,
          ':entity': 'account',
          ':g': accountsPk(tenantId),
          ':gs': idSk(customerId),
          ':on2': stamp.updatedOn,
          ':by': stamp.updatedBy,
          ':zero': 0,
          ':one': 1,
          ...(version ? { ':v': version } : {}),
        },
      },
    );
  },

  /**
   * The move of the balance by `entry.amount` and the entry that records it with its running balance, as two items
   * of the transaction that causes it. The account's entry count must be what was read (so the running balance is
   * exact), and the balance within the bounds asked, checked by DynamoDB at the write: two tills can never both
   * pass the limit, and a retry reads again. `unpaid` is what is owed by day after the entry, worked from the map
   * read with the same entry count, so a map is never written over one another till moved meanwhile.
   */
  moveWrites(tenantId: string, entry: StoredEntry, condition: AccountCondition, unpaid: Unpaid): TransactItem[] {
    const values: Record<string, unknown> = {
      ':delta': entry.amount,
      ':unpaid': unpaid,
      ':n': entry.entryNo,
      ':one': 1,
      ':c': entry.customerId,
      ':entity': 'account',
      ':g': accountsPk(tenantId),
      ':gs': idSk(entry.customerId),
    };
    const conditions = [condition.entriesBefore ? 'entries = :before' : '(attribute_not_exists(entries) OR entries = :before)'];
    values[':before'] = condition.entriesBefore;
    if (condition.terms) {
      conditions.push('onAccount = :true AND creditLimit = :limit');
      values[':true'] = true;
      values[':limit'] = condition.terms.creditLimit;
    }
    if (condition.maxBalance !== undefined) {
      conditions.push('(attribute_not_exists(balance) OR balance <= :max)');
      values[':max'] = condition.maxBalance - entry.amount;
    }
    if (condition.minBalance !== undefined) {
      conditions.push('balance >= :min');
      values[':min'] = condition.minBalance - entry.amount;
    }
    return [
      op.update(
        { pk: accountPk(tenantId, entry.customerId), sk: ACCOUNT_SK },
        {
          UpdateExpression: 'SET entries = :n, unpaid = :unpaid, unpaidEntries = :n, customerId = :c, entity = :entity, gsi1pk = :g, gsi1sk = :gs ADD balance :delta, version :one',
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeValues: values,
        },
      ),
      op.create({
        pk: accountPk(tenantId, entry.customerId),
        sk: entrySk(entry.entryNo),
        gsi2pk: entryDaysPk(tenantId, entry.customerId),
        gsi2sk: `${entry.day}#${idSk(entry.entryNo)}`,
        entity: 'ledgerEntry',
        ...entry,
      }),
      op.count(duesCounter(tenantId), entry.amount),
    ];
  },

  /** What all customers owe together (advances not netted off: a balance below zero counts as it is). */
  totalDue: (tenantId: string) => readCounter(duesCounter(tenantId)),

  /**
   * Every account of the shop (the receivables screen): one partition of gsi1, read in its fewest pages (a page
   * holds up to 1 MB of account items, some thousands of accounts), only what the receivables show.
   */
  async all(tenantId: string): Promise<StoredAccount[]> {
    return queryAll<StoredAccount>({
      index: 'gsi1',
      pk: accountsPk(tenantId),
      attributes: ['customerId', 'customerName', 'mobileNumber', 'onAccount', 'creditLimit', 'balance', 'unpaid', 'unpaidEntries', 'entries', 'version'],
    });
  },

  /**
   * Writes the map of what is owed by day of an account made before it was kept, worked from its ledger of
   * `entries` entries: only while the account still has those entries and no map of them, so an entry written
   * meanwhile (which writes its own) wins.
   */
  unpaidWrite(tenantId: string, customerId: number, entries: number, unpaid: Unpaid): TransactItem {
    return op.update(
      { pk: accountPk(tenantId, customerId), sk: ACCOUNT_SK },
      {
        UpdateExpression: 'SET unpaid = :unpaid, unpaidEntries = :n',
        ConditionExpression: 'entries = :n AND (attribute_not_exists(unpaidEntries) OR unpaidEntries <> :n)',
        ExpressionAttributeValues: { ':unpaid': unpaid, ':n': entries },
      },
    );
  },

  /** A page of the shop's accounts (the till's copy of terms and balances): one Query of gsi1 from the cursor. */
  async page(tenantId: string, page: PageRequest): Promise<CursorPage<StoredAccount>> {
    const found = await queryCursorPage<StoredAccount & Item>({ index: 'gsi1', pk: accountsPk(tenantId) }, page);
    return mapPage(found, (item) => strip(item) as unknown as StoredAccount);
  },

  /** The bill entries of an account newest first, a page at a time, until `enough` says the walk may stop. */
  async recentBills(tenantId: string, customerId: number, enough: (bills: StoredEntry[]) => boolean): Promise<StoredEntry[]> {
    const bills: StoredEntry[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await query<StoredEntry & Item>({ pk: accountPk(tenantId, customerId), skPrefix: 'E#', descending: true, limit: 50, startKey });
      bills.push(...page.items.map((item) => strip(item) as unknown as StoredEntry).filter((e) => e.kind === 'bill' && e.amount > 0));
      startKey = page.next;
    } while (startKey && !enough(bills));
    return bills;
  },

  /** A page of the ledger, newest first. */
  async entries(tenantId: string, customerId: number, page: PageRequest): Promise<CursorPage<StoredEntry>> {
    const found = await queryCursorPage<StoredEntry & Item>({ pk: accountPk(tenantId, customerId), skPrefix: 'E#', descending: true }, page);
    return mapPage(found, (item) => strip(item) as unknown as StoredEntry);
  },

  /** The entries of the shop days `from`…`to`, in order: one Query bounded by the period. */
  async entriesOfPeriod(tenantId: string, customerId: number, from: string, to: string): Promise<StoredEntry[]> {
    const items = await queryAll<StoredEntry & Item>({ index: 'gsi2', pk: entryDaysPk(tenantId, customerId), skBetween: [from, `${to}#~`] });
    return items.map((item) => strip(item) as unknown as StoredEntry);
  },

  /** The last entry before shop day `day` (its balance is the statement's opening balance). */
  async lastEntryBefore(tenantId: string, customerId: number, day: string): Promise<StoredEntry | undefined> {
    const { items } = await query<StoredEntry & Item>({ index: 'gsi2', pk: entryDaysPk(tenantId, customerId), skBetween: ['0', day], descending: true, limit: 1 });
    return items[0] ? (strip(items[0]) as unknown as StoredEntry) : undefined;
  },

  async entry(tenantId: string, customerId: number, entryNo: number): Promise<StoredEntry | undefined> {
    const item = await getItem<StoredEntry & Item>(accountPk(tenantId, customerId), entrySk(entryNo), true);
    return item ? (strip(item) as unknown as StoredEntry) : undefined;
  },

  approvalWrite(tenantId: string, approval: StoredApproval): TransactItem {
    return op.create({
      pk: accountPk(tenantId, approval.customerId),
      sk: approvalSk(approval.code),
      entity: 'creditApproval',
      ...approval,
      expiresAt: Math.ceil(Date.parse(approval.validUntil) / 1000) + 3600,
    });
  },

  async approval(tenantId: string, customerId: number, code: string): Promise<StoredApproval | undefined> {
    const item = await getItem<StoredApproval & Item>(accountPk(tenantId, customerId), approvalSk(code), true);
    return item ? (strip(item) as unknown as StoredApproval) : undefined;
  },

  /** Uses an approval up in the bill's transaction: a code approves one bill. */
  useApprovalWrite(tenantId: string, customerId: number, code: string): TransactItem {
    return op.remove({ pk: accountPk(tenantId, customerId), sk: approvalSk(code) }, { ConditionExpression: 'attribute_exists(pk)' });
  },

  /** The claim of a payment's idempotency key, naming the entry it saved. */
  paymentKeyWrite(tenantId: string, customerId: number, key: string, entryNo: number): TransactItem {
    return op.create({ pk: accountPk(tenantId, customerId), sk: paymentKeySk(key), entity: 'accountPaymentKey', entryNo, expiresAt: Math.ceil(Date.now() / 1000) + 7 * 86_400 });
  },

  async paymentByKey(tenantId: string, customerId: number, key: string): Promise<number | undefined> {
    const item = await getItem<{ entryNo: number }>(accountPk(tenantId, customerId), paymentKeySk(key), true);
    return item?.entryNo;
  },
};
