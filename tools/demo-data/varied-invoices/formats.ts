import type { VariedLanguage } from './texts';
import { WORDS } from './texts';

/** How amounts are printed: grouping and decimal marks, and where the currency stands. */
export type AmountStyle = 'de' | 'en' | 'fr' | 'nl' | 'in';
/** How dates are printed. */
export type DateStyle = 'dotted' | 'long' | 'iso' | 'slashed' | 'dashed' | 'us-long' | 'dd-mon-yyyy' | 'dd-mon-yy';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function group(integer: string, separator: string, indian: boolean): string {
  if (!indian) return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  // Lakh and crore: the last three digits, then groups of two.
  const last = integer.slice(-3);
  const rest = integer.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last}` : last;
}

/** Cents as printed without currency: "1.234,56", "1,234.56", "1 234,56", "1,23,456.00". */
export function formatNumber(cents: number, style: AmountStyle): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const integer = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  switch (style) {
    case 'de':
    case 'nl':
      return `${sign}${group(integer, '.', false)},${fraction}`;
    case 'fr':
      return `${sign}${group(integer, ' ', false)},${fraction}`;
    case 'in':
      return `${sign}${group(integer, ',', true)}.${fraction}`;
    default:
      return `${sign}${group(integer, ',', false)}.${fraction}`;
  }
}

const SYMBOL: Record<string, string> = { EUR: '€', GBP: '£', INR: 'Rs.' };

/** With the currency where the style puts it: "1.234,56 €", "€ 1.234,56", "£1,234.56", "Rs. 1,23,456.00". */
export function formatMoney(cents: number, style: AmountStyle, currency: string, code = false): string {
  const number = formatNumber(cents, style);
  const mark = code ? currency : (SYMBOL[currency] ?? currency);
  if (style === 'de' || style === 'fr') return `${number} ${mark}`;
  if (style === 'nl' || code || style === 'in') return `${mark} ${number}`;
  return cents < 0 ? `-${mark}${number.slice(1)}` : `${mark}${number}`;
}

export function formatDate(iso: string, style: DateStyle, language: VariedLanguage): string {
  const [y, m, d] = iso.split('-');
  const month = Number(m);
  const day = Number(d);
  switch (style) {
    case 'dotted':
      return `${d}.${m}.${y}`;
    case 'iso':
      return iso;
    case 'slashed':
      return `${d}/${m}/${y}`;
    case 'dashed':
      return `${d}-${m}-${y}`;
    case 'us-long':
      return `${WORDS.en.months[month - 1]} ${day}, ${y}`;
    case 'dd-mon-yyyy':
      return `${d}-${SHORT_MONTHS[month - 1]}-${y}`;
    case 'dd-mon-yy':
      return `${d}-${SHORT_MONTHS[month - 1]}-${y.slice(2)}`;
    default:
      return language === 'de' ? `${day}. ${WORDS.de.months[month - 1]} ${y}` : `${day} ${WORDS[language].months[month - 1]} ${y}`;
  }
}

/** The date styles each language's invoices use. */
export const DATE_STYLES: Record<VariedLanguage, readonly DateStyle[]> = {
  de: ['dotted', 'dotted', 'long', 'iso'],
  en: ['long', 'us-long', 'iso', 'long'],
  nl: ['dashed', 'long', 'dashed'],
  fr: ['slashed', 'long', 'slashed'],
  it: ['slashed', 'long', 'slashed'],
};

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
