import { createHash, randomUUID } from 'node:crypto';
import { formatDate } from '../../shared/format.js';
import { indiaToday } from '../../shared/leave-days.js';
import { DEFAULT_UNIT } from '../../shared/gst.js';
import { toBasisPoints, toPaise } from '../../shared/money.js';
import { ENTER_NUMBER } from '../../shared/schemas/catalogue-fields.js';
import { blankAsAbsent, optionalHsn, unitSchema } from '../../shared/schemas/gst.js';
import type { UploadedFile } from '../../shared/schemas/common.js';
import {
  ARTCODE_REQUIRED,
  BARCODE_REQUIRED,
  MRP_NOT_ZERO,
  SELLING_ABOVE_MRP,
  duplicateUpload,
  rateInput,
  receivedQuantity,
  rupeesInput,
  type UploadProblem,
  type UploadProgress,
  type UploadStaged,
} from '../../shared/schemas/inventory.js';
import { INVENTORY_TEMPLATE_COLUMNS } from '../../shared/spreadsheets.js';
import { categoryData } from '../categories/data.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextIds, transact, updated, type TransactItem } from '../lib/db.js';
import { inParallel } from '../lib/in-parallel.js';
import { Conflict, Forbidden, NotFound, Validation } from '../lib/errors.js';
import { searchKey } from '../lib/keys.js';
import { putObject, readObject } from '../lib/storage.js';
import { productData, productWordItems, type ProductMove, type StoredProduct } from '../products/data.js';
import { STOCK_CHANGED, lowCountWrites, nextStockIds, stockCountWrite, transactWithStock, type PreparedStockChange } from '../stock/changes.js';
import { stockData } from '../stock/data.js';
import { templateData } from '../templates/data.js';
import { inventoryData, type ReceiptInput, type StoredUpload } from './data.js';
import { lineReceiptWrites } from './receipts.js';
import { headerKey, readSheet, templateHeaders, type Sheet } from './spreadsheet.js';

/**
 * Inventory spreadsheet upload in two steps, so a large file is saved in pieces the browser drives with a progress
 * bar, and a bad file saves nothing:
 * 1. `stageUpload` reads the whole file and checks every row against the tenant's template and the catalogue. Any
 *    problem refuses the file with every problem listed (row, column, reason). A good file is cut into batches of
 *    250 rows, each cut again into transactions sized to fit DynamoDB's 100 writes, and staged in S3.
 * 2. `commitBatch` saves one batch, its transactions a few at a time. Each transaction creates a marker item for
 *    itself, so a batch sent again (a retry after a timeout, or while the first call is still saving) skips what
 *    was saved and never raises stock twice.
 */

export const MAX_UPLOAD_ROWS = 10_000;
/** A batch is one request: a few seconds of transactions in AWS, well inside the function's timeout. */
export const BATCH_ROWS = 250;
/**
 * Parts of a batch saved at once. Each part is its own transaction with its own marker, so parts finish in any
 * order and a batch sent again skips those saved. Parts raising the same stock line or making or updating the same
 * product wait for each other (`recordsOf`); the others share only counters, and a transaction that meets another
 * on one (TransactionConflict in AWS) is built again and retried like any lost race.
 */
export const PARTS_AT_ONCE = 4;

/** The stock lines and products a part writes, by which parts that would contend for them are kept apart. */
const recordsOf = (rows: StagedRow[]) => [
  ...new Set(rows.flatMap((r) => [`line ${stockData.pairKey(r.productId, r.artcode)}`, ...(r.newProduct || r.productGst ? [`product ${r.productId}`] : [])])),
];
/** Problems listed in one answer: enough to fix a file, small enough to show. */
const MAX_LISTED_PROBLEMS = 1000;
const MAX_TRANSACTION_WRITES = 100;
/** Every part: its marker, the upload's saved-row count, the receipt counter, the receiving day, the low line counter. */
const FIXED_WRITES = 5;
/** A part that may create a line: the line counter. */
const NEW_LINE_FIXED_WRITES = 1;
/** A part creating products or giving one another HSN code: the product counter, the count without an HSN code. */
const PRODUCT_FIXED_WRITES = 2;
/**
 * Per line: its write, its movement, its day item, its audit record (one per stock line changed, so the line's own
 * history finds it); and its line key unless the line existed when the file was staged (lines are never removed).
 */
const LINE_WRITES = 4;
const LINE_KEY_WRITES = 1;
/**
 * Per product whose lines a part changes: its shelf (one item, the lines' figures merged into one update), unless
 * the part creates the product, whose empty shelf is counted with it.
 */
const SHELF_WRITES = 1;
/** Per new product: the product, its name claim, its empty shelf, its category's product count; then its name's words. */
const PRODUCT_WRITES = 4;
const newProductWrites = (tenantId: string, p: NewProduct) => PRODUCT_WRITES + productWordItems(tenantId, undefined, p).length;
/** Per existing product given another HSN code or unit: the product. */
const PRODUCT_UPDATE_WRITES = 1;

export const NO_ROWS = 'The file has no rows to upload.';
/** Made when a file is refused: formatting the number loads ICU's locale data, which a cold start should not pay. */
const tooManyRows = () => `The file has more than ${MAX_UPLOAD_ROWS.toLocaleString('en-IN')} rows. Please split it into smaller files.`;
export const UPLOAD_NOT_FOUND = 'Unknown upload. Please upload the file again.';
const PART_SAVED = 'This part of the upload was saved before.';
export const stagedTooLarge = (firstRow: number) =>
  `This upload was prepared by an earlier version of the server and its rows from row ${firstRow} cannot be saved as they are. The rows before row ${firstRow} are saved: please upload the rows from row ${firstRow} on again as a new file.`;
const columnMissing = 'This column of the inventory template is missing.';

/** The template columns the upload understands, with the field each fills. */
const FIELDS = ['productName', 'category', 'vendor', 'artcode', 'hsnCode', 'unit', 'barcode', 'quantity', 'cgst', 'sgst', 'mrp', 'buyingPrice', 'sellingPrice', 'size', 'colour', 'description'] as const;
type Field = (typeof FIELDS)[number];
/** Columns every file needs, whatever the tenant's template holds. */
const ESSENTIAL: Field[] = ['productName', 'artcode', 'barcode', 'quantity', 'cgst', 'sgst', 'mrp', 'buyingPrice'];
/** Columns added to the template after shops had filled files: a file without them uploads, leaving them not given. */
const OPTIONAL = new Set<Field>(INVENTORY_TEMPLATE_COLUMNS.flatMap((c) => ('optional' in c && c.optional ? [c.name] : [])));
// "HSN" stays the artcode's alias: files made when the artcode was called HSN still upload as they were meant.
const ALIASES: Record<string, Field> = {
  hsn: 'artcode',
  artcodehsn: 'artcode',
  hsnsac: 'hsnCode',
  uqc: 'unit',
  boughtprice: 'buyingPrice',
  color: 'colour',
};
const fieldOf = (header: string): Field | undefined => FIELDS.find((f) => headerKey(f) === headerKey(header)) ?? ALIASES[headerKey(header)];

/** A product the upload creates: its id is reserved when staging, its name claimed when its first row is saved. */
interface NewProduct {
  productId: number;
  productName: string;
  categoryId: number;
  size: string;
  colour: string;
  description: string;
  hsnCode?: string;
  unit: string;
}

/** The GST fields a row gives its product (an existing product is updated to them when they differ). */
interface ProductGst {
  hsnCode?: string;
  unit?: string;
}

interface StagedRow extends ReceiptInput {
  row: number;
  newProduct?: NewProduct;
  productGst?: ProductGst;
  /** The row's stock line existed when the file was staged, so saving it writes no line key. */
  lineKnown?: true;
}

interface StagedBatch {
  batch: number;
  parts: StagedRow[][];
}

// ------------------------------------------------------------------ reading and checking

/** The header texts of the tenant's current inventory template, or the default template's. */
async function expectedHeaders(tenantId: string): Promise<string[]> {
  const template = await templateData.latest(tenantId);
  const file = template && (await readObject(template.fileKey));
  const headers = file && (await templateHeaders(file));
  return headers?.length ? headers : INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name);
}

interface RowValues {
  row: number;
  get: (field: Field) => string | number | undefined;
  text: (field: Field) => string;
  column: (field: Field) => string;
}

function columnsOf(sheet: Sheet, expected: string[], problems: UploadProblem[]): Map<Field, { column: number; header: string }> {
  const found = new Map<Field, { column: number; header: string }>();
  const present = new Set<string>();
  for (const [column, header] of sheet.headers) {
    present.add(headerKey(header));
    const field = fieldOf(header);
    if (field && !found.has(field)) found.set(field, { column, header });
  }
  const missing = new Set<string>();
  for (const header of expected) {
    const field = fieldOf(header);
    if (field && OPTIONAL.has(field)) continue;
    if (!present.has(headerKey(header)) && !found.has(field!)) missing.add(header);
  }
  for (const field of ESSENTIAL) if (!found.has(field) && ![...missing].some((m) => fieldOf(m) === field)) missing.add(field);
  for (const header of missing) problems.push({ row: 1, column: header, reason: columnMissing });
  return found;
}

function parseCell<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T | string {
  const result = schema.safeParse(value ?? '');
  return result.success ? result.data : (result.error.issues[0]?.message ?? ENTER_NUMBER);
}

/** A code column: Excel turns 61091000 typed in a General cell into a number, which is still the code. */
const codeCell = (value: string | number | undefined) => (typeof value === 'number' ? String(value) : value);
const optionalUnit = blankAsAbsent(unitSchema);
type CodeSchema = { safeParse: (v: unknown) => { success: true; data: string | undefined } | { success: false; error: { issues: { message: string }[] } } };

/** Checks every row, collecting each problem; answers the rows ready to stage when there is none. */
async function checkRows(scope: WriteScope, sheet: Sheet, expected: string[]): Promise<StagedRow[]> {
  const { tenantId } = scope;
  const problems: UploadProblem[] = [];
  const columns = columnsOf(sheet, expected, problems);
  if (problems.length) refuse(problems);
  if (!sheet.rows.length) throw new Validation(NO_ROWS);
  if (sheet.rows.length > MAX_UPLOAD_ROWS) throw new Validation(tooManyRows());

  const rows: RowValues[] = sheet.rows.map(({ row, cells }) => {
    const get = (field: Field) => {
      const at = columns.get(field);
      return at ? cells.get(at.column) : undefined;
    };
    return {
      row,
      get,
      text: (field) => String(get(field) ?? '').trim(),
      column: (field) => columns.get(field)?.header ?? field,
    };
  });

  const names = [...new Set(rows.map((r) => r.text('productName')).filter(Boolean))];
  const owners = await productData.nameOwners(tenantId, names);
  const existing = new Map((await productData.byIds(tenantId, [...new Set(owners.values())])).map((p) => [p.productId, p]));
  const categories = new Map((await categoryData.all(tenantId)).map((c) => [searchKey(c.categoryName), c.categoryId]));
  const newNames = names.filter((n) => !owners.has(searchKey(n)));
  const reserved = await nextIds(tenantId, 'product', new Set(newNames.map(searchKey)).size);
  const newProducts = new Map<string, NewProduct>();
  /** The HSN code and unit the file gives each product, with the row that first gave them. */
  const givenGst = new Map<number, { hsnCode?: { value: string; row: number }; unit?: { value: string; row: number } }>();

  const staged: StagedRow[] = [];
  for (const r of rows) {
    const problem = (field: Field, reason: string) => problems.push({ row: r.row, column: r.column(field), reason });
    const required = (field: Field, reason: string, max = 50) => {
      const value = r.text(field);
      if (!value) problem(field, reason);
      else if (value.length > max) problem(field, `At most ${max} characters, please.`);
      return value;
    };
    const productName = required('productName', 'Product Name is required.', 100);
    const artcode = required('artcode', ARTCODE_REQUIRED);
    const barcode = required('barcode', BARCODE_REQUIRED);
    const vendor = r.text('vendor');
    if (vendor.length > 100) problem('vendor', 'At most 100 characters, please.');
    const number = <T,>(field: Field, schema: Parameters<typeof parseCell<T>>[0]) => {
      const value = parseCell(schema, r.get(field));
      if (typeof value === 'string') problem(field, value);
      return typeof value === 'string' ? undefined : value;
    };
    const quantity = number('quantity', receivedQuantity);
    const cgst = number('cgst', rateInput);
    const sgst = number('sgst', rateInput);
    const mrp = number('mrp', rupeesInput);
    const buyingPrice = number('buyingPrice', rupeesInput);
    const sellingPrice = r.get('sellingPrice') === undefined ? mrp : number('sellingPrice', rupeesInput);
    if (mrp === 0) problem('mrp', MRP_NOT_ZERO);
    if (mrp !== undefined && sellingPrice !== undefined && sellingPrice > mrp) problem('sellingPrice', SELLING_ABOVE_MRP);
    const code = (field: 'hsnCode' | 'unit', schema: CodeSchema) => {
      const result = schema.safeParse(codeCell(r.get(field)));
      if (!result.success) problem(field, result.error.issues[0]!.message);
      return result.success ? result.data : undefined;
    };
    const gst: ProductGst = { hsnCode: code('hsnCode', optionalHsn), unit: code('unit', optionalUnit) };

    let productId = productName ? owners.get(searchKey(productName)) : undefined;
    let newProduct: NewProduct | undefined;
    if (productName && productId === undefined) {
      newProduct = newProducts.get(searchKey(productName));
      if (!newProduct) {
        const categoryName = r.text('category');
        const categoryId = categoryName ? categories.get(searchKey(categoryName)) : undefined;
        if (!categoryName) problem('category', 'Category is required for a new product.');
        else if (categoryId === undefined) problem('category', 'Category not found.');
        const size = required('size', 'Size is required for a new product.');
        const colour = required('colour', 'Colour is required for a new product.');
        const description = required('description', 'Description is required for a new product.', 500);
        if (categoryId !== undefined && size && colour && description) {
          newProduct = { productId: reserved[newProducts.size]!, productName, categoryId, size, colour, description, unit: DEFAULT_UNIT };
          newProducts.set(searchKey(productName), newProduct);
        }
      }
      productId = newProduct?.productId;
    }
    if (productId !== undefined) {
      const given = givenGst.get(productId) ?? {};
      for (const field of ['hsnCode', 'unit'] as const) {
        const value = gst[field];
        const earlier = given[field];
        if (value === undefined) continue;
        const label = field === 'hsnCode' ? 'HSN code' : 'unit';
        if (!earlier) given[field] = { value, row: r.row };
        else if (earlier.value !== value) problem(field, `Row ${earlier.row} gives this product the ${label} ${earlier.value}: one product has one ${label}.`);
      }
      givenGst.set(productId, given);
    }
    if (productId === undefined || quantity === undefined || cgst === undefined || sgst === undefined || mrp === undefined) continue;
    if (buyingPrice === undefined || sellingPrice === undefined || !artcode || !barcode) continue;
    staged.push({
      row: r.row,
      productId,
      productName: existing.get(productId)?.productName ?? productName,
      vendor,
      artcode,
      barcode,
      quantity,
      cgst: toBasisPoints(cgst),
      sgst: toBasisPoints(sgst),
      mrp: toPaise(mrp),
      buyingPrice: toPaise(buyingPrice),
      sellingPrice: toPaise(sellingPrice),
      ...(newProduct ? { newProduct } : {}),
    });
  }
  if (problems.length) refuse(problems);
  return withProductGst(staged, givenGst, existing);
}

/**
 * New products take the HSN code and unit their rows give; an existing product given another one is updated, by
 * its first row in the file (so one transaction writes it once).
 */
function withProductGst(
  staged: StagedRow[],
  givenGst: Map<number, { hsnCode?: { value: string }; unit?: { value: string } }>,
  existing: Map<number, StoredProduct>,
): StagedRow[] {
  const updated = new Set<number>();
  return staged.map((row) => {
    const given = givenGst.get(row.productId);
    if (!given) return row;
    if (row.newProduct) {
      row.newProduct.hsnCode ??= given.hsnCode?.value;
      row.newProduct.unit = given.unit?.value ?? row.newProduct.unit;
      return row;
    }
    const product = existing.get(row.productId);
    if (!product || updated.has(row.productId)) return row;
    const productGst: ProductGst = {
      ...(given.hsnCode && given.hsnCode.value !== product.hsnCode ? { hsnCode: given.hsnCode.value } : {}),
      ...(given.unit && given.unit.value !== (product.unit ?? DEFAULT_UNIT) ? { unit: given.unit.value } : {}),
    };
    if (!Object.keys(productGst).length) return row;
    updated.add(row.productId);
    return { ...row, productGst };
  });
}

function refuse(problems: UploadProblem[]): never {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const rows = new Set(sorted.map((p) => p.row)).size;
  const listed = sorted.slice(0, MAX_LISTED_PROBLEMS);
  const more = sorted.length > listed.length ? ` The first ${listed.length} of ${sorted.length} problems are listed.` : '';
  throw new Validation(
    `The file was not saved: ${rows} row(s) have problems. Row ${sorted[0]!.row}, ${sorted[0]!.column}: ${sorted[0]!.reason}${more}`,
    listed,
  );
}

// ------------------------------------------------------------------ staging

/**
 * Counts the writes a part's transaction needs at most, row by row: the fixed ones, each row's receipt, each line's
 * (once however many rows it has in the part), each product's shelf and each new product's writes once.
 */
function partWrites(tenantId: string) {
  const lines = new Set<string>();
  const shelves = new Set<number>();
  const created = new Set<number>();
  let mayCreateLine = false;
  let changesProducts = false;
  let writes = FIXED_WRITES;
  const cost = (row: StagedRow) => {
    const line = stockData.pairKey(row.productId, row.artcode);
    const newLine = !row.lineKnown && !lines.has(line);
    const newProduct = row.newProduct !== undefined && !created.has(row.productId);
    return {
      line,
      writes:
        1 +
        (lines.has(line) ? 0 : LINE_WRITES + (row.lineKnown ? 0 : LINE_KEY_WRITES)) +
        (shelves.has(row.productId) || newProduct ? 0 : SHELF_WRITES) +
        (newProduct ? newProductWrites(tenantId, row.newProduct!) : 0) +
        (row.productGst ? PRODUCT_UPDATE_WRITES : 0) +
        (newLine && !mayCreateLine ? NEW_LINE_FIXED_WRITES : 0) +
        ((newProduct || row.productGst) && !changesProducts ? PRODUCT_FIXED_WRITES : 0),
    };
  };
  return {
    /** The writes with `row` added. */
    with: (row: StagedRow) => writes + cost(row).writes,
    add(row: StagedRow) {
      const { line, writes: more } = cost(row);
      writes += more;
      if (!row.lineKnown && !lines.has(line)) mayCreateLine = true;
      if (row.newProduct || row.productGst) changesProducts = true;
      lines.add(line);
      shelves.add(row.productId);
      if (row.newProduct) created.add(row.productId);
      return writes;
    },
  };
}

/** The writes a part's transaction needs at most, counted as `partsOf` counts them. */
function writesAtMost(tenantId: string, rows: StagedRow[]): number {
  const counter = partWrites(tenantId);
  let writes = FIXED_WRITES;
  for (const row of rows) writes = counter.add(row);
  return writes;
}

/**
 * Cuts a batch into transactions by the writes each would need at most: the cut depends only on the staged rows,
 * so a retried batch meets the same transactions and their markers.
 */
function partsOf(tenantId: string, rows: StagedRow[]): StagedRow[][] {
  const parts: StagedRow[][] = [];
  let part: StagedRow[] = [];
  let counter = partWrites(tenantId);
  for (const row of rows) {
    if (part.length && counter.with(row) > MAX_TRANSACTION_WRITES) {
      parts.push(part);
      part = [];
      counter = partWrites(tenantId);
    }
    counter.add(row);
    part.push(row);
  }
  if (part.length) parts.push(part);
  return parts;
}

/** Marks the rows whose stock line exists now: a line is never removed, so saving them creates no line key. */
async function withKnownLines(tenantId: string, rows: StagedRow[]): Promise<StagedRow[]> {
  const existing = rows.filter((r) => !r.newProduct);
  if (!existing.length) return rows;
  const lines = await stockData.byProducts(tenantId, existing.map((r) => ({ productId: r.productId, artcode: r.artcode })));
  return rows.map((r) => (!r.newProduct && lines.has(stockData.pairKey(r.productId, r.artcode)) ? { ...r, lineKnown: true } : r));
}

export async function stageUpload(scope: WriteScope, file: UploadedFile, confirm: boolean): Promise<UploadStaged> {
  const { tenantId, actor } = scope;
  const hash = createHash('sha256').update(file.data).digest('hex');
  const earlier = await inventoryData.fileUploaded(tenantId, hash);
  if (earlier && !confirm) {
    throw new Conflict(duplicateUpload(formatDate(earlier.uploadedOn), earlier.uploadedBy), { ...earlier, duplicate: true });
  }
  const [sheet, expected] = await Promise.all([readSheet(file.data, MAX_UPLOAD_ROWS), expectedHeaders(tenantId)]);
  const rows = await withKnownLines(tenantId, await checkRows(scope, sheet, expected));

  const uploadId = randomUUID();
  const batches: StagedBatch[] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    batches.push({ batch: batches.length + 1, parts: partsOf(tenantId, rows.slice(i, i + BATCH_ROWS)) });
  }
  await Promise.all(
    batches.map((b) => putObject(inventoryData.stagedKey(tenantId, uploadId, b.batch), Buffer.from(JSON.stringify(b)), 'application/json')),
  );
  const upload: StoredUpload = {
    uploadId,
    fileName: file.fileName,
    hash,
    rows: rows.length,
    batches: batches.length,
    batchSize: BATCH_ROWS,
    savedRows: 0,
    uploadedBy: actor.userName,
    uploadedOn: actor.now.toISOString(),
  };
  await transact(inventoryData.stageWrites(tenantId, upload));
  scope.log.info('inventory upload staged', { uploadId, rows: rows.length, batches: batches.length });
  return { uploadId, fileName: file.fileName, rows: rows.length, batches: batches.length, batchSize: BATCH_ROWS };
}

// ------------------------------------------------------------------ committing

const rowList = (rows: StagedRow[]) => {
  const numbers = rows.map((r) => r.row);
  return numbers.length > 6 ? `${numbers.slice(0, 6).join(', ')}…` : numbers.join(', ');
};

/** Products of a part that do not exist yet; a name someone else claimed meanwhile is used as theirs. */
async function resolveProducts(tenantId: string, rows: StagedRow[]): Promise<{ rows: StagedRow[]; create: NewProduct[] }> {
  const pending = [...new Map(rows.flatMap((r) => (r.newProduct ? [[r.newProduct.productId, r.newProduct] as const] : []))).values()];
  if (!pending.length) return { rows, create: [] };
  const owners = await productData.nameOwners(tenantId, pending.map((p) => p.productName));
  const create = pending.filter((p) => !owners.has(searchKey(p.productName)));
  const resolved = rows.map((r) => {
    const owner = r.newProduct && owners.get(searchKey(r.newProduct.productName));
    return owner === undefined ? r : { ...r, productId: owner, newProduct: undefined };
  });
  return { rows: resolved, create };
}

function productWrites(tenantId: string, products: NewProduct[], scope: WriteScope): { items: TransactItem[]; messages: (string | undefined)[]; moves: ProductMove[] } {
  const items: TransactItem[] = [];
  const messages: (string | undefined)[] = [];
  const moves: ProductMove[] = [];
  const perCategory = new Map<number, number>();
  for (const p of products) {
    const stored: StoredProduct = { ...p, image: '', version: 1, ...created(scope.actor) };
    moves.push({ after: stored });
    // A name claimed by someone a moment ago, or the product made meanwhile by another part of this upload saved at
    // the same time: build the part again, which then uses that product.
    for (const w of productData.createWrites(tenantId, stored, STOCK_CHANGED)) {
      items.push(w.write);
      messages.push(w.message ?? STOCK_CHANGED);
    }
    perCategory.set(p.categoryId, (perCategory.get(p.categoryId) ?? 0) + 1);
  }
  for (const [categoryId, count] of perCategory) {
    items.push(categoryData.productCountWrite(tenantId, categoryId, count));
    messages.push(`A category of this upload was deleted. Please check the categories and upload the file again.`);
  }
  if (products.length) {
    items.push(productData.counterWrite(tenantId, products.length).write);
    messages.push(undefined);
  }
  return { items, messages, moves };
}

/**
 * Existing products given another HSN code or unit, updated as read now: one changed meanwhile makes the part be
 * built again (with it read again), as a stock line changed meanwhile does.
 */
async function productGstWrites(scope: WriteScope, rows: StagedRow[]): Promise<{ items: TransactItem[]; messages: (string | undefined)[]; moves: ProductMove[] }> {
  const changes = new Map(rows.flatMap((r) => (r.productGst ? [[r.productId, r.productGst] as const] : [])));
  const items: TransactItem[] = [];
  const messages: (string | undefined)[] = [];
  const moves: ProductMove[] = [];
  if (!changes.size) return { items, messages, moves };
  for (const before of await productData.byIds(scope.tenantId, [...changes.keys()])) {
    const change = changes.get(before.productId)!;
    const after: StoredProduct = { ...before, ...change, version: before.version + 1, ...updated(scope.actor) };
    if (after.hsnCode === before.hsnCode && after.unit === before.unit) continue;
    moves.push({ before, after });
    for (const w of productData.updateWrites(scope.tenantId, before, after, { stale: STOCK_CHANGED, duplicate: STOCK_CHANGED })) {
      items.push(w.write);
      messages.push(w.message);
    }
  }
  return { items, messages, moves };
}

/** The items a transaction writes: the shelf updates of one product's lines are sent as one (`op.setFields`). */
const itemsWritten = (items: TransactItem[]) =>
  new Set(
    items.map((i) => {
      const key = i.Put?.Item ?? i.Update?.Key ?? i.Delete?.Key ?? i.ConditionCheck?.Key ?? {};
      return `${String(key.pk)}|${String(key.sk)}`;
    }),
  ).size;

async function commitPart(scope: WriteScope, upload: StoredUpload, batch: number, part: number, staged: StagedRow[]): Promise<void> {
  const { tenantId, actor } = scope;
  const date = indiaToday(actor.now);
  const build = async () => {
    const { rows, create } = await resolveProducts(tenantId, staged);
    const groups = new Map<string, StagedRow[]>();
    for (const r of rows) {
      const key = stockData.pairKey(r.productId, r.artcode);
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const lines = await stockData.byProducts(tenantId, rows.map((r) => ({ productId: r.productId, artcode: r.artcode })));
    const newLines = [...groups.keys()].filter((k) => !lines.has(k)).length;
    const [inventoryIds, stockIds] = await Promise.all([nextIds(tenantId, 'inventory', rows.length), nextStockIds(tenantId, newLines)]);
    const products = productWrites(tenantId, create, scope);
    const gstUpdates = await productGstWrites(scope, rows);
    const items: TransactItem[] = [...inventoryData.partWrites(tenantId, upload.uploadId, batch, part, rows.length), ...products.items, ...gstUpdates.items];
    const messages: (string | undefined)[] = [PART_SAVED, undefined, ...products.messages, ...gstUpdates.messages];
    let nextInventory = 0;
    let nextStock = 0;
    const changes: PreparedStockChange[] = [];
    for (const [key, group] of groups) {
      const line = lines.get(key);
      const ids = group.map(() => inventoryIds[nextInventory++]!);
      const prepared = lineReceiptWrites(
        { tenantId, actor, date, source: `Upload ${upload.uploadId}`, reason: 'upload', ref: () => `Upload ${upload.fileName}, row ${rowList(group)}` },
        { line, newStockId: line ? 0 : stockIds[nextStock++]!, rows: group, inventoryIds: ids },
      );
      items.push(...prepared.items);
      messages.push(...prepared.messages);
      changes.push(prepared.change);
    }
    items.push(...inventoryData.countWrites(tenantId, date, rows));
    if (newLines) items.push(stockCountWrite(tenantId, newLines));
    items.push(...lowCountWrites(tenantId, changes));
    items.push(...productData.withoutHsnCountWrites(tenantId, [...products.moves, ...gstUpdates.moves]).map((w) => w.write));
    // A part cut before its writes were counted as they are now (an upload staged before an update of the server)
    // may not fit one transaction: refused with what to do, instead of DynamoDB's refusal.
    if (itemsWritten(items) > MAX_TRANSACTION_WRITES) throw new Validation(stagedTooLarge(staged[0]!.row));
    return { items, messages };
  };
  try {
    await transactWithStock(build);
  } catch (error) {
    // Saved by an earlier call of the same batch that the browser gave up waiting for.
    if (error instanceof Conflict && error.message === PART_SAVED) return;
    throw error;
  }
}

export async function commitBatch(scope: WriteScope, uploadId: string, batch: number): Promise<UploadProgress> {
  const { tenantId, actor } = scope;
  const upload = await inventoryData.upload(tenantId, uploadId);
  if (!upload) throw new NotFound(UPLOAD_NOT_FOUND);
  if (upload.uploadedBy !== actor.userName) throw new Forbidden('Only the user who uploaded the file can save it.');
  if (batch > upload.batches) throw new NotFound(`This upload has ${upload.batches} batch(es).`);
  const body = await readObject(inventoryData.stagedKey(tenantId, uploadId, batch));
  if (!body) throw new NotFound(UPLOAD_NOT_FOUND);
  const staged = JSON.parse(body.toString('utf8')) as StagedBatch;
  const done = await inventoryData.committedParts(tenantId, uploadId, batch, staged.parts.length);
  // A part cut by an earlier version of the server that no longer fits one transaction stops the batch there; the
  // parts before it are saved, so the message's "rows before row N are saved" holds.
  const tooLarge = staged.parts.findIndex((rows) => writesAtMost(tenantId, rows) > MAX_TRANSACTION_WRITES);
  const savable = tooLarge < 0 ? staged.parts : staged.parts.slice(0, tooLarge);
  await inParallel(
    [...savable.entries()].filter(([part]) => !done.has(part)),
    PARTS_AT_ONCE,
    ([part, rows]) => commitPart(scope, upload, batch, part, rows),
    ([, rows]) => recordsOf(rows),
  );
  if (tooLarge >= 0) throw new Validation(stagedTooLarge(staged.parts[tooLarge]![0]!.row));
  const after = (await inventoryData.upload(tenantId, uploadId))!;
  scope.log.info('inventory upload batch saved', { uploadId, batch, savedRows: after.savedRows });
  return { uploadId, batch, batches: upload.batches, rows: upload.rows, savedRows: after.savedRows, done: after.savedRows >= upload.rows };
}
