import { findInvoiceNumber, numberToken, readInvoiceNumber } from './invoice-number';

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

describe('the document number scored over the page', () => {
  it('is read after labels of credit notes and corrections in five languages', () => {
    expect(findInvoiceNumber(['Gutschriftsnummer: GS-2020-017'])).toBe('GS-2020-017');
    expect(findInvoiceNumber(['Gutschrift-Nr.   G20258544'])).toBe('G20258544');
    expect(findInvoiceNumber(['Rechnungskorrektur Nr. RK-77'])).toBe('RK-77');
    expect(findInvoiceNumber(['Credit Note No. CN-00042'])).toBe('CN-00042');
    expect(findInvoiceNumber(["Numéro d'avoir", 'AV-2025-2615'])).toBe('AV-2025-2615');
    expect(findInvoiceNumber(['Creditnotanummer: 2021-88'])).toBe('2021-88');
    expect(findInvoiceNumber(['Numero nota di credito 55/2020'])).toBe('55/2020');
  });

  it('never takes the number of the invoice a credit note refers to', () => {
    expect(findInvoiceNumber(['Avoir n° AV-12', 'concernant la facture n° 2025-1514'])).toBe('AV-12');
    expect(findInvoiceNumber(['Facture rectificative', 'Numéro de facture:      R2025.8844', 'concernant la facture n° AR202513737'])).toBe('R2025.8844');
    expect(findInvoiceNumber(['relating to invoice no. 4711'])).toBeUndefined();
  });

  it("prefers the credit note's own label on a credit note that also names an invoice number", () => {
    expect(findInvoiceNumber(['GUTSCHRIFT', 'Rechnungsnummer: RE-5', 'Gutschrift Nr.: G-1'])).toBe('G-1');
  });

  it('takes a policy number only when the page prints no invoice number', () => {
    expect(readInvoiceNumber(['Beitragsrechnung', 'Versicherungsschein-Nr.: VS-4711-0815'])).toMatchObject({ value: 'VS-4711-0815', score: 0.8 });
    expect(findInvoiceNumber(['Numero polizza     Numero fattura', 'P-2019-940174      F2019-10-2244'])).toBe('F2019-10-2244');
  });

  it('reads the number of a title with its date and of a title with a qualifier', () => {
    expect(findInvoiceNumber(["Avis d'échéance n° 88306/2022 du 03/02/2022"])).toBe('88306/2022');
    expect(findInvoiceNumber(['Tax Invoice INV-598247'])).toBe('INV-598247');
    expect(findInvoiceNumber(['Rechnung RE 024/26'])).toBe('RE 024/26');
  });

  it('never takes a page or line count, a date or an amount', () => {
    expect(findInvoiceNumber(['Invoice number     Page', '                   1 / 1'])).toBeUndefined();
    expect(findInvoiceNumber(['Rechnungspositionen: 3'])).toBeUndefined();
    expect(findInvoiceNumber(['Rechnungsnummer: 21.11.2020'])).toBeUndefined();
  });

  it('joins a number that goes on after a separator and a space ("2021- 6396")', () => {
    expect(numberToken('2021- 6396 vom 01.02.2021')).toBe('2021-6396');
    expect(numberToken('RE 194/26')).toBe('RE 194/26');
  });
});
