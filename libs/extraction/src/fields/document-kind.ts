import type { DocumentKind } from '@portal/contracts';
import { vocabulary } from './vocabulary';

const CORRECTION = vocabulary('correction', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const CREDIT_NOTE = vocabulary('creditNote', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const SELF_BILLING = vocabulary('selfBilling');
const INVOICE = vocabulary('invoice', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
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
  const creditWord = CREDIT_NOTE.test(top);
  if (creditWord && SELF_BILLING.test(lines.join('\n'))) return { kind: 'invoice', creditWord: false };
  if (creditWord) {
    const germanOnly = /gutschrift/i.test(top) && !/credit\s+note|credit\s+memo|avoir|creditnota|creditfactuur|nota\s+di\s+credito/i.test(top);
    return germanOnly ? { creditWord } : { kind: 'credit_note', creditWord };
  }
  if (INVOICE.test(top)) return { kind: gross !== undefined && gross < 0 ? 'correction' : 'invoice', creditWord: false };
  return { creditWord: false };
}
