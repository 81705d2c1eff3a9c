import { findTaxBreakdown, findTotals } from './totals';

describe('totals', () => {
  it('reads a German summary block with a tax breakdown', () => {
    const lines = [
      'Menge Produkt USt. Preis Gesamtbetrag',
      '1,00 Künstlerische Gestaltung   7% 160,00 € 160,00 €',
      'Nettobetrag: 496,00 €',
      'USt. Satz Nettopreis Ust.-Betrag',
      '7% 160,00 € 11,20 €',
      '19% 336,00 € 63,84 €',
      'USt. Gesamt: 75,04 €',
      'Gesamtbetrag: 571,04 €',
      'USt-ID: DE136695976',
    ];
    expect(findTotals(lines)).toEqual({
      net_amount: 496,
      tax_amount: 75.04,
      gross_amount: 571.04,
      tax_rates: [7, 19],
      tax_breakdown: [
        { rate: 7, net: 160, tax: 11.2 },
        { rate: 19, net: 336, tax: 63.84 },
      ],
    });
  });

  it('reads an English summary with thousands separators', () => {
    const totals = findTotals(['Subtotal: 1,250.00 EUR', 'VAT 20%: 250.00 EUR', 'Total due: 1,500.00 EUR']);
    expect(totals).toMatchObject({ net_amount: 1250, tax_amount: 250, gross_amount: 1500, tax_rates: [20] });
  });

  it('derives the missing total from the other two', () => {
    expect(findTotals(['Netto 100,00', 'zzgl. 19 % MwSt. 19,00'])).toMatchObject({ gross_amount: 119 });
  });

  it('does not mistake a discount line for a tax row', () => {
    expect(findTaxBreakdown(['2 % Skonto bei Zahlung bis 10.01.: 100,00 2,00'])).toEqual([]);
  });
});

describe('totals in a rendered e-invoice', () => {
  it('reads rates printed without "%" when basis × rate = tax, and skips tax stated in another currency', () => {
    const lines = [
      'Art (Kategorie) Warenwert Zu-/Abschlag Basisbetrag Steuersatz [%] Steuerbetrag',
      'Umsatzsteuer (S) 850,00 8,75 858,75 19 163,16',
      'Rechnungssumme ohne USt. 858,75',
      'Steuerbetrag in GBP 163,16',
      'Steuerbetrag in EUR 183,14',
      'Bruttosumme 1.021,91',
      'Zahlbetrag 521,91',
    ];
    expect(findTotals(lines, 'GBP')).toEqual({
      net_amount: 858.75,
      tax_amount: 163.16,
      gross_amount: 1021.91,
      tax_rates: [19],
      tax_breakdown: [{ rate: 19, net: 858.75, tax: 163.16 }],
    });
  });

  it('makes a one-line breakdown from a single rate that fits the totals', () => {
    expect(findTotals(['Rechnungssumme netto 845,00', 'zuzüglich 19% MwSt. 160,55', 'Rechnungssumme brutto 1.005,55']).tax_breakdown).toEqual([
      { rate: 19, net: 845, tax: 160.55 },
    ]);
  });
});

describe('tax total checked against net and gross', () => {
  it('sums the rows of several VAT rates under a plain "Net" label instead of taking the last row', () => {
    const lines = ['Net   EUR 7,743.98', 'VAT 20 % on EUR 4,940.77   EUR 988.15', 'VAT 10 % on EUR 2,803.21   EUR 280.32', 'Total   EUR 9,012.45'];
    expect(findTotals(lines, 'EUR')).toMatchObject({ net_amount: 7743.98, tax_amount: 1268.47, gross_amount: 9012.45, tax_rates: [10, 20] });
  });

  it('takes gross minus net when OCR misread the tax amount and the one rate confirms it', () => {
    const lines = ['| Netto | 51,24 € /', '| USt 20 % von 51,24 € 10:25 €', 'Gesamtbetrag 61,49 €'];
    expect(findTotals(lines, 'EUR')).toMatchObject({ net_amount: 51.24, tax_amount: 10.25, gross_amount: 61.49 });
  });

  it('keeps a printed tax amount when net and gross do not confirm the difference', () => {
    const lines = ['Netto 100,00 €', 'USt 20 % 20,00 €', 'Gesamtbetrag 125,00 €'];
    expect(findTotals(lines, 'EUR').tax_amount).toBe(20);
  });
});
