import { addDays, findDates } from './dates';
import { labelHits, valuesOf, type LabelHit, type Relation } from './labelled-values';
import { blocks } from './layout';
import { alternation, vocabulary } from './vocabulary';

const INVOICE_DATE = vocabulary('invoiceDate');
const PLAIN_DATE = vocabulary('plainDate', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const OTHER_DATE = vocabulary('otherDate');
const OTHER_DOCUMENT_LABEL = vocabulary('otherDocumentLabel');
const INVOICE_NUMBER = vocabulary('invoiceNumber');
// "Fällig" also as OCR reads it without the umlaut; "Bitte überweisen Sie den Betrag bis 26.11.2025".
const DUE_DATE = vocabulary('dueDate');
const DISCOUNT = /(skonto|rabatt|discount|escompte|sconto|korting)/i;
// A page's print, version or stand date is never the invoice date ("Stylesheet-Version: 2.5 vom 10.01.2023").
const PRINT_DATE = /(version|gedruckt|druckdatum|ausdruck|printed|print\s+date|\bstand\b)/i;
const NOT_INVOICE_DATE =
  /(liefer|leistung|fällig|zahlbar|bis\s|due|delivery|service|period|zeitraum|bestell|order|auftrag|geburt|birth|livraison|commande|échéance|consegna|ordine|scadenza|vervaldatum|levering)/i;
// A title that names the document's number and date: "Avis d'échéance n° 88306/2022 du 03/02/2022".
const TITLE_DATE = new RegExp(
  `(?:^|\\s{3})\\s*(?:${alternation('documentTitle')})\\s+(?:(?:${alternation('numberWord')})\\s*)?\\S*\\d\\S*\\s+(?:${alternation('dateJoiner')})(?=\\s)`,
  'iu',
);
const RELATION_SCORE: Record<Relation, number> = { after: 1, right: 0.95, below: 0.9 };

// A block with a date or digits in it may be a value; a block of words only is a label.
const isLabel = (text: string): boolean => !/\d/.test(text);

interface DateCandidate {
  iso: string;
  score: number;
}

/** The part of the label's block that is label, not value: "Date due:" of "Date due: 31.01.2023". */
function labelText(lines: readonly string[], hit: LabelHit): string {
  const block = hit.block.text;
  const dates = findDates(block);
  return dates.length > 0 ? block.slice(0, dates[0].index) : block;
}

/** The block just left of the label on its line: a neighbouring cell of a header table. */
function leftNeighbour(lines: readonly string[], hit: LabelHit): string | undefined {
  return blocks(lines[hit.line])
    .filter((b) => b.end <= hit.block.start)
    .pop()?.text;
}

function datesOf(lines: readonly string[], hits: readonly LabelHit[], base: number, accept: (hit: LabelHit) => boolean): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const hit of hits) {
    if (!accept(hit)) continue;
    for (const value of valuesOf(lines, hit, isLabel)) {
      const date = findDates(value.text)[0];
      if (!date) continue;
      out.push({ iso: date.iso, score: base * RELATION_SCORE[value.relation] });
      break;
    }
  }
  return out;
}

/** The surest date, the first in reading order among equally sure ones (a header before a later mention). */
function surest(candidates: readonly DateCandidate[]): { iso?: string; conflict: boolean } {
  if (candidates.length === 0) return { conflict: false };
  const best = Math.max(...candidates.map((c) => c.score));
  const top = new Set(candidates.filter((c) => c.score >= best - 1e-9).map((c) => c.iso));
  return { iso: candidates.find((c) => c.score >= best - 1e-9)!.iso, conflict: top.size > 1 };
}

export interface DateReading {
  iso?: string;
  /** Equally sure candidates disagreed: the first was taken, less surely. */
  conflict: boolean;
}

/**
 * The date of issue, scored over the page: a date after, right of or below an invoice-date label ("Rechnungsdatum",
 * the title's "… Nr. 4711 vom 05.03.2024"); else after a plain "Date" label whose own words and left neighbour name
 * no other date ("Date due", "Buyer's Order No. | Dated"); else the first date on a line not about delivery, payment
 * or printing.
 */
export function readInvoiceDate(lines: readonly string[]): DateReading {
  const strong = surest(datesOf(lines, [...labelHits(lines, INVOICE_DATE), ...labelHits(lines, TITLE_DATE)], 1, () => true));
  if (strong.iso) return strong;
  const plain = surest(
    datesOf(lines, labelHits(lines, PLAIN_DATE), 0.85, (hit) => {
      const own = labelText(lines, hit);
      if (OTHER_DATE.test(own) || PRINT_DATE.test(own)) return false;
      // In a row of label cells, "Dated" beside "Buyer's Order No." is that order's date.
      const left = leftNeighbour(lines, hit);
      return !(left && !/\d/.test(left) && OTHER_DOCUMENT_LABEL.test(left) && !INVOICE_NUMBER.test(left));
    }),
  );
  if (plain.iso) return plain;
  for (const line of lines) {
    if (NOT_INVOICE_DATE.test(line) || PRINT_DATE.test(line)) continue;
    const first = findDates(line)[0];
    if (first) return { iso: first.iso, conflict: false };
  }
  return { conflict: false };
}

export function findInvoiceDate(lines: readonly string[]): string | undefined {
  return readInvoiceDate(lines).iso;
}

const TERMS = vocabulary('paymentTerms');
const DAYS = vocabulary('days', (a) => `(?<![\\d.,])(\\d{1,3})\\s*(?:${a})(?!\\p{L})`);
// "Net 30", "netto 14": a count of days without the word for days.
const NET_DAYS = /\bnet(?:to)?\s+(\d{1,3})(?![\d.,%])(?!\s*%)/i;
const END_OF_MONTH = vocabulary('endOfMonth');
const IMMEDIATE =
  /\b(sofort|umgehend|ohne\s+abzug\s+sofort|immediately|due\s+on\s+receipt|upon\s+receipt|bei\s+erhalt|paiement\s+imm[ée]diat|à\s+r[ée]ception|onmiddellijk|immediato|a\s+vista)\b/i;
const DIRECT_DEBIT = /(lastschrift|eingezogen|abgebucht|direct\s+debit|debited\s+from|prélèvement|prélevé|addebito|incasso|automatische\s+incasso)/i;
const EXPLICIT = /\b(?:bis|by|before|until|avant\s+le|le|vóór|voor|entro\s+il)\b/i;

function daysOf(clause: string): number | undefined {
  const m = clause.match(DAYS) ?? clause.match(NET_DAYS);
  return m ? Number(m[1]) : undefined;
}

/**
 * The due date the payment terms state: of their clauses, the discount ones are left aside ("3 % Skonto innerhalb
 * 10 Tagen"); a clause names a date ("netto bis 04.07.2013"), a period ("30 Tage netto", "Net 30", "à 30 jours"
 * from the invoice date; a period to a month's end is not counted) or "sofort" (the invoice date). A terms label
 * with its value in the next column or below it ("Mode/Terms of Payment" over "30 Days") counts too. Clauses that
 * disagree leave the date open.
 */
export function dueDateFromTerms(lines: readonly string[], invoiceDate: string | undefined): { date?: string; ambiguous: boolean } {
  const found = new Set<string>();
  const clausesOf = (line: string): string[] => line.split(/[,;]|\s{3,}|\s(?:oder|or|ou|of|o)\s/);
  const read = (clause: string, termsLine: boolean): void => {
    if (DISCOUNT.test(clause) || END_OF_MONTH.test(clause)) return;
    const dates = findDates(clause);
    const days = daysOf(clause);
    if (dates.length === 1 && (EXPLICIT.test(clause) || days !== undefined)) found.add(dates[0].iso);
    else if (dates.length === 0 && days !== undefined && days > 0 && invoiceDate) found.add(addDays(invoiceDate, days));
    else if (IMMEDIATE.test(clause) && invoiceDate && termsLine) found.add(invoiceDate);
  };
  for (const line of lines) {
    if (!TERMS.test(line) && !IMMEDIATE.test(line)) continue;
    for (const clause of clausesOf(line)) read(clause, TERMS.test(line));
  }
  // A heading of terms whose value stands beside or below it.
  for (const hit of labelHits(lines, TERMS)) {
    if (/\d/.test(hit.block.text) || /\S/.test(lines[hit.line].slice(hit.end, hit.block.end).replace(/[:\s]/g, ''))) continue;
    for (const value of valuesOf(lines, hit, (t) => !/\d/.test(t)).filter((v) => v.relation !== 'after')) {
      if (!TERMS.test(value.text)) read(value.text, true);
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

// A period ("vom 06.12.2013 bis zum 06.12.2014", "from … to …", "du … au …") ends on no due date.
const PERIOD = /\b(?:vom|von|from|du|dal|van)\s+(\S+(?:\s\S+){0,2}?)\s+(?:bis(?:\s+zum)?|to|until|au|al|tot)\s+(\S+(?:\s\S+){0,2})/giu;

function withoutPeriods(line: string): string {
  return line.replace(PERIOD, (whole, from: string, to: string) => (findDates(from).length > 0 && findDates(to).length > 0 ? ' '.repeat(whole.length) : whole));
}

/** The due date: a date after, right of or below a due-date label, else what the payment terms state. */
export function findDueDate(lines: readonly string[], invoiceDate: string | undefined): string | undefined {
  const plain = lines.map(withoutPeriods);
  // A title's due-date word ("Avis d'échéance n° …") names the document, not its due date.
  const labelled = surest(datesOf(plain, labelHits(plain, DUE_DATE), 1, (hit) => !DISCOUNT.test(plain[hit.line]) && !TITLE_DATE.test(hit.block.text)));
  if (labelled.iso) return labelled.iso;
  return dueDateFromTerms(lines, invoiceDate).date;
}
