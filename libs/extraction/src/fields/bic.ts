import { isValidBIC } from '../iban-tools';

const LABEL = /\b(?:BIC|SWIFT(?:[-\s]?(?:Code|BIC))?)\b\s*[:.]?\s*/i;
const BODY = String.raw`^([A-Z]{4}\s?[A-Z]{2}\s?[A-Z0-9]{2}(?:\s?[A-Z0-9]{3})?)\b`;
// Printed BICs are upper case, so a branch code apart from the rest must be too: "BKAUATWW Tel." is no 11-letter BIC.
const UPPER = new RegExp(BODY);
const ANY_CASE = new RegExp(BODY, 'i');

/** A BIC after a "BIC" or "SWIFT" label; unlabelled 8-letter words are too often ordinary words. */
export function findBic(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const label = line.match(LABEL);
    if (!label || label.index === undefined) continue;
    const rest = line.slice(label.index + label[0].length);
    const bic = (rest.match(UPPER) ?? rest.match(ANY_CASE))?.[1].replace(/\s/g, '').toUpperCase();
    if (bic && isValidBIC(bic)) return bic;
  }
  return undefined;
}
