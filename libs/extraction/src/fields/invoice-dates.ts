import { addDays, findDates } from './dates';
import { restOfBlock, valueBelow } from './layout';
import { vocabulary } from './vocabulary';

// Unambiguous labels win even on a line that also names a delivery date ("Liefer- und Rechnungsdatum").
// "Mietrechnung Nr. 93141 vom 01.10.2018" is the title with its date; "Rechnung gemäß Bestellung vom" is not.
const INVOICE_DATE = vocabulary('invoiceDate', (a) => `(${a})`);
const PLAIN_DATE = /\b(Datum|Date)\b/i;
// "Fällig" also as OCR reads it without the umlaut; "Bitte überweisen Sie den Betrag bis 26.11.2025".
const DUE_DATE = vocabulary('dueDate', (a) => `(${a})`);
const DISCOUNT = /(skonto|rabatt|discount)/i;
const NOT_INVOICE_DATE = /(liefer|leistung|fällig|zahlbar|bis\s|due|delivery|service|period|zeitraum|bestell|order|auftrag|geburt|birth)/i;
// A page's print, version or stand date is never the invoice date ("Stylesheet-Version: 2.5 vom 10.01.2023").
const PRINT_DATE = /(version|gedruckt|druckdatum|ausdruck|printed|print\s+date|\bstand\b)/i;
const PAYMENT_DAYS = /(?:innerhalb\s+(?:von\s+)?|within\s+|zahlbar\s+in\s+|net\s+|netto\s+)(\d{1,3})\s*(?:tagen|tage|days)|(\d{1,3})\s*(?:tage|days)\s+(?:netto|net)/i;

/** Date after a label on the same line, else the first date on the next line when the label stands alone. */
function labelled(lines: readonly string[], label: RegExp, reject?: RegExp, skip?: RegExp): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(label);
    if (!match || match.index === undefined || (skip && skip.test(lines[i]))) continue;
    const start = match.index + match[0].length;
    const after = findDates(lines[i]).find((d) => d.index >= start);
    if (after && !(reject && reject.test(lines[i].slice(0, match.index)))) return after.iso;
    // "… bis zum" at the end of a line: the date stands below.
    if (restOfBlock(lines[i], match.index, start).trim().replace(/:/g, '').replace(/^(?:zum|am|dem|den|le|on|by)$/i, '') === '') {
      const next = findDates(valueBelow(lines, i, match.index, start) ?? '')[0];
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
    if (NOT_INVOICE_DATE.test(line) || PRINT_DATE.test(line)) continue;
    const first = findDates(line)[0];
    if (first) return first.iso;
  }
  return undefined;
}

const CLAUSE_DISCOUNT = /(skonto|rabatt|discount|escompte|sconto|korting)/i;
const IMMEDIATE = /\b(sofort|umgehend|ohne\s+abzug\s+sofort|immediately|due\s+on\s+receipt|upon\s+receipt|bei\s+erhalt|paiement\s+imm[ée]diat|à\s+r[ée]ception|onmiddellijk|immediato|a\s+vista)\b/i;
const TERMS = /(zahlbar|zahlung|zahlungsziel|zahlungsbedingung|payment|payable|pay\s+within|conditions\s+de\s+paiement|betalingstermijn|pagamento|netto|net\s+\d)/i;
const DIRECT_DEBIT = /(lastschrift|eingezogen|abgebucht|direct\s+debit|debited\s+from|prélèvement|prélevé|addebito|incasso|automatische\s+incasso)/i;
const EXPLICIT = /\b(?:bis|by|before|until|avant\s+le|le|vóór|entro\s+il)\b/i;

/**
 * The due date the payment terms state: of their clauses, the discount ones are left aside ("3 % Skonto innerhalb
 * 10 Tagen"); a clause names a date ("netto bis 04.07.2013"), a period ("30 Tage netto" from the invoice date) or
 * "sofort" (the invoice date). Clauses that disagree leave the date open.
 */
export function dueDateFromTerms(lines: readonly string[], invoiceDate: string | undefined): { date?: string; ambiguous: boolean } {
  const found = new Set<string>();
  for (const line of lines) {
    if (!TERMS.test(line) && !IMMEDIATE.test(line)) continue;
    for (const clause of line.split(/[,;]|\s{3,}|\s(?:oder|or|ou|of|o)\s/)) {
      if (CLAUSE_DISCOUNT.test(clause)) continue;
      const dates = findDates(clause);
      const days = clause.match(PAYMENT_DAYS);
      if (dates.length === 1 && (EXPLICIT.test(clause) || days)) found.add(dates[0].iso);
      else if (days && invoiceDate) found.add(addDays(invoiceDate, Number(days[1] ?? days[2])));
      else if (IMMEDIATE.test(clause) && invoiceDate && TERMS.test(line)) found.add(invoiceDate);
    }
  }
  // "Der Betrag wird am 20.03.2014 von Ihrem Konto … per SEPA-Lastschrift eingezogen": the day of the direct debit.
  for (const [i, line] of lines.entries()) {
    const sentence = /\.\s*$/.test(line) ? line : `${line} ${lines[i + 1] ?? ''}`;
    const dates = findDates(line);
    if (DIRECT_DEBIT.test(sentence) && dates.length === 1 && /\b(?:am|on|le|il|op)\s*$/i.test(line.slice(0, dates[0].index))) found.add(dates[0].iso);
  }
  return found.size === 1 ? { date: [...found][0], ambiguous: false } : { ambiguous: found.size > 1 };
}

/** The due date: a labelled date, else what the payment terms state. */
// A period ("vom 06.12.2013 bis zum 06.12.2014", "from … to …", "du … au …") ends on no due date.
const PERIOD = /\b(?:vom|von|from|du|dal|van)\s+(\S+(?:\s\S+){0,2}?)\s+(?:bis(?:\s+zum)?|to|until|au|al|tot)\s+(\S+(?:\s\S+){0,2})/giu;

function withoutPeriods(line: string): string {
  return line.replace(PERIOD, (whole, from: string, to: string) => (findDates(from).length > 0 && findDates(to).length > 0 ? ' '.repeat(whole.length) : whole));
}

export function findDueDate(lines: readonly string[], invoiceDate: string | undefined): string | undefined {
  const byLabel = labelled(lines.map(withoutPeriods), DUE_DATE, undefined, DISCOUNT);
  if (byLabel) return byLabel;
  return dueDateFromTerms(lines, invoiceDate).date;
}
