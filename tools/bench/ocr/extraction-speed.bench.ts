import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocument, OcrEngine } from '@portal/extraction';

const LINES = Array.from({ length: 40 }, (_, i) => `Pos. ${i + 1}  Beratungsleistung Größe ${i}  1,00  Std.  120,00 €  120,00 €`);

async function textPdf(pageCount: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pageCount; p++) {
    const page = doc.addPage([595, 842]);
    LINES.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 19, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

/** Image-only pages (a scan): one rendered A4 page repeated. */
async function scannedPdf(pageCount: number): Promise<Buffer> {
  const canvas = createCanvas(1240, 1754);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '22px sans-serif';
  LINES.forEach((line, i) => ctx.fillText(line, 80, 120 + i * 38));
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(Buffer.from(await canvas.encode('png')));
  for (let p = 0; p < pageCount; p++) doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

export interface ExtractionSpeed {
  textLayerSecondsPerPage: number;
  textPages: number;
  ocrSecondsPerPage: number;
  ocrPages: number;
}

/** Seconds per page for text-layer pages and for OCR'd pages (300 dpi, engine warm), for `npm run bench`. */
export async function measureExtractionSpeed(options: { textPages?: number; ocrPages?: number } = {}): Promise<ExtractionSpeed> {
  const textPages = options.textPages ?? 20;
  const ocrPages = options.ocrPages ?? 2;
  const ocr = new OcrEngine();
  try {
    const text = await extractDocument({ bytes: await textPdf(textPages), mediaType: 'application/pdf' }, { ocr });
    await ocr.recognize(Buffer.from(await createCanvas(10, 10).encode('png')));
    const scanned = await extractDocument({ bytes: await scannedPdf(ocrPages), mediaType: 'application/pdf' }, { ocr });
    return { textLayerSecondsPerPage: text.ms / 1000 / textPages, textPages, ocrSecondsPerPage: scanned.ms / 1000 / ocrPages, ocrPages };
  } finally {
    await ocr.terminate();
  }
}
