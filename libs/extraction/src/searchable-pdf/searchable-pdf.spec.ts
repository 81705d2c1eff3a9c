import { createHash } from 'node:crypto';
import { ORIGIN, type PageWord } from '@portal/contracts';
import { generateDemoInvoices, textScan } from '@portal/demo-data';
import { extractDocument, OcrEngine } from '..';
import { searchablePdfOf } from './searchable-pdf-of';

jest.setTimeout(300_000);

const centre = (w: PageWord) => ({ x: w.x + w.width / 2, y: w.y + w.height / 2 });
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('searchable PDF of a generated scan', () => {
  const ocr = new OcrEngine();
  afterAll(() => ocr.terminate());

  it('carries the OCR words as a text layer at their place, in their order, and leaves the original untouched', async () => {
    const invoices = await generateDemoInvoices({
      companyNo: 1001,
      companyName: 'Alpenblick Gastronomie GmbH',
      companyPlace: 'Innsbruck',
      count: 12,
      seed: 7,
      today: new Date('2026-03-01T00:00:00Z'),
    });
    const scan = invoices.find((i) => i.kind === 'scanned')!;
    const original = Buffer.from(scan.bytes);
    const before = sha(original);

    const read = await extractDocument({ bytes: original, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false });
    const pdf = await searchablePdfOf(read, { bytes: original, mediaType: 'application/pdf' }, 'Scan', new Date('2026-03-01T00:00:00Z'));
    expect(pdf).not.toBeNull();
    expect(pdf!.pdfa).toBe(true);
    expect(sha(original)).toBe(before);

    const again = await extractDocument({ bytes: pdf!.bytes, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false });
    const ocrWords = read.pageWords![0]!.words;
    const layerWords = again.pageWords![0]!.words;
    expect(again.pageOrigins?.[0] ?? again.origin).not.toBe(read.origin);
    // Same words in the same order (the text layer is written word by word in OCR order).
    expect(layerWords.map((w) => w.text).join(' ')).toBe(ocrWords.map((w) => w.text).join(' '));
    const offsets = layerWords.map((w, i) => {
      const a = centre(w);
      const b = centre(ocrWords[i]!);
      return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
    });
    // Within half a line of 10 pt text: Debian's tesseract boxes a word up to ~4 pt wider than tesseract.js does,
    // and the layer is re-read from font metrics, so the centres differ by a few points, never by a line.
    expect(Math.max(...offsets)).toBeLessThan(5);
    expect(ocrWords.length).toBeGreaterThan(30);
  });
});

describe('searchable PDF of a multi-page TIFF scan', () => {
  const ocr = new OcrEngine();
  afterAll(() => ocr.terminate());

  it('reads every page of the TIFF and writes each page image with its own words at their place', async () => {
    const tiff = await textScan(
      [
        ['Rechnung 4711', 'Kaiserschmarrn Lieferung'],
        ['Seite 2', 'Gesamtbetrag 99,00 EUR'],
      ],
      'tiff',
    );
    const read = await extractDocument({ bytes: tiff, mediaType: 'image/tiff' }, { ocr, embeddedInvoice: false });
    expect(read).toMatchObject({ pages: 2, pageOrigins: [ORIGIN.OCR, ORIGIN.OCR] });
    expect(read.ocrImages).toHaveLength(2);
    const pdf = await searchablePdfOf(read, { bytes: tiff, mediaType: 'image/tiff' }, 'Scan', new Date('2026-03-01T00:00:00Z'));
    expect(pdf).toMatchObject({ pages: 2, pdfa: true });
    const again = await extractDocument({ bytes: pdf!.bytes, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false });
    expect(again.pageOrigins).toEqual([ORIGIN.PDF_Parse, ORIGIN.PDF_Parse]);
    for (const page of [0, 1]) {
      const ocrWords = read.pageWords![page]!.words;
      const layerWords = again.pageWords![page]!.words;
      expect(layerWords.map((w) => w.text)).toEqual(ocrWords.map((w) => w.text));
      layerWords.forEach((w, i) => {
        expect(Math.abs(centre(w).x - centre(ocrWords[i]!).x)).toBeLessThan(3);
        expect(Math.abs(centre(w).y - centre(ocrWords[i]!).y)).toBeLessThan(3);
      });
    }
    expect(again.text).toContain('Kaiserschmarrn');
    expect(again.text).toContain('Gesamtbetrag');
  });
});
