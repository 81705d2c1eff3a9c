import { isValidIban, normalizeIban } from '@portal/domain';

const known = new Map<string, boolean>();

/**
 * The IBAN in electronic format when the text is a valid one, else null. Checks are remembered: a statement
 * names the same counterparties again and again, and a check costs more than reading the entry.
 */
export function validIban(text: string | null | undefined): string | null {
  if (!text) return null;
  const iban = normalizeIban(text);
  if (iban.length < 15 || iban.length > 34) return null;
  let valid = known.get(iban);
  if (valid === undefined) {
    valid = isValidIban(iban);
    if (known.size > 50_000) known.clear();
    known.set(iban, valid);
  }
  return valid ? iban : null;
}
