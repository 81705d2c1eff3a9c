import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatAmount, formatDate, formatDateTime, formatMonth, formatNumber, formatYearMonth, formatPercent } from './format';

describe('the one locale formatter', () => {
  it('writes dates as dd.mm.yyyy in German and mm/dd/yyyy in English', () => {
    expect(formatDate('2025-03-07', 'de')).toBe('07.03.2025');
    expect(formatDate('2025-03-07', 'en')).toBe('03/07/2025');
    expect(formatDate(null, 'de')).toBe('');
  });

  it('writes date-times with the same four-digit date and the locale clock', () => {
    const iso = new Date(2025, 2, 7, 14, 5, 9).toISOString();
    expect(formatDateTime(iso, 'de')).toBe('07.03.2025, 14:05');
    expect(formatDateTime(iso, 'en')).toBe('03/07/2025, 2:05 PM');
    expect(formatDateTime(iso, 'de', { seconds: true })).toBe('07.03.2025, 14:05:09');
  });

  it('writes amounts with their currency and the locale separators', () => {
    expect(formatAmount(1234.5, 'EUR', 'de').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatAmount(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmount(-3, 'EUR', 'en')).toBe('-€3.00');
    expect(formatAmount(12, null, 'de')).toBe('12,00');
  });

  it('writes numbers, percentages and months per locale', () => {
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatPercent(7.03, 'de')).toBe('7,03 %');
    expect(formatPercent(7.03, 'en')).toBe('7.03 %');
    expect(formatYearMonth('2025-03', 'de')).toBe('März 2025');
    expect(formatYearMonth('2025-03', 'en')).toBe('March 2025');
    expect(formatMonth(7, 'de')).toBe('Juli');
  });
});

/** Every screen formats through format.ts: a date or number formatted by hand elsewhere fails here. */
describe('no screen formats dates or numbers on its own', () => {
  const root = join(__dirname, '..');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && path !== join(__dirname, 'format.ts')) files.push(path);
    }
  };
  walk(root);

  it.each(files.map((f) => relative(root, f)))('%s uses the formatter', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).not.toMatch(/\bIntl\.(DateTimeFormat|NumberFormat)\b|\.toLocale(Date|Time)?String\(|\.toFixed\(2\)/);
  });
});
