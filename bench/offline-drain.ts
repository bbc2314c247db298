import { randomUUID } from 'node:crypto';
import { computeBill } from '../shared/bill.js';
import { toRupees } from '../shared/money.js';
import { rootLogger } from '../functions/lib/logger.js';
import { DEMO_PASSWORD, demoTenant } from '../infra/local/seed.js';
import { postBill, printTable, signIn, stockedLines, timed, timingOf, withStack } from './lib.js';

const BILLS = 100;
const LINES = 10;

/**
 * Draining a till's offline queue: 100 bills of 10 lines, made over the last hours, sent oldest first one after
 * another through the gateway (each with its idempotency key and offline block, as the till's queue sends them),
 * beside the same 100 bills made online. Both run in one stack, so the two columns compare like with like; the
 * offline save reads the held-bill item and the customer's points once more per bill.
 */
export async function offlineDrainBenchmark() {
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const scope = { tenantId, actor: { userName: 'cashier@demo.shop', now: new Date() }, log: rootLogger };
    const lines = await stockedLines(scope, LINES, 2 * BILLS + 20);
    const figures = computeBill({ lines: lines.map((l) => ({ mrp: l.mrp, rate: l.sellingPrice, quantity: 1, cgstRate: l.cgst, sgstRate: l.sgst })) });
    const bill = () => ({
      mobileNumber: demoTenant.walkInCustomers![0]!.mobileNumber,
      paymentMode: 'Cash',
      purchasedProduct: lines.map((l) => ({
        productId: l.productId,
        productName: l.productName,
        artcode: l.artcode,
        quantity: 1,
        price: toRupees(l.mrp),
        sellingPrice: toRupees(l.sellingPrice),
        cgst: l.cgst / 100,
        sgst: l.sgst / 100,
      })),
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: toRupees(figures.paid),
      idempotencyKey: randomUUID(),
    });
    const token = await signIn(stack.apiUrl, tenantId, 'cashier@demo.shop', DEMO_PASSWORD);
    const post = (body: unknown) => postBill(stack.apiUrl, token, body);
    const deviceId = `bench-till-${randomUUID()}`;
    const start = Date.now() - 5 * 3_600_000;
    const queue = Array.from({ length: BILLS }, (_, i) => ({
      ...bill(),
      offline: { madeOn: new Date(start + i * 60_000).toISOString(), provisionalNumber: `DEM-T1-${String(i + 1).padStart(6, '0')}`, deviceId },
    }));
    const online = Array.from({ length: BILLS }, bill);

    // One untimed bill of each kind first, so neither column pays for the first call's warm-up.
    await post(bill());
    await post({ ...bill(), offline: { ...queue[0]!.offline, provisionalNumber: 'DEM-T1-WARMUP' } });

    const drain = async (bills: unknown[]) => {
      const each: number[] = [];
      const total = await timed(async () => {
        for (const body of bills) each.push((await timed(() => post(body))).ms);
      });
      return { total: total.ms, each };
    };
    const offlineRun = await drain(queue);
    const onlineRun = await drain(online);
    printTable(`Offline queue: ${BILLS} bills of ${LINES} lines sent one after another (per bill)`, [
      timingOf(`online bills (${BILLS})`, onlineRun.each),
      timingOf(`offline queue drained (${BILLS}, oldest first)`, offlineRun.each),
    ], { [`offline queue drained (${BILLS}, oldest first)`]: `online bills (${BILLS})` });
    console.log(`whole queue: offline ${(offlineRun.total / 1000).toFixed(2)} s, online ${(onlineRun.total / 1000).toFixed(2)} s`);
  });
}
