import type { PDFFont } from 'pdf-lib';
import { startPdf } from './pdf.js';

/**
 * A slip for an 80 mm thermal roll as PDF (a credit note printed at the till): one page as long as its text, set
 * in the same DejaVu font as the A4 documents (it draws ₹). Lines are centred headings, plain text wrapped to the
 * roll's width, label and amount pairs (the amount right-aligned), and dashed rules between the parts.
 */
export type SlipLine =
  | { text: string; centre?: boolean; bold?: boolean }
  | { label: string; amount: string; bold?: boolean }
  | { rule: true };

export interface PdfSlip {
  title: string;
  lines: SlipLine[];
}

/** 80 mm in points; the printable width of a roll is about 72 mm, so the margin is 4 mm a side. */
const ROLL_WIDTH = (80 / 25.4) * 72;
const MARGIN = (4 / 25.4) * 72;
const SIZE = 8;
const LINE_HEIGHT = 10.5;
const RULE_HEIGHT = 7;

/** Splits text into lines that fit the width, at spaces; a word wider than a line is broken where it must. */
function wrap(text: string, font: PDFFont, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, SIZE) <= width;
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} ${word}`)) {
      lines[lines.length - 1] = `${last} ${word}`;
      continue;
    }
    let rest = word;
    while (!fits(rest)) {
      let end = rest.length - 1;
      while (end > 1 && !fits(rest.slice(0, end))) end--;
      lines.push(rest.slice(0, end));
      rest = rest.slice(end);
    }
    lines.push(rest);
  }
  return lines.length ? lines : [''];
}

export async function rollPdf(slip: PdfSlip): Promise<Buffer> {
  const { doc, rgb, regular, bold } = await startPdf(slip.title);
  const ink = rgb(0, 0, 0);
  const width = ROLL_WIDTH - 2 * MARGIN;

  // Laid out first, so the page is exactly as long as the slip: a roll has no page breaks.
  type Drawn = { kind: 'text'; text: string; x: number; font: PDFFont } | { kind: 'pair'; label: string; amount: string; font: PDFFont } | { kind: 'rule' };
  const rows: Drawn[] = [];
  for (const line of slip.lines) {
    if ('rule' in line) {
      rows.push({ kind: 'rule' });
    } else if ('label' in line) {
      const font = line.bold ? bold : regular;
      const labelWidth = width - font.widthOfTextAtSize(line.amount, SIZE) - 6;
      const [first, ...more] = wrap(line.label, font, labelWidth);
      rows.push({ kind: 'pair', label: first!, amount: line.amount, font });
      for (const text of more) rows.push({ kind: 'text', text, x: MARGIN, font });
    } else {
      const font = line.bold ? bold : regular;
      for (const text of wrap(line.text, font, width)) {
        rows.push({ kind: 'text', text, x: line.centre ? MARGIN + (width - font.widthOfTextAtSize(text, SIZE)) / 2 : MARGIN, font });
      }
    }
  }
  const height = 2 * MARGIN + rows.reduce((h, r) => h + (r.kind === 'rule' ? RULE_HEIGHT : LINE_HEIGHT), 0);
  const page = doc.addPage([ROLL_WIDTH, height]);
  let y = height - MARGIN;
  for (const row of rows) {
    if (row.kind === 'rule') {
      page.drawLine({ start: { x: MARGIN, y: y - RULE_HEIGHT / 2 }, end: { x: ROLL_WIDTH - MARGIN, y: y - RULE_HEIGHT / 2 }, thickness: 0.5, color: ink, dashArray: [2, 2] });
      y -= RULE_HEIGHT;
      continue;
    }
    const baseline = y - LINE_HEIGHT + 2.5;
    if (row.kind === 'text') {
      page.drawText(row.text, { x: row.x, y: baseline, size: SIZE, font: row.font, color: ink });
    } else {
      page.drawText(row.label, { x: MARGIN, y: baseline, size: SIZE, font: row.font, color: ink });
      page.drawText(row.amount, { x: ROLL_WIDTH - MARGIN - row.font.widthOfTextAtSize(row.amount, SIZE), y: baseline, size: SIZE, font: row.font, color: ink });
    }
    y -= LINE_HEIGHT;
  }
  return Buffer.from(await doc.save());
}
