import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { BillProblem, HeldBill } from '../../shared/schemas/purchase.js';
import { openBill } from '../../functions/purchases/service.js';
import { call, tokenOf } from './client.js';
import { cashierToken, line, newCustomer, placeBill, pointsOf, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * Credit points can never be spent twice nor minted: every bill takes its points in its own transaction under the
 * condition that the customer still holds them, a bill made offline whose points are gone is held, and a return
 * gives back at most the points its bill spent.
 */
const managerToken = () => tokenOf('manager@demo.shop');
const deviceId = `till-${randomBytes(8).toString('hex')}`;
let provisional = 0;

type Answer = { purchaseId: number; pointsUsed: number; pointsEarned: number; message?: string; details?: { problems: BillProblem[] } };

/** A bill of `quantity` units of one shelf, its figures worked by the shared bill module, optionally redeeming points. */
function billBody(customer: Customer, shelf: Shelf, quantity: number, redeemPoints?: number) {
  const figures = computeBill({
    lines: [{ mrp: toPaise(shelf.mrp), rate: toPaise(shelf.sellingPrice), quantity, cgstRate: toPaise(shelf.cgst), sgstRate: toPaise(shelf.sgst) }],
    redeemPoints,
  });
  return {
    mobileNumber: customer.mobileNumber,
    paymentMode: 'Cash',
    purchasedProduct: [line(shelf, quantity)],
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
    ...(redeemPoints === undefined ? {} : { redeem: true, redeemAmount: toRupees(figures.redeemed) }),
  };
}

/** The same bill as a till without network made it: redeeming what the till believed the customer held. */
const offlineBody = (customer: Customer, shelf: Shelf, quantity: number, redeemPoints?: number) => ({
  ...billBody(customer, shelf, quantity, redeemPoints),
  idempotencyKey: randomUUID(),
  offline: { madeOn: new Date(Date.now() - 3_600_000).toISOString(), provisionalNumber: `DEM-T9-${String(++provisional).padStart(6, '0')}`, deviceId },
});

const send = async (body: unknown) => placeBill(body) as Promise<{ status: number; body: Answer }>;
const returnOf = async (purchaseId: number, body: unknown) =>
  call<{ pointsBack: number; pointsTakenBack: number; message?: string }>('POST', `/purchase/return/${purchaseId}`, { token: await cashierToken(), body });
const decide = async (key: string, decision: 'sellAgainstNegativeStock' | 'discard') =>
  call<HeldBill & { message?: string }>('POST', `/purchase/held/${key}/${decision}`, { token: await managerToken(), body: { reason: 'Checked with the customer' } });

/** Returns `units` of a one-line bill's line, or everything still with the customer. */
const returnUnits = (purchaseId: number, shelf: Shelf, units: number) =>
  returnOf(purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: units }], returnAmount: shelf.sellingPrice * units });

/**
 * What the saved bills say the customer's points should be: each bill's earning less its points spent, plus points
 * its returns gave back, less points they took back. The balance must be exactly this (nothing minted, nothing lost),
 * never below zero, never above all points ever earned; no bill gives back more points than it spent.
 */
async function expectLedger(customer: Customer, saved: Set<number>) {
  const balance = await pointsOf(customer);
  let ledger = 0;
  let earned = 0;
  for (const id of saved) {
    const { bill } = await openBill('demo', id, true);
    ledger += bill.pointsEarned - bill.pointsUsed + bill.pointsReturned - bill.pointsTakenBack;
    earned += bill.pointsEarned;
    expect(bill.pointsReturned).toBeLessThanOrEqual(bill.pointsUsed);
    expect(bill.pointsTakenBack).toBeLessThanOrEqual(bill.pointsEarned);
  }
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(balance).toBeLessThanOrEqual(earned);
  expect(balance).toBe(ledger);
  return balance;
}

describe('credit points spent at several tills at once', () => {
  it('four offline bills each redeeming all 110 points: at most one is saved with them, the others are held; returns mint nothing', async () => {
    const kurta = await stockedProduct({ name: 'Cotton Kurta', quantity: 100, mrp: 1100, buyingPrice: 800, gst: 5 });
    const shopper = await newCustomer();
    // ₹11,000 paid in money earns 110 points.
    const first = await send(billBody(shopper, kurta, 10));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await pointsOf(shopper)).toBe(110);

    const bodies = Array.from({ length: 4 }, () => offlineBody(shopper, kurta, 1, 110));
    const answers = await Promise.all(bodies.map(send));
    const saved = answers.filter((a) => a.status === 200);
    expect(saved.length, JSON.stringify(answers.map((a) => a.body.message))).toBeLessThanOrEqual(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.details?.problems).toEqual([expect.objectContaining({ kind: 'pointsShort', asked: 110 })]);
    }
    const ids = new Set([first.body.purchaseId, ...saved.map((a) => a.body.purchaseId)]);
    await expectLedger(shopper, ids);

    // Neither the resend nor the manager spends the points again.
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 200) continue;
      expect((await send(bodies[i])).status).toBe(409);
      expect((await decide(bodies[i]!.idempotencyKey, 'sellAgainstNegativeStock')).status).toBe(409);
    }
    await expectLedger(shopper, ids);

    // Returning every bill: the redeemed one gives back its 110 points once, the first takes back what it earned.
    for (const id of [...ids].reverse()) {
      const { bill, lines } = await openBill('demo', id, true);
      const returned = await returnUnits(id, kurta, lines[0]!.quantity);
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(returned.body.pointsBack).toBeLessThanOrEqual(bill.pointsUsed);
      expect((await returnUnits(id, kurta, 1)).status).toBe(400);
    }
    expect(await expectLedger(shopper, ids)).toBe(0);
  }, 60_000);

  it('an edit cannot take away points the customer has already spent', async () => {
    const kurta = await stockedProduct({ name: 'Linen Kurta', quantity: 100, mrp: 1100, buyingPrice: 800, gst: 5 });
    const shopper = await newCustomer();
    const earning = await send(billBody(shopper, kurta, 10));
    expect(earning.status).toBe(200);
    // All 110 points spent at the till on the next bill, which earns 9 on the ₹990 paid.
    const spending = await send(billBody(shopper, kurta, 1, 110));
    expect(spending.status, JSON.stringify(spending.body)).toBe(200);
    expect(await pointsOf(shopper)).toBe(9);
    // Cutting the first bill to one unit would take back 99 of its 110 points, which are spent: refused, nothing written.
    const { bill } = await openBill('demo', earning.body.purchaseId, true);
    const edit = await call<{ message: string }>('PUT', `/purchase/${earning.body.purchaseId}`, {
      token: await cashierToken(),
      body: { ...billBody(shopper, kurta, 1), version: bill.version },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(400);
    expect(edit.body.message).toMatch(/would take away points already spent/);
    expect(await expectLedger(shopper, new Set([earning.body.purchaseId, spending.body.purchaseId]))).toBe(9);
  });

  it('40 parallel bills for one customer, each earning points, are all saved; none is refused for its points', async () => {
    // Each bill sells its own product, so the bills share the customer and nothing else of theirs.
    const shelves: Shelf[] = [];
    for (let i = 0; i < 40; i++) shelves.push(await stockedProduct({ name: `Steel Tiffin ${i}`, quantity: 5, mrp: 250, buyingPrice: 180, gst: 12 }));
    const regular = await newCustomer();
    const bodies = shelves.map((shelf) => ({ ...billBody(regular, shelf, 1), idempotencyKey: randomUUID() }));
    const answers = await Promise.all(bodies.map(send));
    // The points are a counter every bill moves at once; only the shop's invoice series is taken one bill at a time,
    // and a bill that lost that race many times on a busy machine is saved by pressing Save again.
    const refusals = answers.filter((a) => a.status !== 200).map((a) => a.body.message);
    expect(refusals.filter((m) => !m?.startsWith('The next invoice number was just taken'))).toEqual([]);
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 200) continue;
      const again = await send(bodies[i]);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      answers[i] = again;
    }
    // ₹250 earns 2 points on each bill.
    expect(await pointsOf(regular)).toBe(80);
    await expectLedger(regular, new Set(answers.map((a) => a.body.purchaseId)));
  }, 120_000);
});

type Step =
  | { kind: 'online'; quantity: number; redeem: boolean }
  | { kind: 'offline'; quantity: number; believed: number }
  | { kind: 'parallelOffline'; count: number; believed: number }
  | { kind: 'resend'; pick: number }
  | { kind: 'decide'; pick: number; sell: boolean }
  | { kind: 'return'; pick: number; units: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('online' as const), quantity: fc.integer({ min: 1, max: 4 }), redeem: fc.boolean() }),
  fc.record({ kind: fc.constant('offline' as const), quantity: fc.integer({ min: 1, max: 3 }), believed: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('parallelOffline' as const), count: fc.integer({ min: 2, max: 4 }), believed: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), sell: fc.boolean() }),
  fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), units: fc.integer({ min: 1, max: 3 }) }),
);

describe('credit points over any sequence of bills', () => {
  it('never go below zero, never above what was earned, and always equal what the saved bills say', async () => {
    // ₹600 a unit earns 6 points; points are redeemed above 100 online, any number offline.
    const shelf = await stockedProduct({ name: 'Brass Lamp', quantity: 2_000, mrp: 600, buyingPrice: 400, gst: 12 });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 9 }), async (steps) => {
        const customer = await newCustomer();
        const saved = new Set<number>();
        const offline: ReturnType<typeof offlineBody>[] = [];
        // Balances seen so far: what a till without network may still believe.
        const seen = [0];
        const sendOffline = async (body: ReturnType<typeof offlineBody>) => {
          offline.push(body);
          const answer = await send(body);
          if (answer.status === 200) saved.add(answer.body.purchaseId);
          else expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        };
        for (const s of steps) {
          if (s.kind === 'online') {
            const held = await pointsOf(customer);
            const answer = await send(billBody(customer, shelf, s.quantity, s.redeem && held > 100 ? held : undefined));
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            saved.add(answer.body.purchaseId);
          } else if (s.kind === 'offline') {
            const believed = seen[s.believed % seen.length]!;
            await sendOffline(offlineBody(customer, shelf, s.quantity, believed > 0 ? believed : undefined));
          } else if (s.kind === 'parallelOffline') {
            const believed = Math.max(seen[s.believed % seen.length]!, 1);
            await Promise.all(Array.from({ length: s.count }, () => sendOffline(offlineBody(customer, shelf, 1, believed))));
          } else if (s.kind === 'resend' && offline.length) {
            const answer = await send(offline[s.pick % offline.length]);
            expect([200, 409]).toContain(answer.status);
          } else if (s.kind === 'decide' && offline.length) {
            const answer = await decide(offline[s.pick % offline.length]!.idempotencyKey, s.sell ? 'sellAgainstNegativeStock' : 'discard');
            expect([200, 404, 409]).toContain(answer.status);
            if (answer.status === 200 && answer.body.purchaseId !== undefined) saved.add(answer.body.purchaseId);
          } else if (s.kind === 'return' && saved.size) {
            const id = [...saved][s.pick % saved.size]!;
            const { lines } = await openBill('demo', id, true);
            const units = Math.min(s.units, lines[0]!.quantity);
            if (units > 0) expect((await returnUnits(id, shelf, units)).status).toBe(200);
          }
          seen.push(await expectLedger(customer, saved));
        }
      }),
      { numRuns: 8, endOnFailure: true },
    );
  }, 180_000);
});
