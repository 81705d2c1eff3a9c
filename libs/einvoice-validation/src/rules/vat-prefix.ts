import { countryCodes } from '../code-lists';

const prefixTexts = new Map<string, string>();

/**
 * BR-CO-09: the first two characters of a VAT identifier must be a country code or EL. The UBL binding tests
 * them as a substring of the space-separated list (so e.g. a one-character identifier passes); the CII binding
 * tests them as a whole entry.
 */
export function vatIdPrefixOk(syntax: 'UBL' | 'CII', vatId: string): boolean {
  if (syntax === 'CII') return vatId.slice(0, 2) === 'EL' || countryCodes('CII').has(vatId.slice(0, 2));
  let text = prefixTexts.get(syntax);
  if (!text) {
    text = ` ${[...countryCodes(syntax), 'EL'].sort().join(' ')} `;
    prefixTexts.set(syntax, text);
  }
  return text.includes(vatId.slice(0, 2));
}
