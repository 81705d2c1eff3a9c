// Money with exactly two decimals, German (1.234,56), English (1,234.56) or Swiss (1'234.56) grouping, optional
// sign. A plain space groups thousands ("1 234,56") only beside a currency that stands before the amount or after
// it with nothing but a label or a column gap before it: in tables a single space also separates a rate from an
// amount ("19 163,16").
const CURRENCY = String.raw`(?:€|EUR|CHF|USD|GBP|\$|£)`;
const SPACED = String.raw`-?\d{1,3}(?: \d{3})+[.,]\d{2}(?![\d]|[.,]\d)`;
const BESIDE_CURRENCY = [String.raw`(?<=${CURRENCY}\s?)${SPACED}`, String.raw`(?<=(?:^|:|\s{2})\s*)${SPACED}(?=\s?${CURRENCY})`];
const AMOUNT = new RegExp(
  [
    ...BESIDE_CURRENCY,
    // Indian grouping in lakh and crore: "1,23,456.00".
    String.raw`(?<![\d.,])-?\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}(?![\d]|[.,]\d)`,
    String.raw`(?<![\d.,])-?\d{1,3}(?:[.,'\u00a0\u202f]\d{3})*[.,]\d{2}(?![\d]|[.,]\d)`,
    String.raw`(?<![\d.,])-?\d+[.,]\d{2}(?![\d]|[.,]\d)`,
  ].join('|'),
  'g',
);
const SPACED_BESIDE_CURRENCY = new RegExp(BESIDE_CURRENCY.join('|'), 'm');
// A space-grouped amount alone in a column block ("   18 982,52   ").
const SPACED_IN_COLUMN = new RegExp(String.raw`(?<=^|\s{2})-?\d{1,3}(?: \d{3})+[.,]\d{2}(?=\s{2}|$)`, 'gm');
// A minus written before the currency symbol it touches: "-€1,234.56" (a dash apart from it is a separator).
const SIGN_BEFORE_CURRENCY = new RegExp(String.raw`(?<=^|\s)-(${CURRENCY})(\s?)(?=\d)`, 'gm');

/**
 * The page's text with amounts made readable where the page itself shows how it writes them: a page that groups
 * thousands with a space beside a currency ("21 588,67 €") does so in its table columns too ("18 982,52"), whose
 * spaces become no-break spaces; a minus before the currency ("-€1,234.56") moves to the number. Lengths stay, so
 * columns stay in place.
 */
export function readableAmounts(text: string): string {
  const signed = text.replace(SIGN_BEFORE_CURRENCY, (_, currency: string, space: string) => `${currency}${space}-`);
  if (!SPACED_BESIDE_CURRENCY.test(signed)) return signed;
  return signed.replace(SPACED_IN_COLUMN, (amount) => amount.replace(/ /g, '\u00a0'));
}

/** Parses "1.234,56", "1,234.56", "1234,56", "1 234.56 €" into a number; the last separator is the decimal one. */
export function parseAmount(raw: string): number | undefined {
  const cleaned = raw.replace(/[€$£\s\u00a0\u202f']|EUR|USD|GBP|CHF/gi, '');
  const match = cleaned.match(/^(-?)([\d.,]*?)(?:[.,](\d{1,2}))?$/);
  if (!match || match[2].length === 0) return undefined;
  const whole = match[2].replace(/[.,]/g, '');
  const value = Number(`${match[1]}${whole}.${match[3] ?? '0'}`);
  return Number.isFinite(value) ? value : undefined;
}

/** All money amounts on a line, left to right. */
export function findAmounts(line: string): number[] {
  return [...line.matchAll(AMOUNT)].map((m) => parseAmount(m[0])).filter((n): n is number => n !== undefined);
}

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

export interface AmountSpan {
  value: number;
  start: number;
  end: number;
}

/** The money amounts on a line with their character spans (for columns in the layout text). */
export function findAmountSpans(line: string): AmountSpan[] {
  const spans: AmountSpan[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const value = parseAmount(m[0]);
    if (value !== undefined && m.index !== undefined) spans.push({ value, start: m.index, end: m.index + m[0].length });
  }
  return spans;
}
