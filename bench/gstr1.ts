import os from 'node:os';
import { documentNumber, gstinCheckCharacter, seriesPrefix } from '../shared/gst.js';
import { buildGstr1 } from '../shared/gst/gstr1.js';
import { ROLE } from '../shared/roles.js';
import { gstr1Input } from '../functions/reports/gst-return.js';
import { tenantData } from '../functions/tenants/data.js';
import { DEMO_PASSWORD, seedTenant } from '../infra/local/seed.js';
import { creditNoteItem, invoiceItems, writeItems, type StoredCreditNoteSpec, type StoredLineSpec } from '../test/integration/gst-documents.js';
import type { Item } from '../functions/lib/db.js';
import { countReads, measure, random, readsOf, signIn, timed, withStack, type Reads, type Timing } from './lib.js';

/**
 * GSTR-1 of a month at two sizes: a month of 500 bills and a month of 20,000 (`GSTR1_BILLS=500,20000`), each in
 * its own month of one shop, so the larger month is there while the smaller is read. Bills have 1 to 3 lines of
 * twenty products at 5, 12 and 18%; an eighth go to registered buyers (some in other states), a quarter of the rest
 * to other states (one in a hundred of those above ₹1 lakh: B2C large), and 2% come back by credit note in the same
 * month. Documents are written in the stored shape of docs/gst.md. Timed: the builder alone on the month read into
 * memory, the month's read, GET /report/gstr1/{month}/{year} and the JSON file through the gateway; the DynamoDB
 * requests and items each makes are counted, to show it reads the month's lines and credit notes, not the year.
 */
const SHOP = 'gbench';
const VOLUMES = (process.env.GSTR1_BILLS ?? '500,20000').split(',').map(Number);
const YEAR = 2025;
const FIRST_MONTH = 6;
const STATE = '29';
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const SHOP_GSTIN = gstin('29AABCG1234K1Z');
const BUYERS = Array.from({ length: 40 }, (_, i) => ({
  customerId: 1000 + i,
  customerName: `Trader ${i + 1}`,
  gstin: gstin(`${i % 4 === 0 ? '27' : '29'}AABCT${String(1000 + i).padStart(4, '0')}K1Z`),
}));
const OTHER_STATES = ['27', '33', '07', '32'];
/** HSN code, unit, rate (basis points), price per unit (paise, tax included). */
const PRODUCTS: [string, string, number, number][] = Array.from({ length: 20 }, (_, i) => [
  ['10063010', '0902', '85167910', '85287217', '6109', '3401', '9403', '8516', '3304', '2106'][i % 10]!,
  ['BAG', 'KGS', 'NOS', 'NOS', 'PCS', 'NOS', 'NOS', 'NOS', 'NOS', 'PAC'][i % 10]!,
  [500, 500, 1800, 1800, 500, 1800, 1800, 1800, 1800, 1200][i % 10]!,
  [60_000, 45_000, 2_40_000, 32_00_000, 40_000, 4_500, 9_00_000, 1_20_000, 25_000, 18_000][i % 10]! + i * 100,
]);

/** A line of `units` units of product `p`: the tax-inclusive price split into taxable value and tax, as billed. */
function lineOf(p: number, units: number, inter: boolean): StoredLineSpec {
  const [hsnCode, unit, gstRate, price] = PRODUCTS[p]!;
  const gross = price * units;
  const taxable = Math.round((gross * 10_000) / (10_000 + gstRate));
  const tax = gross - taxable;
  const cgst = inter ? 0 : Math.round(tax / 2);
  return { productId: p + 1, productName: `Product ${p + 1}`, hsnCode, unit, quantity: units, gstRate, taxable, cgst, sgst: inter ? 0 : tax - cgst, igst: inter ? tax : 0 };
}

/** A month of `count` bills from bill number `first`, and its credit notes. */
function monthOfDocuments(month: number, count: number, first: number) {
  const next = random(month * 7919 + count);
  const mm = String(month).padStart(2, '0');
  const items: Item[] = [];
  const notes: StoredCreditNoteSpec[] = [];
  let noteNo = 0;
  for (let i = 0; i < count; i++) {
    const purchaseId = first + i;
    const day = `${YEAR}-${mm}-${String(1 + Math.floor((i * 28) / count)).padStart(2, '0')}`;
    const b2b = next() < 0.125;
    const buyer = b2b ? BUYERS[Math.floor(next() * BUYERS.length)]! : { customerId: 1, customerName: 'Walk-in' };
    const placeOfSupply = b2b ? (buyer as { gstin: string }).gstin.slice(0, 2) : next() < 0.25 ? OTHER_STATES[Math.floor(next() * OTHER_STATES.length)]! : STATE;
    const inter = placeOfSupply !== STATE;
    const large = inter && !b2b && next() < 0.01;
    const lines = large ? [lineOf(3, 4, true)] : Array.from({ length: 1 + Math.floor(next() * 3) }, () => lineOf(Math.floor(next() * PRODUCTS.length), 1 + Math.floor(next() * 3), inter));
    const number = documentNumber(seriesPrefix(SHOP, 'INVOICE'), '25-26', purchaseId);
    items.push(...invoiceItems(SHOP, { purchaseId, number, day, customer: buyer, placeOfSupply, shop: { state: STATE, gstin: SHOP_GSTIN }, lines }));
    if (next() < 0.02) {
      noteNo += 1;
      notes.push({
        purchaseId,
        returnId: 1,
        number: documentNumber(seriesPrefix(SHOP, 'CREDIT_NOTE'), '25-26', first + noteNo),
        day,
        original: { number, date: day, placeOfSupply, customerName: buyer.customerName, gstin: (buyer as { gstin?: string }).gstin },
        lines: [{ ...lines[0]!, purchasedProductId: 1 }],
      });
    }
  }
  items.push(...notes.map((n) => creditNoteItem(SHOP, n)));
  return { items, notes: notes.length };
}

export async function gstr1Benchmark(runs: number) {
  await withStack(async (stack) => {
    countReads();
    await seedTenant({
      tenant: { tenantId: SHOP, tenantName: SHOP, displayName: 'GSTR Bench Stores', address: '1, Main Road, Mysuru 570001', gstNumber: SHOP_GSTIN, emailId: `accounts@${SHOP}.shop`, reportEmails: false, state: STATE } as Parameters<typeof seedTenant>[0]['tenant'],
      users: [{ userName: `owner@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9700000099' }],
      policies: [],
      walkInCustomers: [],
    });
    const owner = await signIn(stack.apiUrl, SHOP, `owner@${SHOP}.shop`, DEMO_PASSWORD);
    const shop = (await tenantData.get(SHOP))! as Parameters<typeof gstr1Input>[2];
    const rows: { bills: number; notes: number; timings: Timing[]; reads: Reads; sections: string }[] = [];
    let first = 1;
    for (const [index, volume] of VOLUMES.entries()) {
      const month = FIRST_MONTH + index;
      const planned = monthOfDocuments(month, volume, first);
      first += volume;
      const writing = await timed(() => writeItems(planned.items, 8));
      console.log(`${volume.toLocaleString('en-IN')} bills (${planned.notes} credit notes) of ${String(month).padStart(2, '0')}/${YEAR} written, ${(writing.ms / 1000).toFixed(1)} s`);

      const key = `${YEAR}-${String(month).padStart(2, '0')}`;
      const input = await gstr1Input(SHOP, key, shop);
      const built = buildGstr1(input);
      if (built.problems.length) throw new Error(`The benchmark month has problems: ${built.problems[0]!.message}`);
      const s = built.sections;
      const sections = `B2B ${s.b2b.totals.count}, B2CL ${s.b2cl.totals.count}, B2CS ${s.b2cs.totals.count}, CDNR ${s.cdnr.totals.count}, CDNUR ${s.cdnur.totals.count}, HSN rows ${s.hsn.rows.length}`;
      const get = (path: string) => async () => {
        const r = await fetch(`${stack.apiUrl}${path}`, { headers: { authorization: `Bearer ${owner}` } });
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
        return r.arrayBuffer();
      };
      const summaryPath = `/report/gstr1/${month}/${YEAR}`;
      const reads = await readsOf(get(summaryPath));
      const slow = Math.max(3, Math.ceil(runs / (volume >= 5000 ? 40 : 4)));
      const timings = [
        await measure('buildGstr1 (month in memory)', async () => buildGstr1(input), Math.max(5, Math.ceil(runs / (volume >= 5000 ? 10 : 1))), 3),
        await measure("the month's read (lines by day, credit notes)", () => gstr1Input(SHOP, key, shop), slow, 1),
        await measure(`GET ${summaryPath}`, get(summaryPath), slow, 1),
        await measure(`GET ${summaryPath}/file?format=json`, get(`${summaryPath}/file?format=json`), slow, 1),
      ];
      rows.push({ bills: volume, notes: planned.notes, timings, reads, sections });
    }
    const [l1, l5, l15] = os.loadavg();
    console.log(`\nGSTR-1 of a month (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, load average ${l1!.toFixed(2)} ${l5!.toFixed(2)} ${l15!.toFixed(2)})`);
    console.log(`${'bills'.padStart(7)}  ${'measure'.padEnd(50)} ${'runs'.padStart(5)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}`);
    for (const row of rows) {
      for (const t of row.timings) console.log(`${row.bills.toLocaleString('en-IN').padStart(7)}  ${t.name.padEnd(50)} ${String(t.runs).padStart(5)} ${t.p50.toFixed(1).padStart(9)} ${t.p95.toFixed(1).padStart(9)}`);
      console.log(`${''.padStart(7)}  reads of GET /report/gstr1: ${row.reads.requests} requests, ${row.reads.items.toLocaleString('en-IN')} items; ${row.sections}`);
    }
  });
}
