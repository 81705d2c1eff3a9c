import { isValidIBAN } from '../iban-tools';

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
