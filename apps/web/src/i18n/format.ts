import { DEFAULT_TIME_ZONE, formatDateAs, formatMomentIn, isTimeZone, zoneOffsetMinutes } from '@portal/contracts';
import { observable, runInAction } from 'mobx';

/** The one locale formatter of the web client: dates, date-times, numbers and amounts as en and de readers write them. Every screen formats through it. */
function intlLocale(locale: string): string {
  return locale === 'de' ? 'de-DE' : 'en-US';
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount with its currency, e.g. "1.234,56 €" (de) or "€1,234.56" (en); without a valid currency code just the figure with two decimals. */
export function formatAmount(value: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  const key = `${locale}|${currency ?? ''}`;
  let format = amountFormats.get(key);
  if (!format) {
    format =
      currency && /^[A-Z]{3}$/.test(currency)
        ? new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency })
        : new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(key, format);
  }
  return format.format(value);
}

/** A YYYY-MM-DD date as the locale writes it (the same rule as the files the server writes). */
export function formatDate(value: string | null | undefined, locale: string): string {
  return formatDateAs(value, locale);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day as YYYY-MM-DD, or null (31.02. is none). */
function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date as typed in the portal's language as YYYY-MM-DD: "7.3.2025" / "07.03.2025" (de), "3/7/2025" /
 * "03/07/2025" (en), and the ISO form in both; null when it is no (real) date.
 */
export function parseDate(text: string, locale: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const local = locale === 'de' ? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value) : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!local) return null;
  return locale === 'de' ? isoDay(Number(local[3]), Number(local[2]), Number(local[1])) : isoDay(Number(local[3]), Number(local[1]), Number(local[2]));
}

/**
 * A moment as typed in the portal's language, read as the firm's wall-clock time: a date as parseDate reads
 * it, then optionally a time ("14:05", "2:05 PM"), a date alone meaning its midnight; also the ISO form
 * "2026-04-10T14:05". Null when it is no moment.
 */
export function parseDateTime(text: string, locale: string): string | null {
  const m = /^(.+?)(?:(?:,\s*|\s+|T)(\d{1,2}):(\d{2})(?:\s*([AaPp])\.?\s*[Mm]\.?)?)?$/.exec(text.trim());
  if (!m) return null;
  const day = parseDate(m[1]!, locale);
  if (!day) return null;
  let hour = m[2] === undefined ? 0 : Number(m[2]);
  const minute = m[3] === undefined ? 0 : Number(m[3]);
  if (m[4] !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[4].toLowerCase() === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return fromDateTimeInput(`${day}T${pad(hour)}:${pad(minute)}`);
}

/** The firm's time zone (the portal configuration's), observed so that times shown re-render when it arrives. */
const firmZone = observable.box(DEFAULT_TIME_ZONE);

/** Sets the firm's time zone every time shown is written in; a name the browser does not know leaves the default. */
export function setFirmTimeZone(name: string | null | undefined): void {
  runInAction(() => firmZone.set(name && isTimeZone(name) ? name : DEFAULT_TIME_ZONE));
}

export function firmTimeZone(): string {
  return firmZone.get();
}

/**
 * An ISO timestamp as date and time in the firm's time zone (not the browser's, not UTC) with the same
 * four-digit date as formatDate, e.g. "23.11.2026, 14:05" (de) or "11/23/2026, 2:05 PM" (en); `seconds` for audit trails.
 */
export function formatDateTime(value: string | null | undefined, locale: string, options: { seconds?: boolean } = {}): string {
  return formatMomentIn(value, locale, firmZone.get(), options);
}

/** A month of a year ("2025-03", e.g. a contribution period) as the locale names it: "März 2025" / "March 2025". */
export function formatYearMonth(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})/.exec(value);
  if (!m) return value;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleDateString(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A percentage given in percent (7.03 → "7,03 %" / "7.03 %"). */
export function formatPercent(value: number, locale: string): string {
  return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value)} %`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number with the locale's grouping, e.g. "12.345" (de) or "12,345" (en). */
export function formatNumber(value: number | null | undefined, locale: string, fractionDigits = 0): string {
  if (value === null || value === undefined) return '';
  const key = `${locale}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const FILE_SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in the largest unit under 1,000 of it, e.g. "18 byte" / "2.4 kB" / "2,4 MB". */
export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: FILE_SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

/** The name of a month (1–12) in the locale, e.g. "July" / "Juli". */
export function formatMonth(month: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** A number as an input field shows it for editing: the locale's decimal sign, no grouping ("1234,50" / "1234.50"). */
export function formatDecimalInput(value: number, locale: string, fractionDigits?: number): string {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return locale === 'de' ? text.replace('.', ',') : text;
}

/** Minutes to add to local time to reach UTC at an instant (Date#getTimezoneOffset; tests hand in a fixed zone). */
export type ZoneOffset = (at: Date) => number;
/** Moments are entered, like they are shown, in the firm's time zone. */
const firmOffset: ZoneOffset = (at) => zoneOffsetMinutes(firmZone.get(), at);

/** A wall-clock time of the firm ("2026-04-10T20:00") as an ISO timestamp; null when empty or invalid. */
export function fromDateTimeInput(value: string, zone: ZoneOffset = firmOffset): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall)) return null;
  // The offset at the instant itself: near a daylight-saving switch the first guess can be an hour off.
  const guess = wall + zone(new Date(wall)) * 60_000;
  return new Date(wall + zone(new Date(guess)) * 60_000).toISOString();
}

const countryNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the UI language ("Österreich" for AT in de), the code itself when none is known. */
export function countryName(code: string, locale: string): string {
  let names = countryNames.get(locale);
  if (!names) countryNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
