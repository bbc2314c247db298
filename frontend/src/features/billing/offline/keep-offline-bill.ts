/**
 * Saving a bill without a network: it gets this device's next provisional number, is written to the device's queue
 * with its idempotency key (before the cashier sees it as done), and the local copy shows the units and points it
 * used, so the next offline bill does not sell them again.
 */
import { shopDay, type BillFigures } from '../../../../../shared/bill.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { PaymentMode, Receipt } from '../../../../../shared/schemas/purchase.js';
import type { Session } from '../../../lib/session.js';
import { chosenRows, type billBody, type BillRow } from '../components/bill-rows.js';
import { applyOfflineBill, tillTenant } from './local-copy.js';
import { provisionalReceipt } from './provisional-receipt.js';
import { deviceId, keepBill, nextProvisionalNumber } from './till-queue.js';

export interface KeptOffline {
  receipt: Receipt;
  provisionalNumber: string;
}

export async function keepOfflineBill(input: {
  body: ReturnType<typeof billBody>;
  figures: BillFigures;
  customer: Customer;
  rows: BillRow[];
  paymentMode: PaymentMode;
  idempotencyKey: string;
  session: Session;
  now?: Date;
}): Promise<KeptOffline> {
  const tenantId = tillTenant();
  if (!tenantId || !input.session.tenant) throw new Error('No shop is signed in on this device.');
  const [provisionalNumber, device] = await Promise.all([nextProvisionalNumber(), deviceId()]);
  const at = input.now ?? new Date();
  const madeOn = at.toISOString();
  const lines = chosenRows(input.rows).map((row) => ({ product: row.product, quantity: Number(row.quantity.trim()), rate: Number(row.rate.trim()) }));
  const receipt = provisionalReceipt({
    shop: input.session.tenant,
    provisionalNumber,
    madeOn,
    cashier: input.session.userName,
    saleDate: shopDay(at),
    customer: input.customer,
    paymentMode: input.paymentMode,
    lines,
    figures: input.figures,
  });
  await keepBill({
    idempotencyKey: input.idempotencyKey,
    provisionalNumber,
    madeOn,
    tenantId,
    body: { ...input.body, idempotencyKey: input.idempotencyKey, offline: { madeOn, provisionalNumber, deviceId: device } },
    printed: receipt,
    state: { kind: 'waiting', attempts: 0 },
  });
  await applyOfflineBill(
    tenantId,
    lines.map((l) => ({ productId: l.product.productId, stockId: l.product.stockId, artcode: l.product.artcode, quantity: l.quantity })),
    { mobileNumber: input.customer.mobileNumber, pointsUsed: input.figures.pointsUsed },
  ).catch(() => undefined);
  return { receipt, provisionalNumber };
}
