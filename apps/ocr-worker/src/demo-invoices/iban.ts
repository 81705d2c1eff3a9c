export type IbanCountry = 'AT' | 'DE';

export interface Bank {
  name: string;
  country: IbanCountry;
  /** Bankleitzahl: 5 digits in Austria, 8 in Germany. */
  code: string;
  bic: string;
}

const ACCOUNT_LENGTH: Record<IbanCountry, number> = { AT: 11, DE: 10 };

/** ISO 13616 check digits: move country + "00" to the end, letters to numbers, 98 - (n mod 97). */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase();
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return String(98 - remainder).padStart(2, '0');
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
