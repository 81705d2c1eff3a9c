import { electronicFormatIBAN, isValidBIC, isValidIBAN } from '../iban-tools';

/** IBAN in electronic format when its checksum is valid. */
export function validIban(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const compact = electronicFormatIBAN(value) ?? '';
  return isValidIBAN(compact) ? compact : undefined;
}

export function validBic(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const compact = value.replace(/\s/g, '').toUpperCase();
  return isValidBIC(compact) ? compact : undefined;
}

/** VAT ids are compared and stored without spaces, dots or dashes ("DE 123456789" → "DE123456789"). */
export function normalizeVatId(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const compact = value.replace(/[\s.\-]/g, '').toUpperCase();
  return compact.length > 0 ? compact : undefined;
}

/** CII date (format 102 = yyyyMMdd) to YYYY-MM-DD. */
export function ciiDate(value: string | undefined, format: string | undefined): string | undefined {
  if (!value) return undefined;
  const digits = value.trim();
  if ((format === undefined || format === '102') && /^\d{8}$/.test(digits)) {
    return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  }
  return isoDate(digits);
}

/** UBL dates are already YYYY-MM-DD; tolerate a time or zone suffix. */
export function isoDate(value: string | undefined): string | undefined {
  const match = value?.trim().match(/^(\d{4}-\d{2}-\d{2})/);
  return match ? match[1] : undefined;
}

export function uniqueRates(rates: Array<number | undefined>): number[] | undefined {
  const unique = [...new Set(rates.filter((r): r is number => r !== undefined))].sort((a, b) => a - b);
  return unique.length > 0 ? unique : undefined;
}

/** Drops undefined properties so results compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  const out: Partial<T> = {};
  for (const [key, v] of Object.entries(value) as Array<[keyof T, T[keyof T]]>) {
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}
