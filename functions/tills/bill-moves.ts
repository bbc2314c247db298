import { byMethodGroup, type RefundTender, type Tender } from '../../shared/tenders.js';
import { CLOSE_MESSAGES } from '../../shared/till.js';
import type { TransactItem } from '../lib/db.js';
import { tillData, type MoneyMoves } from './data.js';

/**
 * What a bill, an edit or a return adds to the open till session of the cashier who makes it (docs/point-of-sale.md,
 * "The day's close"): one more item of that transaction, an ADD conditioned on the session still being open. A
 * cashier without an open session bills as before and no session moves.
 */
export async function tillWrites(tenantId: string, userName: string, moves: MoneyMoves): Promise<{ item: TransactItem; message: string }[]> {
  if (!Object.values(moves).some((v) => v)) return [];
  const sessionId = await tillData.openOf(tenantId, userName);
  if (!sessionId) return [];
  return [{ item: tillData.moveWrite(tenantId, sessionId, moves), message: CLOSE_MESSAGES.closedDuringBill }];
}

/** A bill's takings as the session counts them: a new bill (`before` none) counts once; an edit by the difference. */
export function billMoves(after: readonly Tender[], before?: readonly Tender[]): MoneyMoves {
  const now = byMethodGroup(after);
  const was = before ? byMethodGroup(before) : { cash: 0, upi: 0, card: 0, otherOnline: 0 };
  return { cashSales: now.cash - was.cash, upiSales: now.upi - was.upi, cardSales: now.card - was.card, otherSales: now.otherOnline - was.otherOnline, bills: before ? 0 : 1 };
}

/** A return's refunds as the session counts them: from the drawer, or back by another method. */
export function refundMoves(refunds: readonly RefundTender[]): MoneyMoves {
  const by = byMethodGroup(refunds);
  return { cashRefunds: by.cash, otherRefunds: by.upi + by.card + by.otherOnline };
}
