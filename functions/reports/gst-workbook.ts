import type ExcelJS from 'exceljs';
import { stateLabel } from '../../shared/gst.js';
import { HSN_SPLIT_FROM_MONTH, type Gstr1, type Gstr1DocumentRow, type Gstr1HsnRow } from '../../shared/gst/gstr1.js';
import { toRupees } from '../../shared/money.js';

/**
 * GSTR-1 as the GST offline tool's Excel template (GSTR1_Excel_Workbook_Template): its sheet names, and on each
 * sheet its four top rows: the summary title (row 1), the summary's labels and figures (rows 2 and 3) and the column
 * headers (row 4), the data from row 5, so the workbook can be imported into the offline tool as it is, or checked
 * by an accountant. Amendment sheets (b2ba, cdnra ...) and the e-commerce sheets are left out: the product makes no
 * amendments and sells through no operator. Exports and advances do not occur, but their sheets are there, empty,
 * as in the template.
 *
 * Sources of the sheet names and headers (looked up, not guessed; docs/gst.md "GSTR-1 Excel"):
 * - the offline tool's own import code (Infosys, "Offline Tool", version GST2.00: `b2bHeaderL4G1`, `b2clHeaderL4G1`,
 *   `b2csHeaderL4G1`, `atHeaderL4G1`, `atadjHeaderL4G1`, and the summary titles `sheetHeadersG1`);
 * - for the sheets the template has changed since (cdnr, cdnur, exp, hsn with its Rate column, exemp, docs, the
 *   "b2b,sez,de" and "hsn(b2b)"/"hsn(b2c)" sheet names): India Compliance (resilient-tech/india-compliance,
 *   india_compliance/gst_india/utils/gstr_1/__init__.py, `GovExcelField` and `GovExcelSheetName`), which several
 *   open exporters of the current template agree with.
 */

type Cell = string | number | null;

interface TemplateSheet {
  name: string;
  title: string;
  /** Row 2's labels, each over the column whose figure row 3 holds. */
  summary: { at: number; label: string; value: Cell }[];
  headers: string[];
  rows: Cell[][];
}

/** The header rows of the template's sheets, exactly as the offline tool reads them. */
export const GSTR1_TEMPLATE_HEADERS = {
  b2b: ['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Applicable % of Tax Rate', 'Invoice Type', 'E-Commerce GSTIN', 'Rate', 'Taxable Value', 'Cess Amount'],
  b2cl: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  b2cs: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  cdnr: ['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
  cdnur: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
  exp: ['Export Type', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Port Code', 'Shipping Bill Number', 'Shipping Bill Date', 'Rate', 'Taxable Value', 'Cess Amount'],
  at: ['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Received', 'Cess Amount'],
  atadj: ['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Adjusted', 'Cess Amount'],
  exemp: ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies'],
  hsn: ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The template's date: `05-Apr-2026`. */
const templateDate = (day: string | undefined) => (day ? `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}` : '');
const rupees = (paise: number) => toRupees(paise);
const sum = (rows: { taxable: number }[]) => rupees(rows.reduce((s, r) => s + r.taxable, 0));
/** A document's value counted once, however many rates it has. */
const documentsValue = (rows: Gstr1DocumentRow[]) => rupees([...new Map(rows.map((r) => [r.number, r.value])).values()].reduce((s, v) => s + v, 0));
const distinct = (values: (string | undefined)[]) => new Set(values).size;
/** B2B invoices and notes are regular supplies, not to an SEZ or a deemed export. */
const REGULAR_B2B = 'Regular B2B';

function hsnSheet(name: string, rows: Gstr1HsnRow[]): TemplateSheet {
  return {
    name,
    title: 'Summary For HSN(12)',
    summary: [
      { at: 0, label: 'No. of HSN', value: distinct(rows.map((r) => r.hsnCode)) },
      { at: 4, label: 'Total Value', value: rupees(rows.reduce((s, r) => s + r.value, 0)) },
      { at: 6, label: 'Total Taxable Value', value: sum(rows) },
      { at: 7, label: 'Total Integrated Tax', value: rupees(rows.reduce((s, r) => s + r.igst, 0)) },
      { at: 8, label: 'Total Central Tax', value: rupees(rows.reduce((s, r) => s + r.cgst, 0)) },
      { at: 9, label: 'Total State/UT Tax', value: rupees(rows.reduce((s, r) => s + r.sgst, 0)) },
      { at: 10, label: 'Total Cess', value: 0 },
    ],
    headers: [...GSTR1_TEMPLATE_HEADERS.hsn],
    rows: rows.map((r) => [r.hsnCode, r.description, r.unit, r.quantity, rupees(r.value), r.rate, rupees(r.taxable), rupees(r.igst), rupees(r.cgst), rupees(r.sgst), 0]),
  };
}

/** The sheets of a month's GSTR-1, in the template's order; table 12 is one sheet before the May 2025 return period, two from it. */
export function gstr1TemplateSheets(gstr1: Gstr1): TemplateSheet[] {
  const { b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn, docs } = gstr1.sections;
  const empty = (name: string, title: string, headers: readonly string[], summary: TemplateSheet['summary'] = []): TemplateSheet => ({ name, title, summary, headers: [...headers], rows: [] });
  const hsnSheets =
    gstr1.month >= HSN_SPLIT_FROM_MONTH
      ? [hsnSheet('hsn(b2b)', hsn.rows.filter((r) => r.tab === 'B2B')), hsnSheet('hsn(b2c)', hsn.rows.filter((r) => r.tab === 'B2C'))]
      : [hsnSheet('hsn', hsn.rows)];
  return [
    {
      name: 'b2b,sez,de',
      title: 'Summary For B2B, SEZ, DE (4A, 4B, 6B, 6C)',
      summary: [
        { at: 0, label: 'No. of Recipients', value: distinct(b2b.rows.map((r) => r.gstin)) },
        { at: 2, label: 'No. of Invoices', value: distinct(b2b.rows.map((r) => r.number)) },
        { at: 4, label: 'Total Invoice Value', value: documentsValue(b2b.rows) },
        { at: 11, label: 'Total Taxable Value', value: sum(b2b.rows) },
        { at: 12, label: 'Total Cess', value: 0 },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.b2b],
      rows: b2b.rows.map((r) => [r.gstin ?? '', r.customerName, r.number, templateDate(r.date), rupees(r.value), stateLabel(r.placeOfSupply), 'N', null, REGULAR_B2B, null, r.rate, rupees(r.taxable), 0]),
    },
    {
      name: 'b2cl',
      title: 'Summary For B2CL(5)',
      summary: [
        { at: 0, label: 'No. of Invoices', value: distinct(b2cl.rows.map((r) => r.number)) },
        { at: 2, label: 'Total Inv Value', value: documentsValue(b2cl.rows) },
        { at: 6, label: 'Total Taxable Value', value: sum(b2cl.rows) },
        { at: 7, label: 'Total Cess', value: 0 },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.b2cl],
      rows: b2cl.rows.map((r) => [r.number, templateDate(r.date), rupees(r.value), stateLabel(r.placeOfSupply), null, r.rate, rupees(r.taxable), 0, null]),
    },
    {
      name: 'b2cs',
      title: 'Summary For B2CS(7)',
      summary: [
        { at: 4, label: 'Total Taxable  Value', value: sum(b2cs.rows) },
        { at: 5, label: 'Total Cess', value: 0 },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.b2cs],
      rows: b2cs.rows.filter((r) => r.taxable !== 0).map((r) => ['OE', stateLabel(r.placeOfSupply), null, r.rate, rupees(r.taxable), 0, null]),
    },
    {
      name: 'cdnr',
      title: 'Summary For CDNR(9B)',
      summary: [
        { at: 0, label: 'No. of Recipients', value: distinct(cdnr.rows.map((r) => r.gstin)) },
        { at: 2, label: 'No. of Notes', value: distinct(cdnr.rows.map((r) => r.number)) },
        { at: 8, label: 'Total Note Value', value: documentsValue(cdnr.rows) },
        { at: 11, label: 'Total Taxable Value', value: sum(cdnr.rows) },
        { at: 12, label: 'Total Cess', value: 0 },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.cdnr],
      rows: cdnr.rows.map((r) => [r.gstin ?? '', r.customerName, r.number, templateDate(r.date), 'C', stateLabel(r.placeOfSupply), 'N', REGULAR_B2B, rupees(r.value), null, r.rate, rupees(r.taxable), 0]),
    },
    {
      name: 'cdnur',
      title: 'Summary For CDNUR(9B)',
      summary: [
        { at: 1, label: 'No. of Notes/Vouchers', value: distinct(cdnur.rows.map((r) => r.number)) },
        { at: 5, label: 'Total Note Value', value: documentsValue(cdnur.rows) },
        { at: 8, label: 'Total Taxable Value', value: sum(cdnur.rows) },
        { at: 9, label: 'Total Cess', value: 0 },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.cdnur],
      rows: cdnur.rows.map((r) => ['B2CL', r.number, templateDate(r.date), 'C', stateLabel(r.placeOfSupply), rupees(r.value), null, r.rate, rupees(r.taxable), 0]),
    },
    empty('exp', 'Summary For EXP(6)', GSTR1_TEMPLATE_HEADERS.exp),
    empty('at', 'Summary For Advance Received (11B)', GSTR1_TEMPLATE_HEADERS.at),
    empty('atadj', 'Summary For Advance Adjusted (11B)', GSTR1_TEMPLATE_HEADERS.atadj),
    {
      name: 'exemp',
      title: 'Summary For Nil rated, exempted and non GST outward supplies (8)',
      summary: [
        { at: 1, label: 'Total Nil Rated Supplies', value: rupees(nil.rows.reduce((s, r) => s + r.nilRated, 0)) },
        { at: 2, label: 'Total Exempted Supplies', value: rupees(nil.rows.reduce((s, r) => s + r.exempt, 0)) },
        { at: 3, label: 'Total Non-GST Supplies', value: rupees(nil.rows.reduce((s, r) => s + r.nonGst, 0)) },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.exemp],
      // The template lists the four kinds of supply always, with what each had.
      rows: nil.rows.map((r) => [r.description, rupees(r.nilRated), rupees(r.exempt), rupees(r.nonGst)]),
    },
    ...hsnSheets,
    {
      name: 'docs',
      title: 'Summary of documents issued during the tax period (13)',
      summary: [
        { at: 3, label: 'Total Number', value: docs.rows.reduce((s, r) => s + r.total, 0) },
        { at: 4, label: 'Total Cancelled', value: docs.rows.reduce((s, r) => s + r.cancelled, 0) },
      ],
      headers: [...GSTR1_TEMPLATE_HEADERS.docs],
      rows: docs.rows.map((r) => [r.nature, r.from, r.to, r.total, r.cancelled]),
    },
  ];
}

function addSheet(workbook: ExcelJS.Workbook, sheet: TemplateSheet) {
  const ws = workbook.addWorksheet(sheet.name);
  const width = sheet.headers.length;
  const labels: Cell[] = Array.from({ length: width }, () => null);
  const figures: Cell[] = Array.from({ length: width }, () => null);
  for (const s of sheet.summary) {
    labels[s.at] = s.label;
    figures[s.at] = s.value;
  }
  ws.addRow([sheet.title]).font = { bold: true };
  ws.addRow(labels).font = { bold: true };
  ws.addRow(figures);
  const header = ws.addRow(sheet.headers);
  header.font = { bold: true };
  for (const row of sheet.rows) ws.addRow(row);
  ws.columns.forEach((column, i) => {
    column.width = Math.max(12, Math.min(40, (sheet.headers[i]?.length ?? 10) + 2));
  });
  ws.views = [{ state: 'frozen', ySplit: 4 }];
}

export async function gstr1Workbook(gstr1: Gstr1): Promise<Buffer> {
  // exceljs is large: loaded when a workbook is first made, not when the function starts.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  for (const sheet of gstr1TemplateSheets(gstr1)) addSheet(workbook, sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
