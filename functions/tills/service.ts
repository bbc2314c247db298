import { randomBytes } from 'node:crypto';
import { shopDay } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { ROLE } from '../../shared/roles.js';
import type { CashMoveBody, CloseTillBody, OpenTillBody, TillMonth, TillSession } from '../../shared/schemas/till.js';
import { CLOSE_MESSAGES, closeProblem, countedTotal, DENOMINATION_KEYS, expectedCash, monthShare, overShort, type DrawerCount } from '../../shared/till.js';
import { auditWrite } from '../lib/audit.js';
import type { Caller, WriteScope } from '../lib/context.js';
import { mapPage, nextId, transact, type PageRequest, type TransactItem } from '../lib/db.js';
import { Conflict, Forbidden, NotFound, Validation } from '../lib/errors.js';
import { expenseData, monthOf } from '../expenses/data.js';
import { MONEY_FIELDS, tillData, type StoredMove, type StoredSession } from './data.js';

/** The feature that lets the owner see every close and reopen one. */
export const OWNER_FEATURE = 'TillCloses';

const CLOSE_CHANGED = 'A bill or a cash move was saved on this till since you counted: the expected cash changed. Look at it again and close.';
const REOPEN_BLOCKED = 'The till or its cashier has another session open now: close that one before reopening this.';
const MOVE_REFUSED = CLOSE_MESSAGES.notOpen;

export function sessionView(s: StoredSession, moves?: StoredMove[], mailed?: boolean): TillSession {
  return {
    sessionId: s.sessionId,
    tillName: s.tillName,
    cashier: s.cashier,
    status: s.status,
    day: s.day,
    openedAt: s.openedAt,
    openingFloat: toRupees(s.openingFloat),
    cashSales: toRupees(s.cashSales),
    cashRefunds: toRupees(s.cashRefunds),
    payIns: toRupees(s.payIns),
    payOuts: toRupees(s.payOuts),
    upiSales: toRupees(s.upiSales),
    cardSales: toRupees(s.cardSales),
    otherSales: toRupees(s.otherSales),
    otherRefunds: toRupees(s.otherRefunds),
    bills: s.bills,
    expected: toRupees(s.status === 'closed' && s.expected !== undefined ? s.expected : expectedCash(s)),
    ...(s.count ? { count: s.count as Record<string, number> } : {}),
    ...(s.counted !== undefined ? { counted: toRupees(s.counted) } : {}),
    ...(s.difference !== undefined ? { difference: toRupees(s.difference) } : {}),
    ...(s.reason ? { reason: s.reason } : {}),
    ...(s.closedAt ? { closedAt: s.closedAt, closedBy: s.closedBy } : {}),
    reopens: s.reopens,
    ...(moves ? { moves: moves.map((m) => ({ ...m, amount: toRupees(m.amount) })) } : {}),
    ...(mailed !== undefined ? { mailed } : {}),
    version: s.version,
  };
}

const newSessionId = (now: Date) => `${now.getTime().toString(36)}-${randomBytes(5).toString('hex')}`;

async function read(tenantId: string, id: string, consistent = false): Promise<StoredSession> {
  const found = await tillData.byId(tenantId, id, consistent);
  if (!found) throw new NotFound(CLOSE_MESSAGES.notFound);
  return found;
}

/** A session the caller may see: their own, or any with the owner's feature (another's is not found, not forbidden). */
export async function readSessionAs(caller: Caller, id: string): Promise<StoredSession> {
  const session = await read(caller.tenantId, id, true);
  if (session.cashier !== caller.userName && !caller.features.has(OWNER_FEATURE)) throw new NotFound(CLOSE_MESSAGES.notFound);
  return session;
}

async function readOwn(scope: WriteScope, id: string): Promise<StoredSession> {
  const session = await read(scope.tenantId, id, true);
  if (session.cashier !== scope.actor.userName) throw new Forbidden(CLOSE_MESSAGES.notYours);
  return session;
}

export async function sessionWithMoves(tenantId: string, session: StoredSession, mailed?: boolean): Promise<TillSession> {
  return sessionView(session, await tillData.moves(tenantId, session.sessionId), mailed);
}

export async function currentSession(scope: WriteScope): Promise<TillSession | null> {
  const id = await tillData.openOf(scope.tenantId, scope.actor.userName);
  if (!id) return null;
  const session = await tillData.byId(scope.tenantId, id, true);
  return session ? sessionWithMoves(scope.tenantId, session) : null;
}

/** When the till was opened: the device's time for a session opened offline (never ahead of the server, at most two days back). */
function openedAt(body: OpenTillBody, now: Date): Date {
  if (!body.openedAt) return now;
  const at = new Date(body.openedAt);
  if (at.getTime() > now.getTime() + 60_000 || now.getTime() - at.getTime() > 2 * 86_400_000) return now;
  return at;
}

/**
 * Opens a till: the session and its two locks in one transaction, so a till and a cashier each have one open session
 * whatever arrives at once. A repeat of the opening's key answers the session the first one opened.
 */
export async function openSession(scope: WriteScope, body: OpenTillBody): Promise<TillSession> {
  const { tenantId, actor } = scope;
  const earlier = body.key ? await tillData.sessionOfKey(tenantId, body.key) : undefined;
  if (earlier) return sessionWithMoves(tenantId, await read(tenantId, earlier, true));
  const mine = await tillData.openOf(tenantId, actor.userName);
  if (mine) {
    const open = await tillData.byId(tenantId, mine, true);
    throw new Conflict(CLOSE_MESSAGES.cashierHasOpen(open?.tillName ?? ''));
  }
  const held = await tillData.tillLock(tenantId, body.tillName);
  if (held) throw new Conflict(CLOSE_MESSAGES.alreadyOpen(body.tillName, held.cashier));
  const at = openedAt(body, actor.now);
  const session: StoredSession = {
    sessionId: newSessionId(at),
    tillName: body.tillName,
    cashier: actor.userName,
    status: 'open',
    day: shopDay(at),
    openedAt: at.toISOString(),
    openingFloat: toPaise(body.openingFloat),
    ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, 0])) as Record<(typeof MONEY_FIELDS)[number], number>),
    reopens: [],
    version: 1,
  };
  await transact(
    [...tillData.openWrites(tenantId, session, body.key), auditWrite(scope, { entity: 'till', entityId: session.sessionId, action: 'create', after: opened(session) })],
    [CLOSE_MESSAGES.alreadyOpen(body.tillName, 'another cashier'), CLOSE_MESSAGES.cashierHasOpen(body.tillName), undefined, undefined],
  );
  return sessionView(session, []);
}

/** What the audit trail keeps of an opening. */
const opened = (s: StoredSession) => ({ tillName: s.tillName, cashier: s.cashier, openingFloat: s.openingFloat, openedAt: s.openedAt });

/**
 * A pay-in or pay-out of the caller's open session, its figure moved in the same transaction; a pay-out named as an
 * expense is also written as an expense paid in cash today, through the expenses' own writes (its month's totals).
 */
export async function addMove(scope: WriteScope, id: string, body: CashMoveBody): Promise<TillSession> {
  const { tenantId, actor } = scope;
  const session = await readOwn(scope, id);
  if (session.status !== 'open') throw new Conflict(MOVE_REFUSED);
  const amount = toPaise(body.amount);
  if (body.kind === 'out' && amount > expectedCash(session)) throw new Validation(CLOSE_MESSAGES.payOutTooLarge, { field: 'amount' });
  const move: StoredMove = { moveId: await nextId(tenantId, 'tillMove'), kind: body.kind, amount, reason: body.reason, by: actor.userName, at: actor.now.toISOString() };
  const items: TransactItem[] = [tillData.moveWrite(tenantId, id, body.kind === 'in' ? { payIns: amount } : { payOuts: amount }, actor.userName)];
  const messages: (string | undefined)[] = [MOVE_REFUSED];
  if (body.kind === 'out' && body.expenseName) {
    move.expenseId = await nextId(tenantId, 'expense');
    const expense = { expenseId: move.expenseId, expenseName: body.expenseName, paymentMode: 'Cash' as const, expenseDate: shopDay(actor.now), amount, version: 1, createdBy: actor.userName, createdOn: actor.now.toISOString() };
    items.push(...expenseData.createWrites(tenantId, expense));
  }
  items.push(tillData.moveItem(tenantId, id, move));
  await transact(items, messages);
  return sessionWithMoves(tenantId, await read(tenantId, id, true));
}

const cleanCount = (count: DrawerCount): DrawerCount => Object.fromEntries(DENOMINATION_KEYS.filter((k) => (count[k] ?? 0) > 0).map((k) => [k, count[k]!]));

/**
 * Closes the caller's open session: the drawer as counted, the expected cash as the session stood when read (a bill
 * or move saved since refuses the close, so the figures recorded are those the cashier saw), the over or short with
 * its reason; the locks released and the cashier's month totals moved, all in one transaction with its audit record.
 */
export async function closeSession(scope: WriteScope, id: string, body: CloseTillBody): Promise<StoredSession> {
  const { tenantId, actor } = scope;
  const session = await readOwn(scope, id);
  if (session.status !== 'open') throw new Conflict(CLOSE_MESSAGES.notOpen);
  if (body.version !== undefined && body.version !== session.version) throw new Conflict(CLOSE_CHANGED);
  const count = cleanCount(body.count);
  const counted = countedTotal(count);
  const expected = expectedCash(session);
  const difference = overShort(counted, expected);
  const problem = closeProblem(difference, body.reason);
  if (problem) throw new Validation(problem, { field: 'reason' });
  const { reason: _earlier, ...unclosed } = session;
  const closed: StoredSession = {
    ...unclosed,
    status: 'closed',
    count,
    counted,
    expected,
    difference,
    ...(body.reason?.trim() ? { reason: body.reason.trim() } : {}),
    closedAt: actor.now.toISOString(),
    closedBy: actor.userName,
    version: session.version + 1,
  };
  await transact(
    [
      ...tillData.closeWrites(tenantId, closed, session.version, monthShare(difference)),
      auditWrite(scope, { entity: 'till', entityId: id, action: 'close', before: { status: 'open' }, after: closedAudit(closed) }),
    ],
    [CLOSE_CHANGED],
  );
  return closed;
}

const closedAudit = (s: StoredSession) => ({ status: s.status, expected: s.expected, counted: s.counted, difference: s.difference, reason: s.reason, count: s.count });

/** The owner reopens a close, with a reason: out of the month's totals until closed again, its locks taken again. */
export async function reopenSession(scope: WriteScope, id: string, reason: string): Promise<TillSession> {
  const { tenantId, actor } = scope;
  const session = await read(tenantId, id, true);
  if (session.status !== 'closed') throw new Conflict(CLOSE_MESSAGES.notClosed);
  const reopened: StoredSession = {
    ...session,
    status: 'open',
    reopens: [...session.reopens, { by: actor.userName, at: actor.now.toISOString(), reason }],
    version: session.version + 1,
  };
  await transact(
    [
      ...tillData.reopenWrites(tenantId, reopened, session.version, monthShare(session.difference ?? 0)),
      auditWrite(scope, { entity: 'till', entityId: id, action: 'reopen', before: closedAudit(session), after: { status: 'open', reopenReason: reason } }),
    ],
    [STALE, REOPEN_BLOCKED, REOPEN_BLOCKED],
  );
  return sessionWithMoves(tenantId, await read(tenantId, id, true));
}

const STALE = 'This close was changed by someone else. Please reload it and try again.';

// ---------------------------------------------------------------- the owner's month

export async function closesPage(tenantId: string, month: number, year: number, request: PageRequest) {
  return mapPage(await tillData.closesPage(tenantId, monthOf(year, month), request), (s) => sessionView(s));
}

export async function monthView(tenantId: string, month: number, year: number): Promise<TillMonth> {
  const cashiers = (await tillData.monthTotals(tenantId, monthOf(year, month))).filter((c) => c.closes > 0).sort((a, b) => b.short - a.short || a.cashier.localeCompare(b.cashier));
  const sum = (field: 'closes' | 'short' | 'over') => cashiers.reduce((total, c) => total + c[field], 0);
  return {
    month,
    year,
    cashiers: cashiers.map((c) => ({ ...c, short: toRupees(c.short), over: toRupees(c.over) })),
    closes: sum('closes'),
    short: toRupees(sum('short')),
    over: toRupees(sum('over')),
  };
}

/** Who a close is mailed to: the shop's owners (TENANT_MANAGER) with an e-mail address. */
export const OWNER_ROLE = ROLE.TENANT_MANAGER;
