import { isValidIBAN } from '../iban-tools';
import { blockBelow } from './layout';

// Country code, check digits, then groups; print and OCR add spaces between groups. A lookahead so that
// candidates may overlap: a VAT id just before an IBAN must not swallow it.
const CANDIDATE = /(?=\b([A-Z]{2} ?\d{2}(?: ?[A-Z0-9]){10,32}))/g;

/** OCR confuses O/0 and I/l/1 in the numeric part of an IBAN. */
function ocrRepaired(iban: string): string {
  return iban.slice(0, 4) + iban.slice(4).replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** The longest checksum-valid IBAN starting at a candidate (a candidate may run into the next word). */
function validPrefix(candidate: string): string | undefined {
  const compact = candidate.replace(/\s/g, '');
  for (const variant of [compact, ocrRepaired(compact)]) {
    for (let len = Math.min(variant.length, 34); len >= 15; len--) {
      if (isValidIBAN(variant.slice(0, len))) return variant.slice(0, len);
    }
  }
  return undefined;
}

/** Checksum-valid IBANs in reading order, in electronic format; those after an "IBAN" label first. */
export function findIbans(text: string): string[] {
  const found: Array<{ iban: string; labelled: boolean; index: number }> = [];
  for (const m of text.toUpperCase().matchAll(CANDIDATE)) {
    const iban = validPrefix(m[1]);
    if (!iban || found.some((f) => f.iban === iban)) continue;
    const before = text.slice(Math.max(0, (m.index ?? 0) - 12), m.index).toUpperCase();
    found.push({ iban, labelled: before.includes('IBAN'), index: m.index ?? 0 });
  }
  return found.sort((a, b) => Number(b.labelled) - Number(a.labelled) || a.index - b.index).map((f) => f.iban);
}

/** Where checksum-valid IBANs stand in the text, as printed (with their spaces): no other number is read there. */
export function ibanSpans(text: string): Array<{ start: number; end: number }> {
  const upper = text.toUpperCase();
  const spans: Array<{ start: number; end: number }> = [];
  for (const m of upper.matchAll(CANDIDATE)) {
    const iban = validPrefix(m[1]);
    if (!iban) continue;
    const start = m.index ?? 0;
    let end = start;
    for (let seen = 0; seen < iban.length && end < upper.length; end++) if (upper[end] !== ' ') seen++;
    if (!spans.some((s) => s.start <= start && start < s.end)) spans.push({ start, end });
  }
  return spans;
}

const IBAN_LABEL = /(?<!\p{L})IBAN\s*:?\s*/giu;

/**
 * An IBAN after its label that a narrow column wrapped onto the next line ("IBAN: DE89 3704 0044" over "0532 0130 00"),
 * or whose groups a dash or dot separates: the label's value, joined with the block below it, checked by its digits.
 */
export function wrappedIban(lines: readonly string[]): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    for (const m of lines[i].matchAll(IBAN_LABEL)) {
      const start = (m.index ?? 0) + m[0].length;
      const rest = lines[i].slice(start).split(/\s{3,}/)[0];
      const below = blockBelow(lines[i + 1], start, start + rest.length) ?? '';
      for (const text of [rest, `${rest} ${below}`]) {
        const compact = text.toUpperCase().replace(/[\s.\-]/g, '');
        if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,}/.test(compact)) continue;
        const iban = validPrefix(compact);
        if (iban) return iban;
      }
    }
  }
  return undefined;
}
