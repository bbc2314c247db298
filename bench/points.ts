import { computeBill } from '../shared/bill.js';
import { toRupees } from '../shared/money.js';
import { rootLogger } from '../functions/lib/logger.js';
import { saveNewCustomer } from '../functions/customers/service.js';
import { receive } from '../functions/inventory/service.js';
import type { Customer } from '../shared/schemas/customer.js';
import { DEMO_PASSWORD } from '../infra/local/seed.js';
import { printTable, signIn, stockedLines, timed, timingOf, withStack } from './lib.js';

const PARALLEL = 40;
const ROUNDS = Number(process.env.POINTS_ROUNDS ?? 3);

/**
 * `npm run bench -- points`: 40 bills sent at once through the local gateway (POST /api/purchase), each selling
 * its own stock line (so stock is not what they contend for) for at least ₹100, so it earns the customer points, first all for one customer, then each for a
 * different customer, on a stock line with units for every bill. Per round: how many of the 40 were saved, what
 * the others were answered, and the latency of the 40 requests. POINTS_ROUNDS rounds of each (default 3).
 */
export async function pointsBenchmark() {
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const scope = { tenantId, actor: { userName: 'cashier@demo.shop', now: new Date() }, log: rootLogger };
    // Each bill of a round sells its own stock line, so the bills share nothing but the customer (and the invoice series).
    const [model] = await stockedLines(scope, 1, 1);
    const units = Math.ceil(10_000 / model!.sellingPrice);
    const shelves: (typeof model & object)[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      const artcode = `PTS${String(i).padStart(4, '0')}`;
      const form = { ...model!, artcode, barcode: `8900000${String(i).padStart(6, '0')}`, quantity: units * ROUNDS * 2 + 10 };
      const { stock } = await receive(scope, {
        ...form,
        cgst: form.cgst / 100,
        sgst: form.sgst / 100,
        mrp: toRupees(form.mrp),
        buyingPrice: toRupees(form.buyingPrice),
        sellingPrice: toRupees(form.sellingPrice),
      });
      shelves.push({ ...model!, artcode: stock.artcode });
    }
    const perBill = shelves.map(() => units);
    const customers: Customer[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      customers.push(
        await saveNewCustomer(
          tenantId,
          { customerName: `Points Bench ${i}@demo.shop`, mobileNumber: `97${String(40_000_000 + i)}`, emailId: `points${i}@example.in`, address: 'Jayanagar' },
          scope.actor,
        ),
      );
    }
    const token = await signIn(stack.apiUrl, tenantId, 'cashier@demo.shop', DEMO_PASSWORD);
    const billFor = (mobileNumber: string, i: number) => {
      const shelf = shelves[i]!;
      const figures = computeBill({ lines: [{ mrp: shelf.mrp, rate: shelf.sellingPrice, quantity: perBill[i]!, cgstRate: shelf.cgst, sgstRate: shelf.sgst }] });
      return {
        mobileNumber,
        paymentMode: 'Cash',
        purchasedProduct: [{ productId: shelf.productId, productName: shelf.productName, artcode: shelf.artcode, quantity: perBill[i]!, sellingPrice: toRupees(shelf.sellingPrice) }],
        grossAmount: toRupees(figures.totals.gross),
        discount: toRupees(figures.totals.discount),
        tax: toRupees(figures.totals.tax),
        netAmount: toRupees(figures.paid),
      };
    };
    const post = async (body: unknown) => {
      const r = await fetch(`${stack.apiUrl}/purchase`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      const text = await r.text();
      return { status: r.status, message: r.status === 200 ? '' : ((JSON.parse(text) as { message?: string }).message ?? text) };
    };

    const scenarios: [string, (i: number) => string][] = [
      ['one customer', () => customers[0]!.mobileNumber],
      ['40 customers', (i) => customers[i]!.mobileNumber],
    ];
    const timings = [];
    for (const [name, mobileOf] of scenarios) {
      const samples: number[] = [];
      const saved: number[] = [];
      const refusals = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => timed(() => post(billFor(mobileOf(i), i)))));
        samples.push(...answers.map((a) => a.ms));
        saved.push(answers.filter((a) => a.value.status === 200).length);
        for (const a of answers.filter((x) => x.value.status !== 200)) {
          const key = `${a.value.status} ${a.value.message}`;
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }
      }
      timings.push(timingOf(`${PARALLEL} parallel bills, ${name}`, samples));
      console.log(`${name}: saved ${saved.map((n) => `${n}/${PARALLEL}`).join(', ')}${refusals.size ? `; refused: ${[...refusals].map(([m, n]) => `${n}x ${m}`).join('; ')}` : ''}`);
    }
    printTable(`Credit points: ${PARALLEL} bills at once (each its own stock line, at least ₹100, earning points), ${ROUNDS} rounds`, timings);
  });
}
