const LABEL =
  /(?:Rechnungs?[-\s]?(?:nummer|nr\.?|no\.?)|\p{L}*rechnung\s*(?:\(\d{3}\)\s*)?(?:#|Nr\.?|Nummer|No\.?)|Re\.?-?\s?Nr\.?|Beleg(?:nummer|-?nr\.?)|Invoice\s*(?:number|no\.?|#|num\.?|ID)|Inv\.?\s*No\.?|Factura\s*(?:n[º°o]\.?)|Facture\s*n[º°o]\.?)/iu;
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
  return afterLabel(lines, LABEL) ?? afterLabel(lines, OCR_LABEL);
}

function afterLabel(lines: readonly string[], label: RegExp): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(label);
    if (!match || match.index === undefined) continue;
    const rest = lines[i].slice(match.index + match[0].length);
    const sameLine = tokenAt(rest);
    if (sameLine) return sameLine;
    if (rest.trim().replace(/[:#]/g, '') === '' && i + 1 < lines.length) {
      const next = tokenAt(lines[i + 1]);
      if (next) return next;
    }
  }
  return undefined;
}
