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
