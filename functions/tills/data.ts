import type { DrawerCount } from '../../shared/till.js';
import { getItem, mapPage, op, queryAll, queryCursorPage, strip, tableName, type CursorPage, type Item, type PageRequest, type TransactItem } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Till sessions (docs/point-of-sale.md, "The day's close"). One item per session (`TILL_SESSION` / id), whose money
 * figures (paise) move only by ADD: the cashier's bills and returns in their own transactions, pay-ins and pay-outs
 * in theirs; every ADD also moves `version`, so a close counted against an older read is refused. A closed session
 * joins its month's closes on gsi1 (`TILL_CLOSES#<yyyy-mm>`, newest close first). Besides the sessions:
 * - `TILL_OPEN`: one lock per till (`till#<name>`) and one per cashier (`cashier#<user>`) while a session is open,
 *   created on condition, so a till and a cashier each have at most one open session; the bill's transaction finds
 *   the cashier's session by the cashier's lock;
 * - `TILL_MOVES#<session>`: the pay-ins and pay-outs of a session;
 * - `TILL_MONTH#<yyyy-mm>`: per cashier, the month's closes and their shorts and overs, moved by ADD at close and
 *   back at reopen, so the month's view reads one item per cashier;
 * - `TILL_OPEN_KEY`: the key an opening was sent with, so a repeat (an opening queued offline) opens nothing new.
 */
const sessionPk = (tenantId: string) => tenantPk(tenantId, 'TILL_SESSION');
const lockPk = (tenantId: string) => tenantPk(tenantId, 'TILL_OPEN');
const movesPk = (tenantId: string, sessionId: string) => tenantPk(tenantId, 'TILL_MOVES', sessionId);
const closesPk = (tenantId: string, month: string) => tenantPk(tenantId, 'TILL_CLOSES', month);
const monthPk = (tenantId: string, month: string) => tenantPk(tenantId, 'TILL_MONTH', month);
const openKeyPk = (tenantId: string) => tenantPk(tenantId, 'TILL_OPEN_KEY');

export const tillLockKey = (tenantId: string, tillName: string) => ({ pk: lockPk(tenantId), sk: `till#${searchKey(tillName)}` });
export const cashierLockKey = (tenantId: string, userName: string) => ({ pk: lockPk(tenantId), sk: `cashier#${userName.toLowerCase()}` });
export const sessionKey = (tenantId: string, sessionId: string) => ({ pk: sessionPk(tenantId), sk: sessionId });

/** The figures the session's bills, returns and moves add to (paise; `bills` counts bills). */
export const MONEY_FIELDS = ['cashSales', 'cashRefunds', 'payIns', 'payOuts', 'upiSales', 'cardSales', 'otherSales', 'otherRefunds', 'bills'] as const;
export type MoneyField = (typeof MONEY_FIELDS)[number];
export type MoneyMoves = Partial<Record<MoneyField, number>>;

export interface Reopen {
  by: string;
  at: string;
  reason: string;
}

export interface StoredSession extends Record<MoneyField, number> {
  sessionId: string;
  tillName: string;
  cashier: string;
  status: 'open' | 'closed';
  day: string;
  openedAt: string;
  openingFloat: number;
  count?: DrawerCount;
  counted?: number;
  expected?: number;
  difference?: number;
  reason?: string;
  closedAt?: string;
  closedBy?: string;
  reopens: Reopen[];
  version: number;
}

export interface StoredMove {
  moveId: number;
  kind: 'in' | 'out';
  amount: number;
  reason: string;
  expenseId?: number;
  by: string;
  at: string;
}

const toSession = (item: Record<string, unknown>): StoredSession => {
  const s = strip(item as Item) as unknown as StoredSession;
  for (const field of MONEY_FIELDS) s[field] = Number(s[field] ?? 0);
  return { ...s, reopens: s.reopens ?? [], version: Number(s.version) };
};

const OPEN = { '#status': 'status' };

export const tillData = {
  async byId(tenantId: string, sessionId: string, consistent = false): Promise<StoredSession | undefined> {
    const item = await getItem(sessionPk(tenantId), sessionId, consistent);
    return item ? toSession(item) : undefined;
  },

  /** The session a cashier has open, by their lock: one GetItem. */
  async openOf(tenantId: string, userName: string): Promise<string | undefined> {
    const lock = await getItem<{ sessionId?: string }>(cashierLockKey(tenantId, userName).pk, cashierLockKey(tenantId, userName).sk);
    return lock?.sessionId;
  },

  async tillLock(tenantId: string, tillName: string) {
    const key = tillLockKey(tenantId, tillName);
    return getItem<{ sessionId: string; cashier: string }>(key.pk, key.sk);
  },

  async sessionOfKey(tenantId: string, key: string): Promise<string | undefined> {
    return (await getItem<{ sessionId?: string }>(openKeyPk(tenantId), key))?.sessionId;
  },

  async moves(tenantId: string, sessionId: string): Promise<StoredMove[]> {
    return (await queryAll({ pk: movesPk(tenantId, sessionId) })).map((i) => strip(i as Item) as unknown as StoredMove);
  },

  /** A page of a month's closes (`yyyy-mm`), newest close first. */
  async closesPage(tenantId: string, month: string, request: PageRequest): Promise<CursorPage<StoredSession>> {
    return mapPage(await queryCursorPage({ index: 'gsi1', pk: closesPk(tenantId, month), descending: true }, request), toSession);
  },

  /** The month's totals, one item per cashier who closed a till in it. */
  async monthTotals(tenantId: string, month: string) {
    const items = await queryAll({ pk: monthPk(tenantId, month) });
    return items.map((i) => ({ cashier: String(i.sk), closes: Number(i.closes ?? 0), short: Number(i.short ?? 0), over: Number(i.over ?? 0) }));
  },

  // ------------------------------------------------------------ writes (parts of one transaction each)

  /** A new session with its till and cashier locks (each refused while one is held) and its opening key. */
  openWrites(tenantId: string, session: StoredSession, key: string | undefined): TransactItem[] {
    const lock = (k: { pk: string; sk: string }) => op.create({ ...k, entity: 'tillLock', sessionId: session.sessionId, tillName: session.tillName, cashier: session.cashier });
    return [
      lock(tillLockKey(tenantId, session.tillName)),
      lock(cashierLockKey(tenantId, session.cashier)),
      op.create({ ...sessionKey(tenantId, session.sessionId), entity: 'tillSession', ...session }),
      ...(key ? [op.create({ pk: openKeyPk(tenantId), sk: key, entity: 'tillOpenKey', sessionId: session.sessionId })] : []),
    ];
  },

  /**
   * Adds to the figures of an open session (a bill, a return, a pay-in or pay-out), on condition it is still open;
   * `cashier` also requires it to be that cashier's.
   */
  moveWrite(tenantId: string, sessionId: string, moves: MoneyMoves, cashier?: string): TransactItem {
    const fields = Object.entries(moves).filter(([, v]) => v !== 0 && v !== undefined);
    const names: Record<string, string> = { ...OPEN, '#version': 'version' };
    const values: Record<string, unknown> = { ':open': 'open', ':one': 1 };
    const adds = ['#version :one'];
    fields.forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:f${i}`] = value;
      adds.push(`#f${i} :f${i}`);
    });
    if (cashier) {
      names['#cashier'] = 'cashier';
      values[':cashier'] = cashier;
    }
    return op.update(sessionKey(tenantId, sessionId), {
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: `#status = :open${cashier ? ' AND #cashier = :cashier' : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  },

  moveItem(tenantId: string, sessionId: string, move: StoredMove): TransactItem {
    return op.create({ pk: movesPk(tenantId, sessionId), sk: idSk(move.moveId), entity: 'tillMove', ...move });
  },

  /**
   * The close: the session as counted, read at `readVersion` (no bill since), joining its month's closes; the locks
   * released; the cashier's month totals moved by `share`.
   */
  closeWrites(tenantId: string, closed: StoredSession, readVersion: number, share: { closes: number; short: number; over: number }): TransactItem[] {
    const month = closed.day.slice(0, 7);
    return [
      {
        Put: {
          TableName: tableName(),
          Item: { ...sessionKey(tenantId, closed.sessionId), entity: 'tillSession', gsi1pk: closesPk(tenantId, month), gsi1sk: `${closed.closedAt}#${closed.sessionId}`, ...closed },
          ConditionExpression: '#status = :open AND version = :read',
          ExpressionAttributeNames: OPEN,
          ExpressionAttributeValues: { ':open': 'open', ':read': readVersion },
        },
      },
      ...releaseLocks(tenantId, closed),
      monthWrite(tenantId, month, closed.cashier, share, 1),
    ];
  },

  /** The owner's reopen: the session open again without its place in the month's closes, its locks taken again. */
  reopenWrites(tenantId: string, reopened: StoredSession, readVersion: number, share: { closes: number; short: number; over: number }): TransactItem[] {
    const { count: _count, counted: _counted, difference: _difference, expected: _expected, reason: _reason, closedAt: _closedAt, closedBy: _closedBy, ...open } = reopened;
    const lock = (k: { pk: string; sk: string }) => op.create({ ...k, entity: 'tillLock', sessionId: open.sessionId, tillName: open.tillName, cashier: open.cashier });
    return [
      {
        Put: {
          TableName: tableName(),
          Item: { ...sessionKey(tenantId, open.sessionId), entity: 'tillSession', ...open },
          ConditionExpression: '#status = :closed AND version = :read',
          ExpressionAttributeNames: OPEN,
          ExpressionAttributeValues: { ':closed': 'closed', ':read': readVersion },
        },
      },
      lock(tillLockKey(tenantId, open.tillName)),
      lock(cashierLockKey(tenantId, open.cashier)),
      monthWrite(tenantId, open.day.slice(0, 7), open.cashier, share, -1),
    ];
  },
};

function releaseLocks(tenantId: string, session: StoredSession): TransactItem[] {
  const mine = { ConditionExpression: 'sessionId = :id', ExpressionAttributeValues: { ':id': session.sessionId } };
  return [op.remove(tillLockKey(tenantId, session.tillName), mine), op.remove(cashierLockKey(tenantId, session.cashier), mine)];
}

function monthWrite(tenantId: string, month: string, cashier: string, share: { closes: number; short: number; over: number }, sign: 1 | -1): TransactItem {
  return op.update(
    { pk: monthPk(tenantId, month), sk: cashier },
    {
      UpdateExpression: 'SET entity = :entity ADD closes :closes, #short :short, #over :over',
      ExpressionAttributeNames: { '#short': 'short', '#over': 'over' },
      ExpressionAttributeValues: { ':entity': 'tillMonth', ':closes': sign * share.closes, ':short': sign * share.short, ':over': sign * share.over },
    },
  );
}
