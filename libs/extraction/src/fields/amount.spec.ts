import { findAmounts, parseAmount, readableAmounts } from './amount';

describe('amounts', () => {
  it('reads German and English number formats', () => {
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('1,234.56')).toBe(1234.56);
    expect(parseAmount('571,04 €')).toBe(571.04);
    expect(parseAmount('EUR 12.50')).toBe(12.5);
    expect(parseAmount('-7,00')).toBe(-7);
    expect(parseAmount('1\u00a0234,56')).toBe(1234.56);
  });

  it('finds only money-like amounts on a line, not dates or percentages', () => {
    expect(findAmounts('7% 160,00 € 11,20 €')).toEqual([160, 11.2]);
    expect(findAmounts('Rechnung vom 09.05.2017 über 1.234,56 EUR')).toEqual([1234.56]);
    expect(findAmounts('Total due: $12,345.67')).toEqual([12345.67]);
    expect(findAmounts('Umsatzsteuer (S) 858,75 19 163,16')).toEqual([858.75, 163.16]);
  });
});

describe('amounts grouped by a plain space', () => {
  it('are read beside a currency', () => {
    expect(findAmounts('Total TTC   1 234,56 €')).toEqual([1234.56]);
    expect(findAmounts('Totaal: € 12 345,00')).toEqual([12345]);
    expect(findAmounts("Totale 1'234.50 CHF")).toEqual([1234.5]);
  });

  it('are not joined with a rate that a single space separates in a table row', () => {
    expect(findAmounts('USt 19 163,16 €')).toEqual([163.16]);
    expect(findAmounts('19 163,16')).toEqual([163.16]);
  });
});

describe('amounts as a page writes them', () => {
  it('reads space-grouped amounts in table columns on a page that groups thousands with spaces beside a currency', () => {
    const page = readableAmounts(['   TVA %     Montant HT        TVA', '   20 %      18 982,52     3 796,50', 'Montant TTC     22 779,02 €'].join('\n'));
    expect(findAmounts(page.split('\n')[1])).toEqual([18982.52, 3796.5]);
    expect(readableAmounts('Umsatzsteuer   19 163,16\nSumme 100,00 €')).toContain('19 163,16');
  });

  it('reads a minus before the currency symbol and Indian lakh grouping', () => {
    expect(findAmounts(readableAmounts('Total   -€1,169.24'))).toEqual([-1169.24]);
    expect(findAmounts(readableAmounts('Total - EUR 100.00'))).toEqual([100]);
    expect(findAmounts('Total   Rs. 15,08,634.43')).toEqual([1508634.43]);
  });
});
