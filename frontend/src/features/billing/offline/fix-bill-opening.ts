/**
 * Opening a refused bill of this device's queue to fix it: today's stock line of each billed product and the
 * customer, from the server while it answers, else from the device's copy; then fix-bill.ts's recompute.
 */
import { stockRoutes } from '../../../../../shared/routes/stock.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { PaymentMode } from '../../../../../shared/schemas/purchase.js';
import { callApi, isApiError } from '../../../lib/api-client.js';
import { findCustomer } from '../api/billing.js';
import type { RowProduct } from '../components/bill-rows.js';
import { tillDb } from './device-db.js';
import { recomputeRefusedBill, type BilledLine, type Recomputed } from './fix-bill.js';
import { knownOffline, localCopyAge, suggestionOfStock, tillTenant } from './local-copy.js';
import { heldDecided, type QueuedBill } from './queue.js';
import { checkHeldBill, noteCallFailure, queuedBill } from './till-queue.js';

export const FIX_NOT_FOUND = 'This bill is not on this device any more.';
export const FIX_NOT_REFUSED = 'This bill was not refused, so there is nothing to fix: see it on Bills on this device.';
export const FIX_DECIDED = 'The manager has already decided about this bill: see the outcome on Bills on this device.';

export interface FixOpening extends Recomputed {
  bill: QueuedBill;
  customer: Customer | null;
  paymentMode: PaymentMode;
  /** The figures are the device's copy (no answer from the server). */
  fromDevice: boolean;
}

interface RefusedBody {
  customerId?: number;
  mobileNumber: string;
  paymentMode: PaymentMode;
  redeemAmount?: number;
  purchasedProduct: BilledLine[];
}

const pair = (productId: number, artcode: string) => `${productId}|${artcode.toLowerCase()}`;

/** Today's stock line of each billed product from the server; a 404 is a product the shop has no line of. */
async function linesFromServer(lines: BilledLine[]): Promise<Map<string, RowProduct>> {
  const found = await Promise.all(
    lines.map(async (line) => {
      try {
        return suggestionOfStock(await callApi(stockRoutes.byProduct, { params: { id: line.productId, artcode: line.artcode } }));
      } catch (error) {
        if (isApiError(error, 404)) return undefined;
        throw error;
      }
    }),
  );
  return new Map(found.flatMap((l) => (l ? [[pair(l.productId, l.artcode), l] as const] : [])));
}

async function linesFromDevice(tenantId: string): Promise<Map<string, RowProduct>> {
  const all = await (await tillDb()).getAllFromIndex('lines', 'byTenant', tenantId);
  return new Map(all.map(({ key: _key, tenantId: _tenant, ...l }) => [pair(l.productId, l.artcode), l] as const));
}

/** The refused bill `key` of this device, recomputed with what the shop holds now; an Error says why it cannot be. */
export async function openRefusedBill(key: string): Promise<FixOpening> {
  const tenantId = tillTenant();
  const kept = await queuedBill(key);
  if (!kept || kept.tenantId !== tenantId) throw new Error(FIX_NOT_FOUND);
  // The queue screen may show an older state: a manager may have decided the bill since.
  const asked = kept.state.kind === 'refused' && kept.state.held?.state === 'held' && !knownOffline();
  const bill = asked ? await checkHeldBill(kept).catch(() => kept) : kept;
  if (bill.state.kind !== 'refused') throw new Error(FIX_NOT_REFUSED);
  if (heldDecided(bill.state)) throw new Error(FIX_DECIDED);
  const body = bill.body as unknown as RefusedBody;

  let lines: Map<string, RowProduct> | undefined;
  if (!knownOffline()) {
    lines = await linesFromServer(body.purchasedProduct).catch((error: unknown) => {
      if (noteCallFailure(error)) return undefined;
      throw error;
    });
  }
  const fromDevice = lines === undefined;
  lines ??= await linesFromDevice(tenantId);
  // A copy read before the bill was made had the bill's own units taken off when it was kept.
  const copiedAt = fromDevice ? await localCopyAge(tenantId) : undefined;
  const ownUnitsTaken = fromDevice && (copiedAt === undefined || copiedAt < Date.parse(bill.madeOn));

  const found = await findCustomer(body.mobileNumber).catch(() => 'False' as const);
  // The device's copy of the customer likewise had this bill's points taken off.
  const ownPoints = ownUnitsTaken ? Math.ceil(body.redeemAmount ?? 0) : 0;
  const customer = found === 'False' ? null : { ...found, creditPoints: found.creditPoints + ownPoints };
  const recomputed = recomputeRefusedBill({
    lines: body.purchasedProduct,
    problems: bill.state.problems,
    lineNow: (productId, artcode) => lines.get(pair(productId, artcode)),
    ownUnitsTaken,
    redeemed: body.redeemAmount ?? 0,
    pointsNow: customer?.creditPoints,
    customerKnown: customer !== null,
    mobileNumber: body.mobileNumber,
  });
  return { ...recomputed, bill, customer, paymentMode: body.paymentMode, fromDevice };
}
