import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { computeBill, shopDay } from '../shared/bill.js';
import { toRupees } from '../shared/money.js';
import { ROLE } from '../shared/roles.js';
import { expenseBody } from '../shared/schemas/expense.js';
import type { YearlyReturns } from '../shared/schemas/expense.js';
import { purchaseBody, returnBody, type PaymentMode, type PurchaseBody } from '../shared/schemas/purchase.js';
import { createExpense } from '../functions/expenses/service.js';
import { receive } from '../functions/inventory/service.js';
import { searchKey } from '../functions/lib/keys.js';
import { rootLogger } from '../functions/lib/logger.js';
import { productData } from '../functions/products/data.js';
import { returnGoods, saveBill } from '../functions/purchases/service.js';
import { stockData, type StoredStock } from '../functions/stock/data.js';
import { demoCatalogue, seedCatalogue } from '../infra/local/seed-catalogue.js';
import { DEMO_PASSWORD, seedTenant } from '../infra/local/seed.js';
import { seedLines } from './inventory.js';
import { countReads, measure, random, readsOf, signIn, timed, timingOf, withStack, type Reads, type Timing } from './lib.js';

/**
 * Report figures over a shop's whole year: the monthly sales report, the returns report, the yearly returns and
 * the sales and purchase reports of a month and of the year, timed on one shop at two volumes of bills. Every bill,
 * return, receipt and expense is written through the point of sale's, inventory's and expenses' own services
 * (dated on days of last year), so the daily, monthly and per-product aggregates are kept exactly as in
 * production; a sample of today's bills goes through POST /purchase. The figures answered are checked against the
 * bills written, and the DynamoDB items each report reads are counted, to show they follow the aggregates, not
 * the bills.
 */

const SHOP = 'rbench';
/** Bills of the shop at each measure; `REPORT_BILLS=500,5000` by default. */
const VOLUMES = (process.env.REPORT_BILLS ?? '500,5000').split(',').map(Number);
const YEAR = new Date().getUTCFullYear() - 1;
const MONTH = 6;
const CUSTOMERS = 40;
const API_SAMPLE = 25;
const RETURN_SHARE = 0.02;
const DAY_MS = 86_400_000;

/** Shelf prices of the catalogue's twenty products (MRP and bought price in rupees, GST percent). */
const PRICES: [number, number, number][] = [
  [899, 760, 5], [1450, 1240, 5], [545, 470, 5], [189, 158, 5], [142, 118, 5], [165, 139, 5], [1125, 960, 5],
  [198, 166, 5], [96, 78, 18], [160, 131, 18], [134, 109, 18], [210, 172, 18], [90, 76, 18], [150, 124, 18],
  [110, 90, 12], [320, 268, 5], [345, 290, 18], [1299, 820, 12], [2499, 1750, 5], [399, 240, 5],
];


interface PlannedBill {
  at: Date;
  customer: number;
  mode: PaymentMode;
  lines: { product: number; quantity: number }[];
  /** Days after the sale when one unit of the first line comes back. */
  returnAfter?: number;
}

/** Bills on every day of the year between 09:00 and 21:00 in India, everyday goods sold more than apparel. */
function planBills(count: number): PlannedBill[] {
  const next = random(7);
  const days = (Date.UTC(YEAR + 1, 0, 1) - Date.UTC(YEAR, 0, 1)) / DAY_MS;
  const weights = PRICES.map((_, i) => 1 / (1 + 0.12 * i));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = next() * total;
    for (const [i, w] of weights.entries()) if ((r -= w) < 0) return i;
    return weights.length - 1;
  };
  return Array.from({ length: count }, () => {
    const day = Math.floor(next() * days);
    const at = new Date(Date.UTC(YEAR, 0, 1) + day * DAY_MS + (3.5 + next() * 12) * 3_600_000);
    const products = new Set<number>();
    const want = 1 + Math.floor(next() ** 1.5 * 4);
    while (products.size < want) products.add(pick());
    const returnAfter = next() < RETURN_SHARE ? Math.floor(next() * 4) : undefined;
    return {
      at,
      customer: Math.floor(next() * CUSTOMERS),
      mode: next() < 0.6 ? 'Cash' : 'Online',
      lines: [...products].map((product) => ({ product, quantity: 1 + Math.floor(next() * next() * 3) })),
      // A return stays within the year, so the year's figures hold every refund.
      ...(returnAfter !== undefined && day + returnAfter < days ? { returnAfter } : {}),
    } satisfies PlannedBill;
  });
}

const mobileOf = (customer: number) => `98450${String(10000 + customer).slice(-5)}`;
const at = (now: Date, userName = `cashier@${SHOP}.shop`) => ({ tenantId: SHOP, actor: { userName, now }, log: rootLogger });

function billBody(lines: { stock: StoredStock; quantity: number }[], mobileNumber: string, mode: PaymentMode): PurchaseBody {
  const figures = computeBill({
    lines: lines.map(({ stock, quantity }) => ({ mrp: stock.mrp, rate: stock.sellingPrice, quantity, cgstRate: stock.cgst, sgstRate: stock.sgst })),
  });
  return purchaseBody.parse({
    mobileNumber,
    paymentMode: mode,
    purchasedProduct: lines.map(({ stock, quantity }) => ({
      productId: stock.productId,
      productName: stock.productName,
      artcode: stock.artcode,
      quantity,
      sellingPrice: toRupees(stock.sellingPrice),
    })),
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    redeemAmount: 0,
    netAmount: toRupees(figures.paid),
  });
}

/** What the year's figures must add up to, in paise, from the bills, returns and expenses written. */
interface Expected {
  bills: number;
  sold: number;
  bought: number;
  expense: number;
  returns: number;
}

/** The shop: owner and cashier, forty regular customers, the demo catalogue, a year of monthly receipts and expenses. */
async function prepareShop(plan: PlannedBill[]): Promise<StoredStock[]> {
  const opened = new Date(Date.UTC(YEAR, 0, 1, 3, 30));
  await seedTenant(
    {
      tenant: {
        tenantId: SHOP,
        tenantName: SHOP,
        displayName: 'Bench Mart',
        address: '4, Sayyaji Rao Road, Mysuru 570001',
        gstNumber: '29AAPFU0939F1ZV',
        emailId: `accounts@${SHOP}.shop`,
        reportEmails: false,
      },
      users: [
        { userName: `owner@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9700000101' },
        { userName: `cashier@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9700000102', manager: `owner@${SHOP}.shop` },
      ],
      policies: [],
      walkInCustomers: Array.from({ length: CUSTOMERS }, (_, i) => ({
        customerName: `Regular${i + 1}@${SHOP}.shop`,
        mobileNumber: mobileOf(i),
        emailId: `regular${i + 1}@example.in`,
        address: 'Mysuru',
      })),
    },
    opened,
  );
  await seedCatalogue(at(opened, `owner@${SHOP}.shop`), demoCatalogue);
  const names = demoCatalogue.products.map((p) => p.productName);
  const owners = await productData.nameOwners(SHOP, names);
  const products = await productData.byIds(SHOP, names.map((n) => owners.get(searchKey(n))!));
  const byName = new Map(products.map((p) => [p.productName, p]));
  // Goods received on the 1st of every month: enough for the most popular product's sales and today's sample.
  const sold = new Map<number, number>();
  for (const bill of plan) for (const l of bill.lines) sold.set(l.product, (sold.get(l.product) ?? 0) + l.quantity);
  const units = Math.ceil((Math.max(...sold.values()) + 2 * API_SAMPLE) / 12);
  for (let month = 0; month < 12; month++) {
    for (const [i, name] of names.entries()) {
      const [mrp, buyingPrice, gst] = PRICES[i]!;
      await receive(at(new Date(Date.UTC(YEAR, month, 1, 4, 0)), `owner@${SHOP}.shop`), {
        productId: byName.get(name)!.productId,
        vendor: 'Mysuru Wholesale',
        artcode: `BM${String(1001 + i)}`,
        barcode: `8906${String(1_000_000 + i * 7919).padStart(9, '0')}`,
        quantity: units,
        cgst: gst / 2,
        sgst: gst / 2,
        mrp,
        buyingPrice,
        sellingPrice: i % 3 === 0 ? Math.round(mrp * 0.95) : mrp,
      });
    }
  }
  return Promise.all(names.map((_, i) => stockData.byProduct(SHOP, byName.get(names[i]!)!.productId, `BM${String(1001 + i)}`).then((s) => s!)));
}

/** Rent, electricity and staff tea every month, through the expenses service (month and day totals kept). */
async function writeExpenses(expected: Expected) {
  for (let month = 0; month < 12; month++) {
    for (const [day, expenseName, paymentMode, amount] of [
      [5, 'Shop rent', 'Online', 15000],
      [10, 'Electricity bill', 'Online', 2100 + 50 * month],
      [20, 'Tea and snacks for staff', 'Cash', 540],
    ] as const) {
      const date = new Date(Date.UTC(YEAR, month, day, 6, 0));
      await createExpense(at(date, `owner@${SHOP}.shop`), expenseBody.parse({ expenseName, paymentMode, expenseDate: shopDay(date), expenseAmount: amount }));
      expected.expense += amount * 100;
    }
  }
}

/** Writes planned bills (oldest first) and their returns through the point of sale's service. */
async function writeBills(planned: PlannedBill[], stock: StoredStock[], expected: Expected) {
  for (const bill of [...planned].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const body = billBody(bill.lines.map((l) => ({ stock: stock[l.product]!, quantity: l.quantity })), mobileOf(bill.customer), bill.mode);
    const { bill: saved, lines } = await saveBill(at(bill.at), body);
    expected.bills += 1;
    expected.sold += saved.paid;
    expected.bought += saved.cost;
    if (bill.returnAfter === undefined) continue;
    const line = lines[0]!;
    const { record } = await returnGoods(
      at(new Date(bill.at.getTime() + bill.returnAfter * DAY_MS)),
      saved.purchaseId,
      returnBody.parse({ paymentMode: bill.mode === 'Cash' ? 'CASH' : 'ONLINE', purchasedProduct: [{ purchasedProductId: line.purchasedProductId, returnQuantity: 1 }], returnAmount: toRupees(line.rate) }),
    );
    expected.returns += 1;
    expected.sold -= record.refund;
    expected.bought -= record.lines.reduce((sum, l) => sum + l.cost, 0);
  }
}

/** DynamoDB requests and items read (items returned, or evaluated by a COUNT query) while `work` runs. */
const mm = String(MONTH).padStart(2, '0');
const lastOfMonth = new Date(Date.UTC(YEAR, MONTH, 0)).getUTCDate();
/** The measured requests: [label, path, runs share, answers a PDF]. */
const REQUESTS: [string, string, number, boolean][] = [
  [`GET /purchase/monthly/${MONTH}/${YEAR}`, `/purchase/monthly/${MONTH}/${YEAR}`, 1, false],
  [`GET /purchase/monthly/${MONTH}/${YEAR}/pdf`, `/purchase/monthly/${MONTH}/${YEAR}/pdf`, 4, true],
  [`GET /expense/returns/${MONTH}/${YEAR} (page 0)`, `/expense/returns/${MONTH}/${YEAR}?page=0&size=5`, 1, false],
  [`GET /expense/returns/summary/${MONTH}/${YEAR}`, `/expense/returns/summary/${MONTH}/${YEAR}`, 1, false],
  [`GET /expense/yearlyReturns/${YEAR}`, `/expense/yearlyReturns/${YEAR}`, 1, false],
  [`GET /expense/yearlyReturns/${YEAR}/pdf`, `/expense/yearlyReturns/${YEAR}/pdf`, 4, true],
  [`GET /report/sales/{month} (page 0)`, `/report/sales/${YEAR}-${mm}-01/${YEAR}-${mm}-${lastOfMonth}?page=0&size=5`, 1, false],
  [`GET /report/sales/{year} (page 0)`, `/report/sales/${YEAR}-01-01/${YEAR}-12-31?page=0&size=5`, 1, false],
  [`GET /report/sales/{year}?format=pdf`, `/report/sales/${YEAR}-01-01/${YEAR}-12-31?format=pdf`, 4, true],
  [`GET /report/purchase/{year} (page 0)`, `/report/purchase/${YEAR}-01-01/${YEAR}-12-31?page=0&size=5`, 1, false],
];

interface Measured {
  bills: number;
  timings: Timing[];
  reads: Reads[];
}

function printFigures(measured: Measured[]) {
  const volumes = measured.map((m) => `${m.bills.toLocaleString('en-IN')} bills`);
  console.log(`\nReports on a shop with a year (${YEAR}) of bills: p50 / p95 ms, and DynamoDB requests / items read per report`);
  console.log(`${'measure'.padEnd(42)} ${'runs'.padStart(5)}  ${volumes.map((v) => `${v.padStart(17)} ${'reads'.padStart(9)}`).join('  ')}`);
  for (const [i, [label]] of REQUESTS.entries()) {
    const cells = measured.map((m) => {
      const t = m.timings[i]!;
      const r = m.reads[i]!;
      return `${`${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`.padStart(17)} ${`${r.requests} / ${r.items}`.padStart(9)}`;
    });
    console.log(`${label.padEnd(42)} ${String(measured[0]!.timings[i]!.runs).padStart(5)}  ${cells.join('  ')}`);
  }
  const scans = measured.flatMap((m) => m.reads).reduce((sum, r) => sum + r.scans, 0);
  console.log(`Scans while answering reports: ${scans}`);
}

/** Lines of the large stock report, its budget on this machine, and the bundle its probe runs from. */
const FILE_LINES = 20_000;
const FILE_BUDGET = { rssMb: 256, seconds: 10 };

/**
 * The stock report of a shop with 20,000 lines, as PDF and as Excel, each made in a fresh process running the
 * stock function's report code bundled as Lambda runs it (bench/report-file-probe.ts): elapsed and processor time,
 * peak RSS of that process (Node itself about 45 MB), and the file's size, against the 256 MB and 10 s budget.
 */
async function largeFileFigures() {
  await seedLines('demo');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'report-probe-'));
  try {
    await build({
      entryPoints: [fileURLToPath(new URL('./report-file-probe.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      outfile: path.join(dir, 'probe.mjs'),
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'error',
    });
    cpSync(fileURLToPath(new URL('../functions/lib/fonts', import.meta.url)), path.join(dir, 'fonts'), { recursive: true });
    console.log(`\nStock report of ${FILE_LINES.toLocaleString('en-IN')} lines (Full View), each in a fresh process as Lambda runs it: budget ${FILE_BUDGET.rssMb} MB, ${FILE_BUDGET.seconds} s`);
    console.log(`${'file'.padEnd(8)} ${'elapsed s'.padStart(10)} ${'CPU s'.padStart(8)} ${'peak RSS MB'.padStart(12)} ${'size KB'.padStart(9)}`);
    for (const format of ['pdf', 'excel'] as const) {
      // Asynchronously: this process serves the emulators the probe reads from.
      const { stdout: line } = await promisify(execFile)(process.execPath, [path.join(dir, 'probe.mjs'), 'demo', format], { env: process.env, encoding: 'utf8', maxBuffer: 1 << 20 });
      const r = JSON.parse(line.trim().split('\n').at(-1)!) as { ms: number; cpuMs: number; rssMb: number; bytes: number };
      const over = r.rssMb > FILE_BUDGET.rssMb || r.ms / 1000 > FILE_BUDGET.seconds ? '  OVER BUDGET' : '';
      console.log(
        `${format.padEnd(8)} ${(r.ms / 1000).toFixed(1).padStart(10)} ${(r.cpuMs / 1000).toFixed(1).padStart(8)} ${r.rssMb.toFixed(0).padStart(12)} ${(r.bytes / 1024).toFixed(0).padStart(9)}${over}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function reportsBenchmark(runs: number) {
  await withStack(async (stack) => {
    await largeFileFigures();
    if (process.env.REPORT_FILES_ONLY === '1') return;
    countReads();
    const plan = planBills(Math.max(...VOLUMES));
    const prepared = await timed(() => prepareShop(plan));
    const stock = prepared.value;
    const expected: Expected = { bills: 0, sold: 0, bought: 0, expense: 0, returns: 0 };
    await writeExpenses(expected);
    console.log(`\nShop ${SHOP}: 20 products received monthly, ${CUSTOMERS} customers, 36 expenses (${(prepared.ms / 1000).toFixed(1)} s)`);

    const owner = await signIn(stack.apiUrl, SHOP, `owner@${SHOP}.shop`, DEMO_PASSWORD);
    const cashier = await signIn(stack.apiUrl, SHOP, `cashier@${SHOP}.shop`, DEMO_PASSWORD);

    // A sample of today's bills through the real API: the same service behind the gateway.
    const apiSamples: number[] = [];
    let apiSold = 0;
    for (let i = 0; i < API_SAMPLE; i++) {
      const body = billBody([{ stock: stock[i % stock.length]!, quantity: 1 + (i % 2) }, { stock: stock[(i + 7) % stock.length]!, quantity: 1 }], mobileOf(i), i % 3 ? 'Cash' : 'Online');
      const { ms, value } = await timed(() =>
        fetch(`${stack.apiUrl}/purchase`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${cashier}` }, body: JSON.stringify(body) }),
      );
      if (value.status !== 200) throw new Error(`POST /purchase ${value.status}: ${await value.text()}`);
      apiSold += ((await value.json()) as { netAmount: number }).netAmount;
      apiSamples.push(ms);
    }
    const [thisYear, thisMonth] = shopDay(new Date()).split('-').map(Number);
    const month = (await (await fetch(`${stack.apiUrl}/purchase/monthly/${thisMonth}/${thisYear}`, { headers: { authorization: `Bearer ${owner}` } })).json()) as { total: number };
    const sample = timingOf('POST /purchase', apiSamples);
    console.log(
      `${API_SAMPLE} bills of today through POST /purchase: p50 ${sample.p50.toFixed(1)} ms, p95 ${sample.p95.toFixed(1)} ms; this month's report totals ₹${month.total.toFixed(2)} (bills ₹${apiSold.toFixed(2)})`,
    );
    if (Math.round(month.total * 100) !== Math.round(apiSold * 100)) throw new Error("The month's report does not hold the bills made through the API");

    const measured: Measured[] = [];
    let written = 0;
    for (const volume of VOLUMES) {
      const writing = await timed(() => writeBills(plan.slice(written, volume), stock, expected));
      written = volume;
      console.log(`${volume.toLocaleString('en-IN')} bills of ${YEAR} written through the point of sale's service (${expected.returns} returns), ${(writing.ms / 1000).toFixed(1)} s`);

      const get = (path: string, pdf: boolean) => async () => {
        const r = await fetch(`${stack.apiUrl}${path}`, { headers: { authorization: `Bearer ${owner}` } });
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
        if (pdf && r.headers.get('content-type') !== 'application/pdf') throw new Error(`GET ${path}: ${r.headers.get('content-type')}`);
        return pdf ? r.arrayBuffer() : r.json();
      };
      const yearly = (await get(`/expense/yearlyReturns/${YEAR}`, false)()) as YearlyReturns;
      const figures = { sold: Math.round(yearly.totals.soldAmount * 100), bought: Math.round(yearly.totals.boughtAmount * 100), expense: Math.round(yearly.totals.expense * 100) };
      const wanted = { sold: expected.sold, bought: expected.bought, expense: expected.expense };
      console.log(`  yearly returns: Sold ₹${toRupees(figures.sold)}, Bought ₹${toRupees(figures.bought)}, Expense ₹${toRupees(figures.expense)} (the bills and expenses written make the same)`);
      if (JSON.stringify(figures) !== JSON.stringify(wanted)) throw new Error(`Yearly returns ${JSON.stringify(figures)} differ from the bills written ${JSON.stringify(wanted)}`);

      const reads: Reads[] = [];
      for (const [, path, , pdf] of REQUESTS) reads.push(await readsOf(get(path, pdf)));
      const timings: Timing[] = [];
      for (const [label, path, share, pdf] of REQUESTS) timings.push(await measure(label, get(path, pdf), Math.ceil(runs / share), Math.min(20, Math.ceil(runs / share / 5))));
      measured.push({ bills: volume, timings, reads });
    }
    printFigures(measured);
  });
}
