import { formatDate, formatMoney, formatQuantity } from './texts';

describe('locale formatting', () => {
  it('formats money the German way with the euro sign after the amount', () => {
    expect(formatMoney(123456, 'de')).toBe('1.234,56 €');
    expect(formatMoney(5, 'de')).toBe('0,05 €');
    expect(formatMoney(123456789, 'de')).toBe('1.234.567,89 €');
  });

  it('formats money the English way with the currency code first', () => {
    expect(formatMoney(123456, 'en')).toBe('EUR 1,234.56');
  });

  it('formats dates as dd.mm.yyyy in German and as day month year in English', () => {
    expect(formatDate('2026-03-04', 'de')).toBe('04.03.2026');
    expect(formatDate('2026-03-04', 'en')).toBe('4 March 2026');
  });

  it('formats quantities without trailing zeros and with the locale separator', () => {
    expect(formatQuantity(2.5, 'de')).toBe('2,5');
    expect(formatQuantity(2.25, 'en')).toBe('2.25');
    expect(formatQuantity(1500, 'de')).toBe('1.500');
    expect(formatQuantity(12, 'en')).toBe('12');
  });
});
