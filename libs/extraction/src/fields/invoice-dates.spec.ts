import { extractFieldsFromText } from './extract-fields';
import { findDueDate, findInvoiceDate } from './invoice-dates';

describe('invoice and due dates', () => {
  it('takes the labelled invoice date over delivery dates', () => {
    expect(findInvoiceDate(['Lieferdatum: 01.03.2024', 'Rechnungsdatum: 05.03.2024'])).toBe('2024-03-05');
    expect(findInvoiceDate(['Invoice date', 'March 5, 2024'])).toBe('2024-03-05');
    expect(findInvoiceDate(['Rechnung # RE-1 von 09.05.2017', 'Leistungsdatum 07.05.2017'])).toBe('2017-05-09');
  });

  it('falls back to the first date that is not a delivery date', () => {
    expect(findInvoiceDate(['Leistungsdatum 07.05.2017', 'Wien, 9. Mai 2017'])).toBe('2017-05-09');
  });

  it('never takes a print or version date for the invoice date', () => {
    expect(findInvoiceDate(['Stylesheet-Version:   2.5 vom 10.01.2023', 'Wien, 9. Mai 2017'])).toBe('2017-05-09');
    expect(findInvoiceDate(['Gedruckt am 02.06.2017', 'Leistungsdatum 07.05.2017'])).toBeUndefined();
  });

  it('reads the date of a title with its type code ("Handelsrechnung (380) Nr. 471102 vom 15.11.2024")', () => {
    expect(findInvoiceDate(['Version 2.5 vom 10.01.2023', 'Handelsrechnung (380) Nr. 471102 vom 15.11.2024'])).toBe('2024-11-15');
  });

  it('reads due dates in both languages', () => {
    expect(findDueDate(['Bitte überweisen Sie bis zum 30.05.2017.'], undefined)).toBe('2017-05-30');
    expect(findDueDate(['Fällig am 14.06.2024'], undefined)).toBe('2024-06-14');
    expect(findDueDate(['Payment due: June 14, 2024'], undefined)).toBe('2024-06-14');
  });

  it('computes the due date from payment days', () => {
    expect(findDueDate(['Zahlbar innerhalb von 14 Tagen ohne Abzug.'], '2024-01-20')).toBe('2024-02-03');
    expect(findDueDate(['Payment terms: 30 days net'], '2024-01-01')).toBe('2024-01-31');
  });
});

describe('dates on lines that name several things', () => {
  it('takes "Liefer- und Rechnungsdatum" as the invoice date', () => {
    expect(findInvoiceDate(['Rechnungsnummer: 2014-03 Liefer- und Rechnungsdatum: 11. Juli 2014'])).toBe('2014-07-11');
  });

  it('takes the due date from "Zahlbar ... bis", not from the discount line', () => {
    expect(findDueDate(['Zahlbar mit 2% Skonto bis 14.12.2025', 'Zahlbar ohne Abschlag bis 31.12.2025'], undefined)).toBe('2025-12-31');
  });
});

describe('due date wording', () => {
  it('reads "Fällig am" also without the umlaut OCR lost', () => {
    expect(findDueDate(['OSTERREICH Fallig am: 21.02.2026'], '2026-01-22')).toBe('2026-02-21');
  });

  it('reads the date of a request to transfer the amount by a day', () => {
    expect(findDueDate(['Bitte überweisen Sie den Gesamtbetrag bis 26.11.2025 ohne Abzug.'], '2025-11-12')).toBe('2025-11-26');
    expect(findDueDate(['Please transfer the total amount by 13 February 2026 without deduction.'], '2026-01-14')).toBe('2026-02-13');
  });
});

describe('dates scored over the page', () => {
  it('reads the invoice date below a plain "Date" in a header table, and beside it after other labels', () => {
    expect(findInvoiceDate(['   Invoice number     Date            Customer No.', '   INV-0042           21.11.2020      1377'])).toBe('2020-11-21');
    expect(findInvoiceDate(['Order No. 12345   Date 21.11.2020'])).toBe('2020-11-21');
  });

  it('never takes a date whose label or neighbouring cell names another date', () => {
    expect(findInvoiceDate(['Date due: 31.01.2023', 'Invoice Correction No. R2023.6287 of 21.01.2023'])).toBe('2023-01-21');
    expect(findInvoiceDate(['Invoice No.      Dated', 'X-1              14-Sep-2025', "Buyer's Order No.   Dated", 'PO/1     11-Sep-2025'])).toBe('2025-09-14');
  });

  it('reads the date of a title with number and date in five languages', () => {
    expect(findInvoiceDate(['Invoice No. 63467/2024 of 7 November 2024'])).toBe('2024-11-07');
    expect(findInvoiceDate(['Facture n° 42 du 21/11/2020'])).toBe('2020-11-21');
    expect(findInvoiceDate(['Fattura n. 96143/2025 del 28 febbraio 2025'])).toBe('2025-02-28');
    expect(findInvoiceDate(['Gutschrift Nr. AV-2024-9856 vom 19.11.2024'])).toBe('2024-11-19');
  });

  it("reads due dates from payment terms in days in five languages, not from a period to a month's end", () => {
    expect(findDueDate(['Zahlungsziel: 14 Tage netto.'], '2024-02-06')).toBe('2024-02-20');
    expect(findDueDate(['Terms: Net 30'], '2021-06-15')).toBe('2021-07-15');
    expect(findDueDate(['Betaling binnen 14 dagen na factuurdatum.'], '2019-12-05')).toBe('2019-12-19');
    expect(findDueDate(['Paiement à 30 jours date de facture.'], '2020-01-01')).toBe('2020-01-31');
    expect(findDueDate(['Pagamento a 30 giorni data fattura.'], '2025-02-28')).toBe('2025-03-30');
    expect(findDueDate(['Paiement à 30 jours fin de mois.'], '2020-01-01')).toBeUndefined();
    expect(findDueDate(['Mode/Terms of Payment', '30 Days'], '2025-09-14')).toBe('2025-10-14');
  });

  it("does not read a premium notice's title as its due date", () => {
    expect(findDueDate(["Avis d'échéance n° 88306/2022 du 03/02/2022"], '2022-02-03')).toBeUndefined();
  });
});

describe('dates checked against each other', () => {
  it('leave a due date before the date of issue or more than a year after it empty for review', () => {
    const later = extractFieldsFromText(['Rechnung Nr. 4711', 'Rechnungsdatum: 05.03.2024', 'Fällig am: 05.03.2026'].join('\n'));
    expect(later.fields.due_date).toBeUndefined();
    expect(later.review).toContain('due_date');
    expect(extractFieldsFromText(['Rechnung Nr. 4711', 'Rechnungsdatum: 05.03.2024', 'Fällig am: 19.03.2024'].join('\n')).fields.due_date).toBe('2024-03-19');
  });
});
