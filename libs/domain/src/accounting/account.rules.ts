import { isValidIBAN } from '../shared/iban-tools';
import { CUSTOMER_ACCOUNT_RANGE, PERSON_ACCOUNT_TYPES, type PersonAccountType } from '@portal/contracts';

/** Account fields have exactly six digits. */
export const isSixDigits = (value: string) => /^\d{6}$/.test(value);

/** 200000 to 299999 is a customer, every other account a supplier. */
export function personAccountTypeOf(account: string): PersonAccountType {
  const n = Number(account);
  return n >= CUSTOMER_ACCOUNT_RANGE.from && n <= CUSTOMER_ACCOUNT_RANGE.to ? PERSON_ACCOUNT_TYPES.customer : PERSON_ACCOUNT_TYPES.supplier;
}

/** An IBAN in electronic format: upper case, without spaces. */
export const normalizeIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** ISO 13616 by ibantools: the country's length and format and the check digits. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}
