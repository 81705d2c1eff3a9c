import { ORIGIN, type ExtractedFields } from '@portal/contracts';
import type { DemoInvoice } from '@portal/demo-data';
import { ownInvoices } from '../test/own-einvoices';
import { wrongFields } from '../test/compare-fields';
import { extractDocument } from './extract-document';
import { extractFieldsFromText } from './fields/extract-fields';
import { OcrEngine } from './ocr-engine';

// The same paths as the ZUGFeRD files made by others (extract-document.fixtures.spec.ts), on the generator's
// own ZUGFeRD PDFs, so a clone without ../shared still covers them.
const ocr = new OcrEngine();
afterAll(() => ocr.terminate());

let zugferd: DemoInvoice[];
beforeAll(async () => {
  zugferd = (await ownInvoices(20)).filter((i) => i.kind === 'zugferd');
});

const pdf = (invoice: DemoInvoice) => ({ bytes: invoice.bytes, mediaType: 'application/pdf' as const });

describe("the project's own ZUGFeRD / Factur-X PDFs", () => {
  it('has several to test with', () => {
    expect(zugferd.length).toBeGreaterThanOrEqual(2);
  });

  it('finds the embedded factur-x.xml and returns its values with origin EInvoice_XML', async () => {
    for (const invoice of zugferd) {
      const result = await extractDocument(pdf(invoice), { ocr });
      expect(result.problem).toBeUndefined();
      expect(result.origin).toBe(ORIGIN.EInvoice_XML);
      expect(result.einvoice).toMatchObject({ syntax: 'CII', source: 'pdf-attachment', attachment: 'factur-x.xml' });
      expect(wrongFields(invoice.expected, result.fields).wrong).toEqual([]);
      for (const key of ['invoice_number', 'gross_amount', 'iban'] as Array<keyof ExtractedFields>) expect(result.fieldOrigins[key]).toBe(ORIGIN.EInvoice_XML);
      expect(result.pageOrigins.every((o) => o === ORIGIN.PDF_Parse)).toBe(true);
    }
  });

  it('reads from the printed text alone every field the embedded XML has', async () => {
    for (const invoice of zugferd) {
      const result = await extractDocument(pdf(invoice), { ocr });
      const { wrong, total } = wrongFields(result.fields, extractFieldsFromText(result.text).fields);
      expect(wrong).toEqual([]);
      expect(total).toBeGreaterThanOrEqual(20);
    }
  });

  it('flags a PDF cut off after its header (like the 15-byte Factur-X sample) as Broken', async () => {
    const result = await extractDocument({ bytes: zugferd[0]!.bytes.subarray(0, 15), mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: expect.stringMatching(/damaged|not a PDF/) });
    expect(result.text).toBe('');
  });
});
