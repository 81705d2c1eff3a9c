import { normalizeIban } from '@portal/domain';
import { validIban } from './iban';

/**
 * The IBAN in an account as a statement names it: the whole text, or one of its parts (MT940 :25: writes
 * "BIC/IBAN", "IBAN EUR", "IBANEUR", "bank code/account number"). Null when none is a valid IBAN.
 */
export function ibanInAccountText(text: string | null): string | null {
  if (!text) return null;
  const candidates = new Set<string>();
  const compact = normalizeIban(text);
  candidates.add(compact);
  for (const part of text.split(/[/\s]+/)) {
    const p = normalizeIban(part);
    candidates.add(p);
    candidates.add(p.replace(/[A-Z]{3}$/, ''));
  }
  candidates.add(compact.replace(/[A-Z]{3}$/, ''));
  const slash = text.lastIndexOf('/');
  if (slash !== -1) candidates.add(normalizeIban(text.slice(slash + 1)));
  for (const c of candidates) if (validIban(c)) return c;
  return null;
}

/**
 * Whether an account text without IBAN names the account with this IBAN. "Bank code/account number" (German
 * BLZ/Kontonummer, Austrian BLZ/Kontonummer) is compared with the IBAN's bank code and account number: 'same'
 * or 'other'. A text that cannot be compared (a bare number, a name) is 'unknown'.
 */
export function accountTextMatches(text: string, iban: string): 'same' | 'other' | 'unknown' {
  const national = /^(\d{5}|\d{8})\/(\d{1,11})$/.exec(text.replace(/\s+/g, ''));
  const value = normalizeIban(iban);
  const country = value.slice(0, 2);
  if (!national || !['DE', 'AT'].includes(country)) return 'unknown';
  const bankCode = national[1]!;
  const bban = value.slice(4);
  const codeLength = country === 'DE' ? 8 : 5;
  if (bankCode.length !== codeLength) return 'other';
  const stripped = (s: string) => s.replace(/^0+/, '');
  return bban.slice(0, codeLength) === bankCode && stripped(bban.slice(codeLength)) === stripped(national[2]!) ? 'same' : 'other';
}
