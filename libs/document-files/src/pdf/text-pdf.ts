import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page A4 PDF with these lines in its text layer (Helvetica 11 pt, 18 pt apart): demo and test documents with known words. */
export async function textPdf(lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}
