import { findCurrency } from './currency';
import { detectLanguage } from './language';

describe('language and currency', () => {
  it('tells German from English invoices', () => {
    expect(detectLanguage('Rechnung Nr. 1 – bitte zahlen Sie den Betrag bis zum Datum')).toBe('de');
    expect(detectLanguage('Invoice No. 1 – please pay the total amount by the due date')).toBe('en');
    expect(detectLanguage('12345 67890')).toBeUndefined();
  });

  it('takes the currency mentioned most often', () => {
    expect(findCurrency('160,00 € 11,20 € total EUR')).toBe('EUR');
    expect(findCurrency('Total $1,500.00 USD')).toBe('USD');
    expect(findCurrency('no money here')).toBeUndefined();
  });
});

describe('labelled currency', () => {
  it('wins over symbols counted elsewhere', () => {
    expect(findCurrency('Währung: GBP\nSteuerbetrag in EUR 183,14 € €')).toBe('GBP');
  });
});
