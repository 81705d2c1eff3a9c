import { addDays, findDates } from './dates';

// Unambiguous labels win even on a line that also names a delivery date ("Liefer- und Rechnungsdatum").
const INVOICE_DATE = /(Rechnungsdatum|Belegdatum|Ausstellungsdatum|Invoice\s+date|Date\s+of\s+issue|Issue\s+date|Rechnung\b.*?\b(?:vom|von))/i;
const PLAIN_DATE = /\b(Datum|Date)\b/i;
// "Fällig" also as OCR reads it without the umlaut; "Bitte überweisen Sie den Betrag bis 26.11.2025".
const DUE_DATE = /(f[äa]llig(?:keitsdatum)?|(?:überweisen|begleichen|bezahlen)\b.{0,60}?\bbis\b|(?:transfer|settle|remit)\b.{0,60}?\b(?:by|before|until)\b|zahlbar(?:\s+[\p{L}\d%]+){0,4}?\s+bis|zahlungsziel|bis\s+(?:zum|spätestens)|spätestens\s+(?:am|bis)|due\s+date|payment\s+due|due\s+(?:on|by)|pay(?:able)?\s+(?:by|until|before)|due)/iu;
const DISCOUNT = /(skonto|rabatt|discount)/i;
const NOT_INVOICE_DATE = /(liefer|leistung|fällig|zahlbar|bis\s|due|delivery|service|period|zeitraum|bestell|order|auftrag|geburt|birth)/i;
const PAYMENT_DAYS = /(?:innerhalb\s+(?:von\s+)?|within\s+|zahlbar\s+in\s+|net\s+|netto\s+)(\d{1,3})\s*(?:tagen|tage|days)|(\d{1,3})\s*(?:tage|days)\s+(?:netto|net)/i;

/** Date after a label on the same line, else the first date on the next line when the label stands alone. */
function labelled(lines: readonly string[], label: RegExp, reject?: RegExp, skip?: RegExp): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(label);
    if (!match || match.index === undefined || (skip && skip.test(lines[i]))) continue;
    const start = match.index + match[0].length;
    const after = findDates(lines[i]).find((d) => d.index >= start);
    if (after && !(reject && reject.test(lines[i].slice(0, match.index)))) return after.iso;
    if (lines[i].slice(start).trim().replace(/:/g, '') === '' && i + 1 < lines.length) {
      const next = findDates(lines[i + 1])[0];
      if (next) return next.iso;
    }
  }
  return undefined;
}

/** The invoice date: a labelled date, else the first date on a line that is not about delivery or payment. */
export function findInvoiceDate(lines: readonly string[]): string | undefined {
  const byLabel = labelled(lines, INVOICE_DATE) ?? labelled(lines, PLAIN_DATE, NOT_INVOICE_DATE);
  if (byLabel) return byLabel;
  for (const line of lines) {
    if (NOT_INVOICE_DATE.test(line)) continue;
    const first = findDates(line)[0];
    if (first) return first.iso;
  }
  return undefined;
}

/** The due date: a labelled date, else the invoice date plus the stated payment days. */
export function findDueDate(lines: readonly string[], invoiceDate: string | undefined): string | undefined {
  const byLabel = labelled(lines, DUE_DATE, undefined, DISCOUNT);
  if (byLabel) return byLabel;
  if (!invoiceDate) return undefined;
  for (const line of lines) {
    const match = line.match(PAYMENT_DAYS);
    if (match) return addDays(invoiceDate, Number(match[1] ?? match[2]));
  }
  return undefined;
}
