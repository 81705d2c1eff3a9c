import { csvDateParts, type CsvDateFormat } from '@portal/contracts';
import { toCents } from '@portal/domain';
import { realDay } from '../day';

export type { CsvDateFormat };

/** A date cell in one of the formats, as YYYY-MM-DD; null unless the day exists. Two-digit years are 20xx. */
export function csvDate(value: string, formats: readonly CsvDateFormat[]): string | null {
  for (const format of formats) {
    const parts = csvDateParts(value, format);
    const day = parts && realDay(parts.year, parts.month, parts.day);
    if (day) return day;
  }
  return null;
}

const AMOUNT_PATTERNS = {
  ',': /^[+-]?\d{1,3}(\.\d{3})*(,\d*)?$|^[+-]?\d+(,\d*)?$/,
  '.': /^[+-]?\d{1,3}(,\d{3})*(\.\d*)?$|^[+-]?\d+(\.\d*)?$/,
} as const;

/**
 * A currency beside an amount: an ISO 4217 code in capitals (or eur) or a sign ("EUR", "CHF", "€", "$", "£", "zł").
 * ¤ is the euro sign of an ISO 8859-15 export read as Latin-1 (the same byte).
 */
const CURRENCY = '(?:[A-Z]{3}|eur|€|¤|\\$|£|¥|₣|zł|kr|Kč|Ft|Fr\\.?)';
const CURRENCY_BEFORE = new RegExp(`^${CURRENCY}`);
const CURRENCY_AFTER = new RegExp(`${CURRENCY}$`);

/** The amount's text without the currency before or after it; the sign before a currency is kept ("-€12" → "-12"). */
function withoutCurrency(text: string): string {
  const sign = /^[+-]/.exec(text)?.[0] ?? '';
  let v = text.slice(sign.length);
  const before = CURRENCY_BEFORE.exec(v);
  if (before && /^[\d(+-]/.test(v.slice(before[0].length))) v = v.slice(before[0].length);
  const after = CURRENCY_AFTER.exec(v);
  if (after && /[\d)-]$/.test(v.slice(0, after.index))) v = v.slice(0, after.index);
  return sign + v;
}

/**
 * "1.234,56", "-1234.56", "1 234,56-", "+12,00", "4.093,32 €", "CHF 1'250.00", "-$12.50", "(12.50)", "−12,50",
 * "750": signed cents. Separators of thousands of the other kind are dropped; null when the cell is empty or not
 * an amount.
 */
export function csvAmount(value: string, decimal: ',' | '.'): number | null {
  let v = withoutCurrency(
    value
      .trim()
      .replace(/[\s\u00a0'’]/g, '')
      .replace(/\u2212/g, '-'),
  );
  if (v === '') return null;
  let negative = false;
  // Accountants' brackets: (12.50) is paid out.
  if (v.startsWith('(') && v.endsWith(')')) {
    negative = true;
    v = withoutCurrency(v.slice(1, -1));
  }
  if (v.endsWith('-')) {
    negative = !negative;
    v = v.slice(0, -1);
  }
  const thousands = decimal === ',' ? '.' : ',';
  if (!AMOUNT_PATTERNS[decimal].test(v)) return null;
  v = v.split(thousands).join('');
  if (v.endsWith(decimal)) v = v.slice(0, -1);
  const cents = toCents(v, decimal);
  return cents === null ? null : negative ? -cents : cents;
}
