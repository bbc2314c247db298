import type { MovementReason } from '../../shared/schemas/inventory.js';
import { auditWrite } from '../lib/audit.js';
import { created, type Actor, type TransactItem } from '../lib/db.js';
import { changeLine, createLine, type PreparedStockChange } from '../stock/changes.js';
import { stockData, type StoredStock } from '../stock/data.js';
import type { ReceiptInput, StoredInventory } from './data.js';
import { inventoryData } from './data.js';

export interface LineReceipts {
  /** The line's current state, or undefined when these receipts create it (with `newStockId`). */
  line: StoredStock | undefined;
  newStockId: number;
  /** Receipts of this one line, in the order received; the last one's prices become the line's. */
  rows: ReceiptInput[];
  inventoryIds: number[];
}

export interface ReceiptContext {
  tenantId: string;
  actor: Actor;
  date: string;
  source: string;
  reason: MovementReason;
  ref: (inventoryIds: number[]) => string;
}

export interface PreparedReceipts {
  items: TransactItem[];
  messages: (string | undefined)[];
  receipts: StoredInventory[];
  change: PreparedStockChange;
}

/**
 * The writes receiving goods on one stock line: a receipt per row, one change of the line by their total (a
 * transaction may touch the line once) with its movement, the units received that day, and the line's audit record
 * (its quantity and prices as they were and became, how many units came in and from where). Counters are added by
 * the caller once per transaction.
 */
export function lineReceiptWrites(ctx: ReceiptContext, input: LineReceipts): PreparedReceipts {
  const latest = input.rows[input.rows.length - 1]!;
  const delta = input.rows.reduce((sum, r) => sum + r.quantity, 0);
  const prices = {
    productName: latest.productName,
    barcode: latest.barcode,
    vendor: latest.vendor,
    mrp: latest.mrp,
    buyingPrice: latest.buyingPrice,
    sellingPrice: latest.sellingPrice,
    cgst: latest.cgst,
    sgst: latest.sgst,
    inventoryId: input.inventoryIds[input.inventoryIds.length - 1]!,
  };
  const change = { productId: latest.productId, artcode: latest.artcode, delta, reason: ctx.reason, ref: ctx.ref(input.inventoryIds), actor: ctx.actor };
  const prepared = input.line
    ? changeLine(ctx.tenantId, input.line, change, prices)
    : createLine(ctx.tenantId, { stockId: input.newStockId, productId: latest.productId, artcode: latest.artcode, ...prices, ...created(ctx.actor) }, change);
  const stockId = prepared.after.stockId;
  const receipts: StoredInventory[] = input.rows.map((r, i) => ({
    inventoryId: input.inventoryIds[i]!,
    ...r,
    // The line keeps the artcode as first received; every receipt of the line shows it the same way.
    artcode: prepared.after.artcode,
    inventoryDate: ctx.date,
    stockId,
    source: ctx.source,
    ...created(ctx.actor),
  }));
  const audit = auditWrite(ctx, {
    entity: 'stock',
    entityId: stockId,
    action: 'receive',
    before: input.line,
    after: { ...prepared.after, received: delta, receivedFrom: change.ref },
  });
  return {
    items: [
      ...receipts.map((r) => inventoryData.receiptWrite(ctx.tenantId, r)),
      ...prepared.items,
      stockData.receivedOnWrite(ctx.tenantId, ctx.date, stockId, delta),
      audit,
    ],
    messages: [...receipts.map(() => undefined), ...prepared.messages, undefined, undefined],
    receipts,
    change: prepared,
  };
}
