import { notEnoughStock, ADD_IN_INVENTORY, LOW_STOCK_LIMIT, type MovementReason } from '../../shared/schemas/inventory-messages.js';
import { isTransactionConflict, nextId, nextIds, transactRebuilding, updated, type Actor, type TransactItem } from '../lib/db.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { productData } from '../products/data.js';
import { stockData, type StoredMovement, type StoredStock } from './data.js';

/**
 * Every change of a stock figure goes through here (receipt, upload, stock form, and the point of sale's bills and
 * returns), so each one raises the line's version under a condition and writes a movement numbered by that version
 * in the same transaction: a stock figure is always the sum of its movements.
 */

/** The line changed between reading and writing (another bill, a receipt): the caller reads again and retries. */
export const STOCK_CHANGED = 'The stock changed while saving. Please try again.';

export interface StockChange {
  productId: number;
  artcode: string;
  /** Units added (receipt, return) or taken (sale, negative). */
  delta: number;
  reason: MovementReason;
  /** What caused it, shown in the history: 'Inventory 12', 'Bill 34'. */
  ref: string;
  actor: Actor;
  /**
   * A manager's decision to record a sale the shelf no longer covers (a held offline bill): the line may go below
   * zero, and the movement's ref says why.
   */
  belowZero?: boolean;
}

/** Transaction items of one stock change and the message of each item whose condition can fail. */
export interface PreparedWrites {
  items: TransactItem[];
  messages: (string | undefined)[];
}

export interface PreparedStockChange extends PreparedWrites {
  before: StoredStock | undefined;
  after: StoredStock;
  movement: StoredMovement;
}

/** Attributes a receipt sets on the line besides the quantity (the latest prices, codes and vendor). */
export type LineAttributes = Partial<Omit<StoredStock, 'stockId' | 'productId' | 'quantity' | 'version'>>;

function movementOf(line: StoredStock, before: number, change: StockChange): StoredMovement {
  return {
    stockId: line.stockId,
    productId: line.productId,
    productName: line.productName,
    artcode: line.artcode,
    reason: change.reason,
    ref: change.ref,
    delta: change.delta,
    before,
    after: line.quantity,
    by: change.actor.userName,
    on: change.actor.now.toISOString(),
    version: line.version,
  };
}

/** The line's figures on its product's shelf item (what the storefront lists), written with the line. */
const shelfWrite = (tenantId: string, line: StoredStock) => productData.shelfWrite(tenantId, line.productId, line);

/** The writes changing an existing line; refuses (409) a change that would take the line below zero. */
export function changeLine(tenantId: string, line: StoredStock, change: StockChange, set: LineAttributes = {}): PreparedStockChange {
  const quantity = line.quantity + change.delta;
  if (quantity < 0 && !change.belowZero) throw new Conflict(notEnoughStock(line.quantity, line.productName, line.artcode), { available: line.quantity, stockId: line.stockId });
  const after: StoredStock = { ...line, ...set, quantity, version: line.version + 1, ...updated(change.actor) };
  const movement = movementOf(after, line.quantity, change);
  // A price-only edit moves no units, so it leaves no movement.
  const moved = change.delta !== 0;
  return {
    items: [stockData.replaceWrite(tenantId, line, after, change.belowZero), ...(moved ? [stockData.movementWrite(tenantId, movement)] : []), shelfWrite(tenantId, after)],
    messages: moved ? [STOCK_CHANGED, STOCK_CHANGED, undefined] : [STOCK_CHANGED, undefined],
    before: line,
    after,
    movement,
  };
}

/** The writes creating a line with its first movement (0 → delta); add `stockCountWrite` once per transaction. */
export function createLine(tenantId: string, line: Omit<StoredStock, 'quantity' | 'version'>, change: StockChange): PreparedStockChange {
  if (change.delta < 0) throw new Conflict(notEnoughStock(0, line.productName, line.artcode), { available: 0 });
  const after: StoredStock = { ...line, quantity: change.delta, version: 1 };
  const movement = movementOf(after, 0, change);
  return {
    items: [...stockData.createWrites(tenantId, after), stockData.movementWrite(tenantId, movement), shelfWrite(tenantId, after)],
    // A line key already there means someone created the line a moment ago: read it again and change it instead.
    messages: [STOCK_CHANGED, STOCK_CHANGED, STOCK_CHANGED, undefined],
    before: undefined,
    after,
    movement,
  };
}

/**
 * The transaction items of one stock change of an existing line, for a caller that writes them in its own
 * transaction (a bill, a return): the line's new figure under a version condition that also keeps it at zero or
 * above, and the movement. Refuses at once with 'Only n in Stock for …' (409) when the shelf holds too few, and
 * with 'Add in inventory' (404) for a product and artcode never received. Run the caller's transaction through
 * `transactWithStock` so a line changed by someone else in between is read again rather than failing the bill.
 */
export async function stockChangeItems(tenantId: string, change: StockChange): Promise<PreparedStockChange> {
  const line = await stockData.byProduct(tenantId, change.productId, change.artcode);
  if (!line) throw new NotFound(ADD_IN_INVENTORY);
  return changeLine(tenantId, line, change);
}

/**
 * Builds and writes a transaction holding stock changes, building it again (fresh reads) when a stock line
 * changed in between. `build` must read what it needs each time it runs.
 */
export async function transactWithStock(build: () => Promise<PreparedWrites>): Promise<void> {
  await transactRebuilding(
    async () => ({ ...(await build()), result: undefined }),
    (error) => (error instanceof Conflict && error.message === STOCK_CHANGED) || isTransactionConflict(error),
  );
}

/** A new stock id (a line created by a receipt or the stock form). */
export const nextStockId = (tenantId: string) => nextId(tenantId, 'stock');
export const nextStockIds = (tenantId: string, count: number) => nextIds(tenantId, 'stock', count);

const isLow = (line: StoredStock | undefined) => line !== undefined && line.quantity <= LOW_STOCK_LIMIT;

/**
 * The shop's count of low lines (LOW_STOCK_LIMIT or fewer units) moved by the lines a transaction's changes take
 * across the limit, as one write (a transaction may touch the counter once); none when no line crosses it. Every
 * transaction holding stock changes ends with it, so the count moves with the figures it counts.
 */
export function lowCountWrites(tenantId: string, changes: Pick<PreparedStockChange, 'before' | 'after'>[]): TransactItem[] {
  const delta = changes.reduce((sum, c) => sum + Number(isLow(c.after)) - Number(isLow(c.before)), 0);
  return delta ? [stockData.lowCountWrite(tenantId, delta)] : [];
}

/** Raises the shop's stock line count by the lines one transaction creates. */
export const stockCountWrite = (tenantId: string, created: number) => stockData.counterWrite(tenantId, created);
