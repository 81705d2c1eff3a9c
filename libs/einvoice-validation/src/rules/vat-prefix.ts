import { countryCodes } from '../code-lists';

const prefixTexts = new Map<string, string>();

/**
 * BR-CO-09: the first two characters of a VAT identifier must appear in the list of country codes plus EL.
 * The rules test this as a substring of the space-separated list, so e.g. a one-character identifier passes.
 */
export function vatIdPrefixOk(syntax: 'UBL' | 'CII', vatId: string): boolean {
  let text = prefixTexts.get(syntax);
  if (!text) {
    text = ` ${[...countryCodes(syntax), 'EL'].sort().join(' ')} `;
    prefixTexts.set(syntax, text);
  }
  return text.includes(vatId.slice(0, 2));
}
