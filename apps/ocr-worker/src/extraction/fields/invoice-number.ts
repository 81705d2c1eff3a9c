const LABEL =
  /(?:Rechnungs?[-\s]?(?:nummer|nr\.?|no\.?)|\p{L}*rechnung\s*(?:\(\d{3}\)\s*)?(?:#|Nr\.?|Nummer|No\.?)|Re\.?-?\s?Nr\.?|Beleg(?:nummer|-?nr\.?)|Invoice\s*(?:number|no\.?|#|num\.?|ID)|Inv\.?\s*No\.?|Factura\s*(?:n[º°o]\.?)|Facture\s*n[º°o]\.?)/iu;
// A number token: letters, digits and separators, with at least one digit.
const TOKEN = /^[\s:#.]*([A-Z0-9][A-Z0-9\-/._]*)/i;

function clean(token: string | undefined): string | undefined {
  const value = token?.replace(/[._/-]+$/, '');
  return value && /\d/.test(value) && value.length <= 40 ? value : undefined;
}

/** The invoice number after a label (Rechnungsnummer, Rechnung Nr., Invoice No. ...), same line or the next. */
export function findInvoiceNumber(lines: readonly string[]): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(LABEL);
    if (!match || match.index === undefined) continue;
    const rest = lines[i].slice(match.index + match[0].length);
    const sameLine = clean(rest.match(TOKEN)?.[1]);
    if (sameLine) return sameLine;
    if (rest.trim().replace(/[:#]/g, '') === '' && i + 1 < lines.length) {
      const next = clean(lines[i + 1].match(TOKEN)?.[1]);
      if (next) return next;
    }
  }
  return undefined;
}
