import { PassThrough } from 'node:stream';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_UNPACKED_BYTES, readSheet, UNPACKS_TOO_LARGE } from '../../functions/inventory/spreadsheet.js';
import { UNREADABLE_SPREADSHEET } from '../../shared/spreadsheets.js';

/**
 * The inventory upload reads a workbook as a stream: a file that unpacks to far more than an upload needs (a zip
 * bomb: 4 MB that unpacks to gigabytes) is refused with 413 before it is parsed, whether its sizes are declared
 * honestly or not, without the memory it would unpack to; a sheet with more rows than the limit is read only to
 * the first row past it.
 */

const MB = 1024 * 1024;

interface Part {
  name: string;
  /** Raw deflate data, or the bytes to store. */
  data: Buffer;
  deflated: boolean;
  size: number;
  crc: number;
}

/** A zip of the parts (local headers, data, central directory, end record), with each part's size as declared. */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflated ? 8 : 0, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(part.deflated ? 8 : 0, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    central.push(entry, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const small = (name: string, text: string): Part => {
  const bytes = Buffer.from(text);
  return { name, data: deflateRawSync(bytes), deflated: true, size: bytes.length, crc: crc32(bytes) };
};

/**
 * A sheet part of about 4 MB that unpacks to over a gigabyte of rows: one MB of rows deflated with a full flush
 * (byte aligned, history reset) repeats as a valid deflate stream, closed by an empty final block.
 */
function bombSheet(declaredSize: (unpacked: number) => number): Part {
  const row = '<row><c t="n"><v>1</v></c><c t="n"><v>2</v></c><c t="n"><v>3</v></c></row>';
  const chunk = Buffer.from(row.repeat(Math.ceil(MB / row.length))).subarray(0, MB);
  const segment = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const megabytes = Math.floor((4 * MB) / segment.length);
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => segment), deflateRawSync(Buffer.alloc(0))]);
  return { name: 'xl/worksheets/sheet1.xml', data, deflated: true, size: declaredSize(megabytes * MB), crc: 0 };
}

const bomb = (declaredSize: (unpacked: number) => number) =>
  zip([
    small('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    bombSheet(declaredSize),
  ]);

/** Reads the file while sampling the process's memory; answers the outcome and the most memory grew by. */
async function measured(file: Buffer) {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const outcome = await readSheet(file, 10_000).then(
      (sheet) => ({ sheet, error: undefined }),
      (error: { status?: number; message?: string }) => ({ sheet: undefined, error }),
    );
    return { ...outcome, grew: Math.max(peak, process.memoryUsage().rss) - start };
  } finally {
    clearInterval(sampler);
  }
}

/** A real workbook of the given data rows under a header, written as a stream. */
async function workbookOf(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Inventory');
  sheet.addRow(['Product Name', 'Quantity', 'MRP']).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow([`Item ${i}`, i, 100 + i]).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

describe('spreadsheet upload limits', () => {
  it('refuse a 4 MB zip bomb declaring its size with 413 before unpacking it', async () => {
    let unpacks = 0;
    const file = bomb((unpacked) => (unpacks = unpacked));
    expect(file.length).toBeLessThan(4.1 * MB);
    expect(unpacks).toBeGreaterThan(1024 * MB);
    const { error, grew } = await measured(file);
    expect(error).toMatchObject({ status: 413, message: UNPACKS_TOO_LARGE });
    expect(grew).toBeLessThan(64 * MB);
  });

  it('refuse a 4 MB zip bomb declaring a small size with 413, unpacking no more than the limit and keeping none of it', async () => {
    const file = bomb(() => 1000);
    const { error, grew } = await measured(file);
    expect(error).toMatchObject({ status: 413, message: UNPACKS_TOO_LARGE });
    // Unpacked bytes are counted and dropped: memory grows by far less than what was unpacked (the limit).
    expect(grew).toBeLessThan(MAX_UNPACKED_BYTES);
  });

  it('refuse a file that is not a zip past its first bytes as unreadable', async () => {
    const file = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]);
    const { error } = await measured(file);
    expect(error).toMatchObject({ status: 400, message: UNREADABLE_SPREADSHEET });
  });

  it('read a sheet with more rows than the limit only to the first row past it', async () => {
    const file = await workbookOf(25_000);
    const sheet = await readSheet(file, 10_000);
    expect([...sheet.headers.values()]).toEqual(['Product Name', 'Quantity', 'MRP']);
    expect(sheet.rows).toHaveLength(10_001);
    expect(sheet.rows.at(-1)).toEqual({ row: 10_002, cells: new Map<number, string | number>([[1, 'Item 10001'], [2, 10_001], [3, 10_101]]) });
  });

  it('read every row of a sheet within the limit, strings, numbers and all', async () => {
    const sheet = await readSheet(await workbookOf(3));
    expect(sheet.rows.map((r) => [...r.cells.values()])).toEqual([
      ['Item 1', 1, 101],
      ['Item 2', 2, 102],
      ['Item 3', 3, 103],
    ]);
  });

  it('read a sound workbook every time, though the streaming reader now and then fails on one (about a read in 200)', async () => {
    // As Excel's "Save" and exceljs' own writer lay a workbook out: the workbook part after the worksheets.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Inventory');
    sheet.addRow(['Product Name', 'Artcode', 'Quantity', 'MRP']);
    sheet.addRow(['Toor Dal 1kg', 'TD1KG', 4, 160]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const failed: string[] = [];
    for (let read = 0; read < 1000; read++) await readSheet(file).catch((error: unknown) => failed.push(String(error)));
    expect(failed).toEqual([]);
  }, 60_000);
});
