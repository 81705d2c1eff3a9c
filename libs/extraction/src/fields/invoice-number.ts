import { labelHits, valuesOf, type LabelHit, type Relation } from './labelled-values';
import { alternation, vocabulary } from './vocabulary';

/** The document's number as read, how sure the page makes it, and whether other readings contradict it. */
export interface NumberReading {
  value?: string;
  /** 0–1: a labelled number beside its label is surest; a policy number stands in only when nothing else does. */
  score: number;
  /** Equally sure readings disagreed: the first was taken, less surely. */
  conflict: boolean;
}

const LABEL = vocabulary('invoiceNumber');
const POLICY = vocabulary('policyNumber');
// "zu Rechnung Nr.", "concernant la facture n°": the word may stand before an article.
const OTHER_BEFORE = vocabulary('otherDocument', (a) => `(?:^|[^\\p{L}])(?:${a})(?:\\s+(?:la|le|l['’]|les|die|der|den|dem|the|de|het|della|alla|il))?\\s*$`);
const CREDIT = vocabulary('creditNote');
const CORRECTION = vocabulary('correction');
// A title with its number at the top of the page, perhaps with its date: "Avoir AV-2017-0005", "Tax Invoice INV-4711",
// "RECHNUNG 4711", "Facture n° 42 du 21/11/2020".
const TITLE_NUMBER = new RegExp(
  `^\\s*(?:${alternation('documentTitle')})\\s+(?:(?:${alternation('numberWord')})\\s*)?([A-Z]{1,4} \\d[A-Z0-9\\-/._]*|[A-Z0-9][A-Z0-9\\-/._]*\\d[A-Z0-9\\-/._]*)(?:\\s+(?:${alternation('dateJoiner')})\\s+\\S.*)?\\s*$`,
  'iu',
);
// OCR misspells the label's end ("Rechnungsnummier", "Rechnungshummer"); then only the colon makes it a label.
const OCR_LABEL = /Rechnungs-?(?!datum|betrag|adresse|anschrift|empf|summe|steller|periode|zeitraum|kopie|positionen|zeilen|seite)\p{L}{2,9}\s*[:;]/iu;
// Another document's number: "Ursprungsbeleg-Nr", "Bezugsrechnung Nr.", "Original invoice no.".
const OTHER_DOCUMENT = /^(?:ursprungs|bezugs|original|vorgänger|storniert|related|referenced)/i;
// Before the value: the colon (OCR: ";"), "#", or a stray dash OCR made of a line.
const LEAD = String.raw`^[\s:;#.]*(?:[-–]\s+)?`;
// A number token: letters, digits and separators; one that ends in a separator goes on after a space ("2021- 6396").
const TOKEN = new RegExp(`${LEAD}([A-Z0-9][A-Z0-9\\-/._]*[-/._] \\d[A-Z0-9\\-/._]*|[A-Z0-9][A-Z0-9\\-/._]*)`, 'i');
// A short upper-case series prefix apart from the number: "RE 194/26", "AR 2024-17".
const PREFIXED = new RegExp(`${LEAD}([A-Z]{1,4} \\d[A-Z0-9\\-/._]*)`);
// What is never an invoice number: a page count ("1/2", "1 / 1"), a date, an amount.
const PAGE = /^\d{1,2}\s*\/\s*\d{1,2}$/;
const DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})$/;
const AMOUNT = /^-?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}$/;
// Words that name a page or a count before a value: "Seite 1", "Page 2", "Positionen: 3".
const COUNT_BEFORE = /(?:seite|blatt|page|pagina|pagine|positionen|zeilen|items|lines|regels|lignes|righe)\s*:?\s*$/i;

const RELATION_SCORE: Record<Relation, number> = { after: 1, right: 0.95, below: 0.9 };

function clean(token: string | undefined): string | undefined {
  const value = token?.replace(/([-/._]) (?=\d)/, '$1').replace(/[._/-]+$/, '');
  if (!value || !/\d/.test(value) || value.length > 40) return undefined;
  if (PAGE.test(value) || DATE.test(value) || AMOUNT.test(value)) return undefined;
  return value;
}

/** The number at the start of a value ("RE-2020/508 vom …" gives "RE-2020/508"). */
export function numberToken(text: string): string | undefined {
  return clean(text.match(PREFIXED)?.[1]) ?? clean(text.match(TOKEN)?.[1]);
}

// A block without a digit, or one that starts with a word and a colon, is a label or a heading, not a value.
const isLabel = (text: string): boolean => !/\d/.test(text) || /^\p{L}[\p{L}\s.\-/']*:/u.test(text);

interface Candidate {
  value: string;
  score: number;
  line: number;
}

function otherDocument(lines: readonly string[], hit: LabelHit, label: string): boolean {
  const before = lines[hit.line].slice(Math.max(0, hit.start - 30), hit.start);
  return OTHER_DOCUMENT.test(label) || /\p{L}$/u.test(before) || OTHER_BEFORE.test(before);
}

function labelled(lines: readonly string[], label: RegExp, base: number, prefer?: RegExp): Candidate[] {
  const out: Candidate[] = [];
  for (const hit of labelHits(lines, label)) {
    const text = lines[hit.line].slice(hit.start, hit.end);
    if (otherDocument(lines, hit, text)) continue;
    // A label that names the document the title names (a credit note's "Gutschrift Nr.") is surer than a plain one.
    const kindBonus = prefer && prefer.test(text) ? 0.03 : 0;
    for (const value of valuesOf(lines, hit, isLabel)) {
      const token = numberToken(value.text);
      if (!token) continue;
      // A one- or two-digit value below or beside a label is a page or line count more often than a number.
      if (/^\d{1,2}$/.test(token) && value.relation !== 'after') continue;
      out.push({ value: token, score: base * RELATION_SCORE[value.relation] + kindBonus, line: value.line });
      break;
    }
  }
  return out;
}

function titleNumbers(lines: readonly string[]): Candidate[] {
  const out: Candidate[] = [];
  for (const [i, line] of lines.slice(0, 25).entries()) {
    for (const block of line.split(/\s{3,}/)) {
      const m = block.match(TITLE_NUMBER);
      const value = clean(m?.[1]);
      if (value && !/^\d{1,2}$/.test(value)) out.push({ value, score: 0.85, line: i });
    }
  }
  return out;
}

/** Candidates of OCR-misspelt labels, but never a count after "Seite" or "Positionen". */
function ocrLabelled(lines: readonly string[]): Candidate[] {
  return labelled(lines, OCR_LABEL, 0.6).filter((c) => !COUNT_BEFORE.test(lines[c.line].split(c.value)[0] ?? ''));
}

/**
 * The document's own number, scored over the whole page: every label of an invoice, credit-note or correction number
 * with the value after it, right of it or below it (a header table), the title's number, an OCR-misspelt label; an
 * insurance policy's number only when the page names no other. Labels of another document ("zu Rechnung Nr.") and
 * values that are a page count, a date or an amount never count.
 */
export function readInvoiceNumber(lines: readonly string[]): NumberReading {
  const title = lines.slice(0, 25).join('\n');
  const prefer = CREDIT.test(title) ? vocabulary('creditNote') : CORRECTION.test(title) ? vocabulary('correction') : undefined;
  let candidates = [...labelled(lines, LABEL, 1, prefer), ...titleNumbers(lines)];
  if (candidates.length === 0) candidates = ocrLabelled(lines);
  if (candidates.length === 0) candidates = labelled(lines, POLICY, 0.8);
  if (candidates.length === 0) return { score: 0, conflict: false };
  const best = Math.max(...candidates.map((c) => c.score));
  const top = candidates.filter((c) => c.score >= best - 1e-9);
  // Equally sure readings that disagree: the first in reading order (the header's before a later mention), less sure.
  const values = new Set(top.map((c) => c.value));
  return { value: top[0].value, score: best, conflict: values.size > 1 };
}

/** The invoice number, or undefined when the page names none for sure. */
export function findInvoiceNumber(lines: readonly string[]): string | undefined {
  return readInvoiceNumber(lines).value;
}
