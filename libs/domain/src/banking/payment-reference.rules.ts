/** Words put before an invoice number in a remittance or on an invoice: "RE 2026-0042", "Rechnung Nr. 42", "Inv. 00042". */
const WORD = 'RECHNUNGSNUMMER|RECHNUNGSNR|RECHNUNG|INVOICE|FAKTURA|BELEG|INV|RG|RE';
const NUMBER = 'NUMMER|NUMBER|NR|NO';
/** A prefix is taken off only where a number follows it, so a name or a word ("REWE", "INVEST") stays whole. */
const PREFIX = new RegExp(`^(?:(?:${WORD})(?:${NUMBER})?|(?:${NUMBER}))(?=\\d)`);

/** Shorter keys say too little to suggest a match by (an amount or a day of the month would fit). */
export const MIN_REFERENCE_KEY = 3;

/**
 * A reference in the form it is compared in: letters and digits only, in capitals (spaces, dashes, dots, slashes
 * and case differ between the invoice and what the payer typed), without a leading word for "invoice" or "number"
 * before the number, and without the zeros the number was padded with ("RE-2026/0042" and "re 20260042" are the
 * same, "Inv. 00042" and "Rechnung Nr. 42" too). Structured references (RF…) keep every character.
 */
export function referenceKey(text: string | null | undefined): string {
  const compact = (text ?? '').toUpperCase().replace(/[^A-Z0-9ÄÖÜ]/g, '');
  return compact.replace(PREFIX, '').replace(/^([A-ZÄÖÜ]*)0+(?=\d)/, '$1');
}
