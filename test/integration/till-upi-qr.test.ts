import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseData } from '../../functions/purchases/data.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { indiaToday } from '../../shared/leave-days.js';
import { NO_UPI_TO_CONFIRM, QR_CLOSED, paidTwice, wrongAmount, type TillQr } from '../../shared/schemas/till-upi.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { call, tokenOf } from './client.js';
import { billWithUpiToConfirm, pay, showQr, simulator, useRazorpayQr } from './till-qr-fixtures.js';
import { razorpayUrl, resendWebhook } from './payment-fixtures.js';
import { cashierToken, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * UPI at the till by Razorpay's QR codes, through the Razorpay simulator (docs/point-of-sale.md, "UPI QR codes that
 * confirm themselves"): a bill saved with ₹200 in cash and ₹100 by UPI to be confirmed gets a single-use QR code of
 * ₹100; the simulator pays it (or another amount, or twice) or lets it expire, and its signed webhook does the rest.
 */

let tea: Shelf;
let customer: Customer;

beforeAll(async () => {
  await useRazorpayQr();
  tea = await stockedProduct({ name: 'Assam Tea 250g', quantity: 80, mrp: 150, buyingPrice: 110, gst: 5 });
  customer = await newCustomer();
});

const qrStatus = async (qrId: string, check = false) => call<TillQr>('GET', `/payment/till-qr/${qrId}${check ? '?check=true' : ''}`, { token: await cashierToken() });
const billOf = async (purchaseId: number) => (await call<Purchase>('GET', `/purchase/${purchaseId}`, { token: await cashierToken() })).body;


/** The till's poll: the code's status until `done` holds (the webhook arrives on its own, as Razorpay's does). */
async function until(qrId: string, done: (qr: TillQr) => boolean): Promise<TillQr> {
  const started = Date.now();
  for (;;) {
    const answer = await qrStatus(qrId);
    expect(answer.status).toBe(200);
    if (done(answer.body) || Date.now() - started > 10_000) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const today = () => indiaToday(new Date());
async function yearByMethod() {
  const answer = await call<{ byMethod?: { sold: { cash: number; upi: number } } }>('GET', `/expense/yearlyReturns/${today().slice(0, 4)}`, { token: await tokenOf('admin@demo.shop') });
  expect(answer.status).toBe(200);
  return answer.body.byMethod!;
}
const salesToday = () => inTenant('demo', () => purchaseData.salesDay('demo', today()));

describe('a till UPI QR code by Razorpay', () => {
  it('is offered to the till once the shop turns it on', async () => {
    const answer = await call<{ razorpay: boolean }>('GET', '/payment/till-upi', { token: await cashierToken() });
    expect(answer.body).toEqual({ razorpay: true });
  });

  it('paid: confirms the bill’s UPI part by the webhook, once, and the till sees it paid', async () => {
    const saved = await billWithUpiToConfirm(tea, customer);
    expect(saved.tenders).toContainEqual({ method: 'upi', label: 'UPI', amount: 100, pending: true });
    const before = await salesToday();
    const shown = await showQr(saved.purchaseId);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toMatchObject({ purchaseId: saved.purchaseId, amount: 100, status: 'open' });
    expect(shown.body.imageContent).toMatch(/^upi:\/\/pay\?/);
    // Asked again (a till that reloads), the same code: no second QR for one bill.
    expect((await showQr(saved.purchaseId)).body.qrId).toBe(shown.body.qrId);
    const sim = (await (await fetch(`${razorpayUrl()}/sim/state`)).json()) as { qrCodes: { id: string; payment_amount: number; usage: string; fixed_amount: boolean; notes: Record<string, string> }[] };
    expect(sim.qrCodes.find((q) => q.id === shown.body.qrId)).toMatchObject({ payment_amount: 10_000, usage: 'single_use', fixed_amount: true, notes: { tenantId: 'demo', purchaseId: String(saved.purchaseId) } });

    const { payment } = await pay(shown.body.qrId);
    const paid = await until(shown.body.qrId, (qr) => qr.status !== 'open');
    expect(paid).toMatchObject({ status: 'paid', paymentId: payment.id });
    const confirmed = await billOf(saved.purchaseId);
    expect(confirmed.tenders).toEqual([
      { method: 'cash', label: 'Cash', amount: 200 },
      { method: 'upi', label: 'UPI', amount: 100, reference: payment.id },
    ]);
    // The UPI was counted in the day's takings when the bill was saved; confirming it moves no figure.
    const after = await salesToday();
    expect((after?.upiSold ?? 0) - (before?.upiSold ?? 0)).toBe(0);
    expect((after?.cashSold ?? 0) - (before?.cashSold ?? 0)).toBe(0);
    // Nothing is left to pay by QR.
    const again = await showQr(saved.purchaseId);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(NO_UPI_TO_CONFIRM);
  });

  it('paid twice: the second payment is not counted and is told to be refunded; a webhook delivered again changes nothing', async () => {
    const saved = await billWithUpiToConfirm(tea, customer);
    const { qrId } = (await showQr(saved.purchaseId)).body;
    const first = await pay(qrId);
    await until(qrId, (qr) => qr.status === 'paid');
    expect(await resendWebhook(first.payment.id)).toBe(200);
    const second = await pay(qrId);
    const told = await until(qrId, (qr) => qr.message !== undefined);
    expect(told).toMatchObject({ status: 'paid', paymentId: first.payment.id, message: paidTwice('₹100.00', saved.invoiceNumber ?? String(saved.purchaseId)) });
    expect(await resendWebhook(second.payment.id)).toBe(200);
    const tenders = (await billOf(saved.purchaseId)).tenders;
    expect(tenders?.filter((t) => t.method === 'upi')).toEqual([{ method: 'upi', label: 'UPI', amount: 100, reference: first.payment.id }]);
    // The audit trail has the confirmation and the payment to refund, each once.
    const audit = await call<{ by: string; after: Record<string, unknown> }[]>('GET', `/audit?size=100&entity=bill&entityId=${saved.purchaseId}`, { token: await tokenOf('admin@demo.shop') });
    expect(audit.status).toBe(200);
    const byWebhook = audit.body.filter((r) => r.by === 'razorpay-webhook');
    expect(byWebhook.map((r) => Object.keys(r.after).sort())).toEqual(expect.arrayContaining([['tenders'], ['upiQr']]));
    expect(byWebhook).toHaveLength(2);
  });

  it('paid a different amount: not confirmed, and the cashier and the owner are told why', async () => {
    const saved = await billWithUpiToConfirm(tea, customer);
    const { qrId } = (await showQr(saved.purchaseId)).body;
    await pay(qrId, 9_000);
    const flagged = await until(qrId, (qr) => qr.status !== 'open');
    expect(flagged).toMatchObject({ status: 'attention', message: wrongAmount('₹90.00', '₹100.00', saved.invoiceNumber ?? String(saved.purchaseId)) });
    expect((await billOf(saved.purchaseId)).tenders).toContainEqual({ method: 'upi', label: 'UPI', amount: 100, pending: true });
  });

  it('expired unpaid: the till sees it closed and the cashier takes the UPI part in cash, moving the day’s figures', async () => {
    const saved = await billWithUpiToConfirm(tea, customer);
    const { qrId } = (await showQr(saved.purchaseId)).body;
    await simulator(`/sim/qr_codes/${qrId}/expire`);
    // Razorpay sends no webhook when a code expires: the till's Check again asks it.
    expect((await qrStatus(qrId)).body.status).toBe('open');
    expect((await qrStatus(qrId, true)).body).toMatchObject({ status: 'closed', message: QR_CLOSED });

    const before = await salesToday();
    const yearBeforeSettle = await yearByMethod();
    const settled = await call<Purchase>('POST', `/purchase/${saved.purchaseId}/upi`, { token: await cashierToken(), body: { method: 'cash' } });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.tenders).toEqual([
      { method: 'cash', label: 'Cash', amount: 200 },
      { method: 'cash', label: 'Cash', amount: 100 },
    ]);
    // The yearly report's figures by method follow (the one figures module's); cash in hand stays cash only.
    const yearAfter = await yearByMethod();
    expect(Math.round((yearAfter.sold.cash - yearBeforeSettle.sold.cash) * 100)).toBe(10_000);
    expect(Math.round((yearAfter.sold.upi - yearBeforeSettle.sold.upi) * 100)).toBe(-10_000);
    const after = await salesToday();
    expect((after?.cashSold ?? 0) - (before?.cashSold ?? 0)).toBe(10_000);
    expect((after?.upiSold ?? 0) - (before?.upiSold ?? 0)).toBe(-10_000);
    expect((after?.onlineSold ?? 0) - (before?.onlineSold ?? 0)).toBe(-10_000);
    // A late payment to the closed code is not counted: the part was settled another way.
    await pay(qrId);
    const late = await until(qrId, (qr) => qr.status === 'attention');
    expect(late.message).toContain('after its UPI part was settled another way');
  });

  it('closed by the cashier: Razorpay closes it and the till may take another tender', async () => {
    const saved = await billWithUpiToConfirm(tea, customer);
    const { qrId } = (await showQr(saved.purchaseId)).body;
    const closed = await call<TillQr>('POST', `/payment/till-qr/${qrId}/close`, { token: await cashierToken() });
    expect(closed.body).toMatchObject({ status: 'closed', message: QR_CLOSED });
    const confirmed = await call<Purchase>('POST', `/purchase/${saved.purchaseId}/upi`, { token: await cashierToken(), body: { method: 'upi', reference: '431234567890' } });
    expect(confirmed.body.tenders).toContainEqual({ method: 'upi', label: 'UPI', amount: 100, reference: '431234567890' });
  });
});
