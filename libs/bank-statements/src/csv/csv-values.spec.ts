import { csvAmount, csvDate } from './csv-values';

describe('csvAmount', () => {
  it.each([
    ['1.234,56', ',', 123456],
    ['-1234.56', '.', -123456],
    ['1 234,56-', ',', -123456],
    ['+12,00', ',', 1200],
    ['4.093,32 €', ',', 409332],
    ['750', ',', 75000],
    ['12,50 eur', ',', 1250],
  ] as const)('reads %s as the exports of German banks write it', (cell, decimal, cents) => {
    expect(csvAmount(cell, decimal)).toBe(cents);
  });

  it.each([
    ["CHF 1'250.00", '.', 125000],
    ['1’250.00 CHF', '.', 125000],
    ['-$12.50', '.', -1250],
    ['$-12.50', '.', -1250],
    ['-12,50 PLN', ',', -1250],
    ['12,50 zł', ',', 1250],
    ['£1,234.56', '.', 123456],
    ['USD -0.99', '.', -99],
    ['-¤ 328,75', ',', -32875],
  ] as const)('reads %s with its currency before or after it', (cell, decimal, cents) => {
    expect(csvAmount(cell, decimal)).toBe(cents);
  });

  it('reads an amount in brackets and one with a typographic minus as paid out', () => {
    expect(csvAmount('(12.50)', '.')).toBe(-1250);
    expect(csvAmount('(EUR 1,000.00)', '.')).toBe(-100000);
    expect(csvAmount('\u221212,50', ',')).toBe(-1250);
  });

  it('refuses a text that only starts or ends like a currency, and words beside digits', () => {
    expect(csvAmount('Ref123', ',')).toBeNull();
    expect(csvAmount('EUR', ',')).toBeNull();
    expect(csvAmount('12,50 Stück', ',')).toBeNull();
    expect(csvAmount('', ',')).toBeNull();
  });
});

describe('csvDate', () => {
  it('reads each numeric form and a time after the date as that day', () => {
    expect(csvDate('31.12.2026', ['DD.MM.YYYY'])).toBe('2026-12-31');
    expect(csvDate('2026/12/31', ['YYYY/MM/DD'])).toBe('2026-12-31');
    expect(csvDate('20261231 08:15', ['YYYYMMDD'])).toBe('2026-12-31');
  });

  it('reads dates with month names in the languages of European bank exports', () => {
    expect(csvDate('15 Sep 2026', ['D MMM YYYY'])).toBe('2026-09-15');
    expect(csvDate('3. März 2026', ['D MMM YYYY'])).toBe('2026-03-03');
    expect(csvDate('15-sept.-2026', ['D MMM YYYY'])).toBe('2026-09-15');
    expect(csvDate('1 août 2026 10:00', ['D MMM YYYY'])).toBe('2026-08-01');
    expect(csvDate('Sep 15, 2026', ['MMM D, YYYY'])).toBe('2026-09-15');
    expect(csvDate('December 1 2026', ['MMM D, YYYY'])).toBe('2026-12-01');
  });

  it('refuses a day that does not exist and a month name it cannot tell', () => {
    expect(csvDate('31 Feb 2026', ['D MMM YYYY'])).toBeNull();
    expect(csvDate('15 jui 2026', ['D MMM YYYY'])).toBeNull();
    expect(csvDate('15 Foo 2026', ['D MMM YYYY'])).toBeNull();
  });
});
