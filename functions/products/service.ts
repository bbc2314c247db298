import { PRODUCT_EXISTS, type NewProductRow, type Product, type ProductUpdateRow } from '../../shared/schemas/catalogue.js';
import { categoryData } from '../categories/data.js';
import { auditBulkWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextIds, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import { checkImage, imageUrl, storeImage, type CheckedImage, type StoredImage } from '../lib/images.js';
import { searchKey } from '../lib/keys.js';
import { discardObjects } from '../lib/storage.js';
import { productData, type ProductWrite, type StoredProduct } from './data.js';

/** DynamoDB's limit of writes in one transaction: a bulk save that needs more is refused, never split. */
const MAX_TRANSACTION_WRITES = 100;
export const CATEGORY_NOT_FOUND_ROW = 'Category not found.';
export const PRODUCT_NOT_FOUND = 'Product not found.';

/** One problem of a bulk request, by the row number the screen shows (from 1). */
export interface RowProblem {
  row: number;
  path: string;
  message: string;
}

/** All problems of a request at once, so the user can fix every row in one go; the message names the first. */
function refuseRows(problems: RowProblem[]): never {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  throw new Validation(`Row ${sorted[0]!.row}: ${sorted[0]!.message}`, sorted);
}

export async function withImageUrl(product: StoredProduct): Promise<Product> {
  return { ...product, imageUrl: await imageUrl(product.image) };
}
export const withImageUrls = (products: StoredProduct[]) => Promise.all(products.map(withImageUrl));

/** Checks every row's image, collecting the problems instead of stopping at the first. */
async function checkImages<R extends { row: number }>(
  tenantId: string,
  rows: R[],
  choice: (r: R) => { image?: string; imageContent?: string },
  current: (r: R) => string | undefined,
  problems: RowProblem[],
): Promise<CheckedImage[]> {
  const checked = await Promise.all(
    rows.map((r) =>
      checkImage(tenantId, choice(r), current(r)).catch((error: unknown) => {
        if (!(error instanceof Validation)) throw error;
        problems.push({ row: r.row, path: 'image', message: error.message });
        return undefined;
      }),
    ),
  );
  return checked.filter((c): c is CheckedImage => c !== undefined);
}

/** Stores checked images; if any store fails, the ones already written are removed again. */
async function storeAll(tenantId: string, checked: CheckedImage[], scope: WriteScope): Promise<StoredImage[]> {
  const results = await Promise.allSettled(checked.map((image) => storeImage(tenantId, image)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const stored = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (failed) {
    await discardObjects(stored.filter((s) => s.created).map((s) => s.key), scope.log);
    throw failed.reason;
  }
  return stored;
}

/**
 * Runs the writes as one transaction; on failure removes the images the request stored. The names' word index
 * writes ride in that transaction when it has room; a save too big for it (25 products of many words) writes them
 * in the transactions right after (docs/catalogue.md, Search: what a failure between the two leaves).
 */
async function commit(scope: WriteScope, all: ProductWrite[], images: StoredImage[]): Promise<void> {
  const fits = all.length <= MAX_TRANSACTION_WRITES;
  const writes = fits ? all : all.filter((w) => !w.words);
  const words = fits ? [] : all.filter((w) => w.words).map((w) => w.write);
  if (writes.length > MAX_TRANSACTION_WRITES) {
    await discardObjects(images.filter((i) => i.created).map((i) => i.key), scope.log);
    throw new Validation('Too many changes to save at once. Please save fewer products at a time.');
  }
  try {
    await transact(
      writes.map((w) => w.write),
      writes.map((w) => w.message),
    );
  } catch (error) {
    await discardObjects(images.filter((i) => i.created).map((i) => i.key), scope.log);
    throw error;
  }
  for (let i = 0; i < words.length; i += MAX_TRANSACTION_WRITES) await transact(words.slice(i, i + MAX_TRANSACTION_WRITES));
  await discardObjects(images.map((i) => i.upload), scope.log);
}

/** Category product-count changes, one write per category (a transaction may touch an item only once). */
function categoryCountWrites(tenantId: string, deltas: Map<number, { delta: number; row: number }>): ProductWrite[] {
  return [...deltas.entries()]
    .filter(([, d]) => d.delta !== 0)
    .map(([categoryId, d]) => ({
      write: categoryData.productCountWrite(tenantId, categoryId, d.delta),
      message: `Row ${d.row}: ${CATEGORY_NOT_FOUND_ROW}`,
    }));
}

function addDelta(deltas: Map<number, { delta: number; row: number }>, categoryId: number, delta: number, row: number) {
  const known = deltas.get(categoryId);
  deltas.set(categoryId, { delta: (known?.delta ?? 0) + delta, row: known?.row ?? row });
}

/**
 * Bulk add (spec 2 sections 2 and 5): every field and the image required, names unique in any letter case against
 * stored products and the other rows ('Product Already Exists'), rows with an empty name dropped. All rows are
 * saved in one transaction or none.
 */
export async function saveProducts(scope: WriteScope, input: (NewProductRow | null)[]): Promise<Product[]> {
  const { tenantId, actor } = scope;
  const rows = input.flatMap((row, i) => (row ? [{ ...row, row: i + 1 }] : []));
  if (!rows.length) throw new Validation('Add at least one product.');

  const problems: RowProblem[] = [];
  const taken = await productData.nameOwners(tenantId, rows.map((r) => r.productName));
  const seen = new Set<string>();
  for (const r of rows) {
    const key = searchKey(r.productName);
    if (taken.has(key) || seen.has(key)) problems.push({ row: r.row, path: 'productName', message: PRODUCT_EXISTS });
    seen.add(key);
  }
  const categories = await categoryData.existing(tenantId, rows.map((r) => r.categoryId));
  for (const r of rows) {
    if (!categories.has(r.categoryId)) problems.push({ row: r.row, path: 'categoryId', message: CATEGORY_NOT_FOUND_ROW });
  }
  const checked = await checkImages(tenantId, rows, (r) => r, () => undefined, problems);
  if (problems.length) refuseRows(problems);

  const images = await storeAll(tenantId, checked, scope);
  const ids = await nextIds(tenantId, 'product', rows.length);
  const products: StoredProduct[] = rows.map((r, i) => ({
    productId: ids[i]!,
    productName: r.productName,
    categoryId: r.categoryId,
    description: r.description,
    size: r.size,
    colour: r.colour,
    ...(r.hsnCode ? { hsnCode: r.hsnCode } : {}),
    unit: r.unit,
    ...(r.taxability ? { taxability: r.taxability } : {}),
    image: images[i]!.key,
    version: 1,
    ...created(actor),
  }));
  const deltas = new Map<number, { delta: number; row: number }>();
  rows.forEach((r) => addDelta(deltas, r.categoryId, 1, r.row));
  await commit(
    scope,
    [
      ...products.flatMap((p, i) => productData.createWrites(tenantId, p, `Row ${rows[i]!.row}: ${PRODUCT_EXISTS}`)),
      ...categoryCountWrites(tenantId, deltas),
      productData.counterWrite(tenantId, products.length),
      ...productData.withoutHsnCountWrites(tenantId, products.map((after) => ({ after }))),
      { write: auditBulkWrite(scope, { entity: 'product', action: 'create', records: products.map((p) => ({ id: p.productId, after: p })) }) },
    ],
    images,
  );
  return withImageUrls(products);
}

/** Loads the products of these ids; any id that is not a product of the tenant answers 404. */
export async function findProducts(tenantId: string, productIds: number[]): Promise<StoredProduct[]> {
  const unique = [...new Set(productIds)];
  const products = await productData.byIds(tenantId, unique);
  if (products.length !== unique.length) throw new NotFound(PRODUCT_NOT_FOUND);
  return products;
}

/**
 * Bulk edit of the selected products, with the bulk add's rules (a new name must not belong to another product).
 * All rows are saved in one transaction or none; a product changed by someone else since it was read is refused.
 */
export async function updateProducts(scope: WriteScope, input: ProductUpdateRow[]): Promise<Product[]> {
  const { tenantId, actor } = scope;
  const rows = input.map((r, i) => ({ ...r, row: i + 1 }));
  const problems: RowProblem[] = [];
  const seenIds = new Set<number>();
  for (const r of rows) {
    if (seenIds.has(r.productId)) problems.push({ row: r.row, path: 'productId', message: 'This product is already in the list.' });
    seenIds.add(r.productId);
  }
  if (problems.length) refuseRows(problems);

  const stored = new Map((await findProducts(tenantId, rows.map((r) => r.productId))).map((p) => [p.productId, p]));
  const before = (r: (typeof rows)[number]) => stored.get(r.productId)!;
  for (const r of rows) {
    if (r.version !== undefined && r.version !== before(r).version) throw new Conflict(`Row ${r.row}: ${STALE_RECORD}`);
  }

  const owners = await productData.nameOwners(tenantId, rows.map((r) => r.productName));
  const seenNames = new Set<string>();
  for (const r of rows) {
    const key = searchKey(r.productName);
    const owner = owners.get(key);
    if ((owner !== undefined && owner !== r.productId) || seenNames.has(key)) {
      problems.push({ row: r.row, path: 'productName', message: PRODUCT_EXISTS });
    }
    seenNames.add(key);
  }
  const changedCategories = rows.filter((r) => r.categoryId !== before(r).categoryId);
  const categories = await categoryData.existing(tenantId, changedCategories.map((r) => r.categoryId));
  for (const r of changedCategories) {
    if (!categories.has(r.categoryId)) problems.push({ row: r.row, path: 'categoryId', message: CATEGORY_NOT_FOUND_ROW });
  }
  const checked = await checkImages(tenantId, rows, (r) => r, (r) => before(r).image, problems);
  if (problems.length) refuseRows(problems);

  const images = await storeAll(tenantId, checked, scope);
  const deltas = new Map<number, { delta: number; row: number }>();
  const writes: ProductWrite[] = [];
  const saved = rows.map((r, i) => {
    const old = before(r);
    const { hsnCode: _oldHsn, taxability: _oldTaxability, ...kept } = old;
    const product: StoredProduct = {
      ...kept,
      productName: r.productName,
      categoryId: r.categoryId,
      description: r.description,
      size: r.size,
      colour: r.colour,
      ...(r.hsnCode ? { hsnCode: r.hsnCode } : {}),
      unit: r.unit,
      ...(r.taxability ? { taxability: r.taxability } : {}),
      image: images[i]!.key,
      version: old.version + 1,
      ...updated(actor),
    };
    if (product.categoryId !== old.categoryId) {
      addDelta(deltas, old.categoryId, -1, r.row);
      addDelta(deltas, product.categoryId, 1, r.row);
    }
    writes.push(
      ...productData.updateWrites(tenantId, old, product, {
        stale: `Row ${r.row}: ${STALE_RECORD}`,
        duplicate: `Row ${r.row}: ${PRODUCT_EXISTS}`,
      }),
    );
    return product;
  });
  const audit = auditBulkWrite(scope, { entity: 'product', action: 'update', records: saved.map((p, i) => ({ id: p.productId, before: before(rows[i]!), after: p })) });
  const hsnMoves = saved.map((after, i) => ({ before: before(rows[i]!), after }));
  await commit(scope, [...writes, ...categoryCountWrites(tenantId, deltas), ...productData.withoutHsnCountWrites(tenantId, hsnMoves), { write: audit }], images);
  // Replaced pictures go once the products no longer point at them.
  await discardObjects(
    saved.map((p, i) => (images[i]!.created ? before(rows[i]!).image : undefined)),
    scope.log,
  );
  return withImageUrls(saved);
}

/** Deletes the selected products, all or none, with their name items, counts and images. */
export async function deleteProducts(scope: WriteScope, productIds: number[]): Promise<number[]> {
  const { tenantId, log } = scope;
  const products = await findProducts(tenantId, productIds);
  const deltas = new Map<number, { delta: number; row: number }>();
  products.forEach((p, i) => addDelta(deltas, p.categoryId, -1, i + 1));
  const writes = [
    ...products.flatMap((p) => productData.deleteWrites(tenantId, p, STALE_RECORD)),
    ...categoryCountWrites(tenantId, deltas),
    productData.counterWrite(tenantId, -products.length),
    ...productData.withoutHsnCountWrites(tenantId, products.map((before) => ({ before }))),
    { write: auditBulkWrite(scope, { entity: 'product', action: 'delete', records: products.map((p) => ({ id: p.productId, before: p })) }) },
  ];
  await commit(scope, writes, []);
  await discardObjects(
    products.map((p) => p.image),
    log,
  );
  return products.map((p) => p.productId);
}
