import { valueBelow } from './layout';
import { vocabulary } from './vocabulary';

const LABEL = vocabulary('paymentReference', (a) => `(?:${a})\\s*[:.]?\\s*`);
const QUOTE_WHEN_PAYING = vocabulary('quoteWhenPaying');
// The value of a "label: value" or "… Nr. value" block.
const LABELLED_VALUE = /(?:[:#]|(?<!\p{L})(?:Nr|No)\.?)\s*([A-Z0-9][A-Z0-9\-/.]*\d[A-Z0-9\-/.]*)$/iu;

const QUOTE_INVOICE_NUMBER =
  /(Rechnungsnummer\s+an|Rechnungs-?Nr\.?\s+an|quote\s+(?:the\s+|our\s+)?invoice\s+(?:number|no\.?)|invoice\s+number\s+as\s+(?:the\s+|your\s+)?(?:payment\s+)?reference)/i;

/** Without what OCR adds after the value: lone punctuation or a lone lower-case letter ("AR-2026-0015 a", "RE 12 ;"). */
function withoutTrailingDebris(value: string): string {
  return value.replace(/(?:\s+(?:[^\p{L}\p{N}\s]+|\p{Ll}))+$/u, '').trim();
}

/**
 * The payment reference after its label (Verwendungszweck, Zahlungsreferenz, Payment reference), or the
 * invoice number when the text asks to quote it ("Bitte geben Sie die Rechnungsnummer an").
 */
export function findPaymentReference(lines: readonly string[], invoiceNumber?: string): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(LABEL);
    if (!match || match.index === undefined) continue;
    // A wide gap ends the value: the next column belongs to something else.
    const value = lines[i]
      .slice(match.index + match[0].length)
      .split(/\s{3,}/)[0]
      .trim();
    const candidate = value.length > 0 ? value : (valueBelow(lines, i, match.index, match.index + match[0].length) ?? '').trim();
    const reference = withoutTrailingDebris(candidate);
    if (reference.length >= 2 && /[A-Z0-9]/i.test(reference)) return reference.slice(0, 140);
  }
  for (let i = 0; i < lines.length; i++) {
    const quote = lines[i].match(QUOTE_WHEN_PAYING);
    if (!quote || quote.index === undefined) continue;
    const before = lines[i].slice(0, quote.index).replace(/[\s(]+$/, '');
    for (const block of (before.trim() ? before : (lines[i - 1] ?? '')).split(/\s{3,}/)) {
      const value = block.trim().match(LABELLED_VALUE)?.[1].replace(/\.$/, '');
      if (value) return value;
    }
  }
  return invoiceNumber && lines.some((l) => QUOTE_INVOICE_NUMBER.test(l)) ? invoiceNumber : undefined;
}
