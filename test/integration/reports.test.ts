import { readFileSync } from 'node:fs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { computeBill } from '../../shared/bill.js';
import { toRupees } from '../../shared/money.js';
import { ROLE } from '../../shared/roles.js';
import { purchaseBody, returnBody, type PaymentMode } from '../../shared/schemas/purchase.js';
import type { InventoryReport, PurchaseReport, SalesReport, StockReport } from '../../shared/schemas/report.js';
import { SCHEDULED_REPORTS_FUNCTION } from '../../shared/report-schedule.js';
import { receive } from '../../functions/inventory/service.js';
import { rootLogger } from '../../functions/lib/logger.js';
import { purchaseData, type OpenedBill } from '../../functions/purchases/data.js';
import { getItem } from '../../functions/lib/db.js';
import { reportPdf } from '../../functions/reports/files.js';
import { inventoryByName, stockByName } from '../../functions/reports/service.js';
import { BAD_CURSOR } from '../../shared/schemas/common.js';
import { tenantPk } from '../../functions/lib/keys.js';
import { returnGoods, saveBill } from '../../functions/purchases/service.js';
import { stockData } from '../../functions/stock/data.js';
import { productData } from '../../functions/products/data.js';
import { seedCatalogue } from '../../infra/local/seed-catalogue.js';
import { DEMO_PASSWORD, seedTenant, type TenantSeed } from '../../infra/local/seed.js';
import { apiUrl, call, tokenOf } from './client.js';
import { sentMail } from './mail.js';
import { pdfText } from './pdf-text.js';
import { injectDynamoFaults } from './faults.js';

/**
 * A shop of its own with goods received and sold on known days, so every report figure below is worked by hand:
 *
 * receipts (bought price):   30/10 Rice 20 @ ₹450, Dal 30 @ ₹120     02/11 Oil 10 @ ₹150, Rice 5 @ ₹460
 * bills (rate, GST 5% in):   31/10 cash   Rice 2 @ ₹600 + Dal 3 @ ₹150 = ₹1,650 (cost 900 + 360)
 *                            03/11 online Oil 4 @ ₹190 + Rice 1 @ ₹600 = ₹1,360 (cost 600 + 460)
 *                            22/11 cash   Dal 5 @ ₹150 + Oil 2 @ ₹190 = ₹1,130 (cost 600 + 300)
 * return:                    04/11 1 Oil of the 03/11 bill, ₹190 refunded in cash (cost 150)
 * shelf now:                 Rice 25 − 3 = 22, Dal 30 − 8 = 22, Oil 10 − 4 + 1 − 2 = 5 (low)
 */
const SHOP = 'rpt';
const OFF = 'rptoff';
const RICE = 'Basmati Rice 5kg';
const DAL = 'Toor Dal 1kg';
const OIL = 'Sunflower Oil 1L';
const WALK_IN = '9811122233';
const BARCODES: Record<string, string> = { RICE5: '8901000000015', DAL1: '8901000000022', OIL1: '8901000000039' };

const shop = (id: string, reportEmails: boolean): TenantSeed => ({
  tenant: {
    tenantId: id,
    tenantName: id,
    displayName: `${id.toUpperCase()} Kirana`,
    address: '7, Market Road, Mysuru 570001',
    gstNumber: '29AAPFU0939F1ZV',
    emailId: `accounts@${id}.shop`,
    reportEmails,
  },
  users: [
    { userName: `owner@${id}.shop`, password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9700000001' },
    { userName: `manager@${id}.shop`, password: DEMO_PASSWORD, role: ROLE.MANAGER, mobileNumber: '9700000002', manager: `owner@${id}.shop` },
    { userName: `cashier@${id}.shop`, password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9700000003', manager: `manager@${id}.shop` },
  ],
  policies: [],
  walkInCustomers: [{ customerName: `walkin@${id}.shop`, mobileNumber: WALK_IN, emailId: `walkin@${id}.example`, address: 'Mysuru' }],
});

const at = (iso: string, tenantId = SHOP) => ({ tenantId, actor: { userName: `cashier@${tenantId}.shop`, now: new Date(iso) }, log: rootLogger });

async function stockIdOf(name: string): Promise<number> {
  const [line] = await stockData.byName(SHOP, name, 1);
  return line!.stockId;
}

async function sell(iso: string, mode: PaymentMode, lines: { name: string; quantity: number }[], tenantId = SHOP): Promise<OpenedBill> {
  const stock = await Promise.all(lines.map(async (l) => (await stockData.byName(tenantId, l.name, 1))[0]!));
  const figures = computeBill({
    lines: stock.map((s, i) => ({ mrp: s.mrp, rate: s.sellingPrice, quantity: lines[i]!.quantity, cgstRate: s.cgst, sgstRate: s.sgst })),
  });
  const body = purchaseBody.parse({
    mobileNumber: WALK_IN,
    paymentMode: mode,
    purchasedProduct: stock.map((s, i) => ({
      productId: s.productId,
      productName: s.productName,
      artcode: s.artcode,
      quantity: lines[i]!.quantity,
      sellingPrice: toRupees(s.sellingPrice),
    })),
    grossAmount: toRupees(figures.totals.gross),
    discount: toRupees(figures.totals.discount),
    tax: toRupees(figures.totals.tax),
    redeemAmount: 0,
    netAmount: toRupees(figures.paid),
    print: true,
  });
  return saveBill(at(iso, tenantId), body);
}

async function receiveAt(iso: string, name: string, artcode: string, quantity: number, prices: { mrp: number; buyingPrice: number; sellingPrice: number }) {
  const [product] = await productData.byNamePrefix(SHOP, name, 1);
  await receive(at(iso), { productId: product!.productId, vendor: 'Mysuru Wholesale', artcode, barcode: BARCODES[artcode]!, quantity, cgst: 2.5, sgst: 2.5, ...prices });
}

let token: string;
const get = async <T>(path: string, user?: string) => call<T>('GET', path, { token: user ? await tokenOf(user) : token });

beforeAll(async () => {
  await seedTenant(shop(SHOP, true));
  await seedTenant(shop(OFF, false));
  await seedCatalogue(at('2026-10-29T05:00:00Z'), {
    taxes: [{ categoryType: 'GST 5%', cgst: 2.5, sgst: 2.5 }],
    categories: [{ categoryName: 'Groceries', colour: [190, 140, 60] }],
    products: [
      { productName: RICE, category: 'Groceries', description: 'Long-grain rice', size: '5 kg', colour: 'White', tint: [236, 228, 205] },
      { productName: DAL, category: 'Groceries', description: 'Arhar dal', size: '1 kg', colour: 'Yellow', tint: [230, 190, 60] },
      { productName: OIL, category: 'Groceries', description: 'Refined oil', size: '1 L', colour: 'Golden', tint: [240, 200, 40] },
    ],
  });
  await receiveAt('2026-10-30T05:00:00Z', RICE, 'RICE5', 20, { mrp: 600, buyingPrice: 450, sellingPrice: 600 });
  await receiveAt('2026-10-30T05:10:00Z', DAL, 'DAL1', 30, { mrp: 160, buyingPrice: 120, sellingPrice: 150 });
  await sell('2026-10-31T06:00:00Z', 'Cash', [{ name: RICE, quantity: 2 }, { name: DAL, quantity: 3 }]);
  await receiveAt('2026-11-02T05:00:00Z', OIL, 'OIL1', 10, { mrp: 200, buyingPrice: 150, sellingPrice: 190 });
  await receiveAt('2026-11-02T05:10:00Z', RICE, 'RICE5', 5, { mrp: 600, buyingPrice: 460, sellingPrice: 600 });
  const online = await sell('2026-11-03T06:00:00Z', 'Online', [{ name: OIL, quantity: 4 }, { name: RICE, quantity: 1 }]);
  await returnGoods(at('2026-11-04T06:00:00Z'), online.bill.purchaseId, returnBody.parse({ paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 190 }));
  await sell('2026-11-22T06:00:00Z', 'Cash', [{ name: DAL, quantity: 5 }, { name: OIL, quantity: 2 }]);
  token = await tokenOf(`owner@${SHOP}.shop`);
}, 120_000);

describe('purchase report', () => {
  it('totals a date range from the daily figures and pages its bill lines newest first', async () => {
    const first = await get<PurchaseReport>('/report/purchase/2026-10-30/2026-11-05?page=0&size=3');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(4);
    expect(first.body.subject).toBe('30/10/2026 - 05/11/2026');
    expect(first.body.totals).toEqual({ lines: 4, bills: 2, units: 10, gross: 3080, discount: 70, tax: 143.34, net: 3010, redeemed: 0, cash: 1650, online: 1360, refunds: 190 });
    // Gross, deductions and net side by side: sold 3010 − refunds 190 = net 2820, the sales report's net goods value.
    expect(first.body.figures).toMatchObject({ goodsBilled: 3010, pointsRedeemed: 0, sold: { total: 3010 }, returns: { total: 190 }, netSold: { total: 2820 } });
    // Lines valued as billed (the refund of one oil is booked on its own day), and after returns beside it.
    expect(first.body.rows.map((r) => [r.saleDate, r.productName, r.originalQuantity, r.billedPrice, r.purchasedPrice])).toEqual([
      ['2026-11-03', RICE, 1, 600, 600],
      ['2026-11-03', OIL, 4, 760, 570],
      ['2026-10-31', DAL, 3, 450, 450],
    ]);
    const second = await get<PurchaseReport>('/report/purchase/2026-10-30/2026-11-05?page=1&size=3');
    expect(second.body.rows.map((r) => [r.saleDate, r.productName])).toEqual([['2026-10-31', RICE]]);
    expect(first.body.charts.byDay).toEqual([
      { date: '2026-10-31', cash: 1650, online: 0 },
      { date: '2026-11-03', cash: 0, online: 1360 },
      { date: '2026-11-04', cash: 0, online: 0 },
    ]);
    expect(first.body.charts.paymentModes).toEqual([{ label: 'Cash', value: 1650 }, { label: 'Online', value: 1360 }]);
  });

  it('lists the bill lines of a product by name, all days', async () => {
    const answer = await get<PurchaseReport>('/report/purchase/toor');
    expect(answer.body.count).toBe(2);
    expect(answer.body.rows.map((r) => [r.saleDate, r.originalQuantity])).toEqual([['2026-10-31', 3], ['2026-11-22', 5]]);
    expect(answer.body.totals).toEqual({ lines: 2 });
  });

  it('answers an empty range with no rows, which the screen shows as No Data Found', async () => {
    const answer = await get<PurchaseReport>('/report/purchase/2026-01-01/2026-01-31');
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(0);
    expect(answer.body.rows).toEqual([]);
    expect(answer.body.subject).toBe('01/01/2026 - 31/01/2026');
  });
});

describe('sales report', () => {
  it('works per product over part months from the day items: received, on the shelf, sold less returns, best sellers first', async () => {
    const answer = await get<SalesReport>('/report/sales/2026-10-30/2026-11-05?size=10');
    expect(answer.status).toBe(200);
    expect(answer.body.rows.map((r) => [r.productName, r.artCode, r.inventoryQuantity, r.stockQuantity, r.purchaseQuantity, r.mrp, r.boughtPrice, r.nrp, r.soldPrice])).toEqual([
      [RICE, 'RICE5', 25, 22, 3, 600, 460, 571.42, 1800],
      [OIL, 'OIL1', 10, 5, 3, 200, 150, 180.96, 570],
      [DAL, 'DAL1', 30, 22, 3, 160, 120, 142.86, 450],
    ]);
    expect(answer.body.totals).toEqual({ products: 3, received: 65, sold: 9, soldPrice: 2820, cost: 2170 });
    expect(answer.body.figures).toMatchObject({ units: { sold: 10, returned: 1, net: 9 }, sold: { total: 3010 }, returns: { total: 190 }, netSold: { total: 2820 } });
    expect(answer.body.charts.topProducts).toEqual([{ label: RICE, value: 1800 }, { label: OIL, value: 570 }, { label: DAL, value: 450 }]);
  });

  it('adds a whole month (the sum of its day items) to the days of a part month', async () => {
    const answer = await get<SalesReport>('/report/sales/2026-10-01/2026-11-22?size=2');
    expect(answer.body.count).toBe(3);
    expect(answer.body.rows.map((r) => [r.productName, r.purchaseQuantity, r.soldPrice])).toEqual([
      [RICE, 3, 1800],
      [DAL, 8, 1200],
    ]);
    expect(answer.body.totals).toEqual({ products: 3, received: 65, sold: 16, soldPrice: 3950, cost: 3070 });
    const second = await get<SalesReport>('/report/sales/2026-10-01/2026-11-22?page=1&size=2');
    expect(second.body.rows.map((r) => [r.productName, r.purchaseQuantity, r.soldPrice])).toEqual([[OIL, 5, 950]]);
  });

  it('keeps per-product figures only in day items, so no item grows with the number of products a month sells', async () => {
    const marker = await getItem(tenantPk(SHOP, 'SALES_PRODUCT_MONTHS'), '2026-11');
    expect(Object.keys(marker ?? {}).filter((k) => /^[qvc]\d+$/.test(k))).toEqual([]);
    const day = await getItem(tenantPk(SHOP, 'SALES_PRODUCTS', '2026-11'), '2026-11-03');
    expect(Object.keys(day ?? {}).filter((k) => /^q\d+$/.test(k))).toHaveLength(2);
    // October and November, each summed from its day items.
    const months = await purchaseData.lineSalesMonths(SHOP);
    expect(months.map((m) => [m.month, [...m.lines.values()].reduce((sum, l) => sum + l.units, 0)])).toEqual([
      ['2026-10', 5],
      ['2026-11', 11],
    ]);
  });

  it('covers every month the product sold in when filtered by product name', async () => {
    const answer = await get<SalesReport>('/report/sales/toor dal');
    expect(answer.body.rows.map((r) => [r.productName, r.inventoryQuantity, r.stockQuantity, r.purchaseQuantity, r.soldPrice])).toEqual([[DAL, 30, 22, 8, 1200]]);
    expect(answer.body.subject).toBe('toor dal');
  });

  it('downloads the whole report as Sales_<dd>_<mm>_<yyyy>.pdf with every product and the totals', async () => {
    const response = await fetch(`${apiUrl()}/report/sales/2026-10-30/2026-11-05?format=pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Sales_\d{2}_\d{2}_\d{4}\.pdf"$/);
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join('\n');
    for (const expected of ['Sales Report · 30/10/2026 - 05/11/2026', RICE, OIL, DAL, '₹1,800.00', '₹2,820.00', 'RPT Kirana']) {
      expect(text).toContain(expected);
    }
    // Column headers wrap rather than being cut short.
    expect(text).toMatch(/^Inventory\nQuantity$/m);
    expect(text).not.toMatch(/Invent…|Quanti…/);
  });
});

describe('inventory report', () => {
  it('sums the receiving days of a range and pages their receipts newest first', async () => {
    const answer = await get<InventoryReport>('/report/inventory/2026-10-30/2026-11-02?size=3');
    expect(answer.body.count).toBe(4);
    expect(answer.body.totals).toEqual({ receipts: 4, units: 65, cost: 16400 });
    expect(answer.body.rows.map((r) => [r.inventoryDate, r.productName, r.quantity, r.amount])).toEqual([
      ['2026-11-02', RICE, 5, 2300],
      ['2026-11-02', OIL, 10, 1500],
      ['2026-10-30', DAL, 30, 3600],
    ]);
    expect(answer.body.charts.receivedByDay).toEqual([{ label: '2026-10-30', value: 12600 }, { label: '2026-11-02', value: 3800 }]);
  });

  it('lists the receipts of a product by name', async () => {
    const answer = await get<InventoryReport>('/report/inventory/basmati');
    expect(answer.body.rows.map((r) => [r.inventoryDate, r.quantity, r.buyingPrice])).toEqual([['2026-10-30', 20, 450], ['2026-11-02', 5, 460]]);
    expect(answer.body.totals).toEqual({ receipts: 2 });
  });
});

describe('stock report', () => {
  it('shows the stock as it stands with the low lines marked and counted', async () => {
    const answer = await get<StockReport>('/report/stock?size=10');
    expect(answer.body.subject).toBe('Current Stock');
    expect(answer.body.rows.map((r) => [r.productName, r.quantity, r.price, r.low])).toEqual([
      [RICE, 22, 600, false],
      [DAL, 22, 150, false],
      [OIL, 5, 190, true],
    ]);
    expect(answer.body.totals).toEqual({ lines: 3, low: 1 });
  });

  it('pages the current stock by cursor too, the same rows page and size give, with the whole stock counted', async () => {
    const first = await get<StockReport>('/report/stock?size=2');
    const cursor = first.headers.get('x-next-page');
    expect(cursor).toBeTruthy();
    const second = await get<StockReport>(`/report/stock?size=2&cursor=${cursor}`);
    const byNumber = await get<StockReport>('/report/stock?page=1&size=2');
    expect(second.body.rows.map((r) => r.productName)).toEqual([OIL]);
    expect(second.body.rows).toEqual(byNumber.body.rows);
    expect(second.body.totals).toEqual({ lines: 3, low: 1 });
  });

  it('lists the lines received in a range with the units received each day, and by product name', async () => {
    const byDate = await get<StockReport>('/report/stock/2026-11-02/2026-11-02');
    expect(byDate.body.rows.map((r) => [r.productName, r.receivedOn, r.received, r.quantity]).sort()).toEqual([
      [RICE, '2026-11-02', 5, 22],
      [OIL, '2026-11-02', 10, 5],
    ].sort());
    expect(byDate.body.totals).toEqual({ lines: 2, received: 15 });
    const byName = await get<StockReport>('/report/stock/sunflower');
    expect(byName.body.rows.map((r) => [r.stockId, r.productName])).toEqual([[await stockIdOf(OIL), OIL]]);
  });
});

describe('reports by product name, page by page', () => {
  // A shop of its own whose seven products share a name prefix: seven receipts, seven stock lines, seven bill lines.
  const NAMED = 'rptnamed';
  const TEAS = Array.from({ length: 7 }, (_, i) => `Masala Tea ${String(i + 1).padStart(2, '0')}`);
  type NamedPage = { rows: { productName: string }[]; count: number; totals: Record<string, number> };
  let owner: string;

  beforeAll(async () => {
    await seedTenant(shop(NAMED, false));
    await seedCatalogue(at('2026-10-29T05:00:00Z', NAMED), {
      taxes: [{ categoryType: 'GST 5%', cgst: 2.5, sgst: 2.5 }],
      categories: [{ categoryName: 'Beverages', colour: [120, 80, 40] }],
      products: TEAS.map((productName) => ({ productName, category: 'Beverages', description: 'Tea leaves', size: '250 g', colour: 'Brown', tint: [120, 80, 40] })),
    });
    for (const [i, name] of TEAS.entries()) {
      const [product] = await productData.byNamePrefix(NAMED, name, 1);
      await receive(at(`2026-10-30T05:0${i}:00Z`, NAMED), {
        productId: product!.productId,
        vendor: 'Assam Traders',
        artcode: `TEA${i + 1}`,
        barcode: `890200000000${i + 1}`,
        quantity: 10,
        cgst: 2.5,
        sgst: 2.5,
        mrp: 120,
        buyingPrice: 80,
        sellingPrice: 110,
      });
    }
    await sell('2026-10-31T06:00:00Z', 'Cash', TEAS.map((name) => ({ name, quantity: 1 })), NAMED);
    owner = await tokenOf(`owner@${NAMED}.shop`);
  }, 120_000);

  /** Follows `X-Next-Page` from a report's first page to its last, answering every page. */
  async function byCursor(path: string, size: number): Promise<NamedPage[]> {
    const pages: NamedPage[] = [];
    let cursor: string | null = null;
    do {
      const answer: Awaited<ReturnType<typeof call<NamedPage>>> = await call<NamedPage>('GET', `${path}?size=${size}${cursor ? `&cursor=${cursor}` : ''}`, { token: owner });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      pages.push(answer.body);
      cursor = answer.headers.get('x-next-page');
    } while (cursor && pages.length < 20);
    return pages;
  }

  it.each(['inventory', 'purchase', 'stock'])('%s: Next follows the cursor, every row once in name order, the same rows page and size give', async (report) => {
    const path = `/report/${report}/masala`;
    const pages = await byCursor(path, 3);
    expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.productName))).toEqual(TEAS);
    expect(pages.map((p) => p.count)).toEqual([7, 7, 7]);
    const third = await call<NamedPage>('GET', `${path}?page=2&size=3`, { token: owner });
    expect(third.body.rows).toEqual(pages[2]!.rows);
    expect(third.headers.get('x-next-page')).toBeNull();
  });

  it('reads a deep page by cursor as it reads the first, and counts the name only up to the cap', async () => {
    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      const first = await stockByName(NAMED, 'masala', { page: 0, size: 2 }, 4);
      const firstReads = recorder.commands();
      expect(first.report.count).toBe(4);
      expect(first.report.totals).toEqual({ lines: 4 });
      const second = await stockByName(NAMED, 'masala', { page: 0, size: 2, cursor: first.next }, 4);
      const third = await stockByName(NAMED, 'masala', { page: 0, size: 2, cursor: second.next }, 4);
      recorder.arm();
      const fourth = await stockByName(NAMED, 'masala', { page: 0, size: 2, cursor: third.next }, 4);
      // One Query of the page and one COUNT stopping at the cap, at page 4 as at page 1.
      expect(recorder.commands()).toEqual(firstReads);
      expect(firstReads).toEqual(['QueryCommand', 'QueryCommand']);
      expect(fourth.report.rows.map((r) => r.productName)).toEqual([TEAS[6]]);
      expect(fourth.next).toBeUndefined();
      // The same page by number reads the keys of the pages before it first.
      recorder.arm();
      const byNumber = await stockByName(NAMED, 'masala', { page: 3, size: 2 }, 4);
      expect(byNumber.report.rows).toEqual(fourth.report.rows);
      expect(recorder.commands().length).toBeGreaterThan(firstReads.length);
    } finally {
      recorder.restore();
    }
    const uncapped = await inventoryByName(NAMED, 'masala', { page: 0, size: 2 });
    expect(uncapped.report.count).toBe(7);
  });

  it('refuses a changed cursor, or the cursor of another report or name, with 400', async () => {
    const stock = await call('GET', '/report/stock/masala?size=2', { token: owner });
    const cursor = stock.headers.get('x-next-page')!;
    expect(cursor).toMatch(/^[\w-]+\.[\w-]+$/);
    for (const path of [`/report/inventory/masala?size=2&cursor=${cursor}`, `/report/stock/masala%20tea?size=2&cursor=${cursor}`, '/report/stock/masala?size=2&cursor=bm90LWEta2V5.bm8']) {
      const answer = await call<{ message: string }>('GET', path, { token: owner });
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toBe(BAD_CURSOR);
    }
  });

  it('prints every row of the name in the PDF, counted, and says when a file holds only the first rows', async () => {
    const response = await fetch(`${apiUrl()}/report/stock/masala?format=pdf`, { headers: { authorization: `Bearer ${owner}` } });
    expect(response.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join('\n');
    expect(text).toContain('7 line(s)');
    for (const name of TEAS) expect(text).toContain(name);
    expect(text).not.toMatch(/first \d+/);
    const { report } = await stockByName(NAMED, 'masala', { page: 0, size: 2 });
    const cut = await reportPdf(NAMED, { type: 'Stock', report: { ...report, count: 2, totals: { lines: 2 } }, more: true }, new Date());
    expect((await pdfText(new Uint8Array(cut.body))).join('\n')).toContain('(first 2 rows; more rows match)');
  });
});

describe('report rules', () => {
  it.each([
    ['/report/sales/2026-11-01/2999-01-01', 'End Date should not be after today.'],
    ['/report/inventory/2026-11-05/2026-11-01', 'Start Date should not be after End Date.'],
    ['/report/purchase/2025-01-01/2026-11-01', 'Choose a date range of at most one year.'],
    ['/report/stock/2026-11-01/22-11-2026', 'Start & End Date are required.'],
    ['/report/sales/2026-11-01/2026-11-05?format=xlsx', "Choose the format 'pdf'."],
  ])('%s is refused with %s', async (path, message) => {
    const answer = await get<{ message: string }>(path);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('is for ReportList holders: a cashier is refused', async () => {
    expect((await get('/report/stock', `cashier@${SHOP}.shop`)).status).toBe(403);
    expect((await get('/report/stock', `manager@${SHOP}.shop`)).status).toBe(200);
  });

  it("never shows another shop's figures", async () => {
    const other = await get<SalesReport>('/report/sales/2026-10-30/2026-11-05', `owner@${OFF}.shop`);
    expect(other.body.count).toBe(0);
    expect(JSON.stringify(other.body)).not.toContain(RICE);
  });
});

describe('scheduled report e-mails', () => {
  const sample = JSON.parse(readFileSync(new URL('../../events/scheduler-daily-report.json', import.meta.url), 'utf8')) as { report: string; scheduledTime: string };
  // The SES emulator keeps a raw message's To header as one text: 'a@x, b@x'.
  const recipients = (mail: { to: string[] }) => mail.to.flatMap((to) => to.split(/,\s*/)).sort();
  // As EventBridge Scheduler in AWS and `npm run reports:send-now` locally: the Lambda Invoke API with the stack's access.
  const access = inject('lambdaInvoke');
  const lambda = new LambdaClient({ region: 'ap-south-1', endpoint: access.endpoint, credentials: { accessKeyId: access.accessKeyId, secretAccessKey: access.secretAccessKey } });
  const invoke = async (event: unknown) => {
    const answer = await lambda.send(new InvokeCommand({ FunctionName: SCHEDULED_REPORTS_FUNCTION, Payload: new TextEncoder().encode(JSON.stringify(event)) }));
    expect(answer.FunctionError).toBeUndefined();
    return JSON.parse(new TextDecoder().decode(answer.Payload)) as { day: string; mailed: { tenantId: string; to: string[] }[]; skipped: { tenantId: string; reason: string }[] };
  };

  it("mails each shop's managers the day's sales and low stock as a PDF once, and nothing to a shop that switched it off", async () => {
    expect(sample.scheduledTime).toBe('2026-11-22T15:30:00Z');
    const before = (await sentMail()).length;
    const outcome = await invoke(sample);
    expect(outcome.day).toBe('2026-11-22');
    expect(outcome.mailed.find((m) => m.tenantId === SHOP)?.to).toEqual([`manager@${SHOP}.shop`, `owner@${SHOP}.shop`]);
    expect(outcome.skipped).toContainEqual({ tenantId: OFF, reason: 'report e-mails off' });

    const mails = (await sentMail()).slice(before);
    const ours = mails.filter((m) => recipients(m).includes(`owner@${SHOP}.shop`));
    expect(ours).toHaveLength(1);
    const mail = ours[0]!;
    expect(recipients(mail)).toEqual([`manager@${SHOP}.shop`, `owner@${SHOP}.shop`]);
    expect(mail.subject).toBe('Daily report · RPT Kirana · 22/11/2026');
    expect(mail.text).toContain('Bills: 1 (cash 1, online 0)');
    expect(mail.text).toContain('Goods billed ₹1,130.00 − points redeemed ₹0.00 = Sold ₹1,130.00 (cash ₹1,130.00, online ₹0.00)');
    expect(mail.text).toContain('Units sold 7 − returned 0 = net 7');
    expect(mail.text).toContain('Cash in hand ₹1,130.00 = cash takings ₹1,130.00 − cash refunds ₹0.00 − expenses paid in cash ₹0.00');
    expect(mail.text).toContain(`${DAL} (DAL1): 5 unit(s), ₹750.00`);
    expect(mail.text).toContain(`${OIL} (OIL1): 2 unit(s), ₹380.00`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['Daily_Report_22_11_2026.pdf']);
    const pdf = (await pdfText(Buffer.from(mail.attachments[0]!.content, 'base64'))).join('\n');
    expect(pdf).toContain('Daily Report · 22/11/2026');
    expect(pdf).toContain('Low stock (5 or fewer units): 1 line(s)');
    expect(pdf).toContain(OIL);
    expect(pdf).not.toContain(RICE);
    expect(mails.filter((m) => recipients(m).some((to) => to.endsWith(`@${OFF}.shop`)))).toEqual([]);
  });

  it('mails a shop once per day however often the schedule is delivered, unless asked to resend', async () => {
    const before = (await sentMail()).length;
    const again = await invoke(sample);
    expect(again.skipped).toContainEqual({ tenantId: SHOP, reason: 'already mailed' });
    expect((await sentMail()).slice(before).filter((m) => recipients(m).includes(`owner@${SHOP}.shop`))).toEqual([]);
    const resent = await invoke({ ...sample, resend: true });
    expect(resent.mailed.map((m) => m.tenantId)).toContain(SHOP);
    expect((await sentMail()).slice(before).filter((m) => recipients(m).includes(`owner@${SHOP}.shop`))).toHaveLength(1);
  });
});
