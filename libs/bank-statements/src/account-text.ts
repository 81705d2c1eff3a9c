import { normalizeIban } from '@portal/domain';
import { validIban } from './iban';

/** An IBAN in its print format (ISO 13616: groups of four separated by a space) inside other text. */
const GROUPED_IBAN = /\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?\b/gi;

/**
 * The IBAN in an account as a statement names it: the whole text, or one of its parts (MT940 :25: writes
 * "BIC/IBAN", "IBAN EUR", "IBANEUR", "bank code/account number"; a CSV export's account line "Girokonto DE02
 * 1203 0000 0000 2020 51", the print format after the account's name). Null when none is a valid IBAN.
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
  for (const m of text.matchAll(GROUPED_IBAN)) candidates.add(normalizeIban(m[0]));
  for (const c of candidates) if (validIban(c)) return c;
  return null;
}

/** Account texts are compared with an account's IBAN by the rule the web client's import dialog uses too. */
export { accountTextMatches } from '@portal/contracts';
