import { dueDateFromTerms, findDueDate, findInvoiceDate } from './invoice-dates';
import { extractFieldsFromText } from './extract-fields';
import { blockBelow } from './layout';
import { normalizeSlashDates, slashOrder } from './slash-dates';
import { readDocumentKind } from './document-kind';
import { verifyFields } from './verify';

describe('due dates from printed payment terms', () => {
  it('follows the net period, not the discount period', () => {
    expect(findDueDate(['Zahlbar innerhalb 30 Tagen netto, 3 % Skonto innerhalb 10 Tagen'], '2026-03-02')).toBe('2026-04-01');
    expect(findDueDate(['3 % Skonto innerhalb 10 Tagen bis 12.03.2026, 30 Tage netto bis 01.04.2026'], '2026-03-02')).toBe('2026-04-01');
    expect(findDueDate(['Payment terms: 2% discount within 8 days, net 30 days'], '2026-03-02')).toBe('2026-04-01');
  });

  it('reads "sofort" as the invoice date and an explicit date as written', () => {
    expect(findDueDate(['Zahlbar sofort ohne Abzug.'], '2026-03-02')).toBe('2026-03-02');
    expect(findDueDate(['Conditions de paiement   Paiement immédiat'], '2017-11-16')).toBe('2017-11-16');
    expect(findDueDate(['Bitte überweisen Sie den Betrag bis 26.11.2025.'], '2025-11-12')).toBe('2025-11-26');
  });

  it('never takes a delivery or print date, and leaves terms that disagree open', () => {
    expect(findDueDate(['Lieferdatum: 05.03.2026', 'Druckdatum 06.03.2026'], '2026-03-02')).toBeUndefined();
    const terms = ['Zahlbar innerhalb 14 Tagen netto', 'Zahlbar innerhalb 30 Tagen netto'];
    expect(dueDateFromTerms(terms, '2026-03-02')).toEqual({ ambiguous: true });
    const read = extractFieldsFromText(['Rechnung', 'Rechnungsdatum: 02.03.2026', ...terms].join('\n'));
    expect(read.fields.due_date).toBeUndefined();
    expect(read.review).toContain('due_date');
  });
});

describe('reading a page with its columns in place', () => {
  it('takes the value below a right-column label from the right column, never the left one', () => {
    const lines = ['Lieferantenstraße 20                         Rechnungsnummer', '80333 München                                471102'];
    expect(blockBelow(lines[1], 45, 60)).toBe('471102');
    expect(blockBelow('80333 München', 45, 60)).toBeUndefined();
    const read = extractFieldsFromText(['Lieferant GmbH', ...lines, 'Rechnungsdatum', '05.03.2013'].join('\n'));
    expect(read.fields.invoice_number).toBe('471102');
  });

  it("does not take another document's number for the invoice number", () => {
    expect(
      extractFieldsFromText(['Rechnungskorrektur Nr. RK21012345 vom 16.09.2018', 'Ursprungsbeleg-Nr : R87654321012345'].join('\n')).fields.invoice_number,
    ).toBe('RK21012345');
    expect(extractFieldsFromText(['Gutschrift', 'Original invoice no. 4711'].join('\n')).fields.invoice_number).toBeUndefined();
  });

  it('does not take an order date for the invoice date', () => {
    expect(findInvoiceDate(['Rechnung gemäß Bestellung vom 01.03.2013', 'Rechnungsdatum 05.03.2013'])).toBe('2013-03-05');
    expect(findInvoiceDate(['Mietrechnung Nr. 9314110911/00/M/00/N vom 01.10.2018'])).toBe('2018-10-01');
  });

  it('reads slashed dates in the order the page itself shows, and not at all when it cannot tell', () => {
    const us = 'Invoice Date 11/03/2017\nPaid 11/17/2017';
    expect(slashOrder(us, 'en')).toBe('mdy');
    expect(normalizeSlashDates(us, 'mdy')).toContain('2017-11-03');
    expect(slashOrder('Date 13/03/2017', 'en')).toBe('dmy');
    expect(slashOrder('Invoice date 11/03/2017', 'en')).toBe('unknown');
    expect(extractFieldsFromText('Invoice\nInvoice date 11/03/2017').fields.invoice_date).toBeUndefined();
    expect(extractFieldsFromText('Rechnung\nRechnungsdatum 11/03/2017').fields.invoice_date).toBe('2017-03-11');
  });
});

describe('document kind and totals that check out', () => {
  it('tells invoices, credit notes, corrections and self-billing apart', () => {
    expect(readDocumentKind(['Rechnung Nr. 4711'], 100).kind).toBe('invoice');
    expect(readDocumentKind(['Avoir AV-2017-0005'], -233.47).kind).toBe('credit_note');
    expect(readDocumentKind(['Credit note CN-12'], 10).kind).toBe('credit_note');
    expect(readDocumentKind(['Rechnungskorrektur RK21012345'], -8.79).kind).toBe('correction');
    expect(readDocumentKind(['Gutschrift (Selbst ausgestellte Rechnung) Nr. 471102'], 529.87).kind).toBe('invoice');
    expect(readDocumentKind(['Gutschrift Nr. 12'], 50)).toEqual({ creditWord: true });
    expect(readDocumentKind(['Rechnung 12'], -5).kind).toBe('correction');
  });

  it('gives a credit note negative totals, whatever sign the page prints', () => {
    const { fields } = verifyFields({ net_amount: 100, tax_amount: 20, gross_amount: 120 }, ['Credit note 77']);
    expect(fields).toMatchObject({ document_kind: 'credit_note', net_amount: -100, tax_amount: -20, gross_amount: -120 });
  });

  it('leaves totals empty and flags them when net + tax is not the gross', () => {
    const verified = verifyFields({ net_amount: 100, tax_amount: 20, gross_amount: 240 }, ['Invoice 1']);
    expect(verified.fields.gross_amount).toBeUndefined();
    expect(verified.review).toEqual(expect.arrayContaining(['net_amount', 'tax_amount', 'gross_amount']));
    const confirmed = verifyFields({ net_amount: 100, tax_amount: 20, gross_amount: 120 }, ['Invoice 1']);
    expect(confirmed.confidence.gross_amount).toBeGreaterThanOrEqual(0.95);
  });

  it('never shows a gross of 0 when the net is not 0, and takes the total over the amount to pay', () => {
    expect(verifyFields({ net_amount: 100, gross_amount: 0 }, ['Rechnung']).fields.gross_amount).toBeUndefined();
    const read = extractFieldsFromText(
      ['Rechnung', 'Rechnungssumme ohne USt.   220,00', 'Steuerbetrag   0,00', 'Bruttosumme   220,00', 'Zahlbetrag   440,00'].join('\n'),
    );
    expect(read.fields.gross_amount).toBe(220);
  });

  it('does not read "Total taxes" as the total', () => {
    const read = extractFieldsFromText(['Avoir AV-1', 'Total HT   -218,48 €', 'Total taxes   -14,99 €', 'Total TTC   -233,47 €'].join('\n'));
    expect(read.fields).toMatchObject({ document_kind: 'credit_note', gross_amount: -233.47, net_amount: -218.48, tax_amount: -14.99 });
  });
});
