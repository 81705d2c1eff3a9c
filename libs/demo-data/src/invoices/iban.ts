import { composeIBAN } from '@portal/domain';

export type IbanCountry = 'AT' | 'DE';

export interface Bank {
  name: string;
  country: IbanCountry;
  /** Bankleitzahl: 5 digits in Austria, 8 in Germany. */
  code: string;
  bic: string;
}

const ACCOUNT_LENGTH: Record<IbanCountry, number> = { AT: 11, DE: 10 };

/** ISO 13616 check digits of a BBAN, as ibantools composes them. */
export function ibanCheckDigits(country: string, bban: string): string {
  const iban = composeIBAN({ countryCode: country, bban });
  if (!iban) throw new Error(`Invalid BBAN ${country} ${bban}`);
  return iban.slice(2, 4);
}

/** Electronic IBAN (no spaces) for an account number at the bank; the account is zero-padded to the national length. */
export function makeIban(bank: Bank, account: string): string {
  const length = ACCOUNT_LENGTH[bank.country];
  if (!/^\d+$/.test(account) || account.length > length) throw new Error(`Invalid account number ${account}`);
  const bban = `${bank.code}${account.padStart(length, '0')}`;
  return `${bank.country}${ibanCheckDigits(bank.country, bban)}${bban}`;
}

/** Print format: groups of four separated by spaces. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

export function accountLength(country: IbanCountry): number {
  return ACCOUNT_LENGTH[country];
}
