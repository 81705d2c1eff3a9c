import { restOfBlock, valueBelow } from './layout';
import { vocabulary } from './vocabulary';

const LABEL = vocabulary('invoiceNumber');
// A title with its number at the top of the page: "Avoir AV-2017-0005", "Invoice FA-2017-0008", "RECHNUNG 4711".
const TITLE_NUMBER = /^\s*(?:Rechnung|Invoice|Facture|Avoir|Factuur|Fattura|Gutschrift|Credit\s+note)\s+(?:Nr\.?\s*|No\.?\s*|n[º°]\s*)?([A-Z0-9][A-Z0-9\-/._]*\d[A-Z0-9\-/._]*)\s*$/iu;
// OCR misspells the label's end ("Rechnungsnummier", "Rechnungshummer"); then only the colon makes it a label.
const OCR_LABEL = /Rechnungs-?(?!datum|betrag|adresse|anschrift|empf|summe|steller|periode|zeitraum|kopie)\p{L}{2,9}\s*[:;]/iu;
// Before the value: the colon (OCR: ";"), "#", or a stray dash OCR made of a line.
const LEAD = String.raw`^[\s:;#.]*(?:[-–]\s+)?`;
// A number token: letters, digits and separators, with at least one digit.
const TOKEN = new RegExp(`${LEAD}([A-Z0-9][A-Z0-9\\-/._]*)`, 'i');
// A short upper-case series prefix apart from the number: "RE 194/26", "AR 2024-17".
const PREFIXED = new RegExp(`${LEAD}([A-Z]{1,4} \\d[A-Z0-9\\-/._]*)`);

function clean(token: string | undefined): string | undefined {
  const value = token?.replace(/[._/-]+$/, '');
  return value && /\d/.test(value) && value.length <= 40 ? value : undefined;
}

function tokenAt(text: string): string | undefined {
  return clean(text.match(PREFIXED)?.[1]) ?? clean(text.match(TOKEN)?.[1]);
}

/** The invoice number after a label (Rechnungsnummer, Rechnung Nr., Invoice No. ...), same line or the next. */
export function findInvoiceNumber(lines: readonly string[]): string | undefined {
  return afterLabel(lines, LABEL) ?? afterLabel(lines, OCR_LABEL) ?? titleNumber(lines);
}

function titleNumber(lines: readonly string[]): string | undefined {
  for (const line of lines.slice(0, 25)) {
    for (const block of line.split(/\s{3,}/)) {
      const m = block.match(TITLE_NUMBER);
      if (m) return clean(m[1]);
    }
  }
  return undefined;
}

// Another document's number: "Ursprungsbeleg-Nr", "Bezugsrechnung Nr.", "Original invoice no.", "Facture liée".
const OTHER_DOCUMENT = /^(?:ursprungs|bezugs|original|vorgänger|storniert|related|referenced)/i;
const OTHER_DOCUMENT_BEFORE = /(?:ursprungs|bezugs|original|related|referenced|previous|corrected|zur|zu)\s*$/i;

function afterLabel(lines: readonly string[], label: RegExp): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(label);
    if (!match || match.index === undefined) continue;
    const before = lines[i].slice(Math.max(0, match.index - 14), match.index);
    if (OTHER_DOCUMENT.test(match[0]) || /\p{L}$/u.test(before) || OTHER_DOCUMENT_BEFORE.test(before)) continue;
    const end = match.index + match[0].length;
    const rest = lines[i].slice(end);
    const sameLine = tokenAt(rest);
    if (sameLine) return sameLine;
    if (restOfBlock(lines[i], match.index, end).trim().replace(/[:#]/g, '') === '') {
      const next = tokenAt(valueBelow(lines, i, match.index, end) ?? '');
      if (next) return next;
    }
  }
  return undefined;
}
