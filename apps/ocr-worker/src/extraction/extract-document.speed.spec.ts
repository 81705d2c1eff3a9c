import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ORIGIN } from '@portal/contracts';
import { extractDocument } from './extract-document';
import { OcrEngine } from './ocr-engine';

const ocr = new OcrEngine();
afterAll(() => ocr.terminate());

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

// Measurements for the closing note; bounds are loose because the machine is shared.
describe('extraction speed', () => {
  it('reads text-layer pages in well under a second each', async () => {
    const pages = 20;
    const result = await extractDocument({ bytes: await textPdf(pages), mediaType: 'application/pdf' }, { ocr });
    expect(result.pageOrigins).toEqual(Array(pages).fill(ORIGIN.PDF_Parse));
    const perPage = result.ms / 1000 / pages;
    process.stdout.write(`text layer: ${perPage.toFixed(3)} s per page (${pages} pages, ${result.ms} ms incl. reader start)\n`);
    expect(perPage).toBeLessThan(1);
  });

  it('recognises full A4 pages (300 dpi) in seconds each', async () => {
    await ocr.recognize(Buffer.from(await createCanvas(10, 10).encode('png')));
    const pages = 2;
    const result = await extractDocument({ bytes: await scannedPdf(pages), mediaType: 'application/pdf' }, { ocr });
    expect(result.pageOrigins).toEqual(Array(pages).fill(ORIGIN.OCR));
    expect(result.text).toContain('Beratungsleistung');
    const perPage = result.ms / 1000 / pages;
    const page = createCanvas(2480, 3508);
    const ctx = page.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 2480, 3508);
    ctx.fillStyle = '#000000';
    ctx.font = '44px sans-serif';
    LINES.forEach((line, i) => ctx.fillText(line, 160, 240 + i * 76));
    const png = Buffer.from(await page.encode('png'));
    const started = Date.now();
    await ocr.recognize(png);
    const recognizeOnly = (Date.now() - started) / 1000;
    process.stdout.write(
      `OCR: ${perPage.toFixed(2)} s per page (${pages} full A4 pages at 300 dpi, rasterise + recognise, engine warm); ` +
        `recognition alone ${recognizeOnly.toFixed(2)} s\n`,
    );
    expect(perPage).toBeLessThan(30);
  }, 120_000);
});
