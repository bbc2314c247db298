import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { categoryData, type StoredCategory } from '../../functions/categories/data.js';
import { dynamo } from '../../functions/lib/aws.js';
import { created, nextId, nextIds, tableName, transact, type Actor, type TransactItem } from '../../functions/lib/db.js';
import { productData, type StoredProduct } from '../../functions/products/data.js';
import { createLine, lowCountWrites, stockCountWrite, type PreparedStockChange } from '../../functions/stock/changes.js';

/**
 * Loads a large catalogue fast (benchmarks and scale tests): products with one stock line each, written as exactly
 * the items the product and stock transactions write (the same item builders), but by BatchWriteItem, 25 items a
 * request, instead of one transaction per row. Counters are raised once per load by their own update items, so
 * the product, category and line counts stay equal to the items. Ids come from the tenant's sequences, so later
 * saves through the API never collide with loaded rows.
 */

export interface BulkProduct {
  productName: string;
  categoryId: number;
  /** An image key the tenant already stores (products share it; the loader writes no objects). */
  image: string;
  quantity: number;
  /** Paise. */
  mrp: number;
  sellingPrice: number;
  /** Basis points. */
  cgst: number;
  sgst: number;
}

const BATCH = 25;

/** The writes of a transaction split into what BatchWriteItem can carry (puts) and the updates sent one by one. */
function split(items: TransactItem[]) {
  return {
    puts: items.flatMap((item) => (item.Put ? [item.Put.Item as Record<string, unknown>] : [])),
    updates: items.flatMap((item) => (item.Update ? [item.Update] : [])),
  };
}

async function batchPut(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [tableName()]: items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length) {
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
  }
}

async function update(write: NonNullable<TransactItem['Update']>): Promise<void> {
  await dynamo().send(new UpdateCommand(write as ConstructorParameters<typeof UpdateCommand>[0]));
}

/** A category written by the category transaction's own items (name item and product count included). */
export async function loadCategory(tenantId: string, categoryName: string, image: string, actor: Actor): Promise<StoredCategory> {
  const category: StoredCategory = { categoryId: await nextId(tenantId, 'category'), categoryName, image, version: 1, ...created(actor) };
  const { writes } = categoryData.createWrites(tenantId, category);
  await transact(writes);
  return category;
}

/** Writes the products with a stocked line each; answers them with their ids and stock ids. */
export async function loadCatalogue(tenantId: string, rows: BulkProduct[], actor: Actor): Promise<(StoredProduct & { stockId: number })[]> {
  if (!rows.length) return [];
  const productIds = await nextIds(tenantId, 'product', rows.length);
  const stockIds = await nextIds(tenantId, 'stock', rows.length);
  const puts: Record<string, unknown>[] = [];
  const updates: NonNullable<TransactItem['Update']>[] = [];
  const lines: PreparedStockChange[] = [];
  const loaded = rows.map((row, i) => {
    const product: StoredProduct = {
      productId: productIds[i]!,
      productName: row.productName,
      categoryId: row.categoryId,
      description: 'Loaded product',
      size: '1 pc',
      colour: 'Mixed',
      image: row.image,
      version: 1,
      ...created(actor),
    };
    const writes = productData.createWrites(tenantId, product, '').map((w) => w.write);
    const line = createLine(
      tenantId,
      {
        stockId: stockIds[i]!,
        productId: product.productId,
        productName: product.productName,
        artcode: `BULK${product.productId}`,
        barcode: '',
        vendor: 'Bulk vendor',
        mrp: row.mrp,
        buyingPrice: Math.round(row.sellingPrice * 0.8),
        sellingPrice: row.sellingPrice,
        cgst: row.cgst,
        sgst: row.sgst,
        inventoryId: 0,
        ...created(actor),
      },
      { productId: product.productId, artcode: `BULK${product.productId}`, delta: row.quantity, reason: 'receipt', ref: 'Bulk load', actor },
    );
    lines.push(line);
    const parts = split([...writes, ...line.items]);
    puts.push(...parts.puts);
    updates.push(...parts.updates);
    return { ...product, stockId: stockIds[i]! };
  });
  await batchPut(puts);
  for (const write of updates) await update(write);

  const perCategory = new Map<number, number>();
  for (const row of rows) perCategory.set(row.categoryId, (perCategory.get(row.categoryId) ?? 0) + 1);
  const counters = [
    productData.counterWrite(tenantId, rows.length).write,
    ...productData.withoutHsnCountWrites(tenantId, loaded.map((after) => ({ after }))).map((w) => w.write),
    stockCountWrite(tenantId, rows.length),
    ...lowCountWrites(tenantId, lines),
    ...[...perCategory].map(([categoryId, count]) => categoryData.productCountWrite(tenantId, categoryId, count)),
  ];
  for (const counter of counters) await update(counter.Update!);
  return loaded;
}
