import type ExcelJS from 'exceljs';

/**
 * Tables as Excel workbooks (report downloads): real numbers and dates, so the shop can sum and sort, shown the
 * Indian way: rupees grouped 1,23,45,678.90 and dates day/month/year.
 */

export type CellKind = 'text' | 'integer' | 'rupees' | 'date';

export interface SheetColumn {
  header: string;
  width: number;
  kind: CellKind;
}

export interface SheetTable {
  sheetName: string;
  title: string;
  subtitle?: string[];
  columns: SheetColumn[];
  /** Text for text cells, numbers for integer and rupee cells (rupees, not paise), `yyyy-mm-dd` for dates. */
  rows: (string | number | undefined)[][];
  highlight?: ReadonlySet<number>;
  totals?: (string | number | undefined)[];
  /** Labelled figures under the table (a day's or a period's sums): the label in the first column, the number beside it. */
  figures?: FigureCell[];
}

export interface FigureCell {
  label: string;
  /** Rupees for `rupees`, a count for `integer`. */
  value: number;
  kind: 'rupees' | 'integer';
}

/** Excel has no lakh grouping pattern; conditional sections place the commas for crores, lakhs and thousands. */
export const INDIAN_RUPEES_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';
const INTEGER_FORMAT = '[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;#,##0';
const DATE_FORMAT = 'dd/mm/yyyy';

const formats: Record<CellKind, string | undefined> = { text: undefined, integer: INTEGER_FORMAT, rupees: INDIAN_RUPEES_FORMAT, date: DATE_FORMAT };

/** A calendar day as an Excel date: UTC midnight, so no time zone moves it to the day before. */
function cellValue(kind: CellKind, value: string | number | undefined): ExcelJS.CellValue {
  if (value === undefined || value === '') return null;
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return value;
}

export async function tableWorkbook(table: SheetTable): Promise<Buffer> {
  return tablesWorkbook([table]);
}

/**
 * Several tables, one sheet each, in the order given. The workbook is streamed: each row is written out as it is
 * added, so a 20,000-line report holds its compressed bytes, not every row's cells (exceljs' in-memory workbook
 * took 440 MB for one).
 */
export async function tablesWorkbook(tables: SheetTable[]): Promise<Buffer> {
  // exceljs is large: loaded when a workbook is first made, not when the function starts.
  const [{ default: Excel }, { PassThrough }] = await Promise.all([import('exceljs'), import('node:stream')]);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  workbook.creator = 'Shop back office';
  for (const table of tables) addSheet(workbook, table);
  await workbook.commit();
  return Buffer.concat(chunks);
}

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, table: SheetTable) {
  // The title, the subtitle lines and a blank row come before the header, which stays in view when scrolling.
  const headerRow = 1 + (table.subtitle?.length ?? 0) + 2;
  const sheet = workbook.addWorksheet(table.sheetName, { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.columns = table.columns.map((c) => ({ width: c.width }));
  const commit = (row: ExcelJS.Row) => row.commit();

  const title = sheet.addRow([table.title]);
  title.font = { bold: true, size: 14 };
  commit(title);
  for (const line of table.subtitle ?? []) commit(sheet.addRow([line]));
  commit(sheet.addRow([]));
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECF2' } };
  });
  commit(header);

  const addRow = (values: (string | number | undefined)[]) => {
    const row = sheet.addRow(table.columns.map((c, i) => cellValue(c.kind, values[i])));
    table.columns.forEach((c, i) => {
      const format = formats[c.kind];
      if (format) row.getCell(i + 1).numFmt = format;
    });
    return row;
  };
  table.rows.forEach((values, index) => {
    const row = addRow(values);
    if (table.highlight?.has(index)) {
      row.eachCell((cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE5E0' } };
      });
    }
    commit(row);
  });
  if (table.totals) {
    const totals = addRow(table.totals);
    totals.font = { bold: true };
    commit(totals);
  }
  if (table.figures?.length) {
    commit(sheet.addRow([]));
    for (const figure of table.figures) {
      const row = sheet.addRow([figure.label, figure.value]);
      row.getCell(2).numFmt = formats[figure.kind]!;
      commit(row);
    }
  }
  sheet.commit();
}
