import { computeBill, shopDay } from '../shared/bill.js';
import { toRupees } from '../shared/money.js';
import { purchaseBody } from '../shared/schemas/purchase.js';
import { nextId, transact } from '../functions/lib/db.js';
import { rootLogger } from '../functions/lib/logger.js';
import { prepareBill } from '../functions/purchases/service.js';
import { DEMO_PASSWORD, demoTenant } from '../infra/local/seed.js';
import { measure, measurePrepared, postBill, printTable, stockedLines, withStack } from './lib.js';

const LINES = 10;

/**
 * Saving a bill of 10 lines: POST /api/purchase through the local gateway (JWT, validation, reads of customer and
 * stock, figures worked again, one TransactWriteItems of 33 items) next to the raw TransactWriteItems of the same
 * items on the same emulator (built untimed before each write).
 */
export async function posBenchmark(runs: number) {
  await withStack(async (stack) => {
    const tenantId = 'demo';
    const scope = { tenantId, actor: { userName: 'cashier@demo.shop', now: new Date() }, log: rootLogger };
    const lines = await stockedLines(scope, LINES, 4 * (runs + 40));
    const figures = computeBill({ lines: lines.map((l) => ({ mrp: l.mrp, rate: l.sellingPrice, quantity: 1, cgstRate: l.cgst, sgstRate: l.sgst })) });
    const body = {
      mobileNumber: demoTenant.walkInCustomers![0]!.mobileNumber,
      paymentMode: 'Cash',
      purchasedProduct: lines.map((l) => ({ productId: l.productId, productName: l.productName, artcode: l.artcode, quantity: 1, sellingPrice: toRupees(l.sellingPrice) })),
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      netAmount: toRupees(figures.paid),
    };
    const signIn = await fetch(`${stack.apiUrl}/token/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenantid': tenantId },
      body: JSON.stringify({ username: 'cashier@demo.shop', password: DEMO_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const parsed = purchaseBody.parse(body);

    let items = 0;
    const rows = [
      await measurePrepared(
        `raw TransactWriteItems (${LINES}-line bill)`,
        async () => {
          const prepared = await prepareBill({ ...scope, actor: { ...scope.actor, now: new Date() } }, parsed, await nextId(tenantId, 'purchase'));
          items = prepared.items.length;
          return prepared;
        },
        (prepared) => transact(prepared.items, prepared.messages),
        runs,
      ),
      await measure(
        `POST /api/purchase (${LINES} lines)`,
        () => postBill(stack.apiUrl, token, body),
        runs,
      ),
    ];
    printTable(`Point of sale: saving a ${LINES}-line bill (${items} items in one transaction)`, rows, {
      [`POST /api/purchase (${LINES} lines)`]: `raw TransactWriteItems (${LINES}-line bill)`,
    });

    // The order lists over the bills just saved: today's list and the walk-in customer's, both with their total row.
    const today = shopDay(new Date());
    const read = (path: string) => async () => {
      const r = await fetch(`${stack.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`GET ${path} ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    };
    const dayLines = (await (await fetch(`${stack.apiUrl}/purchase/todayCount/${today}`, { headers: { authorization: `Bearer ${token}` } })).json()) as number;
    const artcode = encodeURIComponent(lines[0]!.artcode);
    const listRows = [
      await measure('GET /purchase/today/{date} (page of 5)', read(`/purchase/today/${today}?page=0&size=5`), runs),
      await measure('GET /purchase/todayTotals/{date}', read(`/purchase/todayTotals/${today}`), runs),
      await measure('GET /purchase/searchTotals/{artcode}?date=', read(`/purchase/searchTotals/${artcode}?date=${today}`), runs),
      await measure('GET /purchase/searchCount/{artcode}?date=', read(`/purchase/searchCount/${artcode}?date=${today}`), runs),
      await measure('GET /purchase/custMobileCount/{mobile}', read(`/purchase/custMobileCount/${body.mobileNumber}`), runs),
      await measure('GET /purchase/custMobileTotals/{mobile}', read(`/purchase/custMobileTotals/${body.mobileNumber}`), runs),
    ];
    printTable(`Order lists: today's ${dayLines} bill lines, all of them the walk-in customer's`, listRows);
  });
}
