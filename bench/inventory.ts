import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import { dynamo } from '../functions/lib/aws.js';
import { stockData, type StoredStock } from '../functions/stock/data.js';
import { DEMO_PASSWORD } from '../infra/local/seed.js';
import { INVENTORY_TEMPLATE_COLUMNS } from '../shared/spreadsheets.js';
import { measure, printTable, withStack } from './lib.js';

const UPLOAD_ROWS = 10_000;
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
async function seedLines(tenantId: string): Promise<void> {
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

/**
 * The inventory spreadsheet upload of 10,000 rows (stage, then every batch as the browser sends them) with its
 * rows per second and the peak memory of the process holding the local stack and handlers; and the product
 * suggestions of place order on a shop with 20,000 stock lines.
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

    const file = await uploadFile();
    const started = process.hrtime.bigint();
    const form = new FormData();
    form.append('file', file, 'Bench.xlsx');
    const staged = await fetch(`${stack.apiUrl}/inventory/saveByFile/admin@demo.shop`, { method: 'POST', headers: { authorization }, body: form });
    if (staged.status !== 200) throw new Error(`upload ${staged.status} ${await staged.text()}`);
    const { uploadId, batches } = (await staged.json()) as { uploadId: string; batches: number };
    const stagedAt = process.hrtime.bigint();
    const batchMs: number[] = [];
    for (let batch = 1; batch <= batches; batch++) {
      const at = process.hrtime.bigint();
      const saved = await fetch(`${stack.apiUrl}/inventory/upload/${uploadId}/batch/${batch}`, { method: 'POST', headers: { authorization } });
      if (saved.status !== 200) throw new Error(`batch ${batch}: ${saved.status} ${await saved.text()}`);
      batchMs.push(Number(process.hrtime.bigint() - at) / 1e6);
    }
    const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log('\nInventory upload: 10,000 rows, 1,000 lines of 40 new products, through the local gateway');
    console.log(`  validate and stage  ${(Number(stagedAt - started) / 1e9).toFixed(1)} s`);
    console.log(`  save ${batches} batches    ${(batchMs.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s (a batch of 250 rows: mean ${(batchMs.reduce((a, b) => a + b, 0) / batchMs.length / 1000).toFixed(2)} s, slowest ${(Math.max(...batchMs) / 1000).toFixed(2)} s)`);
    console.log(`  total               ${totalSeconds.toFixed(1)} s, ${(UPLOAD_ROWS / totalSeconds).toFixed(0)} rows/s`);
    console.log(`  peak RSS            ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (stack, emulators and handlers in one process)`);

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
