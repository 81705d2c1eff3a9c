import { isValidBIC } from '../iban-tools';

const LABELLED = /\b(?:BIC|SWIFT(?:[-\s]?(?:Code|BIC))?)\b\s*[:.]?\s*([A-Z]{4}\s?[A-Z]{2}\s?[A-Z0-9]{2}(?:\s?[A-Z0-9]{3})?)\b/i;

/** A BIC after a "BIC" or "SWIFT" label; unlabelled 8-letter words are too often ordinary words. */
export function findBic(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const match = line.match(LABELLED);
    const bic = match?.[1].replace(/\s/g, '').toUpperCase();
    if (bic && isValidBIC(bic)) return bic;
  }
  return undefined;
}
