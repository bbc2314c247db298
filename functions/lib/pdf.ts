import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * Tables as PDF (reports, receipts): A4, a title and subtitle lines, a header row repeated on every page, optional
 * highlighted rows and a totals row, 'Page n of m' at the foot. The standard PDF fonts cannot draw ₹, so the text
 * is set in DejaVu Sans Condensed (functions/lib/fonts, Bitstream Vera licence), embedded as a subset of the glyphs
 * used. The font files sit next to this module; a Lambda bundle must ship `fonts/` beside its entry file.
 */

export interface PdfColumn {
  header: string;
  /** Share of the table's width, relative to the other columns. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfTable {
  title: string;
  /** Lines under the title: the shop, the view, the date printed. */
  subtitle?: string[];
  columns: PdfColumn[];
  rows: string[][];
  /** Row indexes drawn on a tinted background (low stock). */
  highlight?: ReadonlySet<number>;
  totals?: string[];
  /** Lines under the table (an invoice's HSN summary, amount in words, declarations). */
  footer?: string[];
  landscape?: boolean;
}

const fontFile = (name: string) => readFileSync(new URL(`./fonts/${name}`, import.meta.url));
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
/** The regular and bold DejaVu Sans Condensed files, read once: every PDF of the product is set in them. */
const pdfFonts = () => (fontBytes ??= { regular: fontFile('DejaVuSansCondensed.ttf'), bold: fontFile('DejaVuSansCondensed-Bold.ttf') });

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const SIZE = 8.5;
const ROW_HEIGHT = 15;
const LINE_HEIGHT = 10;
const PADDING = 4;

/** The smallest size a cell's text is set at to keep a figure or code whole before it is broken across lines. */
const MIN_SIZE = 4.5;

/** Breaks a word wider than the width into pieces that fit, only where nothing else can keep it on the page. */
function breakWord(word: string, font: PDFFont, width: number, size: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest && font.widthOfTextAtSize(rest, size) > width) {
    let end = rest.length - 1;
    while (end > 1 && font.widthOfTextAtSize(rest.slice(0, end), size) > width) end--;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return rest ? [...pieces, rest] : pieces;
}

/** Splits text into lines that fit the width at a size, at spaces; a word too long for a line is broken. */
function wrap(text: string, font: PDFFont, width: number, size = SIZE): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(...breakWord(word, font, width, size));
  }
  return lines.length ? lines : [''];
}

/**
 * A cell's text, never cut: names wrap at spaces onto more lines; a word (an amount, an HSN code, a number) wider
 * than the cell is set smaller, down to MIN_SIZE, so it stays whole on one line, and only a word too long even then
 * is broken across lines.
 */
function cellText(text: string, font: PDFFont, width: number): { lines: string[]; size: number } {
  const widest = Math.max(0, ...text.split(/\s+/).map((word) => font.widthOfTextAtSize(word, SIZE)));
  const size = widest > width ? Math.max(MIN_SIZE, Math.floor(((SIZE * width) / widest) * 10) / 10) : SIZE;
  return { lines: wrap(text, font, width, size), size };
}

/** A new PDF with its title and the regular and bold fonts embedded (as subsets of the glyphs used). */
export async function startPdf(title: string) {
  // pdf-lib and fontkit are large: loaded when the first PDF is drawn, not when the function starts.
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(title);
  doc.setProducer('Shop back office');
  const regular = glyphsByCharacter(await doc.embedFont(pdfFonts().regular, { subset: true }));
  const bold = glyphsByCharacter(await doc.embedFont(pdfFonts().bold, { subset: true }));
  return { doc, rgb, regular, bold };
}

/** The part of a fontkit font pdf-lib's embedder reads a text's glyphs from. */
interface GlyphSource {
  layout: (text: string) => { glyphs: unknown[] };
  glyphForCodePoint: (codePoint: number) => unknown;
}

/**
 * pdf-lib measures and encodes every text through fontkit's full shaping (OpenType lookups run anew for each
 * string): 3.5 ms a table row, 119 s of CPU for a 20,000-line stock report. The product's texts are Latin letters,
 * digits and ₹, which DejaVu Sans sets one glyph per character, so the font answers each character's glyph from
 * the character map, looked up once per character for the whole document. A 20,000-line report then takes a few
 * seconds.
 */
function glyphsByCharacter(font: PDFFont): PDFFont {
  const source = (font as unknown as { embedder: { font: GlyphSource } }).embedder.font;
  const glyphs = new Map<number, unknown>();
  const glyphOf = (codePoint: number) => {
    let glyph = glyphs.get(codePoint);
    if (glyph === undefined) glyphs.set(codePoint, (glyph = source.glyphForCodePoint(codePoint)));
    return glyph;
  };
  source.layout = (text: string) => {
    const laid: unknown[] = [];
    for (const character of text) laid.push(glyphOf(character.codePointAt(0)!));
    return { glyphs: laid };
  };
  return font;
}

/** A colour as the three components of PDF's `rg`/`RG` operators. */
type Colour = readonly [number, number, number];

const INK: Colour = [0.13, 0.13, 0.13];
const RULE: Colour = [0.8, 0.8, 0.8];
const HEADER_FILL: Colour = [0.92, 0.93, 0.95];
const HIGHLIGHT_FILL: Colour = [1, 0.9, 0.88];

/** A figure of a content stream: at most two decimals, no trailing zeros. */
const num = (n: number) => String(Math.round(n * 100) / 100);
const colour = (c: Colour) => c.map(num).join(' ');

/**
 * One page's drawing, written as content-stream operators and compressed into the document when the page is full.
 * pdf-lib's own drawing keeps every operator of every page as objects until the document is saved (868 MB for a
 * 20,000-line report); a table's pages are instead kept as their compressed bytes, a few kilobytes each.
 */
class PageWriter {
  private readonly ops: string[] = ['q'];
  private readonly fontKeys = new Map<PDFFont, string>();

  constructor(
    private readonly doc: PDFDocument,
    readonly page: PDFPage,
  ) {}

  private fontKey(font: PDFFont) {
    let key = this.fontKeys.get(font);
    if (!key) this.fontKeys.set(font, (key = this.page.node.newFontDictionary(font.name, font.ref).asString()));
    return key;
  }

  text(text: string, x: number, y: number, font: PDFFont, size: number) {
    if (!text) return;
    this.ops.push(`BT ${colour(INK)} rg ${this.fontKey(font)} ${num(size)} Tf ${num(x)} ${num(y)} Td ${font.encodeText(text).toString()} Tj ET`);
  }

  fill(x: number, y: number, width: number, height: number, fill: Colour) {
    this.ops.push(`${colour(fill)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  rule(x1: number, y: number, x2: number) {
    this.ops.push(`${colour(RULE)} RG 0.5 w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  /** Compresses the page's drawing into the document; the writer is done with. */
  finish() {
    this.ops.push('Q');
    const stream = this.doc.context.stream(deflateSync(Buffer.from(this.ops.join('\n'), 'latin1')), { Filter: 'FlateDecode' });
    this.page.node.addContentStream(this.doc.context.register(stream));
    this.ops.length = 0;
  }
}

export async function tablePdf(table: PdfTable): Promise<Buffer> {
  const { doc, regular, bold } = await startPdf(table.title);

  const [pageWidth, pageHeight] = table.landscape ? [A4.height, A4.width] : [A4.width, A4.height];
  const tableWidth = pageWidth - 2 * MARGIN;
  const share = table.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = table.columns.map((c) => (c.width / share) * tableWidth);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const drawCell = (page: PageWriter, i: number, text: string, baseline: number, font: PDFFont, size = SIZE) => {
    const x = table.columns[i]!.align === 'right' ? lefts[i]! + widths[i]! - PADDING - font.widthOfTextAtSize(text, size) : lefts[i]! + PADDING;
    page.text(text, x, baseline, font, size);
  };
  /** A row's cells laid out: each cell on as many lines as it needs, and the row as tall as its tallest cell. */
  const layRow = (cells: string[], font: PDFFont) => {
    const laid = cells.map((cell, i) => cellText(cell ?? '', font, widths[i]! - 2 * PADDING));
    return { laid, height: ROW_HEIGHT + (Math.max(1, ...laid.map((c) => c.lines.length)) - 1) * LINE_HEIGHT };
  };
  const drawRow = (page: PageWriter, y: number, row: ReturnType<typeof layRow>, font: PDFFont, fill?: Colour) => {
    if (fill) page.fill(MARGIN, y - row.height, tableWidth, row.height, fill);
    row.laid.forEach((cell, i) => cell.lines.forEach((line, n) => drawCell(page, i, line, y - ROW_HEIGHT + 4.5 - n * LINE_HEIGHT, font, cell.size)));
    page.rule(MARGIN, y - row.height, MARGIN + tableWidth);
    return y - row.height;
  };
  // Column headers wrap onto as many lines as they need rather than being cut: a header names what a column counts.
  const headerLines = table.columns.map((c, i) => wrap(c.header, bold, widths[i]! - 2 * PADDING));
  const headerHeight = ROW_HEIGHT + (Math.max(...headerLines.map((l) => l.length)) - 1) * LINE_HEIGHT;
  const drawHeader = (page: PageWriter, y: number) => {
    page.fill(MARGIN, y - headerHeight, tableWidth, headerHeight, HEADER_FILL);
    headerLines.forEach((lines, i) => lines.forEach((line, n) => drawCell(page, i, line, y - ROW_HEIGHT + 4.5 - n * LINE_HEIGHT, bold)));
    page.rule(MARGIN, y - headerHeight, MARGIN + tableWidth);
    return y - headerHeight;
  };

  const pages: PDFPage[] = [];
  let writer: PageWriter | undefined;
  const newPage = () => {
    writer?.finish();
    const page = doc.addPage([pageWidth, pageHeight]);
    pages.push(page);
    writer = new PageWriter(doc, page);
    let y = pageHeight - MARGIN;
    if (pages.length === 1) {
      writer.text(table.title, MARGIN, y - 14, bold, 14);
      y -= 22;
      // Subtitle lines wrap at spaces rather than being cut: they carry the parties, numbers and totals.
      for (const line of (table.subtitle ?? []).flatMap((l) => wrap(l, regular, tableWidth, SIZE + 0.5))) {
        writer.text(line, MARGIN, y - 10, regular, SIZE + 0.5);
        y -= 13;
      }
      y -= 6;
    }
    return { page: writer, y: drawHeader(writer, y) };
  };

  let { page, y } = newPage();
  const bottom = MARGIN + 18;
  table.rows.forEach((cells, index) => {
    const row = layRow(cells, regular);
    if (y - row.height < bottom) ({ page, y } = newPage());
    y = drawRow(page, y, row, regular, table.highlight?.has(index) ? HIGHLIGHT_FILL : undefined);
  });
  if (table.totals) {
    const row = layRow(table.totals, bold);
    if (y - row.height < bottom) ({ page, y } = newPage());
    y = drawRow(page, y, row, bold, HEADER_FILL);
  }
  y -= 6;
  for (const line of (table.footer ?? []).flatMap((l) => wrap(l, regular, tableWidth, SIZE + 0.5))) {
    if (y - 13 < bottom) ({ page, y } = newPage());
    page.text(line, MARGIN, y - 10, regular, SIZE + 0.5);
    y -= 13;
  }
  if (!table.rows.length) page.text('No rows.', MARGIN + PADDING, y - ROW_HEIGHT + 4.5, regular, SIZE);
  page.finish();

  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    const foot = new PageWriter(doc, p);
    foot.text(label, pageWidth - MARGIN - regular.widthOfTextAtSize(label, SIZE), MARGIN - 6, regular, SIZE);
    foot.finish();
  });
  return Buffer.from(await doc.save());
}
