import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import { dynamo } from '../functions/lib/aws.js';
import { stockData, type StoredStock } from '../functions/stock/data.js';
import { PARTS_AT_ONCE } from '../functions/inventory/upload.js';
import { DEMO_PASSWORD } from '../infra/local/seed.js';
import { INVENTORY_TEMPLATE_COLUMNS } from '../shared/spreadsheets.js';
import { measure, printTable, withStack } from './lib.js';

/** Rows of the uploaded file; `UPLOAD_ROWS=2000` for a quick look. */
const UPLOAD_ROWS = Number(process.env.UPLOAD_ROWS ?? 10_000);
const SHOP_LINES = 20_000;

const brands = ['Aashirvaad', 'Britannia', 'Cadbury', 'Dabur', 'Everest', 'Fortune', 'Godrej', 'Haldiram', 'Lijjat', 'MTR', 'Nestle', 'Patanjali', 'Saffola', 'Tata', 'Amul', 'Parle'];
const goods = ['Atta', 'Basmati', 'Chana', 'Dal', 'Ghee', 'Honey', 'Jaggery', 'Masala', 'Namkeen', 'Oil', 'Papad', 'Rava', 'Sugar', 'Tea', 'Upma', 'Vermicelli'];

/** A 10,000-row inventory file: 40 new products of 25 artcodes each, every line received ten times. */
async function uploadFile(): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inventory');
  const headers = INVENTORY_TEMPLATE_COLUMNS.map((c) => c.name);
  sheet.addRow(headers);
  for (let k = 0; k < UPLOAD_ROWS; k++) {
    const line = k % 1000;
    const row: Record<string, string | number> = {
      productName: `Bench Staple ${String(Math.floor(line / 25)).padStart(2, '0')}`,
      category: 'Rice, Atta & Dal',
      vendor: 'Bench Wholesale',
      artcode: `BN${String(line).padStart(4, '0')}`,
      barcode: `8907${String(line).padStart(6, '0')}`,
      quantity: 1 + (k % 9),
      cgst: 2.5,
      sgst: 2.5,
      mrp: 75,
      buyingPrice: 61.5,
      sellingPrice: 72,
      size: '1 kg',
      colour: 'NA',
      description: 'Loose packed staple',
    };
    sheet.addRow(headers.map((h) => row[h] ?? null));
  }
  return new Blob([(await book.xlsx.writeBuffer()) as ArrayBuffer]);
}

/** 20,000 stock lines written straight to the table (the receipts' own path would take an hour to seed). */
export async function seedLines(tenantId: string): Promise<void> {
  const items = Array.from({ length: SHOP_LINES }, (_, i) => {
    const line: StoredStock = {
      stockId: 1_000_000 + i,
      productId: 1_000_000 + Math.floor(i / 2),
      productName: `${brands[i % brands.length]} ${goods[Math.floor(i / brands.length) % goods.length]} ${Math.floor(i / 256)}`,
      artcode: `SKU${String(i).padStart(6, '0')}`,
      barcode: `890${String(7_000_000_000 + i)}`,
      vendor: 'Bench Wholesale',
      quantity: i % 40,
      mrp: 9900,
      buyingPrice: 8000,
      sellingPrice: 9500,
      cgst: 250,
      sgst: 250,
      inventoryId: 1_000_000 + i,
      version: 1,
    };
    return stockData.createWrites(tenantId, line).map((w) => w.Put!.Item);
  }).flat();
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  for (let i = 0; i < chunks.length; i += 8) {
    await Promise.all(
      chunks.slice(i, i + 8).map((chunk) =>
        dynamo().send(new BatchWriteCommand({ RequestItems: { [process.env.TABLE_NAME!]: chunk.map((Item) => ({ PutRequest: { Item } })) } })),
      ),
    );
  }
}

/** A DynamoDB item (keys and attributes), as the document client takes it. */
type Item = Record<string, unknown>;

/**
 * Records, while on, the items every transaction writes (a Put's item, an Update's key): the upload's writes, to be
 * written again with plain BatchWriteItem as the baseline. Conditions are dropped; the copies go to partitions of
 * their own (`BENCHCOPY#` before the key), so they change nothing the upload wrote.
 */
function recordTransactionWrites() {
  const written: Item[] = [];
  let transactions = 0;
  let on = false;
  // Every client of the process (the handlers' tenant clients too) is a document client: its commands carry the
  // items as the code wrote them.
  const send = DynamoDBDocumentClient.prototype.send as unknown as (this: DynamoDBDocumentClient, command: unknown, ...rest: unknown[]) => Promise<unknown>;
  (DynamoDBDocumentClient.prototype as unknown as { send: typeof send }).send = function (command, ...rest) {
    if (on && command instanceof TransactWriteCommand) {
      transactions++;
      for (const t of command.input.TransactItems ?? []) {
        const item = t.Put?.Item ?? (t.Update ? { ...t.Update.Key, benchUpdated: true } : undefined);
        if (item) written.push({ ...item, pk: `BENCHCOPY#${String(item.pk)}` });
      }
    }
    return send.call(this, command, ...rest);
  };
  return {
    start: () => {
      written.length = 0;
      transactions = 0;
      on = true;
    },
    stop: () => {
      on = false;
      return { items: [...written], transactions };
    },
  };
}

/** Writes items with BatchWriteItem, 25 a request, `inFlight` requests at once (unprocessed items sent again). */
async function batchWriteAll(items: Item[], inFlight: number): Promise<number> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  // One item per key in a request, as BatchWriteItem requires (a counter updated by two transactions is written once).
  const unique = chunks.map((chunk) => [...new Map(chunk.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item])).values()]);
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < unique.length) {
        let request = unique[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (request.length) {
          const answer = await dynamo().send(new BatchWriteCommand({ RequestItems: { [process.env.TABLE_NAME!]: request } }));
          request = (answer.UnprocessedItems?.[process.env.TABLE_NAME!] ?? []) as typeof request;
        }
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * The inventory spreadsheet upload of 10,000 rows (stage, then every batch one after another as the browser sends
 * them; the server saves a batch's parts a few at a time) with its rows per second; then every item the upload's
 * transactions wrote, written again with plain BatchWriteItem (25 a request, as many requests at once as the server
 * saves parts) on the same emulator, as the baseline the upload is held to (within 3x). Peak RSS is the process
 * holding the local stack, emulators and handlers. Then the product suggestions of place order on a shop with 20,000
 * stock lines.
 */
export async function inventoryBenchmark(runs: number) {
  await withStack(async (stack) => {
    const signIn = await fetch(`${stack.apiUrl}/token/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenantid': 'demo' },
      body: JSON.stringify({ username: 'admin@demo.shop', password: DEMO_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const authorization = `Bearer ${token}`;
    const recorder = recordTransactionWrites();

    const file = await uploadFile();
    const rssBefore = process.resourceUsage().maxRSS / 1024;
    const started = process.hrtime.bigint();
    const form = new FormData();
    form.append('file', file, 'Bench.xlsx');
    const staged = await fetch(`${stack.apiUrl}/inventory/saveByFile/admin@demo.shop`, { method: 'POST', headers: { authorization }, body: form });
    if (staged.status !== 200) throw new Error(`upload ${staged.status} ${await staged.text()}`);
    const { uploadId, batches, batchSize } = (await staged.json()) as { uploadId: string; batches: number; batchSize: number };
    const stagedAt = process.hrtime.bigint();
    const batchMs: number[] = [];
    recorder.start();
    for (let batch = 1; batch <= batches; batch++) {
      const at = process.hrtime.bigint();
      const saved = await fetch(`${stack.apiUrl}/inventory/upload/${uploadId}/batch/${batch}`, { method: 'POST', headers: { authorization } });
      if (saved.status !== 200) throw new Error(`batch ${batch}: ${saved.status} ${await saved.text()}`);
      batchMs.push(Number(process.hrtime.bigint() - at) / 1e6);
    }
    const { items, transactions } = recorder.stop();
    const savedAt = process.hrtime.bigint();
    const totalSeconds = Number(savedAt - started) / 1e9;
    const saveSeconds = Number(savedAt - stagedAt) / 1e9;
    const rssUpload = process.resourceUsage().maxRSS / 1024;
    const baselineSeconds = await batchWriteAll(items, PARTS_AT_ONCE);
    const ratio = saveSeconds / baselineSeconds;

    console.log(`\nInventory upload: ${UPLOAD_ROWS.toLocaleString('en-IN')} rows, 1,000 lines of 40 new products, through the local gateway`);
    console.log(`  validate and stage  ${(Number(stagedAt - started) / 1e9).toFixed(1)} s`);
    console.log(
      `  save ${batches} batches    ${saveSeconds.toFixed(1)} s (a batch of ${batchSize} rows: mean ${(batchMs.reduce((a, b) => a + b, 0) / batchMs.length / 1000).toFixed(2)} s, slowest ${(Math.max(...batchMs) / 1000).toFixed(2)} s; its parts ${PARTS_AT_ONCE} at a time)`,
    );
    console.log(`  total               ${totalSeconds.toFixed(1)} s, ${(UPLOAD_ROWS / totalSeconds).toFixed(0)} rows/s`);
    console.log(
      `  items written       ${items.length.toLocaleString('en-IN')} (${(items.length / UPLOAD_ROWS).toFixed(1)} a row) in ${transactions.toLocaleString('en-IN')} transactions (${(items.length / transactions).toFixed(0)} items each; a rebuilt one counts again)`,
    );
    console.log(`  same items, plain BatchWriteItem (25 a request, ${PARTS_AT_ONCE} at once): ${baselineSeconds.toFixed(1)} s`);
    console.log(`  saving vs BatchWriteItem   ${ratio.toFixed(2)}x (goal: within 3x)${ratio > 3 ? '  ABOVE THE GOAL' : ''}`);
    console.log(`  peak RSS            ${rssUpload.toFixed(0)} MB after the upload (${rssBefore.toFixed(0)} MB before it; stack, emulators and handlers in one process)`);

    await seedLines('demo');
    const prefixes = ['tata', 'amul', 'parle m', 'haldiram', 'sku0012', 'sku01999', '89070000', 'zzzz'];
    let next = 0;
    const suggest = (all: boolean) => async () => {
      const text = prefixes[next++ % prefixes.length]!;
      const r = await fetch(`${stack.apiUrl}/inventory/anyList/${all}/${encodeURIComponent(text)}`, { headers: { authorization } });
      if (r.status !== 200) throw new Error(`suggestions ${r.status}`);
      await r.arrayBuffer();
    };
    printTable(`Suggestions on a shop with ${SHOP_LINES.toLocaleString('en-IN')} stock lines (name, artcode and barcode prefixes)`, [
      await measure('GET /inventory/anyList/false/{text}', suggest(false), runs),
      await measure('GET /inventory/anyList/true/{text} (+ catalogue)', suggest(true), runs),
    ]);
  });
}
