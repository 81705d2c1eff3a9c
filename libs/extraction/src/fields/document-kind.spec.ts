import { readDocumentKind } from './document-kind';

describe('the kind of a document with a German "Gutschrift" title', () => {
  it('is a credit note when it refers to the invoice it corrects, speaks of a refund or prints a negative total', () => {
    expect(readDocumentKind(['GUTSCHRIFT', 'Gutschrift Nr. G-1', 'zu Rechnung Nr. INV-576620'], 100).kind).toBe('credit_note');
    expect(readDocumentKind(['Gutschrift', 'Den Betrag erstatten wir auf Ihr Konto.'], 100).kind).toBe('credit_note');
    expect(readDocumentKind(['Gutschrift Nr. 7'], -50).kind).toBe('credit_note');
    // OCR lost the title; the label of its number still names it.
    expect(readDocumentKind(['Gutschriftsnummer    Datum', 'AV-2024-1755    18.05.2024', 'zu Rechnung Nr. INV-288951'], 100).kind).toBe('credit_note');
  });

  it('stays open without such a sign (it may be a self-billed invoice), and is an invoice when it says self-billing', () => {
    expect(readDocumentKind(['Gutschrift Nr. 7'], 100)).toEqual({ creditWord: true });
    expect(readDocumentKind(['Gutschrift Nr. 7', 'Gutschrift im Sinne des § 14 Abs. 2 UStG'], 100).kind).toBe('invoice');
  });
});

describe('the kind of a document without the word invoice in a title', () => {
  it('is an invoice when the page labels an invoice number or is a premium notice', () => {
    expect(readDocumentKind(['Kraxi GmbH', 'Rechnungsnummer: 2014-03'], 100).kind).toBe('invoice');
    expect(readDocumentKind(["Avis d'échéance n° 88306/2022 du 03/02/2022"], 100).kind).toBe('invoice');
  });
});
