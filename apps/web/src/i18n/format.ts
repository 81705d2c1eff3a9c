/** The one locale formatter of the web client: dates, date-times, numbers and amounts as en and de readers write them. Every screen formats through it. */
function intlLocale(locale: string): string {
  return locale === 'de' ? 'de-DE' : 'en-US';
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount with its currency, e.g. "1.234,56 €" (de) or "€1,234.56" (en). */
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

/** An ISO timestamp as local date and time. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString(intlLocale(locale), { dateStyle: 'short', timeStyle: 'short' });
}

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
