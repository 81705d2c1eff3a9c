/** Locale formats of the document screens (en → en-GB style dates are avoided: en-US and de-DE as the user reads them). */
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
