import { formatPaise } from '../../shared/format.js';
import { divideRounded } from '../../shared/money.js';
import { NO_UPI_TO_CONFIRM, type UpiSettleBody } from '../../shared/schemas/till-upi.js';
import { byMethodGroup, tendersOfBill, type Tender } from '../../shared/tenders.js';
import { auditWrite } from '../lib/audit.js';
import type { Actor, TransactItem } from '../lib/db.js';
import { transact } from '../lib/db.js';
import { Validation } from '../lib/errors.js';
import { purchaseData, type SalesFigures, type StoredPurchase } from './data.js';
import { openBill } from './service.js';
import { billMoves, tillWrites } from '../tills/bill-moves.js';

/**
 * A bill's UPI part "to be confirmed" (docs/point-of-sale.md, "UPI to be confirmed"): made offline, or paid by a
 * Razorpay QR code not paid yet. It is counted in the day's UPI takings from the start; when the UPI arrives it is
 * only marked confirmed, and when the customer pays it another way the day's figures move from UPI to that method.
 * The Bill Type stays as the bill was saved.
 */

export const BILL_CHANGED_WHILE_CONFIRMING = 'The bill changed while its UPI payment was being confirmed. Please open it again.';

/** The UPI parts still to be confirmed, and what they add up to. */
export function pendingUpi(bill: StoredPurchase): { amount: number; parts: Tender[] } {
  const parts = tendersOfBill(bill).filter((t) => t.method === 'upi' && t.pending);
  return { amount: parts.reduce((sum, t) => sum + t.amount, 0), parts };
}

/** What the bill's tenders move in its day's takings: cash, UPI and card parts, and the cost's cash share. */
function takings(bill: StoredPurchase, tenders: Tender[]): SalesFigures {
  const by = byMethodGroup(tenders);
  const cashCost = bill.paid > 0 ? divideRounded(bill.cost * by.cash, bill.paid) : 0;
  return { cashSold: by.cash, onlineSold: bill.paid - by.cash, upiSold: by.upi, cardSold: by.card, cashCost, onlineCost: bill.cost - cashCost };
}

/**
 * The writes that settle the bill's pending UPI parts: confirmed (`method` upi, with the reference of the payment)
 * or paid by another method, in one transaction with the day's figures and the audit record; refused when the bill
 * changed since it was read.
 */
export function settleWrites(scope: { tenantId: string; actor: Actor }, bill: StoredPurchase, method: UpiSettleBody['method'], reference?: string): TransactItem[] {
  const before = tendersOfBill(bill);
  // A UPI part keeps the reference its QR code asked for unless the payment's own is given; another method has its own.
  const cleaned = before.map((t): Tender => {
    if (t.method !== 'upi' || !t.pending) return t;
    const kept = reference ?? (method === 'upi' ? t.reference : undefined);
    return { method, amount: t.amount, ...(kept ? { reference: kept } : {}) };
  });
  const was = takings(bill, before);
  const is = takings(bill, cleaned);
  const moved = Object.fromEntries(Object.keys(is).map((k) => [k, (is[k as keyof SalesFigures] ?? 0) - (was[k as keyof SalesFigures] ?? 0)])) as SalesFigures;
  const figures = method === 'upi' ? undefined : purchaseData.salesWrite(scope.tenantId, bill.saleDate, moved);
  const stamp = { updatedBy: scope.actor.userName, updatedOn: scope.actor.now.toISOString() };
  return [
    purchaseData.tendersWrite(scope.tenantId, bill.purchaseId, cleaned, bill.version, stamp),
    ...(figures ? [figures] : []),
    auditWrite(scope, { entity: 'bill', entityId: bill.purchaseId, action: 'update', before: { tenders: before }, after: { tenders: cleaned } }),
  ];
}

/** POST /purchase/{purchaseId}/upi: the cashier's answer for the bill's UPI part to be confirmed. */
export async function settleUpi(scope: { tenantId: string; actor: Actor }, purchaseId: number, body: UpiSettleBody) {
  const opened = await openBill(scope.tenantId, purchaseId);
  const pending = pendingUpi(opened.bill);
  if (!pending.amount) throw new Validation(NO_UPI_TO_CONFIRM);
  // Paid another way: the cashier's open till moves the part from UPI to that method (cash goes into the drawer).
  const till = body.method === 'upi' ? [] : await tillWrites(scope.tenantId, scope.actor.userName, billMoves([{ method: body.method, amount: pending.amount }], pending.parts));
  await transact([...settleWrites(scope, opened.bill, body.method, body.reference), ...till.map((t) => t.item)], [BILL_CHANGED_WHILE_CONFIRMING]);
  return openBill(scope.tenantId, purchaseId, true);
}

/** "Did UPI ₹X for bill N arrive?", as the till asks it. */
export const upiQuestion = (bill: StoredPurchase) => `Did UPI ${formatPaise(pendingUpi(bill).amount)} for bill ${bill.invoiceNumber ?? bill.purchaseId} arrive?`;
