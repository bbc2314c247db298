import { shopDay } from '../../shared/bill.js';
import { toBasisPoints, toPaise } from '../../shared/money.js';
import { notEnoughStock } from '../../shared/schemas/inventory-messages.js';
import type { BillProblem, HeldBill, OfflineBlock, Purchase, PurchaseBody } from '../../shared/schemas/purchase.js';
import {
  BILL_HELD,
  CUSTOMER_NOT_FOUND,
  HELD_BILL_DECIDED,
  HELD_BILL_NOT_FOUND,
  OFFLINE_CLOCK_SKEW_MINUTES,
  OFFLINE_MADE_LATER,
  OFFLINE_MAX_DAYS,
  OFFLINE_TOO_OLD,
} from '../../shared/schemas/purchase-messages.js';
import { auditWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { transact, type PageRequest } from '../lib/db.js';
import { offlineAccountProblem } from '../accounts/ledger.js';
import { AppError, Conflict, NotFound, Validation } from '../lib/errors.js';
import { productData } from '../products/data.js';
import { purchaseData, type StoredHeldBill, type StoredPurchase } from './data.js';
import type { MailOutcome } from './receipt.js';
import {
  answerSaved,
  customerOfBill,
  fingerprintOf,
  gstChanged,
  gstNow,
  mrpChanged,
  mrpNow,
  noStockOf,
  pairKey,
  POINTS_SHORT,
  PRODUCT_DELETED,
  saveBillOnce,
  savedByKey,
  stockLinesOf,
  stockMovesOf,
  type SaveOptions,
} from './service.js';
import { shownName } from './view.js';

/**
 * Bills made on a till without network (docs/point-of-sale.md, "Bills made offline"). They arrive late, from the till's queue, and may no
 * longer fit the shop: stock sold meanwhile by another till, a price or a rate changed, a product deleted. Such a
 * bill is not refused and forgotten but held, with every reason stated, until the till sends it fixed or a manager
 * records it as sold against negative stock or discards it. Everything else is the online bill's save.
 */

export type OfflineBody = PurchaseBody & { offline: OfflineBlock; idempotencyKey: string };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The shop day an offline bill is booked on: the day it was made, within the bounds the server accepts. */
export function offlineSaleDate(offline: OfflineBlock, now: Date): string {
  const made = Date.parse(offline.madeOn);
  if (made > now.getTime() + OFFLINE_CLOCK_SKEW_MINUTES * MINUTE_MS) throw new Validation(OFFLINE_MADE_LATER);
  if (made < now.getTime() - OFFLINE_MAX_DAYS * DAY_MS) throw new Validation(OFFLINE_TOO_OLD);
  return shopDay(new Date(made));
}

/**
 * The points a till redeemed on an offline bill: one point a rupee, so the Redeem Amount in points, rounded up when
 * the points paid the whole bill (the till knew the customer had at least that many).
 */
export const pointsRedeemed = (body: PurchaseBody): number | undefined => (body.redeem ? Math.ceil(body.redeemAmount) : undefined);

/**
 * Every reason the bill cannot be saved as it was made, not only the first; none when it can. `pointsRefused`: the
 * bill's transaction found the points gone (another bill spent them a moment ago), so they are short whatever this
 * read shows.
 */
export async function problemsOf(tenantId: string, body: PurchaseBody, pointsRefused = false): Promise<BillProblem[]> {
  const [customer, stock, products] = await Promise.all([
    customerOfBill(tenantId, body).catch((error: unknown) => {
      if (error instanceof AppError && error.message === CUSTOMER_NOT_FOUND) return undefined;
      throw error;
    }),
    stockLinesOf(tenantId, body.purchasedProduct),
    productData.byIds(tenantId, [...new Set(body.purchasedProduct.map((l) => l.productId))]),
  ]);
  const problems: BillProblem[] = [];
  if (!customer) problems.push({ kind: 'customerUnknown', message: CUSTOMER_NOT_FOUND });
  const existing = new Set(products.map((p) => p.productId));
  const units = stockMovesOf(body.purchasedProduct);
  const counted = new Set<string>();
  for (const input of body.purchasedProduct) {
    const key = pairKey(input.productId, input.artcode);
    const line = stock.get(key);
    const name = input.productName || input.artcode;
    if (!line) {
      problems.push({ kind: 'productUnknown', artcode: input.artcode, productName: name, message: noStockOf(name, input.artcode) });
      continue;
    }
    const about = { artcode: line.artcode, productName: line.productName };
    if (!existing.has(line.productId)) {
      problems.push({ kind: 'productDeleted', ...about, message: PRODUCT_DELETED(line.productName, line.artcode) });
      continue;
    }
    if (mrpChanged(input, line)) problems.push({ kind: 'priceChanged', ...about, asked: toPaise(input.price!), now: line.mrp, message: mrpNow(line) });
    if (gstChanged(input, line)) {
      const asked = (input.cgst === undefined ? line.cgst : toBasisPoints(input.cgst)) + (input.sgst === undefined ? line.sgst : toBasisPoints(input.sgst));
      problems.push({ kind: 'taxChanged', ...about, asked, now: line.cgst + line.sgst, message: gstNow(line) });
    }
    // A product on two lines of the bill is short by what both take.
    const asked = units.get(key)!;
    if (!counted.has(key) && asked > line.quantity) {
      problems.push({ kind: 'stockShort', ...about, asked, now: line.quantity, message: notEnoughStock(line.quantity, line.productName, line.artcode) });
    }
    counted.add(key);
  }
  const redeemed = pointsRedeemed(body);
  const held = customer?.creditPoints ?? 0;
  if (customer && redeemed !== undefined && (redeemed > held || pointsRefused)) {
    problems.push({
      kind: 'pointsShort',
      asked: redeemed,
      now: held,
      message: `${shownName(customer.customerName)} now has ${held} credit points; this bill redeemed ${redeemed}.`,
    });
  }
  const onAccount = body.tenders?.filter((t) => t.method === 'account').reduce((sum, t) => sum + toPaise(t.amount), 0) ?? 0;
  const credit = customer && (await offlineAccountProblem(tenantId, { customerId: customer.customerId, name: customer.legalName ?? shownName(customer.customerName) }, onAccount));
  if (credit) problems.push({ kind: 'creditLimit', message: credit });
  return problems;
}

const heldAnswer = (held: StoredHeldBill) =>
  held.state === 'discarded'
    ? new Conflict(`This bill was discarded by ${held.by}: ${held.reason}`, { problems: held.problems, held: false, state: held.state })
    : new Conflict(BILL_HELD, { problems: held.problems, held: true });

/** Keeps the refused bill (a fixed copy replaces a still-held one) and answers 409 with its problems. */
async function hold(scope: WriteScope, body: OfflineBody, problems: BillProblem[], before: StoredHeldBill | undefined): Promise<never> {
  const { actor } = scope;
  const held: StoredHeldBill = {
    key: body.idempotencyKey,
    state: 'held',
    body,
    fingerprint: fingerprintOf(body, undefined),
    problems,
    provisionalNumber: body.offline.provisionalNumber,
    deviceId: body.offline.deviceId,
    madeOn: body.offline.madeOn,
    sentBy: before?.sentBy ?? actor.userName,
    sentOn: before?.sentOn ?? actor.now.toISOString(),
  };
  const writes = purchaseData.holdWrites(scope.tenantId, held, before);
  try {
    await transact(writes, [HELD_BILL_DECIDED]);
  } catch (error) {
    // The same bill sent from two tabs at once: the one that lost the create replaces the copy the other just held.
    if (before || !(error instanceof Conflict)) throw error;
    const now = await purchaseData.heldBill(scope.tenantId, body.idempotencyKey);
    if (now?.state !== 'held') throw now ? heldAnswer(now) : error;
    return hold(scope, body, problems, now);
  }
  throw heldAnswer(held);
}

/** The held bill's final state, written in the transaction of the bill that settles it. */
const settles =
  (scope: WriteScope, held: StoredHeldBill, change: Partial<StoredHeldBill>): NonNullable<SaveOptions['also']> =>
  (bill: StoredPurchase) =>
    purchaseData
      .decideWrites(scope.tenantId, {
        ...held,
        ...change,
        purchaseId: bill.purchaseId,
        ...(bill.invoiceNumber ? { invoiceNumber: bill.invoiceNumber } : {}),
        decidedOn: scope.actor.now.toISOString(),
      })
      .map((item) => ({ item, message: HELD_BILL_DECIDED }));

/**
 * POST /purchase from a till's offline queue. A repeat of a saved bill answers it; a repeat of a held one answers the
 * same 409 and writes nothing; a bill that fits is saved on the day it was made (settling its held copy in the same
 * transaction when the till fixed it); one that does not is held with all its problems.
 */
export async function placeOfflineBill(scope: WriteScope, body: OfflineBody): Promise<Purchase & Partial<MailOutcome>> {
  const { tenantId } = scope;
  const saleDate = offlineSaleDate(body.offline, scope.actor.now);
  // The three looks side by side: a queue of bills drains as fast as the online till saves.
  const [earlier, held, problems] = await Promise.all([
    savedByKey(tenantId, body, undefined),
    purchaseData.heldBill(tenantId, body.idempotencyKey),
    problemsOf(tenantId, body),
  ]);
  // Saved already (sent before, fixed, or sold by a manager): the bill it made, whatever the shelf holds now.
  if (earlier) return answerSaved(scope, { opened: earlier, repeated: true }, body.mail);
  if (held?.state === 'discarded') throw heldAnswer(held);
  if (held?.state === 'held' && held.fingerprint === fingerprintOf(body, undefined)) throw heldAnswer(held);

  if (problems.length) return hold(scope, body, problems, held);
  const options: SaveOptions = {
    keyLookedUp: true,
    saleDate,
    redeemPoints: pointsRedeemed(body),
    ...(held?.state === 'held' ? { also: settles(scope, held, { state: 'resolved', body, fingerprint: fingerprintOf(body, undefined) }) } : {}),
  };
  try {
    return await answerSaved(scope, await saveBillOnce(scope, body, undefined, options), body.mail);
  } catch (error) {
    // Another till may have sold the last units between the look above and the save: hold the bill with the reasons.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const now = await problemsOf(tenantId, body, error.message === POINTS_SHORT);
    if (!now.length) throw error;
    return hold(scope, body, now, held);
  }
}

// ---------------------------------------------------------------- the manager's decisions

async function stillHeld(tenantId: string, key: string): Promise<StoredHeldBill> {
  const held = await purchaseData.heldBill(tenantId, key);
  if (!held) throw new NotFound(HELD_BILL_NOT_FOUND);
  if (held.state !== 'held') throw new Conflict(HELD_BILL_DECIDED);
  return held;
}

/**
 * Saves a held bill as the customer was charged (MRP, GST and points redeemed as sold), letting stock go below zero
 * with the manager's reason on every movement, and settles the held bill and the key's marker in the same
 * transaction, so the till's resend answers this bill. A product deleted since, or points the customer no longer
 * holds, are still refused (409): stock may go below zero on a manager's word, points never; the cashier fixes the
 * bill or the manager discards it.
 */
export async function sellAgainstNegativeStock(scope: WriteScope, key: string, reason: string): Promise<HeldBill> {
  const held = await stillHeld(scope.tenantId, key);
  const by = scope.actor.userName;
  const saved = await saveBillOnce(scope, held.body, undefined, {
    saleDate: shopDay(new Date(held.madeOn)),
    redeemPoints: pointsRedeemed(held.body),
    soldAgainstNegativeStock: { note: `${reason} (${by}, offline bill ${held.provisionalNumber})` },
    accountApprovedBy: by,
    also: settles(scope, held, { state: 'soldAgainstNegativeStock', reason, by }),
  });
  if (saved.repeated) throw new Conflict(HELD_BILL_DECIDED);
  return heldView((await purchaseData.heldBill(scope.tenantId, key))!);
}

/** The sale did not happen: the held bill is closed with the reason; nothing else changes. */
export async function discardHeld(scope: WriteScope, key: string, reason: string): Promise<HeldBill> {
  const held = await stillHeld(scope.tenantId, key);
  const discarded: StoredHeldBill = { ...held, state: 'discarded', reason, by: scope.actor.userName, decidedOn: scope.actor.now.toISOString() };
  // The sale that did not happen leaves no bill; the audit trail keeps who closed it and why.
  const audit = auditWrite(scope, { entity: 'heldBill', entityId: held.provisionalNumber, action: 'update', before: held, after: discarded });
  await transact([...purchaseData.decideWrites(scope.tenantId, discarded), audit], [HELD_BILL_DECIDED]);
  return heldView(discarded);
}

// ---------------------------------------------------------------- reading held bills

export function heldView(held: StoredHeldBill): HeldBill {
  const { body } = held;
  return {
    key: held.key,
    state: held.state,
    provisionalNumber: held.provisionalNumber,
    deviceId: held.deviceId,
    madeOn: held.madeOn,
    sentBy: held.sentBy,
    sentOn: held.sentOn,
    ...(body.customerName ? { customerName: body.customerName } : {}),
    ...(body.mobileNumber ? { mobileNumber: body.mobileNumber } : {}),
    paymentMode: body.paymentMode,
    lines: body.purchasedProduct.map((l) => ({
      productId: l.productId,
      ...(l.productName ? { productName: l.productName } : {}),
      artcode: l.artcode,
      quantity: l.quantity,
      sellingPrice: l.sellingPrice,
      ...(l.price === undefined ? {} : { price: l.price }),
      ...(l.cgst === undefined ? {} : { cgst: l.cgst }),
      ...(l.sgst === undefined ? {} : { sgst: l.sgst }),
    })),
    grossAmount: body.grossAmount,
    netAmount: body.netAmount,
    redeemAmount: body.redeemAmount,
    problems: held.problems,
    ...(held.purchaseId === undefined ? {} : { purchaseId: held.purchaseId }),
    ...(held.invoiceNumber ? { invoiceNumber: held.invoiceNumber } : {}),
    ...(held.reason ? { reason: held.reason } : {}),
    ...(held.by ? { by: held.by } : {}),
    ...(held.decidedOn ? { decidedOn: held.decidedOn } : {}),
  };
}

export async function heldBillByKey(tenantId: string, key: string): Promise<HeldBill> {
  const held = await purchaseData.heldBill(tenantId, key);
  if (!held) throw new NotFound(HELD_BILL_NOT_FOUND);
  return heldView(held);
}

export async function heldBills(tenantId: string, request: PageRequest) {
  const page = await purchaseData.heldPage(tenantId, request);
  return { items: page.items.map(heldView), next: page.next };
}
