import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatAmount, formatDate, formatDateTime, formatMonth, formatNumber, formatYearMonth, formatPercent, fromDateTimeInput, toDateTimeInput } from './format';

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

describe('datetime-local inputs', () => {
  // Vienna: UTC+2 from the last Sunday of March to the last Sunday of October (2026: 29 March, 25 October, 01:00 UTC), else UTC+1.
  const vienna = (at: Date) => (at.getTime() >= Date.UTC(2026, 2, 29, 1) && at.getTime() < Date.UTC(2026, 9, 25, 1) ? -120 : -60);

  it('shows an instant in the reader\'s local time and reads the typed local time back as the same instant', () => {
    expect(toDateTimeInput('2026-04-10T18:00:00.000Z', vienna)).toBe('2026-04-10T20:00');
    expect(fromDateTimeInput('2026-04-10T20:00', vienna)).toBe('2026-04-10T18:00:00.000Z');
    expect(fromDateTimeInput('2026-01-10T12:30', vienna)).toBe('2026-01-10T11:30:00.000Z');
    expect(fromDateTimeInput('2026-03-29T05:00', vienna)).toBe('2026-03-29T03:00:00.000Z');
    expect(fromDateTimeInput(toDateTimeInput('2026-11-02T06:45:00.000Z', vienna), vienna)).toBe('2026-11-02T06:45:00.000Z');
    // In the browser's own zone the round trip holds as well.
    expect(fromDateTimeInput(toDateTimeInput('2026-06-02T06:45:00.000Z'))).toBe('2026-06-02T06:45:00.000Z');
  });

  it('reads an empty or broken value as no moment', () => {
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('10.04.2026 20:00')).toBeNull();
    expect(toDateTimeInput(null)).toBe('');
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
