import { beforeAll, describe, expect, it } from 'vitest';
import { getItem, op, transact } from '../../functions/lib/db.js';
import { upgradeStepKey } from '../../functions/lib/keys.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { tillQrData, type StoredTillQr } from '../../functions/payments/till-qr-data.js';
import { uncountedCount, uncountedPage } from '../../functions/payments/uncounted-upi.js';
import { upgradeUncountedUpi } from '../../functions/payments/upgrade.js';
import { UNCOUNTED_UPI_STEP } from '../../shared/upi.js';
import { Conflict } from '../../functions/lib/errors.js';
import { injectDynamoFaults } from './faults.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import { UNCOUNTED_UPI_NOT_FOUND, UNCOUNTED_UPI_REFUNDING, type TillQr, type UncountedUpi } from '../../shared/schemas/till-upi.js';
import { call, tokenOf } from './client.js';
import { billWithUpiToConfirm, pay, showQr, simulator, useRazorpayQr } from './till-qr-fixtures.js';
import { razorpayUrl } from './payment-fixtures.js';
import { cashierToken, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * The owner's UPI payments to refund (docs/point-of-sale.md, "UPI payments to refund"): a till QR code paid another
 * amount, or paid a second time, lists the payment not counted; the owner refunds it once through Razorpay (the
 * simulator) however many times the button is pressed, or marks it refunded another way; another shop never sees it.
 */

const OWNER = 'owner@demo.shop';
let tea: Shelf;
let customer: Customer;

beforeAll(async () => {
  await useRazorpayQr();
  tea = await stockedProduct({ name: 'Nilgiri Tea 100g', quantity: 80, mrp: 150, buyingPrice: 110, gst: 5 });
  customer = await newCustomer();
});

const simRefunds = async (paymentId: string) =>
  ((await (await fetch(`${razorpayUrl()}/sim/state`)).json()) as { refunds: { payment_id: string; amount: number }[] }).refunds.filter((r) => r.payment_id === paymentId);

const list = async (user = OWNER, query = 'size=100') => call<UncountedUpi[]>('GET', `/payment/upi-uncounted?${query}`, { token: await tokenOf(user) });
const refund = async (paymentId: string, user = OWNER) => call<UncountedUpi & { message?: string }>('POST', `/payment/upi-uncounted/${paymentId}/refund`, { token: await tokenOf(user) });

/** The owner's list once the webhook (which comes on its own) has recorded the payment. */
async function listed(paymentId: string): Promise<UncountedUpi> {
  const started = Date.now();
  for (;;) {
    const answer = await list();
    expect(answer.status).toBe(200);
    const found = answer.body.find((u) => u.paymentId === paymentId);
    if (found) return found;
    if (Date.now() - started > 10_000) throw new Error(`${paymentId} never listed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The till's poll, until the webhook has moved the code on. */
async function until(qrId: string, done: (qr: TillQr) => boolean): Promise<void> {
  const started = Date.now();
  for (;;) {
    const answer = await call<TillQr>('GET', `/payment/till-qr/${qrId}`, { token: await cashierToken() });
    if (done(answer.body)) return;
    if (Date.now() - started > 10_000) throw new Error(`${qrId} stayed ${answer.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let wrong: { paymentId: string; bill: Purchase };
let twice: { paymentId: string; bill: Purchase };

describe('UPI payments not counted, for the owner to refund', () => {
  it('lists a payment of another amount and a second payment, newest first, with bill, amount, reason and when', async () => {
    const first = await billWithUpiToConfirm(tea, customer);
    const qr1 = (await showQr(first.purchaseId)).body;
    wrong = { paymentId: (await pay(qr1.qrId, 9_000)).payment.id, bill: first };
    const wrongRow = await listed(wrong.paymentId);
    expect(wrongRow).toMatchObject({ purchaseId: first.purchaseId, qrId: qr1.qrId, amount: 90, reason: 'wrong amount', status: 'open' });
    expect(Date.parse(wrongRow.at)).not.toBeNaN();

    const second = await billWithUpiToConfirm(tea, customer);
    const qr2 = (await showQr(second.purchaseId)).body;
    const counted = (await pay(qr2.qrId)).payment.id;
    await until(qr2.qrId, (qr) => qr.status === 'paid');
    twice = { paymentId: (await pay(qr2.qrId)).payment.id, bill: second };
    const twiceRow = await listed(twice.paymentId);
    expect(twiceRow).toMatchObject({ purchaseId: second.purchaseId, amount: 100, reason: 'paid twice', status: 'open' });
    if (second.invoiceNumber) expect(twiceRow.invoiceNumber).toBe(second.invoiceNumber);

    const ids = (await list()).body.map((u) => u.paymentId);
    expect(ids).not.toContain(counted);
    expect(ids.indexOf(twice.paymentId)).toBeLessThan(ids.indexOf(wrong.paymentId));
    const count = await call<{ open: number }>('GET', '/payment/upi-uncounted/count', { token: await tokenOf(OWNER) });
    expect(count.status).toBe(200);
    expect(count.body.open).toBeGreaterThanOrEqual(2);
  });

  it('pages by cursor: a page of one and the page after it are different payments', async () => {
    const page1 = await list(OWNER, 'size=1');
    expect(page1.body).toHaveLength(1);
    const cursor = page1.headers.get('x-next-page');
    expect(cursor).toBeTruthy();
    const page2 = await list(OWNER, `size=1&cursor=${encodeURIComponent(cursor!)}`);
    expect(page2.status).toBe(200);
    expect(page2.body).toHaveLength(1);
    expect(page2.body[0]!.paymentId).not.toBe(page1.body[0]!.paymentId);
    expect(page2.body[0]!.at <= page1.body[0]!.at).toBe(true);
  });

  it('reads a page after a cursor with one Query of the page’s items, never a Scan', async () => {
    const first = await inTenant('demo', () => tillQrData.uncountedPage('demo', { page: 0, size: 1 }));
    expect(first.next).toBeTruthy();
    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      const next = await inTenant('demo', () => tillQrData.uncountedPage('demo', { page: 0, size: 1, cursor: first.next }));
      expect(next.items).toHaveLength(1);
      expect(recorder.commands()).toEqual(['QueryCommand']);
      expect(recorder.inputs()[0]).toMatchObject({ IndexName: 'gsi1', Limit: 1, ScanIndexForward: false });
    } finally {
      recorder.restore();
    }
  });

  it('is not for a cashier, and another shop neither sees nor refunds them', async () => {
    expect((await list('cashier@demo.shop')).status).toBe(403);
    const elsewhere = await list('admin@alpha.shop');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.map((u) => u.paymentId)).not.toContain(wrong.paymentId);
    const refused = await refund(wrong.paymentId, 'admin@alpha.shop');
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(UNCOUNTED_UPI_NOT_FOUND);
    const outside = await call<{ message: string }>('POST', `/payment/upi-uncounted/${wrong.paymentId}/refunded-outside`, {
      token: await tokenOf('admin@alpha.shop'),
      body: { note: 'Given back in cash' },
    });
    expect(outside.status).toBe(404);
    expect(await simRefunds(wrong.paymentId)).toHaveLength(0);
    expect((await listed(wrong.paymentId)).status).toBe('open');
  });

  it('refunds once through Razorpay under two clicks at the same time, and a third click changes nothing', async () => {
    const [a, b] = await Promise.all([refund(wrong.paymentId), refund(wrong.paymentId)]);
    const answers = [a, b];
    expect(answers.map((r) => r.status)).toContain(200);
    for (const r of answers) {
      if (r.status === 200) expect(r.body).toMatchObject({ paymentId: wrong.paymentId, status: 'refunded', settledBy: OWNER });
      else expect(r).toMatchObject({ status: 409, body: { message: UNCOUNTED_UPI_REFUNDING } });
    }
    const refunds = await simRefunds(wrong.paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(9_000);
    const again = await refund(wrong.paymentId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'refunded', refundId: (refunds[0] as unknown as { id: string }).id });
    expect(await simRefunds(wrong.paymentId)).toHaveLength(1);
    expect((await listed(wrong.paymentId)).status).toBe('refunded');

    const audit = await call<{ by: string; after: Record<string, unknown> }[]>('GET', `/audit?size=100&entity=bill&entityId=${wrong.bill.purchaseId}`, { token: await tokenOf('admin@demo.shop') });
    const refundsAudited = audit.body.filter((r) => (r.after.upiUncounted as { status?: string } | undefined)?.status === 'refunded');
    expect(refundsAudited).toHaveLength(1);
    expect(refundsAudited[0]!.by).toBe(OWNER);
  });

  it('marks a payment refunded another way with a note; it is then never refunded through Razorpay', async () => {
    const short = await call<{ message: string }>('POST', `/payment/upi-uncounted/${twice.paymentId}/refunded-outside`, { token: await tokenOf(OWNER), body: { note: 'ok' } });
    expect(short.status).toBe(400);
    const marked = await call<UncountedUpi>('POST', `/payment/upi-uncounted/${twice.paymentId}/refunded-outside`, {
      token: await tokenOf(OWNER),
      body: { note: 'Given back in cash at the counter' },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toMatchObject({ status: 'refundedOutside', note: 'Given back in cash at the counter', settledBy: OWNER });
    const clicked = await refund(twice.paymentId);
    expect(clicked.status).toBe(200);
    expect(clicked.body.status).toBe('refundedOutside');
    expect(await simRefunds(twice.paymentId)).toHaveLength(0);
    const markedAgain = await call('POST', `/payment/upi-uncounted/${twice.paymentId}/refunded-outside`, { token: await tokenOf(OWNER), body: { note: 'Given back twice?' } });
    expect(markedAgain.status).toBe(409);
  });

  it('never shows a QR image from a host that is not Razorpay’s', async () => {
    const saved = await billWithUpiToConfirm(tea, customer);
    await simulator('/sim/qr_codes/image-url', { tenantId: 'demo', purchaseId: saved.purchaseId, imageUrl: 'https://rzp.io.evil.example/i/steal' });
    const shown = await showQr(saved.purchaseId);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.imageUrl).toBe('');
    expect(shown.body.imageContent).toMatch(/^upi:\/\/pay\?/);
    const status = await call<TillQr>('GET', `/payment/till-qr/${shown.body.qrId}`, { token: await cashierToken() });
    expect(status.body.imageUrl).toBe('');
  });
});

describe('UPI payments not counted before the list existed', () => {
  const tenantId = `upiold${Date.now().toString(36)}`;
  const at = (minute: number) => `2026-10-02T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const code = (qrId: string, purchaseId: number, uncounted: StoredTillQr['uncounted']): StoredTillQr => ({
    qrId,
    purchaseId,
    invoiceNumber: `INV-${purchaseId}`,
    amount: 10_000,
    status: 'paid',
    message: 'Not counted: refund it',
    imageUrl: '',
    closeBy: at(30),
    uncounted,
    createdBy: 'cashier@old.shop',
    createdOn: at(0),
  });
  const old1 = { paymentId: `pay_old1${tenantId}`, amount: 9_000, reason: 'wrong amount', at: at(1) };
  const old2 = { paymentId: `pay_old2${tenantId}`, amount: 10_000, reason: 'paid twice', at: at(3) };
  const listedByWebhook = { paymentId: `pay_new${tenantId}`, amount: 10_000, reason: 'paid twice', at: at(5) };
  const shop = <T>(work: () => Promise<T>) => inTenant(tenantId, work);
  const everything = () => shop(async () => ({ list: (await uncountedPage(tenantId, { page: 0, size: 100 })).items, count: (await uncountedCount(tenantId)).open }));

  it('lists and counts them once through the shop upgrade, from a Query of the shop’s codes; a run again changes nothing', async () => {
    await shop(async () => {
      // As the earlier release left them: on the code only, not listed, not counted.
      await transact(tillQrData.createWrites(tenantId, code('qr_Old1', 11, [old1, old2])));
      await transact(tillQrData.createWrites(tenantId, code('qr_Old2', 12, undefined)));
      // Recorded by today's webhook: on the code, listed and counted.
      await transact(tillQrData.createWrites(tenantId, code('qr_New', 13, undefined)));
      await transact(tillQrData.uncountedWrites(tenantId, { qrId: 'qr_New', purchaseId: 13 }, listedByWebhook, 'Not counted: refund it'));
    });
    expect(await everything()).toMatchObject({ list: [{ paymentId: listedByWebhook.paymentId }], count: 1 });

    const recorder = injectDynamoFaults();
    let outcome;
    try {
      recorder.arm();
      outcome = await shop(() => upgradeUncountedUpi(tenantId));
      expect(recorder.commands()).not.toContain('ScanCommand');
      expect(recorder.inputs().filter((input) => (input as { KeyConditionExpression?: string }).KeyConditionExpression)).toHaveLength(1);
    } finally {
      recorder.restore();
    }
    expect(outcome).toEqual({ listed: 2 });
    const after = await everything();
    expect(after.count).toBe(3);
    expect(after.list.map((u) => u.paymentId)).toEqual([listedByWebhook.paymentId, old2.paymentId, old1.paymentId]);
    expect(after.list.find((u) => u.paymentId === old1.paymentId)).toMatchObject({
      qrId: 'qr_Old1', purchaseId: 11, invoiceNumber: 'INV-11', amount: 90, reason: 'wrong amount', at: old1.at, status: 'open',
    });

    // Done for this shop: the next deploy only reads the mark.
    expect(await shop(() => upgradeUncountedUpi(tenantId))).toBeUndefined();
    // Run again from the start (a run cut short before its mark), and two at once: nothing listed or counted twice.
    const mark = upgradeStepKey(tenantId, UNCOUNTED_UPI_STEP);
    await shop(() => transact([op.release(mark)]));
    expect(await shop(() => Promise.all([upgradeUncountedUpi(tenantId), upgradeUncountedUpi(tenantId)]))).toEqual([{ listed: 0 }, { listed: 0 }]);
    // A run that read the list before another listed the payment writes nothing: the item and the count go together.
    await expect(shop(() => transact(tillQrData.listUncountedWrites(tenantId, { qrId: 'qr_Old1', purchaseId: 11 }, old1)))).rejects.toBeInstanceOf(Conflict);
    expect(await everything()).toEqual(after);
    expect(await shop(() => getItem(mark.pk, mark.sk, true))).toMatchObject({ listed: 0 });
  });
});
