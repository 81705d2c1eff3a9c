import { CUSTOMER_ACCOUNT_RANGE, PERSON_ACCOUNT_TYPES, type PersonAccountType } from '@portal/contracts';

/** Account fields of spec 5: exactly six digits. */
export const isSixDigits = (value: string) => /^\d{6}$/.test(value);

/** Spec 3 and 9: 200000 to 299999 is a customer, every other account a supplier. */
export function personAccountTypeOf(account: string): PersonAccountType {
  const n = Number(account);
  return n >= CUSTOMER_ACCOUNT_RANGE.from && n <= CUSTOMER_ACCOUNT_RANGE.to ? PERSON_ACCOUNT_TYPES.customer : PERSON_ACCOUNT_TYPES.supplier;
}

/** An IBAN in electronic format: upper case, without spaces. */
export const normalizeIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: country code, two check digits, up to 30 alphanumerics, and the mod-97 remainder 1. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
