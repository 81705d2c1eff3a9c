import { findInvoiceNumber } from './invoice-number';

describe('invoice number', () => {
  it('is read after German labels', () => {
    expect(findInvoiceNumber(['Rechnungsnummer: 2024-0815'])).toBe('2024-0815');
    expect(findInvoiceNumber(['Rechnung Nr. 4711'])).toBe('4711');
    expect(findInvoiceNumber(['Rechnung # RE-20170509/505 von 09.05.2017'])).toBe('RE-20170509/505');
    expect(findInvoiceNumber(['Re.-Nr.: A-77/2024.'])).toBe('A-77/2024');
  });

  it('is read after English labels and from the next line under a header', () => {
    expect(findInvoiceNumber(['Invoice No. INV-0042'])).toBe('INV-0042');
    expect(findInvoiceNumber(['Invoice number:', '10023'])).toBe('10023');
  });

  it('needs a digit so that words after a label are not taken', () => {
    expect(findInvoiceNumber(['Rechnungsnummer bitte angeben'])).toBeUndefined();
  });
});

describe('invoice number in a rendered e-invoice', () => {
  it('is read after "Handelsrechnung (380) Nr."', () => {
    expect(findInvoiceNumber(['Handelsrechnung (380) Nr. 471102 vom 15.11.2024'])).toBe('471102');
  });
});

describe('invoice number in OCR text and with a series prefix', () => {
  it('keeps a short upper-case series prefix apart from the number', () => {
    expect(findInvoiceNumber(['Alpenblick GmbH   Rechnungsnummer:   RE 194/26'])).toBe('RE 194/26');
    expect(findInvoiceNumber(['Rechnung Nr. 4711 vom 05.03.2024'])).toBe('4711');
  });

  it('reads the number after a semicolon or a stray dash that OCR made of the colon', () => {
    expect(findInvoiceNumber(['Hotel Goldener Hirsch GmbH Rechnungsnummer; AR-2026-0015'])).toBe('AR-2026-0015');
    expect(findInvoiceNumber(['Müller GmbH Rechnungsnummer: - 393837839798'])).toBe('393837839798');
  });

  it('accepts a misspelt "Rechnungs…" label only with its colon, and not the invoice date', () => {
    expect(findInvoiceNumber(['Rechnungsdatum: 28.01.2026', 'Alpenblick GmbH Rechnungsnummier: 1804602325'])).toBe('1804602325');
    expect(findInvoiceNumber(['Rechnungsdatum: 28.01.2026'])).toBeUndefined();
  });
});
