import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ORIGIN, type ExtractedFields } from '@portal/contracts';
import { describeWithFixtures } from '@portal/tools';
import { extractDocument } from './extract-document';
import { OcrEngine } from './ocr-engine';
import { extractFieldsFromText } from './fields/extract-fields';
import { wrongFields } from '../test/compare-fields';

// Not used for OCR here (all fixtures have a text layer); passed so no engine is started per document.
const ocr = new OcrEngine();
afterAll(() => ocr.terminate());

describeWithFixtures('zugferd', 'ZUGFeRD / Factur-X PDFs made by others', (DIR) => {
  const pdf = (name: string): { bytes: Buffer; mediaType: 'application/pdf' } => ({
    bytes: readFileSync(path.join(DIR, name)),
    mediaType: 'application/pdf',
  });

  // Values as written in each PDF's embedded XML.
  it.each([
    ['EN16931_Einfach.pdf', 'factur-x.xml', { invoice_number: '471102', invoice_date: '2024-11-15', gross_amount: 529.87, tax_amount: 56.87, currency: 'EUR' }],
    [
      'EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf',
      'factur-x.xml',
      { invoice_number: '47110815', due_date: '2025-12-31', gross_amount: 1021.91, tax_amount: 163.16, currency: 'GBP', iban: 'DE77370700600321987000' },
    ],
    [
      'MustangGnuaccountingBeispielRE-20170509_505.pdf',
      'ZUGFeRD-invoice.xml',
      { invoice_number: 'RE-20170509/505', gross_amount: 571.04, iban: 'DE88200800000970375700', bic: 'COBADEFFXXX' },
    ],
    ['zugferd_invoice.pdf', 'ZUGFeRD-invoice.xml', { invoice_number: '2014-03', gross_amount: 1005.55, payment_reference: '2014-03' }],
  ] as Array<[string, string, ExtractedFields]>)('%s: the embedded %s is found and its values returned', async (file, attachment, expected) => {
    const result = await extractDocument(pdf(file), { ocr });
    expect(result.problem).toBeUndefined();
    expect(result.origin).toBe(ORIGIN.EInvoice_XML);
    expect(result.einvoice).toMatchObject({ syntax: 'CII', source: 'pdf-attachment', attachment });
    expect(result.fields).toMatchObject(expected);
    for (const key of Object.keys(expected) as Array<keyof ExtractedFields>) expect(result.fieldOrigins[key]).toBe(ORIGIN.EInvoice_XML);
    expect(result.fields.line_items?.length).toBeGreaterThan(0);
    expect(result.pageOrigins.every((o) => o === ORIGIN.PDF_Parse)).toBe(true);
    expect(result.text.length).toBeGreaterThan(100);
  });

  it('the broken 15-byte file is flagged Broken with a clear reason', async () => {
    const result = await extractDocument(pdf('corrupt-factur-x-waytoosmall.pdf'), { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: expect.stringMatching(/damaged|not a PDF/) });
    expect(result.text).toBe('');
  });

  describe('the blanko PDF (same invoice, text layer only) against its XML twin', () => {
    it('matches the XML field by field except the two values the print does not show', async () => {
      const twin = await extractDocument(pdf('MustangGnuaccountingBeispielRE-20170509_505.pdf'), { ocr });
      const blanko = await extractDocument(pdf('MustangGnuaccountingBeispielRE-20170509_505blanko.pdf'), { ocr });
      expect(blanko.origin).toBe(ORIGIN.PDF_Parse);
      expect(blanko.einvoice).toBeUndefined();
      expect(blanko.language).toBe('de');
      const { wrong, total } = wrongFields(twin.fields, blanko.fields);
      // The printed page shows neither the buyer's VAT id nor a payment reference (the XML's equals the number).
      expect(wrong).toEqual(['recipient.vat_id', 'payment_reference']);
      expect(total).toBe(24);
      for (const key of Object.keys(blanko.fields) as Array<keyof ExtractedFields>) expect(blanko.fieldOrigins[key]).toBe(ORIGIN.PDF_Parse);
    });
  });

  describe('the visible text of the other ZUGFeRD PDFs against their embedded XML', () => {
    // The rules were tuned while looking at these pages, so this guards against regressions; it is no held-out score.
    it.each(['EN16931_Einfach.pdf', 'EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf', 'zugferd_invoice.pdf'])(
      '%s: every field the XML has is read from the text alike',
      async (file) => {
        const result = await extractDocument(pdf(file), { ocr });
        const { wrong, total } = wrongFields(result.fields, extractFieldsFromText(result.text).fields);
        expect(wrong).toEqual([]);
        expect(total).toBeGreaterThanOrEqual(20);
      },
    );
  });
});
