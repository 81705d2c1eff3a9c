import { findDates } from './dates';
import { readDocumentKind } from './document-kind';
import { extractFieldsFromText } from './extract-fields';
import { findDueDate, findInvoiceDate } from './invoice-dates';
import { findInvoiceNumber } from './invoice-number';
import { detectPageLanguage } from './language';
import { findParties } from './parties';
import { findPaymentReference } from './payment-reference';
import { findTotals } from './totals';
import { findTotalsTable } from './totals-table';
import { lineItemsSum } from './line-items';
import { plausibleVatRate } from './vat-rates';
import { verifyFields } from './verify';

// Layout text: each column block at the character column of its x position, as the PDF reader writes it.
const TOTALS_TABLE = [
  '  Warenwert Zu-/Abschlag Fracht-Verp-Vers Skonto sofort                   Nettobetrag       MwSt-Betrag MwSt-%           Endbetrag',
  '      326,50        -8,10             3,00                                     321,40             61,07     19,0             382,47',
  '      130,70        -3,11                                                      127,59               8,93     7,0             136,52',
  '      457,20       -11,21             3,00                                     448,99             70,00      EUR             518,99',
];

describe('a table of totals with its headings in one row', () => {
  it('reads the rows per rate and the row of sums by column', () => {
    expect(findTotalsTable(TOTALS_TABLE)).toEqual({
      header: 0,
      net: 448.99,
      tax: 70,
      gross: 518.99,
      breakdown: [
        { rate: 19, net: 321.4, tax: 61.07 },
        { rate: 7, net: 127.59, tax: 8.93 },
      ],
    });
    expect(findTotals(['W A R E N R E C H N U N G', ...TOTALS_TABLE])).toMatchObject({ net_amount: 448.99, tax_amount: 70, gross_amount: 518.99 });
  });

  it('returns nothing when a row does not check out (tax is not rate × net)', () => {
    const misread = [...TOTALS_TABLE];
    misread[1] = misread[1].replace('61,07', '16,07');
    expect(findTotalsTable(misread)).toBeUndefined();
  });

  it('reads a breakdown table whose values stand flush right in columns wider than their headings', () => {
    const lines = [
      '   Art (Kategorie)                Warenwert                         Basisbetrag                 USt. % Steuerbetrag',
      '   Umsatzsteuer (E)',
      '                                                                           380,00                       0               0,00',
    ];
    expect(findTotalsTable(lines)).toMatchObject({ net: 380, tax: 0, breakdown: [{ rate: 0, net: 380, tax: 0 }] });
  });

  it('is no table of totals when only one kind of total heads it (a line-item table)', () => {
    expect(findTotalsTable(['Menge  Produkt   USt.   Preis   Gesamtbetrag', '1,00   Beratung   19%   100,00 €   100,00 €'])).toBeUndefined();
  });
});

describe('totals computed from the other two', () => {
  it('are believed only when a rate printed on the page gives the tax', () => {
    const withOldBalance = ['Versicherungsteuer 19 %', 'enthaltene Versicherungsteuer   35,13 €', 'zu zahlender Beitrag   440,00 €'];
    expect(findTotals(withOldBalance).net_amount).toBeUndefined();
    const grossPrices = [
      'Beitrag inklusive 19 % Versicherungsteuer   220,00 €',
      'enthaltene Versicherungsteuer   (35,13 €)',
      'zu zahlender Beitrag   440,00 €',
    ];
    expect(findTotals(grossPrices)).toMatchObject({ net_amount: 184.87, tax_amount: 35.13, gross_amount: 220 });
    // "19 % von 86 %": no printed rate gives the tax, but the page prints the net it leaves.
    expect(findTotals(['Gesamtbeitrag   1.000,00 €', 'Versicherungsteuer   163,40 €', 'Rechnungsbetrag   1.163,40 €'])).toMatchObject({ net_amount: 1000 });
    expect(findTotals(['Versicherungsteuer 19 %   9,50 €', 'Rechnungsbeitrag   59,50 €'])).toMatchObject({
      net_amount: 50,
      tax_amount: 9.5,
      gross_amount: 59.5,
    });
  });
});

describe("the VAT rates of the seller's country", () => {
  it('knows the rates a country has charged', () => {
    expect(plausibleVatRate(19, 'DE')).toBe(true);
    expect(plausibleVatRate(20, 'DE')).toBe(false);
    expect(plausibleVatRate(5.5, 'FR')).toBe(true);
    expect(plausibleVatRate(0, 'AT')).toBe(true);
    expect(plausibleVatRate(13, undefined)).toBe(true);
  });

  it('leave a breakdown with a rate the country never charged empty and flagged', () => {
    const verified = verifyFields(
      {
        biller: { name: 'Muster GmbH', country: 'DE' },
        net_amount: 100,
        tax_amount: 20,
        gross_amount: 120,
        tax_rates: [20],
        tax_breakdown: [{ rate: 20, net: 100, tax: 20 }],
      },
      ['Rechnung'],
    );
    expect(verified.fields.tax_breakdown).toBeUndefined();
    expect(verified.fields.gross_amount).toBe(120);
    expect(verified.review).toContain('tax_breakdown');
  });
});

describe('document kind from a title', () => {
  it('reads letter-spaced and hyphenated titles', () => {
    expect(readDocumentKind(['Lieferant      K O S T E N R E C H N U N G      Seite 1'], 100).kind).toBe('invoice');
    expect(readDocumentKind(['Lieferant      RECHNUNGS-KORREKTUR      Seite 1'], -8.79).kind).toBe('correction');
  });
});

describe("the seller's name", () => {
  it('joins a company name wrapped over two lines of a letterhead', () => {
    const lines = [
      '      MVM Musterhafter',
      '      Versicherungsverein Musterstadt a.G.',
      '      Herrn',
      '      Max Mustermann',
      '      Musterstr. 11',
      '      12346 Bad Musterhausen',
    ];
    const { biller, recipient } = findParties(lines, []);
    expect(biller?.name).toBe('MVM Musterhafter Versicherungsverein Musterstadt a.G.');
    // The salutation starts the recipient's address: the letterhead does not take it.
    expect(biller?.city).toBeUndefined();
    expect(recipient?.name).toBe('Max Mustermann');
  });

  it('does not join a slogan or a heading to the name below it', () => {
    expect(findParties(['Ihr Partner für Holz', 'Holz Meier GmbH', 'Waldweg 3', '12345 Forst'], []).biller?.name).toBe('Holz Meier GmbH');
    expect(findParties(['Rechnungsersteller', 'Lieferant GmbH', 'Lieferantenstraße 20', '80333 München'], []).biller?.name).toBe('Lieferant GmbH');
  });

  it('is left empty for review when the seller block names another company than the footer beside the VAT id', () => {
    const page = [
      'Lieferant                                  Käufer',
      'KOSTENLIEFERANT GMBH                       MUSTER-KUNDE GMBH',
      'BAHNHOFSTRASSE 99                          KUNDENWEG 88',
      '99199 MUSTERHAUSEN                         40235 DUESSELDORF',
      'Rechnung',
      'Zahlbar sofort',
      'MUSTERLIEFERANT GMBH        Geschäftsführung:      USt-IdNr: DE123456789             HRB Nr. 372876',
      'BAHNHOFSTRASSE 99           Max Mustermann         Telefon : +49 932 431 0           Amtsgericht Musterstadt',
    ].join('\n');
    const read = extractFieldsFromText(page);
    expect(read.fields.biller?.name).toBeUndefined();
    expect(read.fields.biller?.vat_id).toBe('DE123456789');
    expect(read.review).toContain('biller');
  });
});

describe("the buyer's name", () => {
  it('is not mistaken for a phone line because of the "tel" in Hôtel', () => {
    const lines = [
      "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène - France",
      'Facture FA-2017-0009',
      'Hôtel Saint Denis',
      'Stéphanie Hoarau',
      '42 rue du stade',
      '97400 Saint Denis',
    ];
    expect(findParties(lines, []).recipient?.name).toBe('Hôtel Saint Denis');
  });
});

describe('labels in five languages', () => {
  it('reads the invoice number after Dutch, French and Italian labels and a title with a parenthesis', () => {
    expect(findInvoiceNumber(['Factuurnummer: 2024-118'])).toBe('2024-118');
    expect(findInvoiceNumber(['N° de facture : F-7781'])).toBe('F-7781');
    expect(findInvoiceNumber(['Numero fattura 45/2024'])).toBe('45/2024');
    expect(findInvoiceNumber(['Gutschrift (Selbst ausgestellte Rechnung) Nr. 471102'])).toBe('471102');
    expect(findInvoiceNumber(['Rechnung des Versicherers Nr. 00.123.456.7-2018-1 vom'])).toBe('00.123.456.7-2018-1');
    // The contract's number in a title is no invoice number.
    expect(findInvoiceNumber(['Beitragsrechnung zur Kraftfahrtversicherung Nr. 00.123.456.7'])).toBeUndefined();
  });

  it('reads a right-aligned value below a lone label', () => {
    const lines = ['   Lieferant GmbH                      Rechnungsnummer', '   80333 München                                          471102'];
    expect(findInvoiceNumber(lines)).toBe('471102');
  });

  it('reads invoice and due dates with month names of nl, fr and it', () => {
    expect(findDates('Factuurdatum 3 maart 2024').map((d) => d.iso)).toEqual(['2024-03-03']);
    expect(findDates('le 1er février 2024').map((d) => d.iso)).toEqual(['2024-02-01']);
    expect(findDates('12 dicembre 2023').map((d) => d.iso)).toEqual(['2023-12-12']);
    expect(findInvoiceDate(['Data fattura: 12 dicembre 2023'])).toBe('2023-12-12');
    expect(findDueDate(["Date d'échéance               05/12/2017"], '2017-11-05')).toBe('2017-12-05');
    expect(findDueDate(['Vervaldatum: 14-03-2024'.replace('14-03-2024', '2024-03-14')], '2024-02-14')).toBe('2024-03-14');
    expect(findDueDate(['Data di scadenza 31.01.2024'], '2024-01-01')).toBe('2024-01-31');
  });

  it('reads day-first slashed dates on French pages', () => {
    const read = extractFieldsFromText(['Facture FA-1', 'Date de facture 05/11/2017', 'Montant total de la facture'].join('\n'));
    expect(read.fields.invoice_date).toBe('2017-11-05');
  });

  it('tells the five languages apart', () => {
    expect(detectPageLanguage('Facture n° 12 — montant total TTC à payer avant le 12/03')).toBe('fr');
    expect(detectPageLanguage('Factuur 12 — totaal bedrag incl. btw, betaling binnen 14 dagen')).toBe('nl');
    expect(detectPageLanguage('Fattura n. 12 — totale imponibile e IVA, pagamento entro il')).toBe('it');
    expect(detectPageLanguage('Rechnung Nr. 12 — bitte zahlen Sie den Betrag bis zum')).toBe('de');
    expect(detectPageLanguage('Invoice 12 — please pay the total amount by the due date')).toBe('en');
  });
});

describe('due dates and payment references', () => {
  it('never takes the end of a period for the due date', () => {
    const lines = ['der Beitrag für den Zeitraum vom 06.12.2013 bis zum 06.12.2014', 'am 06.12.2013', 'fällig.', 'Fälligkeit 06.12.2013'];
    expect(findDueDate(lines, '2013-11-01')).toBe('2013-12-06');
  });

  it('reads the day of a direct debit as the due date', () => {
    const lines = [
      'Der Betrag in Höhe von EUR 529,87 wird am 20.03.2014 von Ihrem Konto mit IBAN DE21860000000086001055',
      'und BIC MARKDEF1860 per SEPA-Lastschrift eingezogen.',
    ];
    expect(findDueDate(lines, '2014-03-05')).toBe('2014-03-20');
  });

  it('reads a value below its heading past a line of text left of it', () => {
    const lines = [
      '   Beschreibung                                        Fälligkeit        Teilzahlung',
      '   Der Rechnungsbetrag wurde bereits',
      '                                                       03.10.2018',
    ];
    expect(findDueDate(lines, '2018-09-20')).toBe('2018-10-03');
  });

  it('reads a due date below a line that ends in "bis zum"', () => {
    const lines = ['   Den Rechnungsbetrag überweisen Sie bitte bis zum', '                                                        21.11.2018'];
    expect(findDueDate(lines, '2018-10-03')).toBe('2018-11-21');
  });

  it('takes the value before an instruction to quote it when paying', () => {
    expect(findPaymentReference(['Allgemeine Haftpflichtversicherung VSNR: 01.234.567.8', '(Bei Schriftwechsel und Zahlung bitte angeben.)'])).toBe(
      '01.234.567.8',
    );
    expect(
      findPaymentReference(['Sachversicherungsvertrag Nr: 00.123.456.7               18. April 2014', '(Bei Schriftwechsel und Zahlung bitte angeben.)']),
    ).toBe('00.123.456.7');
    expect(findPaymentReference(['Sehr geehrter Herr Mustermann,', '(Bei Schriftwechsel und Zahlung bitte angeben.)'])).toBeUndefined();
  });
});

describe('line items', () => {
  const page = [
    'Rechnung 4711',
    'Pos  Artikel            Menge   Einzelpreis   Gesamt',
    '1    Beratung           2 Std   100,00 €      200,00 €',
    '2    Reisekosten        1       50,00 €       50,00 €',
    '     Bruttopreis: 59,50 €',
    'Nettobetrag   250,00 €',
    'USt 19 %   47,50 €',
    'Gesamtbetrag   297,50 €',
  ];

  it('sum their line totals up to the first total', () => {
    expect(lineItemsSum(page)).toBe(250);
    expect(lineItemsSum(['Nettobetrag 250,00'])).toBeUndefined();
  });

  it('raise the confidence of a net they add up to', () => {
    expect(extractFieldsFromText(page.join('\n')).confidence.net_amount).toBe(0.99);
    const otherNet = page.map((l) => l.replace('50,00 €       50,00 €', '40,00 €       40,00 €'));
    expect(extractFieldsFromText(otherNet.join('\n')).confidence.net_amount).toBeLessThan(0.99);
  });
});

describe('whole pages in Dutch and Italian', () => {
  it('reads a Dutch invoice', () => {
    const page = [
      'Bakkerij de Molen B.V.',
      'Dorpsstraat 12',
      '1234 AB Utrecht',
      'FACTUUR',
      'Factuurnummer:   2024-0117',
      'Factuurdatum:    14 maart 2024',
      'Vervaldatum:     28 maart 2024',
      'Omschrijving                 Aantal   Prijs      Bedrag',
      'Brood                        10       2,50 €     25,00 €',
      'Subtotaal                                        25,00 €',
      'BTW 9%                                            2,25 €',
      'Totaal incl. btw                                 27,25 €',
      'Betalingskenmerk: 2024-0117',
      'IBAN NL91 ABNA 0417 1643 00   BTW-nummer: NL123456782B01',
    ].join('\n');
    const { fields } = extractFieldsFromText(page);
    expect(fields).toMatchObject({
      document_kind: 'invoice',
      invoice_number: '2024-0117',
      invoice_date: '2024-03-14',
      due_date: '2024-03-28',
      currency: 'EUR',
      net_amount: 25,
      tax_amount: 2.25,
      gross_amount: 27.25,
      iban: 'NL91ABNA0417164300',
      payment_reference: '2024-0117',
    });
  });

  it('reads an Italian invoice', () => {
    const page = [
      'Fattura n. 45/2024',
      'Data fattura: 12/03/2024',
      'Data di scadenza: 11/04/2024',
      'Descrizione                  Quantità   Prezzo     Importo',
      'Consulenza                   4          100,00 €   400,00 €',
      'Totale imponibile                                  400,00 €',
      'IVA 22%                                             88,00 €',
      'Totale fattura                                     488,00 €',
    ].join('\n');
    const { fields } = extractFieldsFromText(page);
    expect(fields).toMatchObject({
      document_kind: 'invoice',
      invoice_number: '45/2024',
      invoice_date: '2024-03-12',
      due_date: '2024-04-11',
      net_amount: 400,
      tax_amount: 88,
      gross_amount: 488,
      tax_breakdown: [{ rate: 22, net: 400, tax: 88 }],
    });
  });
});
