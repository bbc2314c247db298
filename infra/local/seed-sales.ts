import { canRedeem, computeBill, PAISE_PER_POINT_EARNED, REDEEM_ABOVE_POINTS } from '../../shared/bill.js';
import { toRupees } from '../../shared/money.js';
import { purchaseBody, returnBody, type PaymentMode } from '../../shared/schemas/purchase.js';
import { customerData } from '../../functions/customers/data.js';
import type { WriteScope } from '../../functions/lib/context.js';
import type { OpenedBill } from '../../functions/purchases/data.js';
import { returnGoods, saveBill } from '../../functions/purchases/service.js';
import { stockData } from '../../functions/stock/data.js';

interface PlannedBill {
  daysAgo: number;
  customer: number;
  /** Stock line (by rank, most expensive first) and units. */
  lines: [number, number][];
  mode: PaymentMode;
  redeem?: boolean;
  /** Sell enough of the first line for over 100 points (as far as the shelf allows). */
  forPoints?: boolean;
}

/**
 * Three days of sales, cash and online: the first bill is large enough to earn the customer over 100 points,
 * which a bill of today redeems; one unit of yesterday's cash bill comes back today.
 */
const plan: PlannedBill[] = [
  { daysAgo: 2, customer: 0, lines: [[0, 5]], mode: 'Cash', forPoints: true },
  { daysAgo: 2, customer: 1, lines: [[1, 1], [2, 2]], mode: 'Online' },
  { daysAgo: 1, customer: 2, lines: [[3, 2], [4, 1]], mode: 'Cash' },
  { daysAgo: 1, customer: 3, lines: [[5, 3]], mode: 'Online' },
  { daysAgo: 0, customer: 0, lines: [[2, 1], [5, 2]], mode: 'Cash', redeem: true },
  { daysAgo: 0, customer: 1, lines: [[1, 1]], mode: 'Online' },
];

const DAY_MS = 86_400_000;

/**
 * Bills and a return written through the point of sale's own service, so stock, movements, credit points and the
 * daily sales figures are the real ones. `mobiles` are registered customers; the stock is what the inventory seed
 * received (lines with at least 6 units, most expensive first).
 */
export async function seedSales(scope: WriteScope, mobiles: string[]): Promise<void> {
  const stock = (await stockData.first(scope.tenantId, 200)).filter((l) => l.quantity >= 6).sort((a, b) => b.mrp - a.mrp);
  if (!stock.length || !mobiles.length) return;
  const left = new Map(stock.map((l) => [l.stockId, l.quantity]));
  const at = (daysAgo: number) => ({ ...scope, actor: { userName: scope.actor.userName, now: new Date(scope.actor.now.getTime() - daysAgo * DAY_MS) } });
  const saved = new Map<number, OpenedBill>();
  for (const [index, planned] of plan.entries()) {
    const mobileNumber = mobiles[planned.customer % mobiles.length]!;
    const customer = await customerData.byMobile(scope.tenantId, mobileNumber);
    if (!customer) continue;
    const lines = planned.lines.flatMap(([rank, wanted]) => {
      const line = stock[rank % stock.length]!;
      const forPoints = planned.forPoints ? Math.ceil(((REDEEM_ABOVE_POINTS + 1) * PAISE_PER_POINT_EARNED) / line.sellingPrice) : 0;
      const quantity = Math.min(Math.max(wanted, Math.min(forPoints, Math.floor(line.quantity / 2))), left.get(line.stockId)!);
      left.set(line.stockId, left.get(line.stockId)! - quantity);
      return quantity > 0 ? [{ line, quantity }] : [];
    });
    if (!lines.length) continue;
    const redeem = Boolean(planned.redeem && canRedeem(customer.creditPoints));
    const figures = computeBill({
      lines: lines.map(({ line, quantity }) => ({ mrp: line.mrp, rate: line.sellingPrice, quantity, cgstRate: line.cgst, sgstRate: line.sgst })),
      redeemPoints: redeem ? customer.creditPoints : undefined,
    });
    const body = purchaseBody.parse({
      mobileNumber,
      paymentMode: planned.mode,
      redeem,
      purchasedProduct: lines.map(({ line, quantity }) => ({
        productId: line.productId,
        productName: line.productName,
        artcode: line.artcode,
        quantity,
        sellingPrice: toRupees(line.sellingPrice),
      })),
      grossAmount: toRupees(figures.totals.gross),
      discount: toRupees(figures.totals.discount),
      tax: toRupees(figures.totals.tax),
      redeemAmount: toRupees(figures.redeemed),
      netAmount: toRupees(figures.paid),
      print: true,
    });
    saved.set(index, await saveBill(at(planned.daysAgo), body));
  }
  const yesterdaysCash = saved.get(2);
  const first = yesterdaysCash?.lines[0];
  if (yesterdaysCash && first) {
    await returnGoods(
      at(0),
      yesterdaysCash.bill.purchaseId,
      returnBody.parse({ paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: first.purchasedProductId, returnQuantity: 1 }], returnAmount: toRupees(first.rate) }),
    );
  }
}
