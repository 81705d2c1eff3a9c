import type { ExtractedFieldName, ExtractedFields } from '@portal/contracts';
import { roundCents } from './amount';
import { readDocumentKind } from './document-kind';
import { lineItemsSum } from './line-items';
import type { SingleTotalReading } from './single-total';
import { plausibleVatRate } from './vat-rates';

export type Confidence = Partial<Record<ExtractedFieldName, number>>;

export interface Verified {
  fields: ExtractedFields;
  /** 0–1 per field shown: 0.95 and more when other values confirm it, less when it stands alone. */
  confidence: Confidence;
  /** Fields the page seemed to hold but that were left empty because the reading was not sure. */
  review: ExtractedFieldName[];
}

const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const AMOUNTS = ['net_amount', 'tax_amount', 'gross_amount', 'tax_breakdown', 'tax_rates'] as const;
const close = (a: number, b: number): boolean => Math.abs(roundCents(a - b)) <= 0.01;
const negative = (n: number | undefined): number | undefined => (n === undefined || n <= 0 ? n : -n);

function drop(fields: ExtractedFields, review: Set<ExtractedFieldName>, names: readonly ExtractedFieldName[]): void {
  for (const name of names) {
    if (fields[name] !== undefined) review.add(name);
    delete fields[name];
  }
}

/** Net + tax = gross, the breakdown summing to both: what disagrees is left empty rather than shown wrong. */
function checkTotals(f: ExtractedFields, review: Set<ExtractedFieldName>, confidence: Confidence, single: SingleTotalReading | undefined): void {
  if (f.gross_amount === 0 && f.net_amount !== undefined && f.net_amount !== 0) drop(f, review, ['gross_amount']);
  const rows = f.tax_breakdown ?? [];
  const rowNet = rows.length > 0 ? roundCents(rows.reduce((s, r) => s + r.net, 0)) : undefined;
  const rowTax = rows.length > 0 ? roundCents(rows.reduce((s, r) => s + r.tax, 0)) : undefined;
  const { net_amount: net, tax_amount: tax, gross_amount: gross } = f;
  if (net !== undefined && tax !== undefined && gross !== undefined && !close(net + tax, gross)) {
    if (rowNet !== undefined && rowTax !== undefined && close(rowNet + rowTax, gross)) {
      f.net_amount = rowNet;
      f.tax_amount = rowTax;
    } else if (rowNet !== undefined && rowTax !== undefined && close(rowNet, net) && close(rowTax, tax)) {
      drop(f, review, ['gross_amount']);
    } else {
      drop(f, review, AMOUNTS);
      return;
    }
  }
  if (rows.length > 0 && ((f.net_amount !== undefined && !close(rowNet!, f.net_amount)) || (f.tax_amount !== undefined && !close(rowTax!, f.tax_amount)))) {
    drop(f, review, ['tax_breakdown']);
  }
  // Tax is a plausible share of the net with the same sign (0 to 27 %, the highest VAT rate in Europe).
  if (f.net_amount !== undefined && f.tax_amount !== undefined && f.net_amount !== 0) {
    const share = f.tax_amount / f.net_amount;
    if (share < 0 || share > 0.275) {
      drop(f, review, AMOUNTS);
      return;
    }
  }
  const triple = f.net_amount !== undefined && f.tax_amount !== undefined && f.gross_amount !== undefined;
  // The page's one total, with nothing to split it by: shown alone, net and tax left for a person.
  if (!triple && single === 'alone' && f.gross_amount !== undefined && f.net_amount === undefined && f.tax_amount === undefined) {
    review.add('net_amount');
    review.add('tax_amount');
    confidence.gross_amount = 0.8;
    return;
  }
  if (!triple) {
    // Without net + tax = gross an amount is confirmed only by a breakdown row whose rate gives its tax.
    const confirmedByRows = f.tax_breakdown !== undefined && f.net_amount !== undefined && f.tax_amount !== undefined;
    drop(f, review, confirmedByRows ? ['gross_amount'] : AMOUNTS);
  }
  for (const name of ['net_amount', 'tax_amount', 'gross_amount', 'tax_breakdown'] as const) {
    if (f[name] !== undefined) confidence[name] = triple ? 0.97 : 0.85;
  }
  // Net and tax taken out of one total by a rate are as sure as that rate.
  if (single === 'rate') for (const name of ['net_amount', 'tax_amount', 'tax_breakdown'] as const) if (f[name] !== undefined) confidence[name] = 0.8;
}

/**
 * Checks the values read from a page against each other and against the document's kind: a credit note's totals
 * become negative, values that contradict each other are left empty and listed for review.
 */
export function verifyFields(input: ExtractedFields, lines: readonly string[], reading: { single?: SingleTotalReading } = {}): Verified {
  const f: ExtractedFields = { ...input };
  const review = new Set<ExtractedFieldName>();
  const confidence: Confidence = {};

  const { kind, creditWord } = readDocumentKind(lines, f.gross_amount);
  if (kind) f.document_kind = kind;
  if (kind === 'credit_note') {
    f.net_amount = negative(f.net_amount);
    f.tax_amount = negative(f.tax_amount);
    f.gross_amount = negative(f.gross_amount);
    f.tax_breakdown = f.tax_breakdown?.map((r) => ({ ...r, net: negative(r.net)!, tax: negative(r.tax)! }));
  } else if (!kind && creditWord) {
    // A German "Gutschrift" without a word on self-billing: the sign of its totals is not known.
    drop(f, review, AMOUNTS);
    review.add('document_kind');
  }
  checkTotals(f, review, confidence, reading.single);
  // A rate the seller's country never charged was misread or belongs to another tax: the breakdown is not shown.
  if (f.tax_breakdown?.some((row) => !plausibleVatRate(row.rate, f.biller?.country))) drop(f, review, ['tax_breakdown', 'tax_rates']);

  // A due date comes on or after the date of issue, and within a year of it: any other is another date misread.
  if (f.invoice_date && f.due_date && (f.due_date < f.invoice_date || daysBetween(f.invoice_date, f.due_date) > 366)) drop(f, review, ['due_date']);
  if (f.invoice_number && /^\d{4}-\d{2}-\d{2}$/.test(f.invoice_number)) drop(f, review, ['invoice_number']);

  // Line items that add up to the net confirm it once more.
  if (f.net_amount !== undefined && confidence.net_amount !== undefined && lineItemsSum(lines) === f.net_amount) confidence.net_amount = 0.99;
  for (const name of Object.keys(f) as ExtractedFieldName[]) confidence[name] ??= name === 'iban' || name === 'currency' ? 0.98 : 0.9;
  return { fields: f, confidence, review: [...review].filter((name) => f[name] === undefined) };
}
