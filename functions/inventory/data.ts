import {
  batchGet,
  getItem,
  mapPage,
  query,
  queryAll,
  queryCountUpTo,
  queryCursorPage,
  queryPage,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
} from '../lib/db.js';
import { idSk, searchKey, tenantPk, tenantScratchKey } from '../lib/keys.js';

/**
 * Receipts (inventory records) and spreadsheet uploads.
 *
 * - a receipt by id (the list pages newest first), on gsi1 by receiving day, on gsi2/gsi3 by name and artcode prefix;
 * - a day item per receiving day holding that day's count, raised in the receipt's transaction: the date dropdown
 *   and the by-date count read these, never the receipts;
 * - the tenant's receipt counter, raised in the same transactions;
 * - an upload record, a file item per content hash (who uploaded that file and when), and a marker per committed
 *   transaction of an upload, created with attribute_not_exists in that transaction so a retried batch never
 *   commits twice. The staged rows live in S3 under `t/<tenant>/uploads/<id>/`.
 */
const inventoryPk = (tenantId: string) => tenantPk(tenantId, 'INVENTORY');
const dayPk = (tenantId: string, date: string) => tenantPk(tenantId, 'INVENTORY_DAY', date);
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'INVENTORY_BY_NAME');
const byArtcodePk = (tenantId: string) => tenantPk(tenantId, 'INVENTORY_BY_ARTCODE');
const daysPk = (tenantId: string) => tenantPk(tenantId, 'INVENTORY_DAYS');
const counterKey = (tenantId: string) => ({ pk: tenantPk(tenantId, 'COUNTER'), sk: 'inventory' });
const uploadKey = (tenantId: string, uploadId: string) => ({ pk: tenantPk(tenantId, 'UPLOAD'), sk: uploadId });
const fileKey = (tenantId: string, hash: string) => ({ pk: tenantPk(tenantId, 'UPLOAD_FILE'), sk: hash });
const markerKey = (tenantId: string, uploadId: string, batch: number, part: number) => ({
  pk: tenantPk(tenantId, 'UPLOAD', uploadId),
  sk: `${idSk(batch)}#${idSk(part)}`,
});

/** One received row, money in paise and rates in basis points. */
export interface ReceiptInput {
  productId: number;
  productName: string;
  vendor: string;
  artcode: string;
  barcode: string;
  quantity: number;
  cgst: number;
  sgst: number;
  mrp: number;
  buyingPrice: number;
  sellingPrice: number;
}

/** A receipt as stored: money in paise, rates in basis points. */
export interface StoredInventory extends ReceiptInput {
  inventoryId: number;
  image?: string;
  inventoryDate: string;
  stockId: number;
  source: string;
  createdBy?: string;
  createdOn?: string;
}

export interface StoredUpload {
  uploadId: string;
  fileName: string;
  hash: string;
  rows: number;
  batches: number;
  batchSize: number;
  savedRows: number;
  uploadedBy: string;
  uploadedOn: string;
}

export interface UploadedFileRecord {
  uploadId: string;
  uploadedBy: string;
  uploadedOn: string;
}

const toInventory = (item: Record<string, unknown>) => strip(item as Item) as unknown as StoredInventory;
const indexed = (text: string, inventoryId: number) => `${searchKey(text)}#${idSk(inventoryId)}`;

function inventoryItem(tenantId: string, receipt: StoredInventory): Item {
  return {
    pk: inventoryPk(tenantId),
    sk: idSk(receipt.inventoryId),
    gsi1pk: dayPk(tenantId, receipt.inventoryDate),
    gsi1sk: idSk(receipt.inventoryId),
    gsi2pk: byNamePk(tenantId),
    gsi2sk: indexed(receipt.productName, receipt.inventoryId),
    gsi3pk: byArtcodePk(tenantId),
    gsi3sk: indexed(receipt.artcode, receipt.inventoryId),
    entity: 'inventory',
    ...receipt,
  };
}

const addTo = (key: { pk: string; sk: string }, attribute: string, delta: number, set: Record<string, unknown> = {}): TransactItem => {
  const names = Object.keys(set);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `${names.length ? `SET ${names.map((n, i) => `#s${i} = :s${i}`).join(', ')} ` : ''}ADD #a :delta`,
      ExpressionAttributeNames: { '#a': attribute, ...Object.fromEntries(names.map((n, i) => [`#s${i}`, n])) },
      ExpressionAttributeValues: { ':delta': delta, ...Object.fromEntries(names.map((n, i) => [`:s${i}`, set[n]])) },
    },
  };
};

/**
 * The indexes the receipt search (`search.ts`) reads: one stock line's receipts (by its artcode as the line key holds
 * it, the line's own only), receipts by artcode.
 */
export const receiptIndexes = {
  ofLine: (tenantId: string, lineSk: string, stockId: number) => ({
    index: 'gsi3',
    pk: byArtcodePk(tenantId),
    skPrefix: `${lineSk}#`,
    filter: { FilterExpression: 'stockId = :stockId', ExpressionAttributeValues: { ':stockId': stockId } },
  }),
  byArtcode: (tenantId: string, text: string) => ({ index: 'gsi3', pk: byArtcodePk(tenantId), skPrefix: searchKey(text) }),
  toInventory,
};

export const inventoryData = {
  async page(tenantId: string, request: PageRequest): Promise<CursorPage<StoredInventory>> {
    return mapPage(await queryCursorPage({ pk: inventoryPk(tenantId), descending: true }, request), toInventory);
  },

  async count(tenantId: string): Promise<number> {
    const key = counterKey(tenantId);
    return Number((await getItem<{ value?: number }>(key.pk, key.sk))?.value ?? 0);
  },

  /** Receiving days, newest first, with their receipt counts. */
  async days(tenantId: string): Promise<{ date: string; count: number }[]> {
    const items = await queryAll<{ sk: string; count: number }>({ pk: daysPk(tenantId), descending: true });
    return items.map((i) => ({ date: i.sk, count: Number(i.count) }));
  },

  async dayCount(tenantId: string, date: string): Promise<number> {
    return Number((await getItem<{ count?: number }>(daysPk(tenantId), date))?.count ?? 0);
  },

  async dayPage(tenantId: string, date: string, page: number, size: number): Promise<StoredInventory[]> {
    return (await queryPage({ index: 'gsi1', pk: dayPk(tenantId, date), descending: true }, page, size)).map(toInventory);
  },

  /** The same page with the cursor of the next (the inventory screen's list of a day). */
  async dayCursorPage(tenantId: string, date: string, request: PageRequest): Promise<CursorPage<StoredInventory>> {
    return mapPage(await queryCursorPage({ index: 'gsi1', pk: dayPk(tenantId, date), descending: true }, request), toInventory);
  },


  /** The writes of one receipt row besides its stock change: the receipt itself. */
  receiptWrite(tenantId: string, receipt: StoredInventory): TransactItem {
    return { Put: { TableName: tableName(), Item: inventoryItem(tenantId, receipt), ConditionExpression: 'attribute_not_exists(pk)' } };
  },

  /**
   * Raises the tenant's receipt counter and the day's figures (creating the day item on the day's first receipt):
   * its receipt count, and the units and bought cost (paise) received, which the reports sum over date ranges.
   */
  countWrites(tenantId: string, date: string, rows: Pick<StoredInventory, 'quantity' | 'buyingPrice'>[]): TransactItem[] {
    const day = { pk: daysPk(tenantId), sk: date };
    const units = rows.reduce((sum, r) => sum + r.quantity, 0);
    const cost = rows.reduce((sum, r) => sum + r.quantity * r.buyingPrice, 0);
    return [
      addTo(counterKey(tenantId), 'value', rows.length),
      {
        Update: {
          TableName: tableName(),
          Key: day,
          UpdateExpression: 'SET entity = :entity ADD #count :count, #units :units, #cost :cost',
          ExpressionAttributeNames: { '#count': 'count', '#units': 'units', '#cost': 'cost' },
          ExpressionAttributeValues: { ':entity': 'inventoryDay', ':count': rows.length, ':units': units, ':cost': cost },
        },
      },
    ];
  },

  /** Receiving days from `from` to `to` (`yyyy-mm-dd`), oldest first, with their receipts, units and cost. */
  async daysBetween(tenantId: string, from: string, to: string): Promise<{ date: string; count: number; units: number; cost: number }[]> {
    const items = await queryAll<{ sk: string; count?: number; units?: number; cost?: number }>({ pk: daysPk(tenantId), skBetween: [from, to] });
    return items.map((i) => ({ date: i.sk, count: Number(i.count ?? 0), units: Number(i.units ?? 0), cost: Number(i.cost ?? 0) }));
  },

  /** A page of one receiving day's receipts in the order received. */
  async dayPageOldestFirst(tenantId: string, date: string, page: number, size: number): Promise<StoredInventory[]> {
    return (await queryPage({ index: 'gsi1', pk: dayPk(tenantId, date) }, page, size)).map(toInventory);
  },

  /** A page of the receipts whose product name starts with the text, in name order, with the cursor of the next. */
  async byNamePage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredInventory>> {
    return mapPage(await queryCursorPage({ index: 'gsi2', pk: byNamePk(tenantId), skPrefix: searchKey(text) }, request), toInventory);
  },
  /** How many receipts have a product name starting with `text`, counting at most `cap`. */
  byNameCount: (tenantId: string, text: string, cap: number) => queryCountUpTo({ index: 'gsi2', pk: byNamePk(tenantId), skPrefix: searchKey(text) }, cap),

  async byName(tenantId: string, text: string, limit: number): Promise<StoredInventory[]> {
    return (await query({ index: 'gsi2', pk: byNamePk(tenantId), skPrefix: searchKey(text), limit })).items.map(toInventory);
  },


  // ------------------------------------------------------------ uploads

  stagedKey: (tenantId: string, uploadId: string, batch: number) => tenantScratchKey(tenantId, 'uploads', uploadId, `batch-${batch}.json`),

  async upload(tenantId: string, uploadId: string): Promise<StoredUpload | undefined> {
    const key = uploadKey(tenantId, uploadId);
    const item = await getItem(key.pk, key.sk);
    return item ? (strip(item as Item) as unknown as StoredUpload) : undefined;
  },

  async fileUploaded(tenantId: string, hash: string): Promise<UploadedFileRecord | undefined> {
    const key = fileKey(tenantId, hash);
    const item = await getItem(key.pk, key.sk);
    return item ? (strip(item as Item) as unknown as UploadedFileRecord) : undefined;
  },

  /** The upload record and, replacing any earlier one, the record of who uploaded this file content and when. */
  stageWrites(tenantId: string, upload: StoredUpload): TransactItem[] {
    const TableName = tableName();
    const file: UploadedFileRecord = { uploadId: upload.uploadId, uploadedBy: upload.uploadedBy, uploadedOn: upload.uploadedOn };
    return [
      { Put: { TableName, Item: { ...uploadKey(tenantId, upload.uploadId), entity: 'upload', ...upload }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName, Item: { ...fileKey(tenantId, upload.hash), entity: 'uploadFile', ...file } } },
    ];
  },

  /** Which transactions (parts) of a batch were committed before. */
  async committedParts(tenantId: string, uploadId: string, batch: number, parts: number): Promise<Set<number>> {
    const keys = Array.from({ length: parts }, (_, part) => markerKey(tenantId, uploadId, batch, part));
    const items = await batchGet<{ part: number }>(keys);
    return new Set(items.map((i) => i.part));
  },

  /** The marker of one committed part and the upload's saved-row count, in that part's transaction. */
  partWrites(tenantId: string, uploadId: string, batch: number, part: number, rows: number): TransactItem[] {
    return [
      {
        Put: {
          TableName: tableName(),
          Item: { ...markerKey(tenantId, uploadId, batch, part), entity: 'uploadPart', batch, part, rows },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      addTo(uploadKey(tenantId, uploadId), 'savedRows', rows),
    ];
  },
};
