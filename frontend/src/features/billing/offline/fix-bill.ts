/**
 * A bill the server refused, opened again to be fixed: its lines rebuilt with what the shop holds now (MRP, GST and
 * stock of today, from the server or the device's copy) and every way that differs from the bill as it was made,
 * stated line by line, so the cashier sees what the fix changes before resending. Nothing is changed silently: a
 * product that cannot be sold any more is listed as left out, the quantities and rates stay as billed (a short
 * shelf or a rate above today's MRP is marked on its row for the cashier to correct), the points are named.
 * Pure rules, tested without a browser; fix-bill-opening.ts reads the figures and opens Place Order with them.
 */
import { formatRupees } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { BillProblem } from '../../../../../shared/schemas/purchase.js';
import { emptyRow, type BillRow, type RowProduct } from '../components/bill-rows.js';

/** A line of the refused bill as POST /purchase carried it. */
export interface BilledLine {
  productId: number;
  productName: string;
  artcode: string;
  quantity: number;
  /** MRP (rupees) when billed. */
  price?: number;
  /** Rate of one unit, GST included (rupees). */
  sellingPrice: number;
  cgst?: number;
  sgst?: number;
}

/** One way the bill as it can be sent now differs from the bill as it was made. */
export type Difference =
  | { kind: 'mrp'; productName: string; artcode: string; billed: number; now: number }
  | { kind: 'gst'; productName: string; artcode: string; billed: number; now: number }
  | { kind: 'stock'; productName: string; artcode: string; billed: number; now: number }
  | { kind: 'rateAboveMrp'; productName: string; artcode: string; billed: number; now: number }
  | { kind: 'leftOut'; productName: string; artcode: string; billed: number; why: 'deleted' | 'unknown' }
  | { kind: 'points'; billed: number; now: number | undefined }
  | { kind: 'customer'; mobileNumber: string };

export interface Recomputed {
  rows: BillRow[];
  differences: Difference[];
}

export interface RecomputeInput {
  lines: BilledLine[];
  /** What the server found when it refused the bill (a deleted product shows only there). */
  problems: BillProblem[];
  /** Today's stock line of a billed product and artcode; undefined when the shop has none. */
  lineNow: (productId: number, artcode: string) => RowProduct | undefined;
  /**
   * The figures come from the device's copy made before this bill, which already took the bill's own units off the
   * shelf: they count as stock for it again (as an edited bill's do).
   */
  ownUnitsTaken: boolean;
  /** Points the bill redeemed (the Redeem Amount in rupees) and the customer's points now, if known. */
  redeemed: number;
  pointsNow: number | undefined;
  /** The customer of the bill is known to the shop (the server's lookup or the device's copy). */
  customerKnown: boolean;
  mobileNumber: string;
}

const pair = (productId: number, artcode: string) => `${productId}|${artcode.toLowerCase()}`;
const percent = (cgst: number | undefined, sgst: number | undefined) => (cgst ?? 0) + (sgst ?? 0);

/**
 * The rows Place Order opens with and the differences it shows. A line whose product was deleted or is not on the
 * shelf any more gets no row (it cannot be sold) and is listed as left out; the others keep the billed quantity and
 * rate on today's product.
 */
export function recomputeRefusedBill(input: RecomputeInput): Recomputed {
  const gone = new Map<string, 'deleted' | 'unknown'>();
  for (const p of input.problems) {
    if ((p.kind === 'productDeleted' || p.kind === 'productUnknown') && p.artcode) {
      for (const line of input.lines) if (line.artcode.toLowerCase() === p.artcode.toLowerCase()) gone.set(pair(line.productId, line.artcode), p.kind === 'productDeleted' ? 'deleted' : 'unknown');
    }
  }
  const unitsBilled = new Map<string, number>();
  for (const line of input.lines) unitsBilled.set(pair(line.productId, line.artcode), (unitsBilled.get(pair(line.productId, line.artcode)) ?? 0) + line.quantity);

  const rows: BillRow[] = [];
  const differences: Difference[] = [];
  const stockTold = new Set<string>();
  for (const line of input.lines) {
    const key = pair(line.productId, line.artcode);
    const now = input.lineNow(line.productId, line.artcode);
    const about = { productName: line.productName, artcode: line.artcode };
    const why = gone.get(key) ?? (now ? undefined : 'unknown');
    if (why || !now) {
      differences.push({ kind: 'leftOut', ...about, billed: line.quantity, why: why ?? 'unknown' });
      continue;
    }
    if (line.price !== undefined && toPaise(line.price) !== toPaise(now.mrp)) differences.push({ kind: 'mrp', ...about, billed: line.price, now: now.mrp });
    const gstBilled = percent(line.cgst, line.sgst);
    const gstNow = percent(now.cgst, now.sgst);
    if ((line.cgst !== undefined || line.sgst !== undefined) && Math.round(gstBilled * 100) !== Math.round(gstNow * 100)) {
      differences.push({ kind: 'gst', ...about, billed: gstBilled, now: gstNow });
    }
    const own = input.ownUnitsTaken ? line.quantity : 0;
    const billed = unitsBilled.get(key)!;
    const available = now.quantity + (input.ownUnitsTaken ? billed : 0);
    if (!stockTold.has(key) && billed > available) differences.push({ kind: 'stock', ...about, billed, now: Math.max(available, 0) });
    stockTold.add(key);
    if (toPaise(line.sellingPrice) > toPaise(now.mrp)) differences.push({ kind: 'rateAboveMrp', ...about, billed: line.sellingPrice, now: now.mrp });
    rows.push({
      ...emptyRow(),
      product: now,
      quantity: String(line.quantity),
      rate: String(line.sellingPrice),
      ...(own ? { billedQuantity: own } : {}),
    });
  }
  if (!input.customerKnown) differences.push({ kind: 'customer', mobileNumber: input.mobileNumber });
  const pointsBilled = Math.ceil(input.redeemed);
  if (pointsBilled > 0) differences.push({ kind: 'points', billed: pointsBilled, now: input.pointsNow });
  return { rows: [...rows, emptyRow()], differences };
}

/** One difference as the cashier reads it: the product, then the bill as made beside the shop now. */
export function describeDifference(d: Difference): string {
  const product = 'artcode' in d ? `${d.productName} (${d.artcode})` : '';
  switch (d.kind) {
    case 'mrp':
      return `${product}: MRP ${formatRupees(d.billed)} when billed, ${formatRupees(d.now)} now`;
    case 'gst':
      return `${product}: GST ${d.billed}% when billed, ${d.now}% now`;
    case 'stock':
      return `${product}: ${d.billed} billed, ${d.now} in stock now — lower the quantity`;
    case 'rateAboveMrp':
      return `${product}: rate ${formatRupees(d.billed)} is above today's MRP ${formatRupees(d.now)} — lower the rate`;
    case 'leftOut':
      return `${product}: ${d.billed} billed, left out — the product ${d.why === 'deleted' ? 'was deleted' : 'is no longer in stock records'}`;
    case 'points':
      return d.now === undefined
        ? `Credit points: ${d.billed} redeemed when billed — tick Redeem again if the customer still redeems`
        : `Credit points: ${d.billed} redeemed when billed, ${d.now} held now — tick Redeem again if the customer still redeems`;
    case 'customer':
      return `Customer ${d.mobileNumber} is no longer registered — choose the customer again`;
  }
}
