import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { UNREADABLE_SPREADSHEET, sniffSpreadsheet } from '../../shared/spreadsheets.js';
import { TooLarge, Validation } from '../lib/errors.js';

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

/**
 * Everything a workbook may unpack to, all its parts together. A sheet of 10,000 rows of the inventory template is
 * about 5 MB of XML; a file that unpacks to far more is refused before any of it is parsed (a "zip bomb" of a few
 * megabytes can unpack to gigabytes).
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const UNPACKS_TOO_LARGE =
  'This spreadsheet unpacks to more than 64 MB, far more than the rows an upload takes. Please save only the inventory sheet and split it into smaller files.';

/** Rows a sheet is read to when the caller sets no limit (a template's header). */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  method: number;
  declaredSize: number;
  data: Buffer;
}

/** The entries of a zip's central directory with their compressed data; undefined if it is not a plain zip. */
function zipEntries(zip: Buffer): ZipEntry[] | undefined {
  // The end record is the last 22 bytes plus a comment of up to 65,535.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) return undefined;
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const declaredSize = zip.readUInt32LE(at + 24);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_ENTRY) return undefined;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) return undefined;
    entries.push({ method, declaredSize, data: zip.subarray(start, start + compressedSize) });
  }
  return entries;
}

/** Inflates one entry only to count its bytes, stopping as soon as they pass `budget`: memory stays a few buffers. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => reject(new Validation(UNREADABLE_SPREADSHEET)));
    inflate.end(data);
  });
}

/**
 * Refuses a workbook whose parts unpack to more than MAX_UNPACKED_BYTES: first by the sizes it declares, then by
 * really unpacking (and dropping) its bytes, since a crafted file can declare small sizes and unpack to gigabytes.
 */
async function checkUnpackedSize(zip: Buffer): Promise<void> {
  const entries = zipEntries(zip);
  if (!entries) throw new Validation(UNREADABLE_SPREADSHEET);
  if (entries.some((e) => e.method !== STORED && e.method !== DEFLATED)) throw new Validation(UNREADABLE_SPREADSHEET);
  if (entries.reduce((sum, e) => sum + e.declaredSize, 0) > MAX_UNPACKED_BYTES) throw new TooLarge(UNPACKS_TOO_LARGE);
  let budget = MAX_UNPACKED_BYTES;
  for (const entry of entries) {
    budget -= entry.method === STORED ? entry.data.length : await inflatedSize(entry.data, budget);
    if (budget < 0) throw new TooLarge(UNPACKS_TOO_LARGE);
  }
}

/**
 * Reads the first worksheet of an .xlsx file as a stream, row by row, and stops after `maxRows` data rows plus
 * one (so the caller can tell the file has too many) without reading the rest. An old .xls or anything else is
 * refused with a message saying why; a file unpacking to more than MAX_UNPACKED_BYTES with 413.
 */
export async function readSheet(data: Uint8Array, maxRows = UNLIMITED): Promise<Sheet> {
  const format = sniffSpreadsheet(data.subarray(0, 8));
  if (format === '.xls') throw new Validation(OLD_EXCEL_FORMAT);
  if (format !== '.xlsx') throw new Validation(UNREADABLE_SPREADSHEET);
  const zip = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await checkUnpackedSize(zip);
  for (let attempt = 1; ; attempt++) {
    try {
      const sheet = await firstSheet(zip, maxRows);
      if (!sheet.headers.size) throw new Validation(EMPTY_SHEET);
      return sheet;
    } catch (error) {
      if (error instanceof Validation) throw error;
      // exceljs 4.4's streaming reader now and then loses the workbook part it read (its own writer stores that part
      // after the worksheets) and fails on a sound file, about one read in two hundred: the same bytes are read again.
      if (attempt < READ_TRIES) continue;
      throw new Validation(UNREADABLE_SPREADSHEET);
    }
  }
}

/** Times a sound file is read before it is called unreadable (see readSheet). */
const READ_TRIES = 3;

/** The first worksheet's header row and its data rows up to `maxRows` + 1, streamed. */
async function firstSheet(zip: Buffer, maxRows: number): Promise<Sheet> {
  // exceljs is large: loaded when a sheet is first read, not when the function starts.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([zip]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache' });
  const headers = new Map<number, string>();
  const rows: Sheet['rows'] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const cells = new Map<number, string | number>();
      row.eachCell((cell, column) => {
        const value = plain(cell.value);
        if (value !== undefined) cells.set(column, value);
      });
      if (!cells.size) continue;
      if (!headers.size) {
        for (const [column, value] of cells) headers.set(column, String(value));
        continue;
      }
      rows.push({ row: row.number, cells });
      if (rows.length > maxRows) break;
    }
    // Only the first worksheet is the inventory.
    break;
  }
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
