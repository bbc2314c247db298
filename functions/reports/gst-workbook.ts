import { stateLabel } from '../../shared/gst.js';
import type { Gstr1, Gstr1DocumentRow } from '../../shared/gst/gstr1.js';
import { toRupees } from '../../shared/money.js';
import { GSTR1_SECTIONS } from '../../shared/schemas/gstr1.js';
import { tablesWorkbook, type SheetColumn, type SheetTable } from '../lib/excel-report.js';

/**
 * GSTR-1 as a workbook: one sheet per section, with the columns of the GST portal's Excel template (b2b, b2cl, b2cs,
 * cdnr, cdnur, hsn, docs), so an accountant can check it or copy it into the offline tool. Money in rupees.
 */

const text = (header: string, width = 14): SheetColumn => ({ header, width, kind: 'text' });
const money = (header: string): SheetColumn => ({ header, width: 14, kind: 'rupees' });
const date = (header: string): SheetColumn => ({ header, width: 12, kind: 'date' });
const integer = (header: string): SheetColumn => ({ header, width: 10, kind: 'integer' });
/** Rates (0.25, 18) and quantities (2.5 KGS) keep their decimals: numbers without a fixed format. */
const figure = (header: string): SheetColumn => ({ header, width: 10, kind: 'text' });
const taxColumns = [money('Taxable Value'), money('Integrated Tax'), money('Central Tax'), money('State/UT Tax')];
const taxes = (a: { taxable: number; igst: number; cgst: number; sgst: number }) => [toRupees(a.taxable), toRupees(a.igst), toRupees(a.cgst), toRupees(a.sgst)];

function sheet(gstr1: Gstr1, key: keyof typeof GSTR1_SECTIONS, columns: SheetColumn[], rows: SheetTable['rows'], totals?: SheetTable['totals']): SheetTable {
  const section = GSTR1_SECTIONS[key];
  return {
    sheetName: section.sheet,
    title: `${section.title} (table ${section.table})`,
    subtitle: [`GSTR-1 ${gstr1.month.slice(5, 7)}/${gstr1.month.slice(0, 4)} · GSTIN ${gstr1.json.gstin} · financial year ${gstr1.financialYear}`],
    columns,
    rows,
    totals,
  };
}

const documentSheet = (gstr1: Gstr1, key: 'b2b' | 'b2cl' | 'cdnr' | 'cdnur', rows: Gstr1DocumentRow[]): SheetTable => {
  const notes = key === 'cdnr' || key === 'cdnur';
  const registered = key === 'b2b' || key === 'cdnr';
  const totals = gstr1.sections[key].totals;
  return sheet(
    gstr1,
    key,
    [
      ...(registered ? [text('GSTIN/UIN of Recipient', 18)] : []),
      text('Receiver Name', 20),
      text(notes ? 'Note Number' : 'Invoice Number', 18),
      date(notes ? 'Note Date' : 'Invoice date'),
      ...(notes ? [text('Invoice Number', 18), date('Invoice date')] : []),
      money(notes ? 'Note Value' : 'Invoice Value'),
      text('Place Of Supply', 18),
      figure('Rate'),
      ...taxColumns,
    ],
    rows.map((r) => [
      ...(registered ? [r.gstin] : []),
      r.customerName,
      r.number,
      r.date,
      ...(notes ? [r.originalNumber, r.originalDate] : []),
      toRupees(r.value),
      stateLabel(r.placeOfSupply),
      r.rate,
      ...taxes(r),
    ]),
    [...(registered ? [''] : []), `${totals.count} document(s)`, '', '', ...(notes ? ['', ''] : []), toRupees(totals.value), '', '', ...taxes(totals)],
  );
};

export async function gstr1Workbook(gstr1: Gstr1): Promise<Buffer> {
  const { sections } = gstr1;
  return tablesWorkbook([
    documentSheet(gstr1, 'b2b', sections.b2b.rows),
    documentSheet(gstr1, 'b2cl', sections.b2cl.rows),
    sheet(
      gstr1,
      'b2cs',
      [text('Type', 8), text('Place Of Supply', 18), figure('Rate'), ...taxColumns],
      sections.b2cs.rows.map((r) => ['OE', stateLabel(r.placeOfSupply), r.rate, ...taxes(r)]),
      ['Total', '', '', ...taxes(sections.b2cs.totals)],
    ),
    documentSheet(gstr1, 'cdnr', sections.cdnr.rows),
    documentSheet(gstr1, 'cdnur', sections.cdnur.rows),
    sheet(
      gstr1,
      'hsn',
      [text('B2B / B2C', 10), text('HSN', 10), text('Description', 30), text('UQC', 8), figure('Total Quantity'), figure('Rate'), money('Total Value'), ...taxColumns],
      sections.hsn.rows.map((r) => [r.tab, r.hsnCode, r.description, r.unit, r.quantity, r.rate, toRupees(r.value), ...taxes(r)]),
      ['Total', '', '', '', '', '', toRupees(sections.hsn.totals.value), ...taxes(sections.hsn.totals)],
    ),
    sheet(
      gstr1,
      'docs',
      [text('Nature of Document', 28), text('Sr. No. From', 18), text('Sr. No. To', 18), integer('Total Number'), integer('Cancelled'), integer('Net Issued')],
      sections.docs.rows.map((r) => [r.nature, r.from, r.to, r.total, r.cancelled, r.issued]),
    ),
  ]);
}
