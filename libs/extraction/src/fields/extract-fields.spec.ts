import { extractFieldsFromText } from './extract-fields';

describe('field extraction from text', () => {
  it('reads a German invoice', () => {
    const text = [
      'Müller Bürobedarf GmbH',
      'Hauptstraße 5',
      '10115 Berlin',
      'Rechnung',
      'Rechnungsempfänger:',
      'Kanzlei Größe & Partner',
      'Ringstraße 7',
      '80331 München',
      'Rechnungsnummer: RE-2024-0815',
      'Rechnungsdatum: 05.03.2024',
      'Nettobetrag: 1.000,00 €',
      'zzgl. 19 % USt.: 190,00 €',
      'Gesamtbetrag: 1.190,00 €',
      'Zahlbar innerhalb von 14 Tagen.',
      'IBAN: DE88 2008 0000 0970 3757 00   BIC: COBADEFFXXX',
      'Verwendungszweck: RE-2024-0815',
      'USt-IdNr.: DE136695976',
    ].join('\n');
    expect(extractFieldsFromText(text)).toMatchObject({
      language: 'de',
      review: [],
      fields: {
        document_kind: 'invoice',
        invoice_number: 'RE-2024-0815',
        invoice_date: '2024-03-05',
        due_date: '2024-03-19',
        biller: { name: 'Müller Bürobedarf GmbH', street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', country: 'DE', vat_id: 'DE136695976' },
        recipient: { name: 'Kanzlei Größe & Partner', street: 'Ringstraße 7', postcode: '80331', city: 'München', country: 'DE' },
        currency: 'EUR',
        net_amount: 1000,
        tax_amount: 190,
        gross_amount: 1190,
        tax_rates: [19],
        tax_breakdown: [{ rate: 19, net: 1000, tax: 190 }],
        iban: 'DE88200800000970375700',
        bic: 'COBADEFFXXX',
        payment_reference: 'RE-2024-0815',
      },
    });
  });

  it('reads an English invoice', () => {
    const text = [
      'Acme Consulting Ltd',
      'Invoice No. INV-0042',
      'Invoice date: March 5, 2024',
      'Due date: April 4, 2024',
      'Subtotal: 1,250.00 EUR',
      'VAT 20%: 250.00 EUR',
      'Total due: 1,500.00 EUR',
      'VAT ID: ATU12345678',
      'Payment reference: INV-0042',
    ].join('\n');
    const { fields, language } = extractFieldsFromText(text);
    expect(language).toBe('en');
    expect(fields).toMatchObject({
      invoice_number: 'INV-0042',
      invoice_date: '2024-03-05',
      due_date: '2024-04-04',
      net_amount: 1250,
      tax_amount: 250,
      gross_amount: 1500,
      tax_rates: [20],
      payment_reference: 'INV-0042',
      biller: { name: 'Acme Consulting Ltd', vat_id: 'ATU12345678', country: 'AT' },
    });
  });
});
