import { validate as validRfReference } from 'node-iso11649';
import { electronicFormatIBAN, isValidIBAN } from '@portal/domain';

/** The electronic form of an IBAN (no spaces, upper case) when its country format and check digits hold (ibantools); null otherwise. */
export function validIban(raw: string): string | null {
  const iban = electronicFormatIBAN(raw);
  return iban !== null && isValidIBAN(iban) ? iban : null;
}

/** An RF creditor reference (ISO 11649, checked by node-iso11649) in electronic form; null otherwise. */
export function creditorReference(raw: string): string | null {
  const reference = raw.replace(/\s+/g, '').toUpperCase();
  return /^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(reference) && validRfReference(reference) ? reference : null;
}
