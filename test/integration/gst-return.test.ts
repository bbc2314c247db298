import Ajv from 'ajv';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentNumber, gstinCheckCharacter, seriesPrefix } from '../../shared/gst.js';
import { ROLE } from '../../shared/roles.js';
import type { Gstr1Summary } from '../../shared/schemas/gstr1.js';
import einvoiceSchema from '../../shared/gst/schemas/einvoice-1.1.schema.json';
import gstr1Schema from '../../shared/gst/schemas/gstr1.schema.json';
import { customerData } from '../../functions/customers/data.js';
import { DEMO_PASSWORD, seedTenant, type TenantSeed } from '../../infra/local/seed.js';
import { apiUrl, call, tokenOf } from './client.js';
import { creditNoteItem, invoiceItems, karnatakaShop, writeItems, type StoredCreditNoteSpec, type StoredInvoiceSpec, type StoredLineSpec } from './gst-documents.js';

/**
 * A Karnataka shop's June 2026 as the point of sale stores it (docs/gst.md, "What is stored"): tax invoices with
 * their lines, and credit notes, one of them for goods sold in May. Amounts in paise, GST 18% and 5%.
 *
 *   GST/26-27/000002  02/06  B2B  Karnataka buyer (29)   2 x HSN 85167910 taxable 20,000.00  CGST 1,800 SGST 1,800
 *   GST/26-27/000003  05/06  B2C  Tamil Nadu (33)         1 x HSN 85287217 taxable 1,00,000.00 IGST 18,000 (B2C large)
 *   GST/26-27/000004  09/06  B2C  Karnataka walk-in      3 kg HSN 0902    taxable 1,500.00   CGST 37.50 SGST 37.50
 *                                                          10 kg HSN 1006 rice, nil-rated (0 %, no kind given) 600.00
 *                                                          2 l HSN 0401 milk, exempt                             400.00
 *   GSTC/26-27/00001  12/06  note on 000003: 1 unit back, taxable 1,00,000.00 IGST 18,000 (B2C large note)
 *   GSTC/26-27/00002  14/06  note on GST/26-27/000001 of 30/05 (B2B): 1 x HSN 85167910 taxable 10,000 CGST 900 SGST 900
 */
const SHOP = 'gstr';
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const SHOP_GSTIN = gstin('29AAPFG0939F1Z');
const BUYER_GSTIN = gstin('29BBBCT5678K1Z');
const BUYER_MOBILE = '9822200011';
const WALK_IN = '9822200022';
const invoice = (n: number) => documentNumber(seriesPrefix(SHOP, 'INVOICE'), '26-27', n);
const note = (n: number) => documentNumber(seriesPrefix(SHOP, 'CREDIT_NOTE'), '26-27', n);

const seed: TenantSeed = {
  tenant: karnatakaShop(SHOP, 'GSTR Electricals', '7, Market Road, Mysuru 570001', SHOP_GSTIN),
  users: [
    { userName: `owner@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9700000011' },
    { userName: `cashier@${SHOP}.shop`, password: DEMO_PASSWORD, role: ROLE.CASHIER, mobileNumber: '9700000013', manager: `owner@${SHOP}.shop` },
  ],
  policies: [],
  walkInCustomers: [
    { customerName: 'Mysuru Traders', mobileNumber: BUYER_MOBILE, emailId: 'buy@mysurutraders.example', address: '12, Sayyaji Rao Road, Mysuru 570024' },
    { customerName: 'Walk-in', mobileNumber: WALK_IN, emailId: 'walkin@gstr.example', address: 'Mysuru' },
  ],
};

const KARNATAKA_SHOP = { state: '29', gstin: SHOP_GSTIN };

async function storeInvoice(purchaseId: number, number: string, day: string, customer: StoredInvoiceSpec['customer'], placeOfSupply: string, lines: StoredLineSpec[]) {
  await writeItems(invoiceItems(SHOP, { purchaseId, number, day, customer, placeOfSupply, shop: KARNATAKA_SHOP, lines }));
}

async function storeCreditNote(purchaseId: number, returnId: number, number: string, day: string, original: StoredCreditNoteSpec['original'], lines: StoredCreditNoteSpec['lines']) {
  await writeItems([creditNoteItem(SHOP, { purchaseId, returnId, number, day, original, lines })]);
}

const IRON = { productId: 101, productName: 'Steam Iron 1200W', hsnCode: '85167910', unit: 'NOS' };
const TV = { productId: 102, productName: 'LED TV 43 inch', hsnCode: '85287217', unit: 'NOS' };
const TEA = { productId: 103, productName: 'Assam Tea loose', hsnCode: '0902', unit: 'KGS' };
const RICE = { productId: 104, productName: 'Sona Masuri rice', hsnCode: '1006', unit: 'KGS' };
const MILK = { productId: 105, productName: 'Fresh milk', hsnCode: '0401', unit: 'LTR', taxability: 'exempt' as const };

let owner: string;
let buyer: { customerId: number; customerName: string; gstin: string };

beforeAll(async () => {
  await seedTenant(seed);
  owner = await tokenOf(`owner@${SHOP}.shop`);
  const mysuru = (await customerData.byMobile(SHOP, BUYER_MOBILE))!;
  const walkIn = (await customerData.byMobile(SHOP, WALK_IN))!;
  buyer = { customerId: mysuru.customerId, customerName: mysuru.customerName, gstin: BUYER_GSTIN };
  const unregistered = { customerId: walkIn.customerId, customerName: walkIn.customerName };
  // May: the B2B invoice the June credit note returns from.
  await storeInvoice(9001, invoice(1), '2026-05-30', buyer, '29', [{ ...IRON, quantity: 3, gstRate: 1800, taxable: 30_000_00, cgst: 2_700_00, sgst: 2_700_00, igst: 0 }]);
  await storeInvoice(9002, invoice(2), '2026-06-02', buyer, '29', [{ ...IRON, quantity: 2, gstRate: 1800, taxable: 20_000_00, cgst: 1_800_00, sgst: 1_800_00, igst: 0 }]);
  await storeInvoice(9003, invoice(3), '2026-06-05', unregistered, '33', [{ ...TV, quantity: 2, gstRate: 1800, taxable: 1_00_000_00, cgst: 0, sgst: 0, igst: 18_000_00 }]);
  await storeInvoice(9004, invoice(4), '2026-06-09', unregistered, '29', [
    { ...TEA, quantity: 3, gstRate: 500, taxable: 1_500_00, cgst: 37_50, sgst: 37_50, igst: 0 },
    { ...RICE, quantity: 10, gstRate: 0, taxable: 600_00, cgst: 0, sgst: 0, igst: 0 },
    { ...MILK, quantity: 2, gstRate: 0, taxable: 400_00, cgst: 0, sgst: 0, igst: 0 },
  ]);
  await storeCreditNote(9003, 1, note(1), '2026-06-12', { number: invoice(3), date: '2026-06-05', placeOfSupply: '33', customerName: unregistered.customerName }, [
    { ...TV, purchasedProductId: 1, quantity: 1, gstRate: 1800, taxable: 50_000_00, cgst: 0, sgst: 0, igst: 9_000_00 },
  ]);
  await storeCreditNote(9001, 1, note(2), '2026-06-14', { number: invoice(1), date: '2026-05-30', placeOfSupply: '29', customerName: buyer.customerName, gstin: BUYER_GSTIN }, [
    { ...IRON, purchasedProductId: 1, quantity: 1, gstRate: 1800, taxable: 10_000_00, cgst: 900_00, sgst: 900_00, igst: 0 },
  ]);
  // July: a line whose product has no HSN code yet.
  await storeInvoice(9005, invoice(5), '2026-07-01', unregistered, '29', [{ productId: 999_999, productName: 'Extension Board', unit: 'NOS', quantity: 1, gstRate: 1800, taxable: 500_00, cgst: 45_00, sgst: 45_00, igst: 0 }]);
});

const ajv = new Ajv({ allErrors: true, multipleOfPrecision: 6 });

async function download(path: string) {
  const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${owner}` } });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GSTR-1 of a month (GET /report/gstr1/{month}/{year})', () => {
  it('shows the sections with counts and totals that add up to the month’s invoices less its credit notes', async () => {
    const { status, body } = await call<Gstr1Summary>('GET', '/report/gstr1/6/2026', { token: owner });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.fp).toBe('062026');
    expect(body.financialYear).toBe('26-27');
    expect(body.problems).toEqual([]);
    const section = (key: string) => body.sections.find((s) => s.key === key)!;
    expect(section('b2b')).toMatchObject({ count: 1, taxable: 20_000, cgst: 1_800, sgst: 1_800, value: 23_600 });
    expect(section('b2cl')).toMatchObject({ count: 1, taxable: 1_00_000, igst: 18_000, value: 1_18_000 });
    expect(section('b2cs')).toMatchObject({ count: 1, taxable: 1_500, cgst: 37.5, sgst: 37.5 });
    // Table 8: the rice and the milk of invoice 000004, not a 0 % row of B2C small.
    expect(section('nil')).toMatchObject({ count: 1, taxable: 1_000, value: 1_000, igst: 0, cgst: 0, sgst: 0 });
    expect(section('cdnr')).toMatchObject({ count: 1, taxable: 10_000, cgst: 900, sgst: 900 });
    expect(section('cdnur')).toMatchObject({ count: 1, taxable: 50_000, igst: 9_000 });
    // 20,000 + 1,00,000 + 1,500 + 1,000 sold, 10,000 + 50,000 returned.
    expect(body.net).toEqual({ value: 73_375, taxable: 62_500, igst: 9_000, cgst: 937.5, sgst: 937.5 });
    expect(section('hsn')).toMatchObject({ taxable: 62_500, igst: 9_000, cgst: 937.5, sgst: 937.5 });
    expect(body.quantities).toEqual([{ unit: 'KGS', quantity: 13 }, { unit: 'LTR', quantity: 2 }, { unit: 'NOS', quantity: 2 }]);
    expect(body.documents).toEqual([
      { nature: 'Invoices for outward supply', from: invoice(2), to: invoice(4), total: 3, cancelled: 0, issued: 3 },
      { nature: 'Credit Note', from: note(1), to: note(2), total: 2, cancelled: 0, issued: 2 },
    ]);
    expect(body.smallRows).toEqual([{ placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 5, taxable: 1_500, igst: 0, cgst: 37.5, sgst: 37.5 }]);
  });

  it('downloads the portal JSON, which the kept GSTR-1 schema accepts', async () => {
    const file = await download('/report/gstr1/6/2026/file?format=json');
    expect(file.status).toBe(200);
    expect(file.disposition).toBe(`attachment; filename="GSTR1_${SHOP_GSTIN}_062026.json"`);
    const json = JSON.parse(file.bytes.toString('utf8'));
    const validate = ajv.compile(gstr1Schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.cdnr).toEqual([
      { ctin: BUYER_GSTIN, nt: [{ ntty: 'C', nt_num: note(2), nt_dt: '14-06-2026', val: 11_800, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1801, itm_det: { txval: 10_000, rt: 18, camt: 900, samt: 900, csamt: 0 } }] }] },
    ]);
    expect(json.cdnur[0]).toMatchObject({ typ: 'B2CL', nt_num: note(1), val: 59_000, pos: '33' });
    expect(json.nil).toEqual({ inv: [{ sply_ty: 'INTRAB2C', nil_amt: 600, expt_amt: 400, ngsup_amt: 0 }] });
    expect(json.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '29', typ: 'OE', txval: 1_500, rt: 5, camt: 37.5, samt: 37.5, csamt: 0 }]);
  });

  it('downloads the offline tool’s Excel template: its sheets, summary rows and header rows, the data from row 5', async () => {
    const file = await download('/report/gstr1/6/2026/file?format=xlsx');
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    // GSTR1_Excel_Workbook_Template: b2b with SEZ and deemed exports, table 12 in two tabs from May 2025.
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exp', 'at', 'atadj', 'exemp', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
    // Cells left empty read as null (Array.from fills the holes exceljs leaves).
    const rows = (name: string) => Array.from(workbook.getWorksheet(name)!.getSheetValues(), (r) => (r ? Array.from((r as unknown[]).slice(1), (v) => v ?? null) : []));
    const headers = (name: string) => rows(name)[4];
    expect(headers('b2b,sez,de')).toEqual(['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Applicable % of Tax Rate', 'Invoice Type', 'E-Commerce GSTIN', 'Rate', 'Taxable Value', 'Cess Amount']);
    expect(headers('b2cl')).toEqual(['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN']);
    expect(headers('b2cs')).toEqual(['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN']);
    expect(headers('cdnr')).toEqual(['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount']);
    expect(headers('cdnur')).toEqual(['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount']);
    expect(headers('exp')).toEqual(['Export Type', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Port Code', 'Shipping Bill Number', 'Shipping Bill Date', 'Rate', 'Taxable Value', 'Cess Amount']);
    expect(headers('at')).toEqual(['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Received', 'Cess Amount']);
    expect(headers('atadj')).toEqual(['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Adjusted', 'Cess Amount']);
    expect(headers('exemp')).toEqual(['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies']);
    const hsnHeaders = ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
    expect(headers('hsn(b2b)')).toEqual(hsnHeaders);
    expect(headers('hsn(b2c)')).toEqual(hsnHeaders);
    expect(headers('docs')).toEqual(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled']);

    expect(rows('b2b,sez,de')[1]).toEqual(['Summary For B2B, SEZ, DE (4A, 4B, 6B, 6C)']);
    expect(rows('b2b,sez,de')[5]).toEqual([BUYER_GSTIN, 'Mysuru Traders', invoice(2), '02-Jun-2026', 23_600, '29-Karnataka', 'N', null, 'Regular B2B', null, 18, 20_000, 0]);
    expect(rows('b2cl')[5]).toEqual([invoice(3), '05-Jun-2026', 1_18_000, '33-Tamil Nadu', null, 18, 1_00_000, 0]);
    expect(rows('b2cs').slice(5)).toEqual([['OE', '29-Karnataka', null, 5, 1_500, 0]]);
    expect(rows('cdnr')[5]).toEqual([BUYER_GSTIN, 'Mysuru Traders', note(2), '14-Jun-2026', 'C', '29-Karnataka', 'N', 'Regular B2B', 11_800, null, 18, 10_000, 0]);
    expect(rows('cdnur')[5]).toEqual(['B2CL', note(1), '12-Jun-2026', 'C', '33-Tamil Nadu', 59_000, null, 18, 50_000, 0]);
    expect(rows('exemp').slice(2, 4)).toEqual([[null, 'Total Nil Rated Supplies', 'Total Exempted Supplies', 'Total Non-GST Supplies'], [null, 600, 400, 0]]);
    expect(rows('exemp').slice(5)).toEqual([
      ['Inter-State supplies to registered persons', 0, 0, 0],
      ['Intra-State supplies to registered persons', 0, 0, 0],
      ['Inter-State supplies to unregistered persons', 0, 0, 0],
      ['Intra-State supplies to unregistered persons', 600, 400, 0],
    ]);
    expect(rows('hsn(b2c)').slice(5)).toContainEqual(['1006', 'Sona Masuri rice', 'KGS', 10, 600, 0, 600, 0, 0, 0, 0]);
    expect(rows('docs')[5]).toEqual(['Invoices for outward supply', invoice(2), invoice(4), 3, 0]);
  });

  it('lists what to fix and refuses the file until it is fixed', async () => {
    const { body } = await call<Gstr1Summary>('GET', '/report/gstr1/7/2026', { token: owner });
    expect(body.problems).toEqual([
      { kind: 'hsn', message: `Extension Board has no HSN code (invoice ${invoice(5)}).`, fix: { to: 'product', productId: 999_999 } },
    ]);
    const refused = await call<{ message: string }>('GET', '/report/gstr1/7/2026/file?format=json', { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('GSTR-1 has 1 problem to fix first. Open the GST return screen to see it.');
  });

  it('takes a shop without a state to be in its GSTIN’s state', async () => {
    const noState = 'gstrns';
    await seedTenant({
      ...seed,
      tenant: { ...seed.tenant, tenantId: noState, tenantName: noState, emailId: `accounts@${noState}.shop`, state: undefined } as TenantSeed['tenant'],
      users: [{ userName: `owner@${noState}.shop`, password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9700000021' }],
      walkInCustomers: [],
    });
    await writeItems(
      invoiceItems(noState, {
        purchaseId: 1,
        number: documentNumber(seriesPrefix(noState, 'INVOICE'), '26-27', 1),
        day: '2026-06-03',
        customer: { customerId: 1, customerName: 'Walk-in' },
        placeOfSupply: '29',
        shop: KARNATAKA_SHOP,
        lines: [{ ...TEA, quantity: 1, gstRate: 500, taxable: 500_00, cgst: 12_50, sgst: 12_50, igst: 0 }],
      }),
    );
    const { body } = await call<Gstr1Summary>('GET', '/report/gstr1/6/2026', { token: await tokenOf(`owner@${noState}.shop`) });
    expect(body.problems).toEqual([]);
    expect(body.smallRows).toEqual([{ placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 5, taxable: 500, igst: 0, cgst: 12.5, sgst: 12.5 }]);
  });

  it('is not for a cashier', async () => {
    const cashier = await tokenOf(`cashier@${SHOP}.shop`);
    expect((await call('GET', '/report/gstr1/6/2026', { token: cashier })).status).toBe(403);
  });
});

describe('e-invoice of a B2B invoice (GET /report/einvoice/{purchaseId})', () => {
  it('downloads the schema 1.1 JSON with the shop and the buyer', async () => {
    const file = await download('/report/einvoice/9002');
    expect(file.status).toBe(200);
    const payload = JSON.parse(file.bytes.toString('utf8'));
    const validate = ajv.compile(einvoiceSchema);
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload.DocDtls).toEqual({ Typ: 'INV', No: invoice(2), Dt: '02/06/2026' });
    expect(payload.SellerDtls).toMatchObject({ Gstin: SHOP_GSTIN, LglNm: 'GSTR Electricals', Loc: 'Mysuru', Pin: 570001, Stcd: '29' });
    expect(payload.BuyerDtls).toMatchObject({ Gstin: BUYER_GSTIN, LglNm: 'Mysuru Traders', Pos: '29', Loc: 'Mysuru', Pin: 570024 });
    expect(payload.ValDtls).toEqual({ AssVal: 20_000, CgstVal: 1_800, SgstVal: 1_800, IgstVal: 0, CesVal: 0, TotInvVal: 23_600 });
  });

  it('says why a sale to an unregistered buyer has none', async () => {
    const refused = await call<{ message: string }>('GET', '/report/einvoice/9004', { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Walk-in has no GSTIN: an e-invoice is only for a sale to a registered buyer.');
  });
});
