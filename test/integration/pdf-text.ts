import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } from 'pdf-lib';

/** The bytes of a content or CMap stream, inflated. */
const streamText = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

/** Glyph code → text, from a font's ToUnicode CMap (the bfchar and bfrange sections pdf-lib writes). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of section[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code!, 16), utf16(text!));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, start] of section[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const first = parseInt(start!, 16);
      for (let code = parseInt(lo!, 16); code <= parseInt(hi!, 16); code++) map.set(code, String.fromCharCode(first + code - parseInt(lo!, 16)));
    }
  }
  return map;
}

/** The text a PDF written by functions/lib/pdf.ts shows, page by page, one line per text operator. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<number, string>>();
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const cmap = font.lookup(PDFName.of('ToUnicode'));
      fonts.set(name.decodeText(), cmap instanceof PDFRawStream ? toUnicode(streamText(cmap)) : new Map());
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const content = streams.map((s) => (s instanceof PDFRawStream ? streamText(s) : '')).join('\n');
    const lines: string[] = [];
    let current = new Map<number, string>();
    for (const op of content.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) current = fonts.get(op[1]) ?? new Map();
      else lines.push((op[2]!.match(/.{4}/g) ?? []).map((h) => current.get(parseInt(h, 16)) ?? '?').join(''));
    }
    return lines.join('\n');
  });
}
