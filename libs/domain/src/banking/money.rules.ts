import { invalid } from '../shared/domain-error';

/** A decimal amount as text ("1234.5", "-0,07", "1.234,56" is not accepted) in integer cents, without floating point. */
export function toCents(text: string, decimal: '.' | ',' = '.'): number | null {
  const trimmed = text.trim().replace(/\s+/g, '');
  const pattern = decimal === '.' ? /^([+-]?)(\d+)(?:\.(\d{0,2})\d*)?$/ : /^([+-]?)(\d+)(?:,(\d{0,2})\d*)?$/;
  const m = pattern.exec(trimmed);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' ? -cents : cents;
}

/** Cents as a decimal text with two places ("-12.30"), for messages. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function checkDate(value: string, field: string): string {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw invalid(`${field} must be a date (YYYY-MM-DD).`, { field });
  return value;
}

export function checkCents(value: number, field: string): number {
  if (!Number.isSafeInteger(value)) throw invalid(`${field} must be a whole number of cents.`, { field });
  return value;
}
