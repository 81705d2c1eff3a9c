import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  firmTimeZone,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  formatYearMonth,
  formatPercent,
  fromDateTimeInput,
  parseDate,
  parseDateTime,
  setFirmTimeZone,
} from './format';
import { firmToday, firmYearMonth } from './firm-calendar';

describe('the one locale formatter', () => {
  it('writes dates as dd.mm.yyyy in German and mm/dd/yyyy in English', () => {
    expect(formatDate('2025-03-07', 'de')).toBe('07.03.2025');
    expect(formatDate('2025-03-07', 'en')).toBe('03/07/2025');
    expect(formatDate(null, 'de')).toBe('');
  });

  it('writes date-times with the same four-digit date and the locale clock, in the firm time zone (Vienna: UTC+1 in March)', () => {
    const iso = '2025-03-07T13:05:09Z';
    expect(formatDateTime(iso, 'de')).toBe('07.03.2025, 14:05');
    expect(formatDateTime(iso, 'en')).toBe('03/07/2025, 2:05 PM');
    expect(formatDateTime(iso, 'de', { seconds: true })).toBe('07.03.2025, 14:05:09');
  });

  it('follows the firm time zone across the switch to summer time, and the zone the portal configures', () => {
    // 2026-03-29 01:00 UTC: Vienna moves its clocks from 02:00 to 03:00.
    expect(formatDateTime('2026-03-29T00:59:00Z', 'de')).toBe('29.03.2026, 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'de')).toBe('29.03.2026, 03:00');
    expect(fromDateTimeInput('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    try {
      setFirmTimeZone('Europe/London');
      expect(formatDateTime('2026-03-29T01:00:00Z', 'en')).toBe('03/29/2026, 2:00 AM');
      setFirmTimeZone('Not/AZone');
      expect(firmTimeZone()).toBe('Europe/Vienna');
    } finally {
      setFirmTimeZone(null);
    }
  });

  it("tells today by the firm's calendar: at 23:30 UTC on 30 November it is already 1 December in Vienna, not yet in London", () => {
    jest.useFakeTimers({ now: new Date('2026-11-30T23:30:00Z') });
    try {
      expect(firmToday()).toBe('2026-12-01');
      expect(firmYearMonth()).toEqual({ year: 2026, month: 11 });
      setFirmTimeZone('Europe/London');
      expect(firmToday()).toBe('2026-11-30');
    } finally {
      setFirmTimeZone(null);
      jest.useRealTimers();
    }
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

describe('dates and moments as typed in the portal language', () => {
  // Vienna: UTC+2 from the last Sunday of March to the last Sunday of October (2026: 29 March, 25 October, 01:00 UTC), else UTC+1.
  const vienna = (at: Date) => (at.getTime() >= Date.UTC(2026, 2, 29, 1) && at.getTime() < Date.UTC(2026, 9, 25, 1) ? -120 : -60);

  it('reads a wall-clock time back as the instant, on both sides of the switch to summer time', () => {
    expect(fromDateTimeInput('2026-04-10T20:00', vienna)).toBe('2026-04-10T18:00:00.000Z');
    expect(fromDateTimeInput('2026-01-10T12:30', vienna)).toBe('2026-01-10T11:30:00.000Z');
    expect(fromDateTimeInput('2026-03-29T05:00', vienna)).toBe('2026-03-29T03:00:00.000Z');
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('10.04.2026 20:00')).toBeNull();
  });

  it('reads dates as German and English readers type them, and the ISO form in both', () => {
    expect(parseDate('07.03.2025', 'de')).toBe('2025-03-07');
    expect(parseDate('7.3.2025', 'de')).toBe('2025-03-07');
    expect(parseDate('03/07/2025', 'en')).toBe('2025-03-07');
    expect(parseDate('3/7/2025', 'en')).toBe('2025-03-07');
    expect(parseDate('2025-03-07', 'de')).toBe('2025-03-07');
    expect(parseDate(formatDate('2024-02-29', 'de'), 'de')).toBe('2024-02-29');
  });

  it("reads no date from another language's form, an impossible day or a half-typed text", () => {
    expect(parseDate('03/07/2025', 'de')).toBeNull();
    expect(parseDate('07.03.2025', 'en')).toBeNull();
    expect(parseDate('31.02.2025', 'de')).toBeNull();
    expect(parseDate('07.03.', 'de')).toBeNull();
    expect(parseDate('', 'de')).toBeNull();
  });

  it("reads a moment as the firm's wall-clock time, with or without a time, and what it shows reads back", () => {
    expect(parseDateTime('10.04.2026 20:00', 'de')).toBe('2026-04-10T18:00:00.000Z');
    expect(parseDateTime('10.04.2026, 20:00', 'de')).toBe('2026-04-10T18:00:00.000Z');
    expect(parseDateTime('04/10/2026, 8:00 PM', 'en')).toBe('2026-04-10T18:00:00.000Z');
    expect(parseDateTime('04/10/2026 12:05 am', 'en')).toBe('2026-04-09T22:05:00.000Z');
    expect(parseDateTime('10.04.2026', 'de')).toBe('2026-04-09T22:00:00.000Z');
    expect(parseDateTime('2026-04-10T20:00', 'en')).toBe('2026-04-10T18:00:00.000Z');
    // 29 March 2026, 03:30 in Vienna is summer time already (UTC+2).
    expect(parseDateTime('29.03.2026 03:30', 'de')).toBe('2026-03-29T01:30:00.000Z');
    for (const iso of ['2026-03-29T01:30:00.000Z', '2026-11-02T06:45:00.000Z']) {
      expect(parseDateTime(formatDateTime(iso, 'de'), 'de')).toBe(iso);
      expect(parseDateTime(formatDateTime(iso, 'en'), 'en')).toBe(iso);
    }
    expect(parseDateTime('10.04.2026 25:00', 'de')).toBeNull();
    expect(parseDateTime('04/10/2026 13:00 PM', 'en')).toBeNull();
    expect(parseDateTime('gestern', 'de')).toBeNull();
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
    // Today, this month and this year are the firm's (firmToday, firmYearMonth), not UTC's: they differ for an hour or two around midnight.
    expect(text).not.toMatch(/new Date\(\)\.(toISOString\(\)\.slice\(0, (4|7|10)\)|getUTC(FullYear|Month|Date)\(\))/);
  });
});
