import type ExcelJS from 'exceljs';
import { UNREADABLE_SPREADSHEET, sniffSpreadsheet } from '../../shared/spreadsheets.js';
import { Validation } from '../lib/errors.js';

export const OLD_EXCEL_FORMAT =
  'This is an Excel 97-2003 (.xls) workbook, which cannot be read. Please save it as an Excel Workbook (.xlsx) and upload it again.';
export const EMPTY_SHEET = 'The file has no header row. Please use the inventory template.';

/** A header as written ('Product Name', 'productName', 'BUYING PRICE') reduced to compare equal. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface Sheet {
  /** The header row's texts by column number (from 1). */
  headers: Map<number, string>;
  /** The data rows with anything in them: the spreadsheet's row number and cell values by column number. */
  rows: { row: number; cells: Map<number, string | number> }[];
}

type CellValue = ExcelJS.CellValue;

/** A cell as text or number: formulas give their result, rich text its plain text, dates `yyyy-mm-dd`. */
function plain(value: CellValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number(value.toPrecision(12));
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return plain(value.richText.map((r) => r.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) return plain((value as { result?: CellValue }).result as CellValue);
  if ('text' in value) return plain((value as { text: CellValue }).text);
  if ('error' in value) return undefined;
  return undefined;
}

/** Reads the first worksheet of an .xlsx file; an old .xls or anything else is refused with a message saying why. */
export async function readSheet(data: Uint8Array): Promise<Sheet> {
  const format = sniffSpreadsheet(data.subarray(0, 8));
  if (format === '.xls') throw new Validation(OLD_EXCEL_FORMAT);
  if (format !== '.xlsx') throw new Validation(UNREADABLE_SPREADSHEET);
  // exceljs is large: loaded when a sheet is first read, not when the function starts.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    throw new Validation(UNREADABLE_SPREADSHEET);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Validation(EMPTY_SHEET);
  const headers = new Map<number, string>();
  const rows: Sheet['rows'] = [];
  let headerRow = 0;
  sheet.eachRow((row, rowNumber) => {
    const cells = new Map<number, string | number>();
    row.eachCell((cell, column) => {
      const value = plain(cell.value);
      if (value !== undefined) cells.set(column, value);
    });
    if (!cells.size) return;
    if (!headerRow) {
      headerRow = rowNumber;
      for (const [column, value] of cells) headers.set(column, String(value));
      return;
    }
    rows.push({ row: rowNumber, cells });
  });
  if (!headers.size) throw new Validation(EMPTY_SHEET);
  return { headers, rows };
}

/** The header texts of a template file (the tenant's inventory template), or undefined if it cannot be read. */
export async function templateHeaders(data: Uint8Array): Promise<string[] | undefined> {
  try {
    const sheet = await readSheet(data);
    return [...sheet.headers.values()];
  } catch {
    return undefined;
  }
}
