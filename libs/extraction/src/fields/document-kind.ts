import type { DocumentKind } from '@portal/contracts';
import { labelHits } from './labelled-values';
import { alternation, vocabulary } from './vocabulary';

const CORRECTION = vocabulary('correction', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const CREDIT_NOTE = vocabulary('creditNote', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const SELF_BILLING = vocabulary('selfBilling');
const INVOICE = vocabulary('invoice', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
// "zu Rechnung Nr. 4711", "relating to invoice 4711": another invoice named with its number.
const REFERS_TO_INVOICE = new RegExp(
  `(?<!\\p{L})(?:${alternation('otherDocument')})(?:\\s+(?:der|die|the|la|de|het|alla))?\\s+(?:${alternation('invoice')})(?:\\s*(?:${alternation('numberWord')}))?\\s*:?\\s*[A-Z0-9][A-Z0-9\\-/._]*\\d`,
  'iu',
);
const REFUND = vocabulary('refund');
const NUMBER_LABEL = vocabulary('invoiceNumber');
const CREDIT_IN_LABEL = vocabulary('creditNote');
// Without the word in a title, a label of the invoice's number or a premium notice's title names an invoice too.
const INVOICE_LABEL = new RegExp(`(?<!\\p{L})(?:${alternation('invoiceNumber')}|${alternation('documentTitle')})`, 'iu');
// The title stands near the top; later mentions ("Facture liée", "Gutschriften erstatten wir") are no title.
const TITLE_LINES = 25;

export interface KindReading {
  /** Undefined when the page does not say it clearly (a German "Gutschrift" may be a credit note or self-billing). */
  kind?: DocumentKind;
  /** A credit word was seen: totals printed positive may then be negative ones. */
  creditWord: boolean;
}

/** Invoice, credit note or correction, from the title words near the top of the page and the sign of the total. */
// A title printed letter-spaced ("W A R E N R E C H N U N G") is read as the word it spells.
const LETTER_SPACED = /(?<!\p{L})\p{L}(?: \p{L}){3,}(?!\p{L})/gu;
const joinLetters = (line: string): string => line.replace(LETTER_SPACED, (spaced) => spaced.replace(/ /g, ''));

export function readDocumentKind(lines: readonly string[], gross: number | undefined): KindReading {
  const top = lines.slice(0, TITLE_LINES).map(joinLetters).join('\n');
  if (CORRECTION.test(top)) return { kind: 'correction', creditWord: false };
  // The title, or the label of the document's own number ("Gutschriftsnummer", "Credit note no.") when OCR lost the title.
  const creditWord =
    CREDIT_NOTE.test(top) ||
    labelHits(lines.slice(0, TITLE_LINES), NUMBER_LABEL).some((hit) => CREDIT_IN_LABEL.test(hit.block.text.slice(0, hit.end - hit.block.start)));
  if (creditWord && SELF_BILLING.test(lines.join('\n'))) return { kind: 'invoice', creditWord: false };
  if (creditWord) {
    const germanOnly = /gutschrift/i.test(top) && !/credit\s+note|credit\s+memo|avoir|creditnota|creditfactuur|nota\s+di\s+credito/i.test(top);
    // A German "Gutschrift" is a credit note when it refers to the invoice it corrects, speaks of a refund or prints
    // its total negative; a self-billed invoice does none of these.
    const page = lines.join('\n');
    const creditNote = !germanOnly || REFERS_TO_INVOICE.test(page) || REFUND.test(page) || (gross !== undefined && gross < 0);
    return creditNote ? { kind: 'credit_note', creditWord } : { creditWord };
  }
  if (INVOICE.test(top) || INVOICE_LABEL.test(top)) return { kind: gross !== undefined && gross < 0 ? 'correction' : 'invoice', creditWord: false };
  return { creditWord: false };
}
