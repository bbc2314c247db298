import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryData } from '../../functions/inventory/data.js';
import { handler as paymentsHandler } from '../../functions/payments/handler.js';
import { paymentData } from '../../functions/payments/data.js';
import type { FlowState } from '../../functions/payments/flow.js';
import { handler as stepHandler, type StepEvent } from '../../functions/payments/steps.js';
import { handler as inventoryHandler } from '../../functions/inventory/handler.js';
import { handler as purchasesHandler } from '../../functions/purchases/handler.js';
import { stockData } from '../../functions/stock/data.js';
import { handler as stockHandler } from '../../functions/stock/handler.js';
import { purchaseData } from '../../functions/purchases/data.js';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { UploadStaged } from '../../shared/schemas/inventory.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import { INVENTORY_TEMPLATE_COLUMNS } from '../../shared/spreadsheets.js';
import { call, tokenOf } from './client.js';
import { faultsFor, injectDynamoFaults, injectMailOutage, invoke } from './faults.js';
import { completeCheckout, mustCreateOrder } from './payment-fixtures.js';
import { newCustomer, stockOf, stockedProduct, type Shelf } from './pos-fixtures.js';
import { linesOf, mustAdd, newShopper, stocked, stockOf as shelfStockOf, type Shopper, type StockedProduct } from './storefront-fixtures.js';

/**
 * Faults at every step: each DynamoDB command a flow sends is failed in turn, the way DynamoDB fails it (throttled,
 * a condition failed, a transaction cancelled), and the mail service goes down. After each fault the flow has either
 * completed or left nothing behind, the user got a clear 4xx/503 message (never a bare 500), and the same request
 * sent again once the fault cleared completes exactly once.
 */
const TENANT = 'demo';
const CASHIER = 'cashier@demo.shop';
const ADMIN = 'admin@demo.shop';
/** The shop's calendar day (India), as the inventory lists file receipts. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const faults = injectDynamoFaults();
afterAll(() => faults.restore());

const keyOf = (label: string) => `fault-${label}-${Math.random().toString(36).slice(2, 12)}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64);

/** A clear answer: a message, and a status a screen can act on (4xx or 503, never a 500). */
function expectClear(answer: { status: number; body: unknown }, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).not.toBe(500);
  if (answer.status !== 200) expect((answer.body as { message?: string }).message, what).toMatch(/\w{3,}/);
}

type Answer = { status: number; body: unknown };

/**
 * Fails each DynamoDB command of one request in turn (every fault that command can meet) and checks what the user
 * and the data see. `send(attempt)` makes the request for one attempt: an idempotent request (a bill with its key)
 * is sent again after any answer; a plain one only after an error answer. An error answer must have changed nothing,
 * and a 200 must have changed everything.
 */
async function faultEveryStep<S>(flow: {
  send: (attempt: string) => Promise<Answer>;
  state: (attempt: string) => Promise<S>;
  /** The state once the request has taken effect exactly once, from the state before it. */
  applied: (before: S) => S;
  idempotent: boolean;
  /** False where a request saves in parts and the user's retry finishes them (an upload's batch): an error may follow a saved part. */
  errorMeansNothing?: boolean;
}) {
  faults.arm();
  const baseline = await flow.send(keyOf('baseline'));
  expect(baseline.status, JSON.stringify(baseline.body)).toBe(200);
  const commands = faults.commands();
  expect(commands.length).toBeGreaterThan(0);
  let faulted = 0;
  for (const [step, command] of commands.entries()) {
    for (const fault of faultsFor(command)) {
      const what = `${fault} at step ${step} (${command})`;
      const attempt = keyOf(`${step}-${fault}`);
      const before = await flow.state(attempt);
      faults.arm({ step, fault });
      const answer = await flow.send(attempt);
      if (faults.injected()) faulted++;
      faults.arm();
      expectClear(answer, what);
      const between = await flow.state(attempt);
      // Told it failed, the user may well do it again: an error answer must mean that nothing happened.
      if (answer.status !== 200 && flow.errorMeansNothing !== false) expect(between, `${what}: an error answer, and nothing changed`).toEqual(before);
      else if (answer.status !== 200) expect([before, flow.applied(before)], `${what}: all or nothing`).toContainEqual(between);
      else expect(between, `${what}: answered as done`).toEqual(flow.applied(before));
      if (answer.status === 200 && !flow.idempotent) {
        expect(between, what).toEqual(flow.applied(before));
        continue;
      }
      const again = await flow.send(attempt);
      expect(again.status, `${what}, sent again: ${JSON.stringify(again.body)}`).toBe(200);
      expect(await flow.state(attempt), `${what}, sent again`).toEqual(flow.applied(before));
    }
  }
  expect(faulted).toBeGreaterThanOrEqual(commands.length);
}

describe('a bill save', () => {
  let shelf: Shelf;
  let customer: Customer;
  let date: string;
  const billBody = (key: string, mail = false) => {
    const figures = computeBill({ lines: [{ mrp: toPaise(shelf.mrp), rate: toPaise(shelf.sellingPrice), quantity: 1, cgstRate: toPaise(shelf.cgst), sgstRate: toPaise(shelf.sgst) }] });
    return {
      mobileNumber: customer.mobileNumber,
      paymentMode: 'Cash',
      purchasedProduct: [{ productId: shelf.productId, productName: shelf.productName, artcode: shelf.artcode, quantity: 1, sellingPrice: shelf.sellingPrice }],
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: toRupees(figures.paid),
      mail,
      idempotencyKey: key,
    };
  };
  const save = (key: string, mail = false) => invoke<Purchase & { message?: string; mailSent?: boolean }>(purchasesHandler as never, CASHIER, 'POST /purchase', { body: billBody(key, mail) });
  const state = async (key: string) => ({
    stock: await stockOf(shelf),
    bills: (await purchaseData.salesDay(TENANT, date))?.bills ?? 0,
    saved: (await purchaseData.saveMarker(TENANT, key)) !== undefined,
  });

  beforeAll(async () => {
    shelf = await stockedProduct({ name: 'Fault Soap', quantity: 500, mrp: 50, buyingPrice: 30, gst: 18 });
    customer = await newCustomer();
    const first = await save(keyOf('first'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    date = first.body.saleDate;
  }, 120_000);

  it.each([false, true])('either completes or leaves nothing, with a clear message, and completes once when sent again (mail: %s)', async (mail) => {
    await faultEveryStep({
      send: (key) => save(key, mail),
      state,
      applied: (before) => ({ stock: before.stock - 1, bills: before.bills + 1, saved: true }),
      idempotent: true,
    });
  }, 240_000);

  it('is saved when the mail service is down, and says the receipt was not mailed', async () => {
    const outage = injectMailOutage();
    try {
      const key = keyOf('bill-mail');
      const before = await state(key);
      const answer = await save(key, true);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.mailSent).toBe(false);
      expect(await state(key)).toEqual({ stock: before.stock - 1, bills: before.bills + 1, saved: true });
    } finally {
      outage.restore();
    }
  });
});

/** The Razorpay API unreachable (connection refused): what the functions meet in an outage of the provider. */
function razorpayOutage() {
  const up = process.env.RAZORPAY_API_URL;
  process.env.RAZORPAY_API_URL = 'http://127.0.0.1:9';
  return { restore: () => void (process.env.RAZORPAY_API_URL = up) };
}

/**
 * The payment-to-order state machine's happy path, its Task states run in order in this process. A Task state that
 * throws is retried by the state machine (payment-to-order.asl.json: 3 retries with backoff): here each task is run
 * once with a fault at each of its DynamoDB commands in turn, and then cleanly, as the retries would.
 */
const TASKS: Pick<StepEvent, 'step' | 'orderStatus'>[] = [
  { step: 'verifyPayment' },
  { step: 'recordPayment' },
  { step: 'reserveStock' },
  { step: 'createPurchase' },
  { step: 'moveCartLines', orderStatus: 'OrderSuccess' },
  { step: 'sendConfirmation' },
];

describe('the payment-to-order flow', () => {
  let product: StockedProduct;
  const runTask = (task: (typeof TASKS)[number], flow: FlowState) => stepHandler({ ...task, flow });

  async function paidCheckout(): Promise<{ shopper: Shopper; flow: FlowState }> {
    const shopper = await newShopper();
    await mustAdd(shopper, product, 2);
    const order = await mustCreateOrder(shopper);
    const paid = await completeCheckout(order.id, 'success');
    if (paid.kind !== 'success') throw new Error('the simulator refused the payment');
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = paid.response;
    return { shopper, flow: { tenantId: TENANT, orderId: order.id, paymentId, signature, source: 'checkout' } };
  }

  beforeAll(async () => {
    [product] = await stocked([{ quantity: 400, mrp: 80, gst: 12, name: 'Fault Tea' }]);
  }, 120_000);

  it('ends with one order, one bill and one stock change when every step meets each fault before succeeding', async () => {
    // The commands each task sends on a clean run.
    const clean = await paidCheckout();
    const commandsOf = new Map<string, string[]>();
    let flow = clean.flow;
    for (const task of TASKS) {
      faults.arm();
      flow = await runTask(task, flow);
      commandsOf.set(task.step, faults.commands());
    }

    const { shopper, flow: input } = await paidCheckout();
    const stockBefore = await shelfStockOf(product);
    flow = input;
    let failedAttempts = 0;
    for (const task of TASKS) {
      const commands = commandsOf.get(task.step)!;
      for (const [step, command] of commands.entries()) {
        for (const fault of faultsFor(command)) {
          faults.arm({ step, fault });
          // A failed attempt throws (the state machine retries it); one that absorbed the fault answers the same flow.
          await runTask(task, flow).catch(() => failedAttempts++);
          faults.arm();
        }
      }
      flow = await runTask(task, flow);
    }

    expect(failedAttempts).toBeGreaterThan(TASKS.length);
    expect(flow).toMatchObject({ verified: true, reserved: true, orderStatus: 'OrderSuccess', purchaseId: expect.any(Number) });
    expect(await shelfStockOf(product)).toBe(stockBefore - 2);
    const payment = await paymentData.get(TENANT, input.orderId);
    expect(payment).toMatchObject({ purchaseId: flow.purchaseId, mailedOn: expect.any(String) });
    expect((await linesOf(shopper, 'OrderSuccess')).map((l) => l.cartQuantity)).toEqual([2]);
    expect(await linesOf(shopper, 'InCart')).toEqual([]);
  }, 240_000);

  it('waits out a Razorpay outage at verification: the step fails, and its retry completes the order', async () => {
    const { flow } = await paidCheckout();
    const outage = razorpayOutage();
    try {
      await expect(runTask(TASKS[0]!, flow)).rejects.toThrow();
    } finally {
      outage.restore();
    }
    expect(await runTask(TASKS[0]!, flow)).toMatchObject({ verified: true });
  });

  it('waits out an SES outage at the confirmation: the mail is released for the retry and sent once', async () => {
    const { flow: input } = await paidCheckout();
    let flow = input;
    for (const task of TASKS.slice(0, -1)) flow = await runTask(task, flow);
    const outage = injectMailOutage();
    try {
      await expect(runTask(TASKS.at(-1)!, flow)).rejects.toThrow();
      expect((await paymentData.get(TENANT, input.orderId))?.mailedOn).toBeUndefined();
    } finally {
      outage.restore();
    }
    await runTask(TASKS.at(-1)!, flow);
    expect((await paymentData.get(TENANT, input.orderId))?.mailedOn).toEqual(expect.any(String));
  });

  it('tells the shopper plainly when Razorpay is down at checkout, and records no payment', async () => {
    const shopper = await newShopper();
    await mustAdd(shopper, product, 1);
    const outage = razorpayOutage();
    let answer: { status: number; body: { message?: string } };
    try {
      answer = await invoke(paymentsHandler as never, shopper.userName, 'POST /payment/order/external', { body: { currency: 'INR' } });
    } finally {
      outage.restore();
    }
    expectClear(answer, 'Razorpay down');
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(await mustCreateOrder(shopper)).toMatchObject({ status: 'created' });
  });
});

describe('a stock change', () => {
  let product: StockedProduct;
  const movements = async () => (await stockData.movements(TENANT, product.stockId)).length;

  beforeAll(async () => {
    [product] = await stocked([{ quantity: 100, mrp: 60, gst: 5, name: 'Fault Rice' }]);
  }, 120_000);

  it('at the stock form: either takes effect with its movement or not at all, and an error means nothing changed', async () => {
    // Each attempt sets the shelf one unit above what it was; sending an attempt again sends the same form.
    const targets = new Map<string, number>();
    await faultEveryStep({
      send: async (attempt) => {
        if (!targets.has(attempt)) targets.set(attempt, (await shelfStockOf(product)) + 1);
        return invoke(stockHandler as never, ADMIN, 'PUT /stock/{id}', { path: { id: String(product.stockId) }, body: { quantity: targets.get(attempt), productPrice: 60 } });
      },
      state: async () => ({ stock: await shelfStockOf(product), movements: await movements() }),
      applied: (before) => ({ stock: before.stock + 1, movements: before.movements + 1 }),
      idempotent: false,
    });
  }, 240_000);

  it('receiving goods: the receipt, the stock and its movement together or none of them', async () => {
    const receipts = async () => (await call<number>('GET', `/inventory/byDateCount/${today()}`, { token: await tokenOf(ADMIN) })).body;
    await faultEveryStep({
      send: () =>
        invoke(inventoryHandler as never, ADMIN, 'POST /inventory/save', {
          body: { productId: product.productId, vendor: 'Fault Wholesale', artcode: product.artcode, barcode: '8900000000017', quantity: 3, cgst: 2.5, sgst: 2.5, mrp: 60, buyingPrice: 40, sellingPrice: 60 },
        }),
      state: async () => ({ stock: await shelfStockOf(product), movements: await movements(), receipts: await receipts() }),
      applied: (before) => ({ stock: before.stock + 3, movements: before.movements + 1, receipts: before.receipts + 1 }),
      idempotent: false,
    });
  }, 240_000);
});

describe('an inventory upload', () => {
  it('saves a batch whole or not at all, and the batch sent again finishes it once', async () => {
    const admin = await tokenOf(ADMIN);
    const [product] = await stocked([{ quantity: 10, mrp: 60, gst: 5, name: 'Fault Upload' }]);
    const uploads = new Map<string, { uploadId: string; artcode: string }>();
    /** One staged file per attempt (through the gateway, no faults): one row receiving 4 units of a new artcode. */
    async function staged(attempt: string) {
      if (!uploads.has(attempt)) {
        const artcode = `FU${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
        const answer = await call<UploadStaged>('POST', `/inventory/saveByFile/${ADMIN}`, { token: admin, body: await uploadForm(product!.productName, artcode) });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        uploads.set(attempt, { uploadId: answer.body.uploadId, artcode });
      }
      return uploads.get(attempt)!;
    }
    await faultEveryStep({
      send: async (attempt) => {
        const { uploadId } = await staged(attempt);
        return invoke(inventoryHandler as never, ADMIN, 'POST /inventory/upload/{uploadId}/batch/{batch}', { path: { uploadId, batch: '1' } });
      },
      state: async (attempt) => {
        const { uploadId, artcode } = await staged(attempt);
        const line = await stockData.byProduct(TENANT, product!.productId, artcode);
        return { stock: line?.quantity ?? 0, saved: (await inventoryData.upload(TENANT, uploadId))?.savedRows ?? 0 };
      },
      applied: () => ({ stock: 4, saved: 1 }),
      idempotent: true,
      errorMeansNothing: false,
    });
  }, 240_000);
});

/** The inventory template with one row: `quantity` 4 of an existing product under a new artcode. */
async function uploadForm(productName: string, artcode: string): Promise<FormData> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inventory');
  const headers = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name);
  const row: Record<string, string | number> = { productName, vendor: 'Fault Traders', artcode, barcode: `89${artcode}`, quantity: 4, cgst: 2.5, sgst: 2.5, mrp: 60, buyingPrice: 40, sellingPrice: 60 };
  sheet.addRow(headers);
  sheet.addRow(headers.map((h) => row[h] ?? null));
  const body = new FormData();
  body.append('file', new Blob([(await book.xlsx.writeBuffer()) as ArrayBuffer]), 'Inventory.xlsx');
  return body;
}
