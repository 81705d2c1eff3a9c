import { PDFDocument, PDFName } from 'pdf-lib';
import { ORIGIN } from '@portal/contracts';
import { ownInvoices } from '../test/own-einvoices';
import { extractDocument } from './extract-document';
import { OcrEngine } from './ocr-engine';
import { pdfStructureIntact } from './pdf/structure';

const ocr = new OcrEngine();
afterAll(() => ocr.terminate());

async function blankPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The same file with its cross-reference offset pointing into nowhere and the end cut: pdf.js still opens it. */
function damaged(pdf: Buffer): Buffer {
  const text = pdf
    .toString('latin1')
    .replace(/startxref\s+\d+/, 'startxref\n999999')
    .replace(/%%EOF\s*$/, '');
  return Buffer.from(text, 'latin1');
}

describe('PDF structure', () => {
  it('tells an intact file from one whose cross-reference table is broken', async () => {
    const blank = await blankPdf();
    expect(pdfStructureIntact(blank)).toBe(true);
    expect(pdfStructureIntact(damaged(blank))).toBe(false);
    expect(pdfStructureIntact((await ownInvoices(1))[0]!.bytes)).toBe(true);
  });

  it('flags a damaged PDF that a lenient reader opens as an empty page as Broken', async () => {
    const result = await extractDocument({ bytes: damaged(await blankPdf()), mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: 'The PDF file is damaged and cannot be read.' });
  });

  it('leaves an intact PDF without text unflagged, so the worker says no text could be read', async () => {
    const result = await extractDocument({ bytes: await blankPdf(), mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toBeUndefined();
    expect(result.text.trim()).toBe('');
  });

  it('finds the e-invoice through the associated files when the embedded-files tree does not list it', async () => {
    const invoice = (await ownInvoices(20)).find((i) => i.kind === 'zugferd')!;
    const doc = await PDFDocument.load(invoice.bytes);
    expect(doc.catalog.get(PDFName.of('AF'))).toBeDefined();
    doc.catalog.delete(PDFName.of('Names'));
    const onlyAf = Buffer.from(await doc.save());
    const result = await extractDocument({ bytes: onlyAf, mediaType: 'application/pdf' }, { ocr });
    expect(result.origin).toBe(ORIGIN.EInvoice_XML);
    expect(result.einvoice).toMatchObject({ syntax: 'CII', source: 'pdf-attachment', attachment: 'factur-x.xml' });
    expect(result.fields.gross_amount).toBe(invoice.expected.gross_amount);
  });
});
