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
    format = currency && /^[A-Z]{3}$/.test(currency)
      ? new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency })
      : new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(key, format);
  }
  return format.format(value);
}

/** A YYYY-MM-DD date as the locale writes it. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return locale === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO timestamp as local date and time with the same four-digit date as formatDate, e.g.
 * "23.11.2026, 14:05" (de) or "11/23/2026, 2:05 PM" (en); `seconds` for audit trails.
 */
export function formatDateTime(value: string | null | undefined, locale: string, options: { seconds?: boolean } = {}): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const key = `${locale}|${options.seconds ? 's' : ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      ...(options.seconds ? { second: '2-digit' } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(d);
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

/** The name of a month (1–12) in the locale, e.g. "July" / "Juli". */
export function formatMonth(month: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** A number as an input field shows it for editing: the locale's decimal sign, no grouping ("1234,50" / "1234.50"). */
export function formatDecimalInput(value: number, locale: string, fractionDigits?: number): string {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return locale === 'de' ? text.replace('.', ',') : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes to add to local time to reach UTC at an instant (Date#getTimezoneOffset; tests hand in a fixed zone). */
export type ZoneOffset = (at: Date) => number;
const browserZone: ZoneOffset = (at) => at.getTimezoneOffset();

/** An ISO timestamp as the value of a datetime-local input: the reader's local time ("2026-04-10T20:00"). */
export function toDateTimeInput(iso: string | null | undefined, zone: ZoneOffset = browserZone): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const local = new Date(d.getTime() - zone(d) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** A datetime-local input's value (the reader's local time) as an ISO timestamp; null when empty or invalid. */
export function fromDateTimeInput(value: string, zone: ZoneOffset = browserZone): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall)) return null;
  // The offset at the instant itself: near a daylight-saving switch the first guess can be an hour off.
  const guess = wall + zone(new Date(wall)) * 60_000;
  return new Date(wall + zone(new Date(guess)) * 60_000).toISOString();
}
