import type { PrintedLine } from './invoice-lines';
import type { Paper } from './invoice-view';

/**
 * The document as a PDF (decision 1012), drawn with pdf-lib (no install script, no canvas) from
 * the same lines the screen prints, on an 80 mm roll (one page as long as the document) or on A4
 * (pages as needed). The PDF's standard fonts have no peso sign: amounts read "PHP 1,120.00".
 */

const MM = 72 / 25.4;

/** Only what the PDF's standard fonts can write (WinAnsi): the peso sign as PHP, other signs as near as may be. */
export const pdfSafe = (text: string) =>
  text
    .replace(/₱/g, 'PHP ')
    .replace(/−/g, '-')
    .replace(/×/g, 'x')
    .replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g, '?');

export const invoicePdf = async (lines: readonly PrintedLine[], paper: Paper, title: string): Promise<Uint8Array> => {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfSafe(title));
  pdf.setCreator('Ginhawa');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const roll = paper === '80mm';
  const width = roll ? 80 * MM : 210 * MM;
  const margin = roll ? 4 * MM : 15 * MM;
  const inner = width - 2 * margin;
  const base = roll ? 8 : 10;
  const sizeOf = (line: PrintedLine) =>
    line.kind === 'title' ? base * 2 : line.kind === 'number' || line.kind === 'mark' ? base * 1.4 : base;
  const fontOf = (line: PrintedLine) =>
    line.kind === 'title' ||
    line.kind === 'number' ||
    line.kind === 'mark' ||
    line.kind === 'notice' ||
    line.kind === 'heading' ||
    (line.kind === 'row' && line.strong) ||
    (line.kind === 'center' && line.strong)
      ? bold
      : regular;

  // Words wrapped to the width; each entry one printed row.
  type Row = { left: string; right?: string; align: 'left' | 'center'; size: number; font: typeof regular } | 'rule';
  const wrap = (text: string, font: typeof regular, size: number, room: number) => {
    const out: string[] = [];
    let current = '';
    for (const word of pdfSafe(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= room || !current) current = next;
      else {
        out.push(current);
        current = word;
      }
    }
    if (current) out.push(current);
    return out.length ? out : [''];
  };
  const rows: Row[] = [];
  for (const line of lines) {
    if (line.kind === 'rule') {
      rows.push('rule');
      continue;
    }
    const size = sizeOf(line);
    const font = fontOf(line);
    if (line.kind === 'row') {
      const right = pdfSafe(line.right);
      const room = inner - font.widthOfTextAtSize(right, size) - 6;
      const left = wrap(line.left, font, size, Math.max(room, inner / 3));
      left.forEach((l, i) => rows.push({ left: l, right: i === 0 ? right : undefined, align: 'left', size, font }));
      continue;
    }
    const text =
      line.kind === 'mark' ? `*** ${line.text} ***` : line.kind === 'heading' ? line.text.toUpperCase() : line.text;
    const align = line.kind === 'text' || line.kind === 'heading' ? 'left' : 'center';
    for (const l of wrap(text, font, size, inner)) rows.push({ left: l, align, size, font });
  }
  const heightOf = (row: Row) => (row === 'rule' ? base : row.size * 1.3);
  const total = rows.reduce((a, r) => a + heightOf(r), 0);
  const pageHeight = roll ? total + 2 * margin : 297 * MM;

  let page = pdf.addPage([width, pageHeight]);
  let y = pageHeight - margin;
  for (const row of rows) {
    const h = heightOf(row);
    if (y - h < margin) {
      page = pdf.addPage([width, pageHeight]);
      y = pageHeight - margin;
    }
    if (row === 'rule') {
      page.drawLine({
        start: { x: margin, y: y - h / 2 },
        end: { x: width - margin, y: y - h / 2 },
        thickness: 0.5,
        color: rgb(0.4, 0.4, 0.4),
        dashArray: [2, 2],
      });
    } else {
      const baseline = y - row.size;
      const w = row.font.widthOfTextAtSize(row.left, row.size);
      page.drawText(row.left, {
        x: row.align === 'center' ? margin + Math.max(0, (inner - w) / 2) : margin,
        y: baseline,
        size: row.size,
        font: row.font,
      });
      if (row.right)
        page.drawText(row.right, {
          x: width - margin - row.font.widthOfTextAtSize(row.right, row.size),
          y: baseline,
          size: row.size,
          font: row.font,
        });
    }
    y -= h;
  }
  return pdf.save();
};
