import { toCents } from '@portal/domain';
import { dayNumber, realDay } from '../day';

/** SWIFT dates are YYMMDD; 80-99 are 19xx. Null when the day does not exist. */
export function swiftDate(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = (Number(yymmdd.slice(0, 2)) >= 80 ? 1900 : 2000) + Number(yymmdd.slice(0, 2));
  return realDay(year, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

/** A SWIFT amount: digits with a decimal comma ("1234,5", "203,"); a few banks write a point. */
export function swiftCents(text: string): number | null {
  if (!/^\d+([.,]\d*)?$/.test(text)) return null;
  return toCents(text.endsWith(',') || text.endsWith('.') ? text.slice(0, -1) : text, text.includes(',') ? ',' : '.');
}

/**
 * The booking date of a :61: line from its MMDD, next to the value date: the year that puts it closest to the
 * value date (a booking on 2 January of a value dated 31 December is in the next year, and the other way).
 */
export function bookingDay(valueDate: string, mmdd: string): string | null {
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  const valueYear = Number(valueDate.slice(0, 4));
  const value = dayNumber(valueYear, Number(valueDate.slice(5, 7)), Number(valueDate.slice(8, 10)));
  let best: string | null = null;
  let distance = Infinity;
  for (const year of [valueYear, valueYear - 1, valueYear + 1]) {
    const candidate = realDay(year, month, day);
    const d = candidate ? Math.abs(dayNumber(year, month, day) - value) : Infinity;
    if (d < distance) {
      best = candidate;
      distance = d;
    }
  }
  return best;
}
