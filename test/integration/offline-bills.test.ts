import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeBill, shopDay } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { BILL_HELD, OFFLINE_MADE_LATER, OFFLINE_NEEDS_KEY, OFFLINE_TOO_OLD, type BillProblem, type HeldBill } from '../../shared/schemas/purchase.js';
import { handler as purchasesHandler } from '../../functions/purchases/handler.js';
import { POINTS_SHORT } from '../../functions/purchases/service.js';
import { call, tokenOf } from './client.js';
import { injectDynamoFaults, invoke } from './faults.js';
import { cashierToken, line, newCustomer, placeBill, pointsOf, stockOf, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * Bills a till made without network, sent later from its queue: saved on the day they were made, or held with every
 * reason when the shop changed meanwhile, until the till sends them fixed or a manager decides.
 */
const managerToken = () => tokenOf('manager@demo.shop');
const deviceId = `till-${randomBytes(8).toString('hex')}`;
let provisional = 0;
const HOUR = 3_600_000;

/** The bill as the till computed it with the shared bill module, from the prices it knew. */
function offlineBill(
  customer: Customer,
  lines: [Shelf, number, { mrp?: number; gst?: number }?][],
  madeOn = new Date(Date.now() - 2 * HOUR),
  extra: Record<string, unknown> = {},
  redeemPoints?: number,
) {
  const known = lines.map(([shelf, quantity, seen]) => ({ shelf, quantity, mrp: seen?.mrp ?? shelf.mrp, gst: seen?.gst ?? shelf.cgst + shelf.sgst }));
  const figures = computeBill({
    lines: known.map((l) => ({ mrp: toPaise(l.mrp), rate: toPaise(Math.min(l.shelf.sellingPrice, l.mrp)), quantity: l.quantity, cgstRate: toPaise(l.gst / 2), sgstRate: toPaise(l.gst / 2) })),
    redeemPoints,
  });
  return {
    mobileNumber: customer.mobileNumber,
    paymentMode: 'Cash',
    purchasedProduct: known.map((l) => ({ ...line(l.shelf, l.quantity, Math.min(l.shelf.sellingPrice, l.mrp)), price: l.mrp, cgst: l.gst / 2, sgst: l.gst / 2 })),
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    netAmount: toRupees(figures.paid),
    ...(redeemPoints === undefined ? {} : { redeem: true, redeemAmount: toRupees(figures.redeemed) }),
    idempotencyKey: randomUUID(),
    offline: { madeOn: madeOn.toISOString(), provisionalNumber: `DEM-T3-${String(++provisional).padStart(6, '0')}`, deviceId },
    ...extra,
  };
}

type Answer = { purchaseId: number; invoiceNumber?: string; saleDate: string; message?: string; details?: { problems: BillProblem[]; held: boolean } };
const send = async (body: unknown) => placeBill(body) as Promise<{ status: number; body: Answer }>;
const heldOf = async (key: string, token?: string) => call<HeldBill>('GET', `/purchase/held/${key}`, { token: token ?? (await managerToken()) });

async function customerLines(customer: Customer): Promise<number> {
  const answer = await call<number>('GET', `/purchase/custMobileCount/${customer.mobileNumber}`, { token: await cashierToken() });
  return answer.body;
}

async function movementsOf(shelf: Shelf) {
  const token = await managerToken();
  const stock = await call<{ stockId: number }>('GET', `/stock/${shelf.productId}/${shelf.artcode}`, { token });
  return (await call<{ ref: string; by: string; delta: number; after: number }[]>('GET', `/stock/movements/${stock.body.stockId}?page=0&size=10`, { token })).body;
}

let customer: Customer;
beforeAll(async () => {
  customer = await newCustomer();
});

describe('an offline bill that still fits the shop', () => {
  it('is saved on the shop day it was made, with the next invoice number', async () => {
    const rice = await stockedProduct({ name: 'Sona Masoori 5kg', quantity: 10, mrp: 400, buyingPrice: 300, sellingPrice: 380, gst: 5 });
    const madeOn = new Date(Date.now() - 30 * HOUR);
    const body = offlineBill(customer, [[rice, 2]], madeOn);
    const saved = await send(body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.saleDate).toBe(shopDay(madeOn));
    expect(saved.body.invoiceNumber).toBeTruthy();
    expect(await stockOf(rice)).toBe(8);
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.body.purchaseId).toBe(saved.body.purchaseId);
  });

  it('refuses a bill without its key, made in the future or made too long ago (400)', async () => {
    const oil = await stockedProduct({ name: 'Groundnut Oil 1l', quantity: 5, mrp: 200, buyingPrice: 150, gst: 5 });
    const { idempotencyKey: _key, ...keyless } = offlineBill(customer, [[oil, 1]]);
    expect((await send(keyless)).body.message).toBe(OFFLINE_NEEDS_KEY);
    const later = await send(offlineBill(customer, [[oil, 1]], new Date(Date.now() + 2 * HOUR)));
    expect([later.status, later.body.message]).toEqual([400, OFFLINE_MADE_LATER]);
    const old = await send(offlineBill(customer, [[oil, 1]], new Date(Date.now() - 8 * 24 * HOUR)));
    expect([old.status, old.body.message]).toEqual([400, OFFLINE_TOO_OLD]);
    expect(await stockOf(oil)).toBe(5);
  });

  it('makes one bill and one invoice number of the same queued bill sent from two tabs at once', async () => {
    const dal = await stockedProduct({ name: 'Toor Dal 1kg', quantity: 20, mrp: 180, buyingPrice: 140, gst: 5 });
    const body = offlineBill(customer, [[dal, 3]]);
    const answers = await Promise.all([send(body), send(body), send(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.purchaseId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.invoiceNumber)).size).toBe(1);
    expect(await stockOf(dal)).toBe(17);
  });
});

describe('an offline bill the shop changed under', () => {
  it('is held with every problem, writes nothing else, and answers a resend the same', async () => {
    const atta = await stockedProduct({ name: 'Atta 5kg', quantity: 1, mrp: 250, buyingPrice: 200, gst: 5 });
    const ghee = await stockedProduct({ name: 'Ghee 500ml', quantity: 10, mrp: 320, buyingPrice: 260, gst: 12 });
    const [stockBefore, pointsBefore, linesBefore] = [await stockOf(atta), await pointsOf(customer), await customerLines(customer)];
    // The till still knew Ghee at ₹300 and 18% GST.
    const body = offlineBill(customer, [[atta, 3], [ghee, 1, { mrp: 300, gst: 18 }]]);
    const refused = await send(body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BILL_HELD);
    expect(refused.body.details?.held).toBe(true);
    expect(refused.body.details?.problems).toEqual([
      expect.objectContaining({ kind: 'stockShort', artcode: atta.artcode, asked: 3, now: 1, message: `Only 1 in Stock for ${atta.productName} (${atta.artcode}).` }),
      expect.objectContaining({ kind: 'priceChanged', artcode: ghee.artcode, asked: 30000, now: 32000 }),
      expect.objectContaining({ kind: 'taxChanged', artcode: ghee.artcode, asked: 1800, now: 1200 }),
    ]);
    expect([await stockOf(atta), await pointsOf(customer), await customerLines(customer)]).toEqual([stockBefore, pointsBefore, linesBefore]);

    const held = await heldOf(body.idempotencyKey);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ state: 'held', provisionalNumber: body.offline.provisionalNumber, deviceId, sentBy: 'cashier@demo.shop', madeOn: body.offline.madeOn });
    const again = await send(body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused.body);
    expect((await heldOf(body.idempotencyKey)).body).toEqual(held.body);
    // The till polls its own refused bill.
    expect((await heldOf(body.idempotencyKey, await cashierToken())).body.state).toBe('held');
  });

  it('is resolved by the fixed bill the till sends with the same key', async () => {
    const soap = await stockedProduct({ name: 'Sandal Soap', quantity: 2, mrp: 60, buyingPrice: 40, gst: 18 });
    const first = offlineBill(customer, [[soap, 5]]);
    expect((await send(first)).status).toBe(409);
    const fixed = { ...offlineBill(customer, [[soap, 2]]), idempotencyKey: first.idempotencyKey, offline: first.offline };
    const saved = await send(fixed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await stockOf(soap)).toBe(0);
    const held = await heldOf(first.idempotencyKey);
    expect(held.body).toMatchObject({ state: 'resolved', purchaseId: saved.body.purchaseId, invoiceNumber: saved.body.invoiceNumber });
    expect((await send(fixed)).body.purchaseId).toBe(saved.body.purchaseId);
  });

  it('is sold against negative stock by a manager, with the reason in the stock history; the resend answers that bill', async () => {
    const salt = await stockedProduct({ name: 'Iodised Salt 1kg', quantity: 1, mrp: 28, buyingPrice: 20, gst: 0 });
    const body = offlineBill(customer, [[salt, 4]]);
    expect((await send(body)).status).toBe(409);
    const token = await managerToken();
    const short = await call<{ message: string }>('POST', `/purchase/held/${body.idempotencyKey}/sellAgainstNegativeStock`, { token, body: { reason: 'ok' } });
    expect(short.status).toBe(400);
    const sold = await call<HeldBill>('POST', `/purchase/held/${body.idempotencyKey}/sellAgainstNegativeStock`, {
      token,
      body: { reason: 'Shelf count was wrong; the goods left the shop' },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body).toMatchObject({ state: 'soldAgainstNegativeStock', by: 'manager@demo.shop', reason: 'Shelf count was wrong; the goods left the shop' });
    expect(sold.body.invoiceNumber).toBeTruthy();
    expect(await stockOf(salt)).toBe(-3);
    const [movement] = await movementsOf(salt);
    expect(movement).toMatchObject({ delta: -4, after: -3, by: 'manager@demo.shop' });
    expect(movement!.ref).toContain('Shelf count was wrong');

    const resend = await send(body);
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ purchaseId: sold.body.purchaseId, invoiceNumber: sold.body.invoiceNumber });
    const twice = await call('POST', `/purchase/held/${body.idempotencyKey}/discard`, { token, body: { reason: 'Changed my mind' } });
    expect(twice.status).toBe(409);
    expect(await stockOf(salt)).toBe(-3);
  });

  it('is discarded by a manager: nothing else changes and the resend is told so', async () => {
    const tea = await stockedProduct({ name: 'Tea 250g', quantity: 1, mrp: 150, buyingPrice: 110, gst: 5 });
    const body = offlineBill(customer, [[tea, 2]]);
    expect((await send(body)).status).toBe(409);
    const discarded = await call<HeldBill>('POST', `/purchase/held/${body.idempotencyKey}/discard`, { token: await managerToken(), body: { reason: 'Customer returned the packet' } });
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ state: 'discarded', by: 'manager@demo.shop' });
    const resend = await send(body);
    expect(resend.status).toBe(409);
    expect(resend.body.details?.held).toBe(false);
    expect(await stockOf(tea)).toBe(1);
    const audit = await call<{ by: string; after: Record<string, unknown> }[]>('GET', `/audit?entity=heldBill&entityId=${body.offline.provisionalNumber}`, {
      token: await tokenOf('owner@demo.shop'),
    });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body).toEqual([expect.objectContaining({ by: 'manager@demo.shop', after: expect.objectContaining({ state: 'discarded', reason: 'Customer returned the packet' }) })]);
  });

  it('lists held bills first, newest first, with a count, to managers only', async () => {
    const jam = await stockedProduct({ name: 'Mixed Fruit Jam', quantity: 1, mrp: 90, buyingPrice: 60, gst: 12 });
    const older = offlineBill(customer, [[jam, 2]], new Date(Date.now() - 5 * HOUR));
    const newer = offlineBill(customer, [[jam, 3]], new Date(Date.now() - HOUR));
    await send(older);
    await send(newer);
    const token = await managerToken();
    const count = await call<{ held: number }>('GET', '/purchase/held/count', { token });
    expect(count.body.held).toBeGreaterThanOrEqual(2);
    const page = await call<HeldBill[]>('GET', `/purchase/held?page=0&size=${count.body.held}`, { token });
    expect(page.status).toBe(200);
    expect(page.body.every((h) => h.state === 'held')).toBe(true);
    const keys = page.body.map((h) => h.key);
    expect(keys.indexOf(newer.idempotencyKey)).toBeLessThan(keys.indexOf(older.idempotencyKey));
    expect((await call('GET', '/purchase/held', { token: await cashierToken() })).status).toBe(403);
  });

  it('counts the bills still held in a counter kept by holds and decisions, read without a query', async () => {
    const token = await managerToken();
    const heldNow = async () => (await call<{ held: number }>('GET', '/purchase/held/count', { token })).body.held;
    const before = await heldNow();
    const oil = await stockedProduct({ name: 'Counted Mustard Oil', quantity: 1, mrp: 180, buyingPrice: 140, gst: 5 });
    const first = offlineBill(customer, [[oil, 3]]);
    const second = offlineBill(customer, [[oil, 4]]);
    const third = offlineBill(customer, [[oil, 2]]);
    for (const body of [first, second, third]) expect((await send(body)).status).toBe(409);
    expect(await heldNow()).toBe(before + 3);
    // A resend unchanged, and a fixed copy that still does not fit, replace nothing in the count.
    expect((await send(first)).status).toBe(409);
    expect((await send({ ...offlineBill(customer, [[oil, 5]]), idempotencyKey: first.idempotencyKey, offline: first.offline })).status).toBe(409);
    expect(await heldNow()).toBe(before + 3);
    // The till's fixed resend that fits settles one; a discard another; a second decision on it is refused.
    const fixed = await send({ ...offlineBill(customer, [[oil, 1]]), idempotencyKey: first.idempotencyKey, offline: first.offline });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(await heldNow()).toBe(before + 2);
    expect((await call('POST', `/purchase/held/${second.idempotencyKey}/discard`, { token, body: { reason: 'Customer left without it' } })).status).toBe(200);
    expect((await call('POST', `/purchase/held/${second.idempotencyKey}/discard`, { token, body: { reason: 'Customer left without it' } })).status).toBe(409);
    expect(await heldNow()).toBe(before + 1);
    // A sale refused for its short reason moves nothing; the manager's sale settles the last one.
    expect((await call('POST', `/purchase/held/${third.idempotencyKey}/sellAgainstNegativeStock`, { token, body: { reason: 'ok' } })).status).toBe(400);
    expect(await heldNow()).toBe(before + 1);
    const sold = await call('POST', `/purchase/held/${third.idempotencyKey}/sellAgainstNegativeStock`, { token, body: { reason: 'Shelf count was wrong' } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await heldNow()).toBe(before);

    const recorder = injectDynamoFaults();
    try {
      await invoke(purchasesHandler as never, 'manager@demo.shop', 'GET /purchase/held/count');
      recorder.arm();
      expect(await invoke(purchasesHandler as never, 'manager@demo.shop', 'GET /purchase/held/count')).toEqual({ status: 200, body: { held: before } });
      expect(recorder.commands()).toContain('GetCommand');
      expect(recorder.commands()).not.toContain('QueryCommand');
    } finally {
      recorder.restore();
    }
  });

  it('redeems the points the till redeemed; short of them it is held, and no decision of the manager spends points the customer lacks', async () => {
    const saree = await stockedProduct({ name: 'Silk Saree', quantity: 10, mrp: 5000, buyingPrice: 4000, gst: 5 });
    const shopper = await newCustomer();
    // ₹15,000 paid in money earns 150 points.
    expect((await send(offlineBill(shopper, [[saree, 3]]))).status).toBe(200);
    expect(await pointsOf(shopper)).toBe(150);
    const redeemed = offlineBill(shopper, [[saree, 1]], undefined, {}, 150);
    const saved = await send(redeemed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // ₹5,000 less 150 points paid ₹4,850: 48 points earned.
    expect(await pointsOf(shopper)).toBe(48);

    // The till still believed the customer had 150 points.
    const stale = offlineBill(shopper, [[saree, 1]], undefined, {}, 150);
    const refused = await send(stale);
    expect(refused.status).toBe(409);
    expect(refused.body.details?.problems).toEqual([expect.objectContaining({ kind: 'pointsShort', asked: 150, now: 48 })]);
    // Stock may go below zero on a manager's word; points never: the sale is refused and nothing is written.
    const sold = await call<HeldBill>('POST', `/purchase/held/${stale.idempotencyKey}/sellAgainstNegativeStock`, {
      token: await managerToken(),
      body: { reason: 'Points were spent at the other till' },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(409);
    expect((sold.body as unknown as { message: string }).message).toBe(POINTS_SHORT);
    expect(await pointsOf(shopper)).toBe(48);
    expect((await heldOf(stale.idempotencyKey)).body.state).toBe('held');
    // The till sends it again without the points (the customer paid the rest): saved, and earns on what was paid.
    const fixed = { ...offlineBill(shopper, [[saree, 1]]), idempotencyKey: stale.idempotencyKey, offline: stale.offline };
    expect((await send(fixed)).status).toBe(200);
    expect(await pointsOf(shopper)).toBe(98);
    expect((await heldOf(stale.idempotencyKey)).body.state).toBe('resolved');
  });
});
