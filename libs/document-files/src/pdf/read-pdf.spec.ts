import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readPdf, type ReadPdfOptions } from './read-pdf';
import { readerProcessCounts } from './reader-processes';

const LIMITS: ReadPdfOptions = { maxPages: 10, maxOcrPages: 2, minTextChars: 16, dpi: 72, maxPixels: 5e6, timeoutMs: 20_000, maxHeapMb: 256 };

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  first.drawText('Rechnungsnummer: 4711', { x: 50, y: 700, size: 11, font });
  first.drawText('Gesamtbetrag: 119,00 EUR', { x: 350, y: 700, size: 11, font });
  first.drawText('Müller', { x: 50, y: 680, size: 11, font });
  doc.addPage([595, 842]);
  doc.attach(Buffer.from('<Invoice/>'), 'xrechnung.xml', { mimeType: 'application/xml' });
  return doc.save();
}

describe('the pdf.js reader outside the caller', () => {
  it.each(['process', 'thread'] as const)('in a %s: text per page, a rendered PNG for the empty page, attachments', async (isolation) => {
    const result = await readPdf(await twoPages(), { ...LIMITS, isolation });
    if (!result.ok) throw new Error(result.message);
    expect(result.pageCount).toBe(2);
    // Runs on one baseline become one line; a wide gap (a table column) is kept as three spaces.
    expect(result.pages[0].text).toBe('Rechnungsnummer: 4711   Gesamtbetrag: 119,00 EUR\nMüller');
    expect(result.pages[0].png).toBeUndefined();
    expect(
      Buffer.from(result.pages[1].png ?? [])
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    expect(result.attachments.map((a) => [a.filename, Buffer.from(a.content).toString('utf8')])).toEqual([['xrechnung.xml', '<Invoice/>']]);
  });

  it('reports a timeout and stops the reader', async () => {
    const result = await readPdf(await twoPages(), { ...LIMITS, timeoutMs: 1 });
    expect(result).toEqual({ ok: false, kind: 'timeout', message: 'stopped after 1 ms' });
  });

  it('reports a damaged file as invalid', async () => {
    const result = await readPdf(Buffer.from('%PDF-1.4\nnot really'), LIMITS);
    expect(result).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('reads one document after another on one warm reader process, and replaces a reader that timed out', async () => {
    const pdf = await twoPages();
    const before = readerProcessCounts();
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await readPdf(pdf, LIMITS));
    expect(results.map((r) => r.ok && r.pages[0]!.text.split('\n')[1])).toEqual(['Müller', 'Müller', 'Müller']);
    const warm = readerProcessCounts();
    expect(warm.started - before.started).toBeLessThanOrEqual(1);
    expect(warm.reused - before.reused).toBeGreaterThanOrEqual(2);

    // A reader stopped in the middle is never offered again: the next document starts a new one and is read.
    expect(await readPdf(pdf, { ...LIMITS, timeoutMs: 1 })).toMatchObject({ ok: false, kind: 'timeout' });
    const afterTimeout = readerProcessCounts();
    const next = await readPdf(pdf, LIMITS);
    expect(next.ok && next.pageCount).toBe(2);
    expect(readerProcessCounts().started).toBe(afterTimeout.started + 1);
  });
});
