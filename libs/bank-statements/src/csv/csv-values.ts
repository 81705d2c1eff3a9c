import { dayOfDateCell, type CsvDateFormat } from '@portal/contracts';
import { toCents } from '@portal/domain';
import { realDay } from '../day';

export type { CsvDateFormat };

const DATE_PATTERNS: Record<CsvDateFormat, RegExp> = {
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
  'DD.MM.YY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{2})$/,
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{2})$/,
  'DD-MM-YYYY': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{4})$/,
  YYYYMMDD: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})$/,
};

/** A date cell in one of the formats, as YYYY-MM-DD; null unless the day exists. Two-digit years are 20xx. */
export function csvDate(value: string, formats: readonly CsvDateFormat[]): string | null {
  const v = dayOfDateCell(value);
  for (const format of formats) {
    const g = DATE_PATTERNS[format].exec(v)?.groups;
    if (!g) continue;
    const day = realDay(Number(g.y!.length === 2 ? `20${g.y}` : g.y), Number(g.m), Number(g.d));
    if (day) return day;
  }
  return null;
}

const AMOUNT_PATTERNS = {
  ',': /^[+-]?\d{1,3}(\.\d{3})*(,\d*)?$|^[+-]?\d+(,\d*)?$/,
  '.': /^[+-]?\d{1,3}(,\d{3})*(\.\d*)?$|^[+-]?\d+(\.\d*)?$/,
} as const;

/**
 * "1.234,56", "-1234.56", "1 234,56-", "+12,00", "4.093,32 €", "750": signed cents. Separators of thousands of
 * the other kind are dropped; null when the cell is empty or not an amount.
 */
export function csvAmount(value: string, decimal: ',' | '.'): number | null {
  let v = value
    .trim()
    .replace(/[\s\u00a0']/g, '')
    .replace(/(EUR|€)$/i, '')
    .replace(/^(EUR|€)/i, '');
  if (v === '') return null;
  let negative = false;
  if (v.endsWith('-')) {
    negative = true;
    v = v.slice(0, -1);
  }
  const thousands = decimal === ',' ? '.' : ',';
  if (!AMOUNT_PATTERNS[decimal].test(v)) return null;
  v = v.split(thousands).join('');
  if (v.endsWith(decimal)) v = v.slice(0, -1);
  const cents = toCents(v, decimal);
  return cents === null ? null : negative ? -cents : cents;
}
