import type { StatementAccount } from './banking';

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * Whether an account text without IBAN names the account with this IBAN. "Bank code/account number" (German
 * BLZ/Kontonummer, Austrian BLZ/Kontonummer) is compared with the IBAN's bank code and account number: 'same'
 * or 'other'. A text that cannot be compared (a bare number, a name) is 'unknown'.
 */
export function accountTextMatches(text: string, iban: string): 'same' | 'other' | 'unknown' {
  const national = /^(\d{5}|\d{8})\/(\d{1,11})$/.exec(text.replace(/\s+/g, ''));
  const value = compact(iban);
  const country = value.slice(0, 2);
  if (!national || !['DE', 'AT'].includes(country)) return 'unknown';
  const bankCode = national[1]!;
  const bban = value.slice(4);
  const codeLength = country === 'DE' ? 8 : 5;
  if (bankCode.length !== codeLength) return 'other';
  const stripped = (s: string) => s.replace(/^0+/, '');
  return bban.slice(0, codeLength) === bankCode && stripped(bban.slice(codeLength)) === stripped(national[2]!) ? 'same' : 'other';
}

/**
 * Whether an account a statement file names (its IBAN, else its text) is the account with this IBAN: an IBAN
 * is compared as a whole, a text as `accountTextMatches` does.
 */
export function statementAccountMatches(account: StatementAccount, iban: string): 'same' | 'other' | 'unknown' {
  if (account.iban !== null) return compact(account.iban) === compact(iban) ? 'same' : 'other';
  return account.text === null ? 'unknown' : accountTextMatches(account.text, iban);
}
