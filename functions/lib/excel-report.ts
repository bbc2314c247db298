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

/** Several tables, one sheet each, in the order given. */
export async function tablesWorkbook(tables: SheetTable[]): Promise<Buffer> {
  // exceljs is large: loaded when a workbook is first made, not when the function starts.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Shop back office';
  for (const table of tables) addSheet(workbook, table);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

function addSheet(workbook: ExcelJS.Workbook, table: SheetTable) {
  const sheet = workbook.addWorksheet(table.sheetName);
  sheet.addRow([table.title]).font = { bold: true, size: 14 };
  for (const line of table.subtitle ?? []) sheet.addRow([line]);
  sheet.addRow([]);
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECF2' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  table.columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = c.width;
  });

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
  });
  if (table.totals) addRow(table.totals).font = { bold: true };
  if (table.figures?.length) {
    sheet.addRow([]);
    for (const figure of table.figures) {
      const row = sheet.addRow([figure.label, figure.value]);
      row.getCell(2).numFmt = formats[figure.kind]!;
    }
  }
}
